// OpenCV's cv::filter2D as the CPU's peer: a correlation (OpenCV does not flip the kernel) with
// BORDER_CONSTANT, whose constant is zero: our ghost cells. OpenCV picks its own algorithm (direct
// for small kernels, DFT for large ones) and runs on as many threads as OpenMP would give us.
#include <omp.h>

#include <chrono>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>

#include "kernels/peers/vendor_peers.hpp"

namespace tilescope {
namespace {

class OpenCvPeer final : public CorrelationPeer {
 public:
  std::string name() const override { return "OpenCV " CV_VERSION " filter2D"; }
  std::string unsupported(const CorrelationShape& s) const override {
    return s.extent.size() == 2 ? "" : "OpenCV's filter2D filters 2-D images only";
  }
  std::string note() const override { return "BORDER_CONSTANT 0, " + std::to_string(cv::getNumThreads()) + " threads"; }

  std::vector<double> correlate(const CorrelationShape& s, const float* h_in, const float* h_w, float* h_out,
                                int reps) override {
    cv::setNumThreads(omp_get_max_threads());
    const cv::Mat in(s.extent[0], s.extent[1], CV_32F, const_cast<float*>(h_in));
    const cv::Mat kernel(s.filter_extent[0], s.filter_extent[1], CV_32F, const_cast<float*>(h_w));
    cv::Mat out(s.extent[0], s.extent[1], CV_32F, h_out);
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      cv::filter2D(in, out, CV_32F, kernel, cv::Point(-1, -1), 0.0, cv::BORDER_CONSTANT);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ms;
  }
};

}  // namespace

std::unique_ptr<CorrelationPeer> make_opencv_peer() { return std::make_unique<OpenCvPeer>(); }

}  // namespace tilescope
