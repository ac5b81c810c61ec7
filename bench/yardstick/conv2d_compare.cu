// Times tilescope's book strategies against the book's own kernels (conv2d_book.cuh) in one
// process, on the same device buffers, interleaved, beside a device copy of the same bytes.
// Built with CUDA as BUILD/bench/yardstick/conv2d_compare;
//   conv2d_compare [WIDTH HEIGHT REPS STRATEGIES]   (STRATEGIES: the first N of basic, const_mem, ...)
// Prints one row per (radius, tile, strategy): medians in ms, ours / book, max |ours - book|.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bench/yardstick/yardstick.hpp"
#include "kernels/common/cuda_check.hpp"
#include "kernels/conv2d/kernels.cuh"
#include "kernels/conv2d/model.hpp"

using namespace tilescope;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main(int argc, char** argv) {
  const int w = argc > 1 ? std::atoi(argv[1]) : 8192, h = argc > 2 ? std::atoi(argv[2]) : 8192;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 20;
  const int strategies = argc > 4 ? std::atoi(argv[4]) : 5;  // the first N of basic, const_mem, tiled_in, ...
  const std::size_t n = std::size_t(w) * h;
  std::vector<float> h_in(n);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1, 1);
  for (float& x : h_in) x = u(rng);
  cuda::DeviceBuffer<float> d_in(n), d_ours(n), d_book(n), d_copy(n), d_f(17 * 17);
  cuda::check(cudaMemcpy(d_in.get(), h_in.data(), n * 4, cudaMemcpyHostToDevice), "upload");
  cuda::Event start, stop;
  const auto timed = [&](auto launch) {
    start.record();
    launch();
    stop.record();
    return double(stop.since(start));
  };
  std::vector<double> copy_ms;
  for (int i = 0; i < reps; ++i)
    copy_ms.push_back(timed([&] { cudaMemcpyAsync(d_copy.get(), d_in.get(), n * 4, cudaMemcpyDeviceToDevice); }));
  std::printf("# %dx%d, %d reps, copy %.4f ms\n", w, h, reps, median(copy_ms));
  std::printf("%-2s %-4s %-12s %9s %9s %7s %9s\n", "r", "tile", "strategy", "ours_ms", "book_ms", "ratio", "max_diff");
  const Conv2dStrategy book[] = {Conv2dStrategy::basic, Conv2dStrategy::const_mem, Conv2dStrategy::tiled_in,
                                 Conv2dStrategy::tiled_out, Conv2dStrategy::cached_halo};
  const char* names[] = {"basic", "const_mem", "tiled_in", "tiled_out", "cached_halo"};
  for (int r : {1, 2, 3, 5, 7}) {
    Filter2d f{r, std::vector<float>((2 * r + 1) * (2 * r + 1))};
    for (float& x : f.weights) x = u(rng);
    cuda::upload_constant_filter(f);
    yardstick::upload_conv2d_filter(f);
    cuda::check(cudaMemcpy(d_f.get(), f.weights.data(), f.weights.size() * 4, cudaMemcpyHostToDevice), "F");
    for (int tile : {16, 32}) {
      for (int k = 0; k < strategies; ++k) {
        const Conv2dParams p{book[k], r, tile, w, h};
        if (launch_problem(p) || !yardstick::has_book_kernel(p)) continue;
        std::vector<double> ours, theirs;
        try {
          cuda::launch_conv2d(p, d_in.get(), d_ours.get(), d_f.get());  // warm-up
          yardstick::launch_conv2d(p, d_in.get(), d_f.get(), d_book.get());
          for (int i = 0; i < reps; ++i) {
            ours.push_back(timed([&] { cuda::launch_conv2d(p, d_in.get(), d_ours.get(), d_f.get()); }));
            theirs.push_back(timed([&] { yardstick::launch_conv2d(p, d_in.get(), d_f.get(), d_book.get()); }));
          }
        } catch (const std::exception& e) {
          std::printf("%-2d %-4d %-12s launch failed: %s\n", r, tile, names[k], e.what());
          continue;
        }
        std::vector<float> a(n), b(n);
        cudaMemcpy(a.data(), d_ours.get(), n * 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(b.data(), d_book.get(), n * 4, cudaMemcpyDeviceToHost);
        double diff = 0;
        for (std::size_t i = 0; i < n; ++i) diff = std::max(diff, double(std::fabs(a[i] - b[i])));
        const double mo = median(ours), mb = median(theirs);
        std::printf("%-2d %-4d %-12s %9.4f %9.4f %7.3f %9.2e\n", r, tile, names[k], mo, mb, mo / mb, diff);
        std::fflush(stdout);
      }
    }
  }
}
