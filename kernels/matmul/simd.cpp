// Goto's blocking (as in GotoBLAS, BLIS, OpenBLAS): for each kKc-deep slice of the inner
// dimension, N's slice is packed once into panels kNr columns wide (shared by the threads), then
// each thread takes kMc-row blocks of M as they come free (kernels/common/cpu_pool.hpp), packs the
// block into panels kMr rows tall, and runs the micro-kernel on every (kMr x kNr) tile: kMr x 2
// vectors of sums in registers, per step of k two vector loads of N's panel, kMr broadcasts of M's
// and 2 kMr fused multiply-adds. Panels are zero-padded past the matrices' edges; edge tiles keep
// only their valid part.
#include "kernels/matmul/simd.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "kernels/common/cpu_pool.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/matmul/simd.cpp"
#include <hwy/aligned_allocator.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tilescope {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<float>;
constexpr int kMr = 6;     // rows of a tile: 6 x 2 sums + 2 loads + a broadcast fit 16 AVX2 registers
constexpr int kKc = 256;   // depth of a slice: a kNr-wide panel of N stays in L1
constexpr int kMc = 72;    // rows of a block of M (12 tiles): its packed block stays in L2
constexpr int kNc = 4096;  // columns of N packed at once

// A tile of sums: Ap is kMr x depth (k-major), Bp depth x kNr (k-major). Adds the valid rows x
// cols of the tile into P (stride ldp) or, on the first slice, stores them.
void MicroKernel(const float* HWY_RESTRICT Ap, const float* HWY_RESTRICT Bp, int depth, float* P, std::size_t ldp,
                 int rows, int cols, bool first) {
  const D d;
  const int lanes = int(hn::Lanes(d)), nr = 2 * lanes;
  hn::Vec<D> sum0[kMr], sum1[kMr];
  for (int i = 0; i < kMr; ++i) sum0[i] = sum1[i] = hn::Zero(d);
  for (int k = 0; k < depth; ++k) {
    const auto b0 = hn::Load(d, Bp + k * nr), b1 = hn::Load(d, Bp + k * nr + lanes);
    HWY_UNROLL(kMr) for (int i = 0; i < kMr; ++i) {
      const auto a = hn::Set(d, Ap[k * kMr + i]);
      sum0[i] = hn::MulAdd(a, b0, sum0[i]);
      sum1[i] = hn::MulAdd(a, b1, sum1[i]);
    }
  }
  if (rows == kMr && cols == nr) {
    for (int i = 0; i < kMr; ++i) {
      float* p = P + i * ldp;
      hn::StoreU(first ? sum0[i] : hn::Add(hn::LoadU(d, p), sum0[i]), d, p);
      hn::StoreU(first ? sum1[i] : hn::Add(hn::LoadU(d, p + lanes), sum1[i]), d, p + lanes);
    }
    return;
  }
  HWY_ALIGN float tile[kMr * 2 * HWY_MAX_BYTES / sizeof(float)];
  for (int i = 0; i < kMr; ++i) hn::Store(sum0[i], d, tile + i * nr), hn::Store(sum1[i], d, tile + i * nr + lanes);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) P[i * ldp + j] = first ? tile[i * nr + j] : P[i * ldp + j] + tile[i * nr + j];
}

// The panel of N[k0 .. k0 + depth) x [j0 + jp .. j0 + jp + nr), k-major, zeros past `cols`.
void PackN(const float* N, int cols, int k0, int depth, int j0, int jp, float* Bp) {
  const int nr = 2 * int(hn::Lanes(D()));
  float* panel = Bp + std::size_t(jp) * depth;
  const int valid = std::min(nr, cols - j0 - jp);
  for (int k = 0; k < depth; ++k) {
    float* to = panel + k * nr;
    std::memcpy(to, N + std::size_t(k0 + k) * cols + j0 + jp, sizeof(float) * valid);
    std::fill(to + valid, to + nr, 0.0f);
  }
}

// M[i0 .. i0 + height) x [k0 .. k0 + depth) as panels of kMr rows, k-major, zeros past `rows`.
void PackM(const float* M, int rows, int inner, int i0, int height, int k0, int depth, float* Ap) {
  for (int ip = 0; ip < height; ip += kMr) {
    float* panel = Ap + std::size_t(ip) * depth;
    for (int i = 0; i < kMr; ++i) {
      const int row = i0 + ip + i;
      for (int k = 0; k < depth; ++k) panel[k * kMr + i] = row < rows ? M[std::size_t(row) * inner + k0 + k] : 0.0f;
    }
  }
}

void Matmul(const float* M, const float* N, float* P, int rows, int inner, int cols) {
  const int nr = 2 * int(hn::Lanes(D()));
  const int nc = std::min(kNc, (cols + nr - 1) / nr * nr);
  const auto Bp = hwy::AllocateAligned<float>(std::size_t(kKc) * nc);
  std::vector<hwy::AlignedFreeUniquePtr<float[]>> Ap(cpu_threads());  // made by the thread's first block
  for (int j0 = 0; j0 < cols; j0 += nc)
    for (int k0 = 0; k0 < inner; k0 += kKc) {
      const int width = std::min(nc, cols - j0), depth = std::min(kKc, inner - k0);
      parallel_chunks((width + nr - 1) / nr,
                      [&](int panel, int) { PackN(N, cols, k0, depth, j0, panel * nr, Bp.get()); });
      parallel_chunks((rows + kMc - 1) / kMc, [&](int block, int worker) {
        if (!Ap[worker]) Ap[worker] = hwy::AllocateAligned<float>(std::size_t(kKc) * kMc);
        float* A = Ap[worker].get();
        const int i0 = block * kMc, height = std::min(kMc, rows - i0);
        PackM(M, rows, inner, i0, height, k0, depth, A);
        for (int jp = 0; jp < width; jp += nr)
          for (int ip = 0; ip < height; ip += kMr)
            MicroKernel(A + std::size_t(ip) * depth, Bp.get() + std::size_t(jp) * depth, depth,
                        P + std::size_t(i0 + ip) * cols + j0 + jp, std::size_t(cols), std::min(kMr, height - ip),
                        std::min(nr, width - jp), k0 == 0);
      });
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace tilescope
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tilescope {

HWY_EXPORT(Matmul);

void matmul_simd(const float* M, const float* N, float* P, int rows, int inner, int cols) {
  HWY_DYNAMIC_DISPATCH(Matmul)(M, N, P, rows, inner, cols);
}

}  // namespace tilescope
#endif
