#pragma once
// The per-frame compute step: the current source goes to the conv2d engine (generated on the GPU
// for the demo), the selected strategy runs there, and the result stays resident for the view. If
// the device fails, it falls back to the CPU backend and says so (EngineOnBackend). It also keeps the CPU
// reference for the correctness panel and the diff view.
#include <memory>
#include <optional>
#include <string>

#include "kernels/common/engine_on_backend.hpp"
#include "kernels/common/image.hpp"
#include "kernels/conv2d/demo_scene.hpp"
#include "kernels/conv2d/engine.hpp"
#include "kernels/conv2d/filter.hpp"

namespace tilescope {

class Conv2dPipeline {
 public:
  explicit Conv2dPipeline(const std::string& backend_name);

  // Switches backend ("auto", "cuda", "cpu"); an unavailable one leaves the CPU and a note.
  void set_backend(const std::string& name);
  // The source for the next run: the demo scene at time t, or an image.
  void demo_input(DemoScene scene, int width, int height, float t);
  void file_input(Image image);
  // Runs one frame (with `bug`: the broken kernel). False (with problem() set) when p cannot run
  // on this backend or cannot have that bug.
  bool run(const Conv2dParams& p, const Filter2d& f, Break bug = Break::none);
  // One launch of p on the resident input, not kept: the ladder's (the next run() overwrites it; a
  // check under way is dropped).
  double launch_once(const Conv2dParams& p, const Filter2d& f);
  // The check of the last run against the CPU reference, computed in bands of rows so that a frame
  // can stop when it has spent its share: start_check() takes the run's input and output (a new
  // input or run drops a check under way); continue_check() adds rows until the reference is whole
  // or `budget_ms` (> 0) is spent, and true once it is whole: then reference(), max_abs_error() and
  // tolerance() are the check's.
  void start_check(const Filter2d& f);
  bool continue_check(double budget_ms);
  bool checking() const { return check_row_ >= 0; }
  double check_progress() const { return checking() && height_ > 0 ? double(check_row_) / height_ : 0.0; }

  // Host copies, read back from the backend on demand (the upload path, the check).
  const Image& host_input();
  const Image& host_output();
  const Image& reference() const { return reference_; }
  const Backend& backend() const { return compute_.backend(); }
  const Conv2dEngine& engine() const { return compute_.engine(); }
  int width() const { return width_; }
  int height() const { return height_; }
  const std::string& requested_backend() const { return compute_.requested_backend(); }
  const std::string& note() const { return compute_.note(); }  // fallbacks, shown in the UI
  const std::string& problem() const { return problem_; }      // why the last run did not happen
  double kernel_ms() const { return kernel_ms_; }
  std::optional<double> max_abs_error() const { return max_abs_error_; }
  double tolerance() const { return tolerance_; }

 private:
  void supply_input(Conv2dEngine& engine);  // gives the current source to the engine
  const Image& read_back(Image& img, bool& fresh, void (Conv2dEngine::*read)(float*) const);

  EngineOnBackend<Conv2dEngine> compute_;
  std::string problem_;
  bool demo_ = true;
  DemoScene scene_ = DemoScene::mixed;
  float demo_time_ = 0;
  int width_ = 0, height_ = 0;
  Image file_image_, host_input_, host_output_, reference_;
  bool host_input_fresh_ = false, host_output_fresh_ = false;
  double kernel_ms_ = 0, tolerance_ = 0;
  std::optional<double> max_abs_error_;
  // The check under way: its filter, the next reference row (-1: none), and the input's largest
  // |x| and the error over the rows so far.
  Filter2d check_filter_;
  int check_row_ = -1;
  float check_max_in_ = 0;
  double check_error_ = 0;
};

}  // namespace tilescope
