// Beyond the book: temporal blocking. S steps of the star stencil fused in one launch, on overlapped
// 64 x 64 tiles that march a z chunk (geometry.hpp, TemporalTiling, says where every tile, halo and
// valid region is; this file only follows it).
#include <cstddef>
#include <string>

#include "kernels/common/copy_async.cuh"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/temporal_kernels.cuh"

namespace tilescope::cuda {
namespace {

constexpr int kAxisWeights = 2 * kMaxStencil3dRadius + 1;
// This file's copy of the coefficients (kernels.cu keeps its own; upload_stencil_coeffs fills both):
// c_weights[0]: centre; c_weights[1 + a * kAxisWeights + K + o]: offset o along axis a.
__constant__ float c_temporal_weights[1 + 3 * kAxisWeights];

template <int K>
__device__ __forceinline__ float w(int a, int o) {
  return c_temporal_weights[1 + a * kAxisWeights + K + o];
}

// a mod m, for the queue slots (compile-time after unrolling).
__host__ __device__ constexpr int wrap(int a, int m) { return ((a % m) + m) % m; }

// The device grid: rows `pitch` floats apart (a multiple of 4: stencil_layout), planes `plane` apart.
struct TemporalGrid {
  int width, height, depth, pitch, plane;  // plane x depth <= kMaxPixels: offsets fit an int
};

// What each thread of a block knows before it marches (march, below).
template <int R>
struct Column {
  int row_off[R];  // floats from a plane's start to this thread's float4 in row r (the grid has < 2^28 cells)
  bool loads[R];   // row r's float4 is in the grid (else its copies are zeros)
  bool writes[R];  // row r's float4 is in the output tile and the grid
  unsigned keep;   // bit 4 r + j: cell j of row r is within k of the grid's edge (or past it)
};

// Shapes, per block (L = 16 lanes, TY = 64 rows, R = 2 rows a thread, S fused steps, Q = 2K + 1):
//   threads  L (x, half a warp: lane l owns the float4 at x0 + 4 l) x TY / R (y: rows R wy .. R wy + R - 1)
//   shared   ring[P][TY + 2K][L] float4   input planes: the plane in use, the K behind it (stage 1's
//                                          y neighbours), kTemporalLookahead ahead in flight (cp.async)
//            stage[2][S-1][TY + 2K][L]     the centre plane of stages 2..S, double-buffered: one barrier a plane
//            (K rows of padding above and below each plane: ghosts for the first and last threads)
//   registers q[S][Q][R][4]                stage s's queue: step s values of the last Q planes, slot = plane mod Q
// Iteration n (input plane z_in + n) computes step s of plane n - s K for s = 1..S: stage s's centre
// plane was produced K iterations ago, so every stage's centre is in shared memory before the one
// barrier; its newest z neighbour (plane n - (s-1) K) is stage s-1's result of this same iteration,
// in this thread's registers. The loop over n is unrolled by Q, so every queue index is a constant.
template <int K, int S, int R, bool Edge>
__device__ __forceinline__ void march(const float* __restrict__ in, float* __restrict__ out, const TemporalGrid& d,
                                      const Column<R>& col, int z_in, int z_out0, int z_out1, int total,
                                      float4* s_mem) {
  constexpr int L = kTemporalLanes, TY = kTemporalRows, Q = 2 * K + 1, A = kTemporalLookahead, P = A + K + 1;
  constexpr int kPlane = (TY + 2 * K) * L;  // float4s a shared plane
  constexpr unsigned kWarpMask = 0xffffffffu;
  static_assert(temporal_ring_planes(K) == P, "the ring geometry.hpp sizes");
  float4* s_ring = s_mem;
  float4* s_stage = s_mem + P * kPlane;
  const int me = (K + R * threadIdx.y) * L + threadIdx.x;  // this thread's first row in a shared plane

  float q[S][Q][R][4];
#pragma unroll
  for (int s = 0; s < S; ++s)
#pragma unroll
    for (int j = 0; j < Q; ++j)
#pragma unroll
      for (int r = 0; r < R; ++r)
#pragma unroll
        for (int c = 0; c < 4; ++c) q[s][j][r][c] = 0.0f;

  int slot = 0, parity = 0;  // the ring slot of plane n; the stage planes' buffer
  // Iterations n whose refill (plane z_in + n + A) is in the grid and the chunk: [load_from, load_to).
  const int load_from = -z_in - A, load_to = min(total, d.depth - z_in) - A;
  for (int n0 = 0; n0 < total; n0 += Q) {
#pragma unroll
    for (int u = 0; u < Q; ++u) {
      const int n = n0 + u;
      if (n >= total) break;
      copy_async_wait_prior<A - 1>();  // this thread's copies of plane n have landed
      const float4* ring_n = s_ring + slot * kPlane;
#pragma unroll
      for (int r = 0; r < R; ++r) {
        const float4 v = ring_n[me + r * L];
        q[0][u][r][0] = v.x, q[0][u][r][1] = v.y, q[0][u][r][2] = v.z, q[0][u][r][3] = v.w;
      }
      // Stage s's centre plane (plane n - s K of stage s-1), for the y neighbours of the first and last rows.
      float4* stage_planes = s_stage + parity * (S - 1) * kPlane;
#pragma unroll
      for (int s = 2; s <= S; ++s) {
        const int cs = wrap(u - s * K, Q);
#pragma unroll
        for (int r = 0; r < R; ++r)
          if (r < K || r >= R - K) {
            const float* c = q[s - 1][cs][r];
            stage_planes[(s - 2) * kPlane + me + r * L] = make_float4(c[0], c[1], c[2], c[3]);
          }
      }
      __syncthreads();  // plane n and every stage's centre plane are in shared memory; the slot refilled below is read
      {
        const bool z_loads = n >= load_from && n < load_to;       // plane z_in + n + A is in the grid and the chunk
        const int fill = slot + A < P ? slot + A : slot + A - P;  // the slot of plane n - K - 1
        const int z_off = z_loads ? (z_in + n + A) * d.plane : 0;
#pragma unroll
        for (int r = 0; r < R; ++r) {
          const bool valid = z_loads && col.loads[r];
          copy_async<4>(reinterpret_cast<float*>(s_ring + fill * kPlane + me + r * L),
                        in + (valid ? unsigned(z_off + col.row_off[r]) : 0u), valid);
        }
        copy_async_commit();
      }
      const int back = slot >= K ? slot - K : slot - K + P;  // plane n - K: stage 1's centre plane
#pragma unroll
      for (int s = 1; s <= S; ++s) {
        const int cs = wrap(u - s * K, Q);  // slot of plane n - s K, the centre
        const float4* centre_plane = s == 1 ? s_ring + back * kPlane : stage_planes + (s - 2) * kPlane;
        const float(&qs)[Q][R][4] = q[s - 1];
        // Rows -K..-1 and R..R+K-1 around this thread's: the neighbouring threads', from shared memory.
        float above[K][4], below[K][4];
#pragma unroll
        for (int o = 1; o <= K; ++o) {
          const float4 a = centre_plane[me - o * L], b = centre_plane[me + (R - 1 + o) * L];
          above[o - 1][0] = a.x, above[o - 1][1] = a.y, above[o - 1][2] = a.z, above[o - 1][3] = a.w;
          below[o - 1][0] = b.x, below[o - 1][1] = b.y, below[o - 1][2] = b.z, below[o - 1][3] = b.w;
        }
        const int zc = z_in + n - s * K;
        const bool z_keeps = Edge && !stencil_interior(zc, d.depth, K);  // block-uniform
#pragma unroll
        for (int r = 0; r < R; ++r) {
          const float(&c)[4] = qs[cs][r];
          float left[K], right[K];  // lane - 1's last K cells, lane + 1's first K
#pragma unroll
          for (int o = 1; o <= K; ++o) {
            left[o - 1] = __shfl_up_sync(kWarpMask, c[4 - o], 1, L);  // a tile row: L lanes of a warp
            right[o - 1] = __shfl_down_sync(kWarpMask, c[o - 1], 1, L);
          }
          float res[4];
#pragma unroll
          for (int j = 0; j < 4; ++j) {
            float sum = c_temporal_weights[0] * c[j];
#pragma unroll
            for (int o = 1; o <= K; ++o) {
              const float xm = j - o >= 0 ? c[j - o] : left[o - j - 1];
              const float xp = j + o < 4 ? c[j + o] : right[j + o - 4];
              const float ym = r - o >= 0 ? qs[cs][r - o][j] : above[o - r - 1][j];
              const float yp = r + o < R ? qs[cs][r + o][j] : below[r + o - R][j];
              sum += w<K>(0, -o) * xm + w<K>(0, o) * xp + w<K>(1, -o) * ym + w<K>(1, o) * yp;
            }
#pragma unroll
            for (int o = K; o >= 1; --o) sum += w<K>(2, -o) * qs[wrap(cs - o, Q)][r][j];
#pragma unroll
            for (int o = 1; o <= K; ++o) sum += w<K>(2, o) * qs[wrap(cs + o, Q)][r][j];  // the newest last
            res[j] = sum;
          }
          if (Edge) {  // cells within K of the grid's edge keep their value
            const unsigned keep = z_keeps ? 0xfu : (col.keep >> (4 * r)) & 0xfu;
            if (keep) {
#pragma unroll
              for (int j = 0; j < 4; ++j)
                if (keep & (1u << j)) res[j] = c[j];
            }
          }
          if (s < S) {
#pragma unroll
            for (int j = 0; j < 4; ++j) q[s][cs][r][j] = res[j];
          } else if (col.writes[r] && zc >= z_out0 && zc < z_out1) {
            *reinterpret_cast<float4*>(out + unsigned(zc * d.plane + col.row_off[r])) =
                make_float4(res[0], res[1], res[2], res[3]);
          }
        }
      }
      slot = slot + 1 < P ? slot + 1 : 0;
      parity ^= 1;
    }
  }
  copy_async_wait();
}

template <int K, int S, int R>
__global__ void __launch_bounds__(kTemporalLanes* kTemporalRows / R, 1)
    stencil_temporal_kernel(const float* __restrict__ in, float* __restrict__ out, TemporalGrid d, TemporalTiling g) {
  static_assert(S * K <= kTemporalVec, "the x halo, one float4, covers the fused steps (temporal_max_fused)");
  constexpr int L = kTemporalLanes, TY = kTemporalRows, A = kTemporalLookahead, P = A + K + 1;
  constexpr int kPlane = (TY + 2 * K) * L;
  extern __shared__ float4 s_mem[];
  const int lane = threadIdx.x, wy = threadIdx.y, threads = blockDim.x * blockDim.y, t = wy * L + lane;
  const StencilAxisTiling ax = g.axis(0), ay = g.axis(1), az = g.axis(2);
  const int bx0 = ax.in_origin(blockIdx.x), by0 = ay.in_origin(blockIdx.y);
  const int x0 = bx0 + kTemporalVec * lane, y0 = by0 + R * wy;
  const int z_in = az.in_origin(blockIdx.z), z_out0 = az.out_origin(blockIdx.z);
  const int z_out1 = min(d.depth, z_out0 + g.chunk);
  const int total = z_out1 + S * K - z_in;  // input planes z_in .. z_out1 + S K - 1
  const int me = (K + R * wy) * L + lane;

  Column<R> col;
  col.keep = 0;
  const int ox0 = ax.out_origin(blockIdx.x), ox1 = ox0 + ax.out_tile_dim();
  const int oy0 = ay.out_origin(blockIdx.y), oy1 = oy0 + ay.out_tile_dim();
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int y = y0 + r;
    col.loads[r] = y >= 0 && y < d.height && x0 >= 0 && x0 < d.width;
    col.writes[r] = col.loads[r] && y >= oy0 && y < oy1 && x0 >= ox0 && x0 < ox1;
    col.row_off[r] = col.loads[r] ? y * d.pitch + x0 : 0;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (!stencil_interior(x0 + j, d.width, K) || !stencil_interior(y, d.height, K)) col.keep |= 1u << (4 * r + j);
  }

  // The padding rows of every shared plane (ghosts: zeros), and the ring slots of the K planes
  // before z_in (stage 1's y neighbours in the first K iterations: ghosts too).
  const int planes = temporal_shared_planes(K, S);
  for (int i = t; i < planes * 2 * K * L; i += threads) {
    const int pl = i / (2 * K * L), j = i % (2 * K * L);
    s_mem[pl * kPlane + (j < K * L ? j : j + TY * L)] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  for (int j = A; j < P; ++j)
#pragma unroll
    for (int r = 0; r < R; ++r) s_mem[j * kPlane + me + r * L] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      // Prologue: planes z_in .. z_in + A - 1 in flight, one group each (ghost planes are zeros).
#pragma unroll
  for (int j = 0; j < A; ++j) {
    const int z = z_in + j;
    const bool z_loads = z >= 0 && z < d.depth && j < total;
#pragma unroll
    for (int r = 0; r < R; ++r) {
      const bool valid = z_loads && col.loads[r];
      copy_async<4>(reinterpret_cast<float*>(s_mem + j * kPlane + me + r * L),
                    in + (valid ? unsigned(z * d.plane + col.row_off[r]) : 0u), valid);
    }
    copy_async_commit();
  }
  // Blocks whose tile keeps clear of the grid's edges (by K) on every axis compute every cell alike.
  const bool edge = bx0 < K || bx0 + kTemporalTileX > d.width - K || by0 < K || by0 + TY > d.height - K || z_in < K ||
                    z_in + total > d.depth - K;
  if (edge)
    march<K, S, R, true>(in, out, d, col, z_in, z_out0, z_out1, total, s_mem);
  else
    march<K, S, R, false>(in, out, d, col, z_in, z_out0, z_out1, total, s_mem);
}

using Kernel = void (*)(const float*, float*, TemporalGrid, TemporalTiling);

template <int K, int S, int R>
Kernel kernel_at() {
  if constexpr (S * K <= kTemporalVec && S <= temporal_max_fused(K))
    return stencil_temporal_kernel<K, S, R>;
  else
    return nullptr;
}

template <int K, int R>
Kernel kernel_for(int fused) {
  switch (fused) {
    case 1: return kernel_at<K, 1, R>();
    case 2: return kernel_at<K, 2, R>();
    case 3: return kernel_at<K, 3, R>();
    case 4: return kernel_at<K, 4, R>();
  }
  return nullptr;
}

Kernel kernel_for(int k, int fused) {
  static_assert(temporal_max_fused(1) <= 4, "one kernel per fused depth");
  constexpr int R = kTemporalRowsPerThread;
  return k == 1 ? kernel_for<1, R>(fused) : k == 2 ? kernel_for<2, R>(fused) : kernel_for<3, R>(fused);
}

std::size_t shared_bytes(int k, int fused) { return std::size_t(temporal_shared_bytes(k, fused)); }

dim3 block_dim() { return dim3(kTemporalLanes, kTemporalRows / kTemporalRowsPerThread); }

}  // namespace

void upload_temporal_weights(const float* weights, std::size_t bytes) {
  check(cudaMemcpyToSymbol(c_temporal_weights, weights, bytes), "cudaMemcpyToSymbol (temporal coefficients)");
}

void launch_stencil3d_temporal(const Stencil3dParams& p, int fused, const float* d_in, float* d_out,
                               cudaStream_t stream) {
  const Stencil3dTiling t = tiling_of(p, fused);
  const TemporalTiling g = t.temporal_tiling();
  const Kernel kernel = kernel_for(p.order, fused);
  if (!kernel) throw BackendError("stencil_temporal_kernel: no kernel fuses " + std::to_string(fused) + " steps");
  const std::size_t smem = shared_bytes(p.order, fused);
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)),
        "cudaFuncSetAttribute (temporal shared memory)");
  const dim3 grid(g.grid_dim(0, p.width), g.grid_dim(1, p.height), g.grid_dim(2, p.depth));
  const TemporalGrid d{p.width, p.height, p.depth, t.pitch, int(t.plane)};
  kernel<<<grid, block_dim(), smem, stream>>>(d_in, d_out, d, g);
  check_launch("stencil_temporal_kernel");
}

int temporal_blocks_per_sm(const Stencil3dParams& p) {
  const int fused = tiling_of(p).fused;
  const Kernel kernel = kernel_for(p.order, fused);
  if (!kernel) return 0;
  const std::size_t smem = shared_bytes(p.order, fused);
  check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)),
        "cudaFuncSetAttribute (temporal shared memory)");
  const dim3 b = block_dim();
  int blocks = 0;
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, int(b.x * b.y), smem),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return blocks;
}

}  // namespace tilescope::cuda
