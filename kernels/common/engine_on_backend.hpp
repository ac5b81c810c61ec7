#pragma once
// A pattern's engine on the backend the user chose, for the app: an unavailable backend gives
// the CPU with a note, and a device that fails mid-run is replaced by the CPU, also with a note.
#include <iostream>
#include <memory>
#include <string>

#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

template <typename Engine>
class EngineOnBackend {
 public:
  using Make = std::unique_ptr<Engine> (*)(const Backend&);  // a pattern trait's make_engine

  EngineOnBackend(const std::string& backend_name, Make make) : make_(make) { set_backend(backend_name); }

  void set_backend(const std::string& name) {
    requested_ = name;
    BackendChoice choice = choose_backend_or_cpu(name);
    use(std::move(choice.backend), choice.note);
  }
  // Runs `work(engine)`; if the device fails, says so, moves to the CPU and runs it there.
  template <typename Work>
  auto run(Work work) {
    return run(work, [](Engine&) {});
  }
  // As run(work), with `restore(engine)` giving the CPU's fresh engine what the failed one held
  // (a resident input, a grid) before `work` runs again.
  template <typename Work, typename Restore>
  auto run(Work work, Restore restore) {
    try {
      return work(*engine_);
    } catch (const BackendError& e) {
      fall_back(e);
      restore(*engine_);
      return work(*engine_);
    }
  }
  // After the device failed with `e`: says so and moves to the CPU.
  void fall_back(const BackendError& e) {
    use(make_cpu_backend(), "the " + backend_->name() + " backend failed (" + e.what() + "); fell back to the CPU");
  }

  Engine& engine() const { return *engine_; }
  const Backend& backend() const { return *backend_; }
  const std::string& requested_backend() const { return requested_; }
  const std::string& note() const { return note_; }

 private:
  void use(std::unique_ptr<Backend> backend, const std::string& note) {
    backend_ = std::move(backend);
    engine_ = make_(*backend_);
    note_ = note;
    if (!note_.empty()) std::cerr << "tilescope: " << note_ << "\n";
  }

  Make make_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<Engine> engine_;
  std::string requested_, note_;
};

}  // namespace tilescope
