// cuBLAS's SIMT sgemm kernel at 4096^3 on the H100 (ncu: sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_
// tilesize256x128x8_stage3_warpsize4x2x1_ffma) written in CUDA C with its pipeline, not only its shape:
// warps of 64 x 64 (lanes of 16 x 8 outputs), a phase 8 deep, and S stages of cp.async in flight (N's
// rows as 16-byte copies, M transposed on the way in by 4-byte copies). The fragments of k-step k + 1
// load while k's 128 FFMAs issue; the phase's one barrier sits before its last k-step.
// matmul_fragment_prefetch.cu's `wide` (256 x 128, staged through registers, double-buffered shared
// memory) reached 87-88% of cuBLAS at 4096^3. Timed beside it and fast's old structure in one process
// (results: 2026-11-26-matmul-fast.md, last section; tilescope's fast is now cut128x128 S4 min2):
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/matmul_cutlass_shape.cu -lcublas -o mc && ./mc
//   ./mc 4096x4096x4096,3001x1999x2047 "cut128x128"   (sizes ROWSxINNERxCOLS; variants whose name has it)
// Variant axes: the block tile (128 x 256 is cuBLAS's, its 256 along P's columns; 256 x 128; 128 x 128
// and 64 x 128 with 2 and 4 blocks per SM), S, the FFMA order (row by row, or serpentine: odd rows walk
// the columns backwards so that consecutive FFMAs share an operand), and the blocks' launch order
// (row-major, or in groups of 8 block rows for the L2). Split-K ("kN"): gridDim.z = N slices of the
// inner dimension, whole phases each, added into P (zeroed first, in the timed launch) by atomicAdd:
// for products whose grid of tiles leaves SMs idle.
#include <cstring>
#include <string>

#include "bench/studies/matmul_staged_kernel.cuh"

__device__ __forceinline__ void cp_async(float* dst, const float* src, bool valid, int bytes_wide) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if (bytes_wide == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(valid ? 16 : 0) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src), "r"(valid ? 4 : 0) : "memory");
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int W>
__device__ __forceinline__ void cp_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(W) : "memory");
}

constexpr int kBK = 8, kPad = 4;  // Ms rows padded by 4: the transposed 4-byte copies hit 32 banks

// Threads of a BM x BN tile: a warp per 64 x 64.
template <int BM, int BN>
constexpr int threads_of = BM / 64 * (BN / 64) * 32;

template <int BM, int BN>
__host__ __device__ constexpr int stage_floats() {
  return kBK * (BM + kPad) + kBK * BN;
}

template <int BM, int BN, int S, bool kVec, bool kSerp, bool kGroup, int kMinBlocks = 1>
__global__ void __launch_bounds__(threads_of<BM, BN>, kMinBlocks)
    cut(const float* __restrict__ M, const float* __restrict__ N, float* __restrict__ P, int rows, int inner,
        int cols) {
  extern __shared__ __align__(16) float smem[];
  constexpr int kThreads = threads_of<BM, BN>;
  constexpr int WN = BN / 64;                   // warps along the columns
  constexpr int LM = BM * kBK / kThreads;       // M's 4-byte copies a thread issues a phase
  constexpr int LNV = BN * kBK / 4 / kThreads;  // N's 16-byte copies (float4 rows)
  constexpr int LNS = BN * kBK / kThreads;      // N's 4-byte copies (otherwise)
  constexpr int MS = BM + kPad;
  const int tid = threadIdx.x, w = tid / 32, lane = tid % 32;
  int bx = blockIdx.x, by = blockIdx.y;
  if (kGroup) {  // blocks in groups of 8 block rows, column by column within a group
    const int linear = blockIdx.y * gridDim.x + blockIdx.x, per = 8 * gridDim.x, first = linear / per * 8;
    const int height = min(int(gridDim.y) - first, 8), in = linear % per;
    by = first + in % height, bx = in / height;
  }
  const int row0 = by * BM, col0 = bx * BN;
  // This thread's outputs: rows wr * 64 + s * 16 + (lane / 8) * 4 + 0..3 (s = 0..3), columns
  // wc * 64 + h * 32 + (lane % 8) * 4 + 0..3 (h = 0, 1).
  const int orow = (w / WN) * 64 + (lane / 8) * 4, ocol = (w % WN) * 64 + (lane % 8) * 4;
  // Copies: M's element (r, k) = (tid / 8 + (threads / 8) l, tid % 8) into Ms[k][r]; N's float4 (k, c) =
  // (nk + 4 l, nc) = (tid / (BN / 4) + 4 l, tid % (BN / 4) * 4) with float4 rows, else its element
  // (nk + (256 / BN) l, nc) = (tid / BN + ..., tid % BN).
  const int mk = tid % kBK, mr = tid / kBK;
  const float* Mp = M + std::size_t(row0 + mr) * inner + mk;
  const int nk = kVec ? tid / (BN / 4) : tid / BN, nc = kVec ? tid % (BN / 4) * 4 : tid % BN;
  const float* Np = N + std::size_t(nk) * cols + col0 + nc;
  auto copy = [&](int stage, int ph) {
    float* Ms = smem + stage * stage_floats<BM, BN>();
    float* Ns = Ms + kBK * MS;
    const int k0 = ph * kBK;
#pragma unroll
    for (int l = 0; l < LM; ++l) {
      constexpr int step = kThreads / kBK;
      const bool ok = row0 + mr + step * l < rows && k0 + mk < inner;
      cp_async(&Ms[mk * MS + mr + step * l], ok ? Mp + std::size_t(step * l) * inner + k0 : M, ok, 4);
    }
    if (kVec) {
#pragma unroll
      for (int l = 0; l < LNV; ++l) {
        const int k = nk + kThreads / (BN / 4) * l;
        const bool ok = k0 + k < inner && col0 + nc < cols;
        cp_async(&Ns[k * BN + nc], ok ? Np + std::size_t(k0 + kThreads / (BN / 4) * l) * cols : N, ok, 16);
      }
    } else {
#pragma unroll
      for (int l = 0; l < LNS; ++l) {
        const int id = tid + kThreads * l, k = id / BN, c = id % BN;
        const bool ok = k0 + k < inner && col0 + c < cols;
        cp_async(&Ns[k * BN + c], ok ? N + std::size_t(k0 + k) * cols + col0 + c : N, ok, 4);
      }
    }
  };
  float a[2][16], b[2][8];
  auto fragments = [&](int stage, int k, float* fa, float* fb) {
    const float* Ms = smem + stage * stage_floats<BM, BN>();
    const float* Ns = Ms + kBK * MS;
#pragma unroll
    for (int s = 0; s < 4; ++s)
      *reinterpret_cast<float4*>(fa + 4 * s) = *reinterpret_cast<const float4*>(&Ms[k * MS + orow + 16 * s]);
#pragma unroll
    for (int h = 0; h < 2; ++h)
      *reinterpret_cast<float4*>(fb + 4 * h) = *reinterpret_cast<const float4*>(&Ns[k * BN + ocol + 32 * h]);
  };
  float acc[16][8] = {};
  // This block's slice of the phases (all of them without split-K).
  const int all = (inner + kBK - 1) / kBK, per = (all + gridDim.z - 1) / gridDim.z, first = blockIdx.z * per;
  const int phases = max(0, min(all, first + per) - first);
#pragma unroll
  for (int s = 0; s < S - 1; ++s) {
    if (s < phases) copy(s, first + s);
    cp_commit();
  }
  cp_wait<S - 2>();
  __syncthreads();
  fragments(0, 0, a[0], b[0]);
  int cur = 0, next_copy = S - 1;  // the stages phase ph reads and phase ph + S - 1 fills
  for (int ph = 0; ph < phases; ++ph) {
    // Stage next_copy = (ph - 1) % S was last read before phase ph - 1's barrier.
    if (ph + S - 1 < phases) copy(next_copy, first + ph + S - 1);
    cp_commit();
    const int after = cur + 1 == S ? 0 : cur + 1;
#pragma unroll
    for (int k = 0; k < kBK; ++k) {
      if (k + 1 < kBK) {
        fragments(cur, k + 1, a[(k + 1) & 1], b[(k + 1) & 1]);
      } else {
        cp_wait<S - 2>();  // phase ph + 1's copies (this thread's) have landed
        __syncthreads();   // ... and everyone's; nobody reads stage cur after this
        fragments(after, 0, a[0], b[0]);
      }
      const float* fa = a[k & 1];
      const float* fb = b[k & 1];
#pragma unroll
      for (int i = 0; i < 16; ++i)
#pragma unroll
        for (int jj = 0; jj < 8; ++jj) {
          const int j = kSerp && (i & 1) ? 7 - jj : jj;
          acc[i][j] = fmaf(fa[i], fb[j], acc[i][j]);
        }
    }
    cur = after;
    next_copy = next_copy + 1 == S ? 0 : next_copy + 1;
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const int row = row0 + orow + (i / 4) * 16 + i % 4;
    if (row >= rows) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int col = col0 + ocol + 32 * h;
      if (gridDim.z == 1) {
        store_float4<kVec>(P, row, col, cols, acc[i] + 4 * h);
        continue;
      }
#pragma unroll
      for (int q = 0; q < 4; ++q)
        if (col + q < cols) atomicAdd(P + std::size_t(row) * cols + col + q, acc[i][4 * h + q]);
    }
  }
}

template <int BM, int BN, int S, bool kSerp, bool kGroup, int kMinBlocks = 1>
void time_cut(const Run& r, const char* name, float cublas_ms, int slices = 1) {
  constexpr int kThreads = threads_of<BM, BN>;
  const dim3 grid((r.cols + BN - 1) / BN, (r.rows + BM - 1) / BM, slices);
  const bool vec = r.inner % 4 == 0 && r.cols % 4 == 0;
  const int smem = S * stage_floats<BM, BN>() * 4;
  auto k_vec = cut<BM, BN, S, true, kSerp, kGroup, kMinBlocks>;
  auto k_el = cut<BM, BN, S, false, kSerp, kGroup, kMinBlocks>;
  CK(cudaFuncSetAttribute(k_vec, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(k_el, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  const void* fn = vec ? reinterpret_cast<const void*>(k_vec) : reinterpret_cast<const void*>(k_el);
  measure(
      r, name, cublas_ms, fn, smem,
      [&] {
        if (slices > 1) CK(cudaMemsetAsync(r.P, 0, std::size_t(r.rows) * r.cols * 4));
        if (vec)
          k_vec<<<grid, kThreads, smem>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
        else
          k_el<<<grid, kThreads, smem>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
      },
      kThreads);
}

int main(int argc, char** argv) {
  const char* only = argc > 2 ? argv[2] : "";
  auto want = [&](const char* name) { return std::strstr(name, only) != nullptr; };
  for_each_size(argc, argv, [&](const Run& r, float cublas_ms) {
    if (want("staged")) time_staged<8, false, 1>(r, "staged BK8 2x16 (fast's)", cublas_ms);
    if (want("wide")) time_tiles<256, 8, 256, 1, Layout::kWarp64x64, true>(r, "wide 256x128 prefetch", cublas_ms);
    if (want("cut128x256 S3")) time_cut<128, 256, 3, false, false>(r, "cut128x256 S3", cublas_ms);
    if (want("cut128x256 S4")) time_cut<128, 256, 4, false, false>(r, "cut128x256 S4", cublas_ms);
    if (want("cut128x256 S3 serp")) time_cut<128, 256, 3, true, false>(r, "cut128x256 S3 serp", cublas_ms);
    if (want("cut128x256 S3 group")) time_cut<128, 256, 3, false, true>(r, "cut128x256 S3 group", cublas_ms);
    if (want("cut128x256 S4 serp group")) time_cut<128, 256, 4, true, true>(r, "cut128x256 S4 serp group", cublas_ms);
    if (want("cut256x128 S3")) time_cut<256, 128, 3, false, false>(r, "cut256x128 S3", cublas_ms);
    if (want("cut256x128 S3 serp")) time_cut<256, 128, 3, true, false>(r, "cut256x128 S3 serp", cublas_ms);
    if (want("cut128x128 S3 min2")) time_cut<128, 128, 3, false, false, 2>(r, "cut128x128 S3 min2", cublas_ms);
    if (want("cut128x128 S4 min2")) time_cut<128, 128, 4, false, false, 2>(r, "cut128x128 S4 min2", cublas_ms);
    if (want("cut64x128 S4 min4")) time_cut<64, 128, 4, false, false, 4>(r, "cut64x128 S4 min4", cublas_ms);
    for (int slices : {2, 3, 4, 6, 8}) {
      const std::string name = "cut128x128 S4 min2 k" + std::to_string(slices);
      if (want(name.c_str())) time_cut<128, 128, 4, false, false, 2>(r, name.c_str(), cublas_ms, slices);
    }
  });
}
