// tilescope bench --pattern stencil3d: every strategy, and cuDNN's 3-D convolution with the
// star stencil as a dense (2k+1)^3 filter, beside the same run's copy ceiling, each checked
// against the CPU reference.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "app/cli/bench.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/reference.hpp"

namespace tilescope::cli {

template <>
struct BenchGlue<Stencil3dPattern> : Stencil3dCli, RadiusBenchDefaults {
  static constexpr BenchSizes kBench{"512x512x512", "128x128x128", "1,2,3"};  // radii: orders

  // The grid loaded once and kept resident: each repetition one step from it into the next grid, no
  // upload between runs, so a --sustain window keeps the GPU busy and its power figures are the
  // kernel's (as ResidentRunner does for the patterns whose engines read out one image).
  struct BenchRunner {
    Backend& backend;
    std::unique_ptr<Stencil3dEngine> engine;
    explicit BenchRunner(Backend& b) : backend(b), engine(make_engine(b)) {}
    void load(const float* in, const Params& p) { engine->load(in, p.width, p.height, p.depth); }
    DeviceLimits limits() const { return backend.limits(); }
    std::vector<double> times(const Params& p, const StencilCoeffs& c, const float*, float*, int reps) {
      std::vector<double> ms;
      for (int i = 0; i <= reps; ++i) ms.push_back(engine->run(p, c));
      return ms;
    }
    void output(float* out) const { engine->read(GridBuffer::next, out); }
    // The grid load() put there and the one each run writes (null on the CPU).
    const float* device_input() const { return engine->device_grid(GridBuffer::current); }
    float* device_output() const { return engine->device_grid(GridBuffer::next); }
  };

  static std::size_t elements(const Params& p) { return std::size_t(p.cells()); }
  static void bench_tile(Params& p, const PatternOptions& o, const DeviceLimits& limits) {
    if (o.strategy == "all" || !o.tile) p.tile = default_tile(p, limits);  // fast's z chunk: from the size and the GPU
  }
  static StencilCoeffs bench_operator(int k, const std::string& spec) {
    return spec.empty() ? make_named_stencil("random:1", k) : load_coeffs(spec, k);
  }
  static std::optional<PaddedRows> padded_rows(const Params& p, const Backend& b) {
    const int pitch = stencil_layout(p.strategy, p.width, p.height, p.depth).row;
    return padded_rows_of(p.width, pitch, float4_row_pitch(p.width), b);  // the float4s that hold a row's cells
  }
  static std::string bench_reference_label(int k) { return "CPU reference, order " + std::to_string(k); }
  static void reference(const StencilCoeffs& c, const float* in, float* ref, const Params& p) {
    stencil3d_cpu(c, in, ref, p.width, p.height, p.depth);
  }
  static double taps(const StencilCoeffs& c) { return 6 * c.order + 1; }  // its points, as conv2d counts taps
  static double tolerance(const StencilCoeffs& c) { return stencil_tolerance(c, 1.0f); }
  static CorrelationShape peer_shape(const Params& p, const StencilCoeffs& c) {
    const int d = 2 * c.order + 1;
    return {{p.depth, p.height, p.width}, {d, d, d}};
  }
  static std::vector<float> peer_weights(const StencilCoeffs& c) { return stencil_to_dense(c); }
  // Largest difference over the interior cells: a peer zero-pads where our kernels copy the
  // edge cells (the simulation's boundary condition), so only the interior is the same problem.
  static double peer_error(const std::vector<float>& a, const std::vector<float>& b, const Params& p) {
    double worst = 0;
    const int k = p.order;
    for (int z = k; z < p.depth - k; ++z)
      for (int y = k; y < p.height - k; ++y) {
        const std::size_t row = (std::size_t(z) * p.height + y) * p.width;
        const double err =
            max_abs_error(a.data() + row + k, b.data() + row + k, std::size_t(std::max(0, p.width - 2 * k)));
        worst = std::max(worst, err);
      }
    return worst;
  }
  static void bench_footnote() {
    std::printf(
        "Peers zero-pad the domain where the stencil copies its edge cells: their error is over the interior.\n");
  }
};

template void PatternCli<Stencil3dPattern>::bench(const PatternOptions&, const BenchSettings&);
template CounterReading PatternCli<Stencil3dPattern>::measure(const Stencil3dParams&);

}  // namespace tilescope::cli
