#pragma once
// The per-frame compute step: run the selected strategy on the current image with the chosen
// backend; if the device fails, fall back to the CPU backend and say so. Also keeps the CPU
// reference for the correctness panel and the diff view.
#include <memory>
#include <optional>
#include <string>

#include "kernels/backend.hpp"
#include "kernels/image.hpp"

namespace tilescope {

class Conv2dPipeline {
 public:
  explicit Conv2dPipeline(const std::string& backend_name);

  // Switches backend ("auto", "cuda", "cpu"); an unavailable one leaves the CPU and a note.
  void set_backend(const std::string& name);
  // Runs one frame. False (with problem() set) when p cannot run on this backend.
  bool run(const Conv2dParams& p, const Filter2d& f, const Image& in);
  // Recomputes the CPU reference of the last run and the max abs error against it.
  void check(const Filter2d& f, const Image& in);

  const Image& output() const { return output_; }
  const Image& reference() const { return reference_; }
  const Backend& backend() const { return *backend_; }
  const std::string& requested_backend() const { return requested_; }
  const std::string& note() const { return note_; }        // fallbacks, said once in the UI
  const std::string& problem() const { return problem_; }  // why the last run did not happen
  double kernel_ms() const { return kernel_ms_; }
  std::optional<double> max_abs_error() const { return max_abs_error_; }
  double tolerance() const { return tolerance_; }

 private:
  std::unique_ptr<Backend> backend_;
  std::string requested_, note_, problem_;
  Image output_, reference_;
  double kernel_ms_ = 0, tolerance_ = 0;
  std::optional<double> max_abs_error_;
};

}  // namespace tilescope
