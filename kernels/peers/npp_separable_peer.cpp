// NPP's separable filters as a peer of conv2d's separable strategy: nppiFilterRow_32f_C1R_Ctx into
// an intermediate image in global memory, then nppiFilterColumn_32f_C1R_Ctx from it (NPP has no
// fused pass). Both are timed. The factors are ours (separable_factors); a filter of another rank
// is refused with its rank. As in npp_peer.cpp, the input is zero-padded once by 2r (not timed)
// and both passes run over the image plus an r-wide frame whose outputs are dropped, and the
// weights are passed reversed because NPP convolves.
#include <nppi_filtering_functions.h>

#include <algorithm>
#include <string>

#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter_rank.hpp"
#include "kernels/peers/npp_context.hpp"
#include "kernels/peers/vendor_peers.hpp"

namespace tilescope {
namespace {

class NppSeparablePeer final : public CorrelationPeer {
 public:
  std::string name() const override { return "NPP row+column"; }
  std::string unsupported(const CorrelationShape& s) const override {
    return s.extent.size() == 2 ? "" : "NPP's row and column filters run on 2-D images only";
  }
  std::string note() const override {
    return "nppiFilterRow_32f_C1R_Ctx then nppiFilterColumn_32f_C1R_Ctx through global memory, over a zero-padded "
           "copy (padding not timed)";
  }

  std::vector<double> correlate(const CorrelationShape& s, const float* h_in, const float* h_w, float* h_out,
                                int reps) override {
    const int height = s.extent[0], width = s.extent[1], d = s.filter_extent[0], r = d / 2;
    Filter2d f;
    f.radius = r;
    f.weights.assign(h_w, h_w + std::size_t(d) * d);
    SeparableFilter factors = separable_factors(f);  // throws for a filter that is not rank 1
    std::reverse(factors.row.begin(), factors.row.end());
    std::reverse(factors.column.begin(), factors.column.end());
    cuda::DeviceBuffer<float> d_row(factors.row.size()), d_column(factors.column.size());
    cuda::check(cudaMemcpy(d_row.get(), factors.row.data(), d_row.bytes(), cudaMemcpyHostToDevice),
                "cudaMemcpy (NPP row filter)");
    cuda::check(cudaMemcpy(d_column.get(), factors.column.data(), d_column.bytes(), cudaMemcpyHostToDevice),
                "cudaMemcpy (NPP column filter)");

    // padded: the image 2r cells in from every side. The row pass fills every padded row over the
    // columns of the image plus r each way; the column pass reads it r rows above and below.
    const int pw = width + 4 * r, ph = height + 4 * r, fw = width + 2 * r;
    cuda::DeviceBuffer<float> padded(std::size_t(pw) * ph), rows(std::size_t(fw) * ph),
        out(std::size_t(fw) * (height + 2 * r));
    cuda::check(cudaMemset(padded.get(), 0, padded.bytes()), "cudaMemset (NPP padding)");
    cuda::check(cudaMemcpy2D(padded.get() + std::size_t(2 * r) * pw + 2 * r, pw * sizeof(float), h_in,
                             width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice),
                "cudaMemcpy2D (NPP input)");
    const int step = pw * int(sizeof(float)), frame_step = fw * int(sizeof(float));
    const NppStreamContext context = npp_stream_context();
    cuda::Event start, stop;
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
      start.record(context.hStream);
      check_npp(nppiFilterRow_32f_C1R_Ctx(padded.get() + r, step, rows.get(), frame_step, NppiSize{fw, ph}, d_row.get(),
                                          d, r, context),
                "nppiFilterRow_32f_C1R_Ctx");
      check_npp(nppiFilterColumn_32f_C1R_Ctx(rows.get() + std::size_t(r) * fw, frame_step, out.get(), frame_step,
                                             NppiSize{fw, height + 2 * r}, d_column.get(), d, r, context),
                "nppiFilterColumn_32f_C1R_Ctx");
      stop.record(context.hStream);
      ms.push_back(stop.since(start));
    }
    cuda::check(cudaMemcpy2D(h_out, width * sizeof(float), out.get() + std::size_t(r) * fw + r, frame_step,
                             width * sizeof(float), height, cudaMemcpyDeviceToHost),
                "cudaMemcpy2D (NPP output)");
    return ms;
  }
};

}  // namespace

std::unique_ptr<CorrelationPeer> make_npp_separable_peer() { return std::make_unique<NppSeparablePeer>(); }

}  // namespace tilescope
