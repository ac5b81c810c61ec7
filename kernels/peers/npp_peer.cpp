// NPP's general 2-D filter as a peer. nppiFilter_32f_C1R_Ctx has no zero border: it reads the
// source around the ROI. So the image is pre-padded once with 2r zero cells on each side (not
// timed: the peer is given its best case) and the ROI is the image plus an r-wide frame, whose
// outputs are dropped. (With the image alone as the ROI, NPP 13's 3x3 and 5x5 paths read no pixel
// outside it and get the outer r rings wrong: measured on the H200.) The frame is 0.05% more
// work at 8192^2.
// NPP convolves: it expects the coefficients in reverse order, so the correlation weights are
// passed reversed, which gives our correlation exactly.
#include <nppi_filtering_functions.h>

#include <algorithm>
#include <string>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/peers/npp_context.hpp"
#include "kernels/peers/vendor_peers.hpp"

namespace tilescope {
namespace {

class NppPeer final : public CorrelationPeer {
 public:
  std::string name() const override { return "NPP"; }
  std::string unsupported(const CorrelationShape& s) const override {
    return s.extent.size() == 2 ? "" : "NPP filters 2-D images only";
  }
  std::string note() const override { return "nppiFilter_32f_C1R_Ctx over a zero-padded copy (padding not timed)"; }

  std::vector<double> correlate(const CorrelationShape& s, const float* h_in, const float* h_w, float* h_out,
                                int reps) override {
    const int height = s.extent[0], width = s.extent[1], kh = s.filter_extent[0], kw = s.filter_extent[1];
    const int ry = kh / 2, rx = kw / 2, padded_width = width + 4 * rx, padded_height = height + 4 * ry;
    const NppiSize roi{width + 2 * rx, height + 2 * ry};
    cuda::DeviceBuffer<float> padded(std::size_t(padded_width) * padded_height),
        out(std::size_t(roi.width) * roi.height);
    cuda::check(cudaMemset(padded.get(), 0, padded.bytes()), "cudaMemset (NPP padding)");
    cuda::check(cudaMemcpy2D(padded.get() + std::size_t(2 * ry) * padded_width + 2 * rx, padded_width * sizeof(float),
                             h_in, width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice),
                "cudaMemcpy2D (NPP input)");
    std::vector<float> reversed(h_w, h_w + std::size_t(kw) * kh);
    std::reverse(reversed.begin(), reversed.end());
    cuda::DeviceBuffer<float> w(reversed.size());
    cuda::check(cudaMemcpy(w.get(), reversed.data(), w.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (NPP filter)");

    const float* roi_origin = padded.get() + std::size_t(ry) * padded_width + rx;
    const int step = padded_width * int(sizeof(float)), out_step = roi.width * int(sizeof(float));
    cuda::Event start, stop;
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      start.record(context_.hStream);
      check_npp(nppiFilter_32f_C1R_Ctx(roi_origin, step, out.get(), out_step, roi, w.get(), NppiSize{kw, kh},
                                       NppiPoint{rx, ry}, context_),
                "nppiFilter_32f_C1R_Ctx");
      stop.record(context_.hStream);
      ms.push_back(stop.since(start));
    }
    cuda::check(cudaMemcpy2D(h_out, width * sizeof(float), out.get() + std::size_t(ry) * roi.width + rx, out_step,
                             width * sizeof(float), height, cudaMemcpyDeviceToHost),
                "cudaMemcpy2D (NPP output)");
    return ms;
  }

 private:
  NppStreamContext context_ = npp_stream_context();
};

}  // namespace

std::unique_ptr<CorrelationPeer> make_npp_peer() { return std::make_unique<NppPeer>(); }

}  // namespace tilescope
