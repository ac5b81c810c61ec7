// Does a cp.async multi-stage pipeline take matmul `fast` (128 x 128 tiles, 8 x 8 outputs per thread,
// FFMA only, ~78% of cuBLAS sgemm at 4096^3) to 90%? fast stages its global loads through registers
// (LDG, then 4 scalar STS to transpose M, one STS.128 for N) and double-buffers shared memory. Here
// the tiles go global -> shared by cp.async (sm_80+; no staging registers, S stages in flight) and M
// stays untransposed, so a thread reads, per 4 k-steps, one float4 along k for each of its 8 rows.
// Timed beside cuBLAS (FP32, default math: no TF32) and fast's structure in one process, CUDA events,
// median of 15:
//   nvcc -std=c++17 -O3 -I. -arch=sm_90 bench/studies/matmul_pipeline_variants.cu -lcublas -o mp && ./mp 4096
// `./mp check` runs only the host checks (no GPU): the copy and fragment index math on whole tiles,
// the zero fill at 4097's edges, shared-memory wavefronts per warp instruction, and a replay of the
// main loop's cp.async groups, waits and barriers (the same code the kernel runs, on a host model).
// Variant axes: the depth of a phase (BK 8 or 16), the number of stages S (3 or 4), the minimum
// blocks per SM in the launch bounds (1, or 2: 128 registers), and fragments loaded one k-step
// ahead into a second set of registers (frag-DB).
#include <cublas_v2.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "bench/studies/matmul_staged_kernel.cuh"
#include "bench/studies/matmul_study_run.cuh"
#include "bench/studies/study_timing.cuh"

// ---- The cp.async pipeline ----
//
// A stage holds the phase's M tile as Ms[T rows][BK] (k contiguous) and its N tile as Ns[BK][T], in
// dynamic shared memory: [S stages of Ms][S stages of Ns], S * 2 * T * BK * 4 bytes (BK 8: 8 KiB a
// stage, BK 16: 16 KiB). Thread tid owns tx = tid % 16, ty = tid / 16 as in fast: rows
// (i / 4) * 64 + ty * 4 + i % 4 (i = 0..7) and columns h * 64 + tx * 4 + 0..3 (h = 0, 1).
//
// Swizzle of Ms: row r's 16-byte chunk kc (k = 4 kc .. 4 kc + 3) lies at chunk kc ^ ((r >> 2) & 1).
// Banks (32 of 4 bytes; an LDS.128 / cp.async 16-byte access takes a quad of 4 banks, a wavefront
// serves 128 bytes):
// - a-fragment read (LDS.128 of row r's chunk g): a warp is ty = 2w, 2w + 1 and tx = 0..15, so 2
//   distinct addresses (16 threads each: broadcast), rows r and r + 4. Unswizzled they lie 4 * BK
//   floats apart, 32 or 64, the same bank quad: 2 wavefronts. (r >> 2) & 1 = ty & 1 differs between
//   the two, so the swizzle puts them on neighbouring quads: 1 wavefront. (Padding rows to BK + 4
//   would also do it for the reads, but costs 50% / 25% more shared memory and the writes below
//   then conflict.)
// - writes (cp.async 16 bytes, thread id -> row id / (BK / 4), chunk id % (BK / 4)): 8 consecutive
//   threads cover 4 whole rows (BK 8) or 2 (BK 16) of one swizzle group, i.e. 128 contiguous bytes
//   permuted within rows: 1 wavefront per 8 threads, the minimum.
// - Ns: reads are fast's (16 distinct float4s a warp, 256 contiguous bytes: 2 wavefronts, the
//   minimum), writes are 128 contiguous bytes per 8 threads.
// So per 4 k-steps a thread issues 8 LDS.128 of M and 8 of N (8 x 1 + 8 x 2 wavefronts a warp),
// as fast does; what changes is the copy in (1 LDGSTS per float4 instead of LDG + 4 STS + STS.128,
// and no staging registers) and how many phases are in flight (S - 1 instead of 1).
//
// The index math is __host__ __device__ so that the host check runs the kernel's own.

#define HD __host__ __device__ __forceinline__

struct Chunk {
  int slot;  // float offset of its 4 floats in the stage's tile (Ms or Ns)
  int r, c;  // tile coordinates of its first element: row of M / k of N, k of M / column of N
};

// The l-th 16-byte chunk thread tid copies of a phase's M tile (T x BK, swizzled as above).
template <int BK>
HD Chunk m_chunk(int tid, int l) {
  const int id = tid + 256 * l, r = id / (BK / 4), kc = id % (BK / 4);
  return {r * BK + (kc ^ ((r >> 2) & 1)) * 4, r, kc * 4};
}
// The l-th 16-byte chunk thread tid copies of a phase's N tile (BK x T, unswizzled).
template <int BK>
HD Chunk n_chunk(int tid, int l) {
  const int id = tid + 256 * l;
  return {id / (T / 4) * T + id % (T / 4) * 4, id / (T / 4), id % (T / 4) * 4};
}
// Where thread (tx, ty) finds row i's k = 4 g .. 4 g + 3 in Ms (the swizzle's (r >> 2) & 1 is ty & 1
// for every row the thread owns), and columns h * 64 + tx * 4 .. + 3 of k in Ns.
template <int BK>
HD int a_slot(int ty, int i, int g) {
  return ((i / 4) * 64 + ty * 4 + i % 4) * BK + (g ^ (ty & 1)) * 4;
}
HD int b_slot(int tx, int h, int k) { return k * T + h * 64 + tx * 4; }

// Elements (r, c .. c + 3) of a row-major matrix height x width, zeros outside it: one 16-byte copy
// when kVec (width a multiple of 4, so the source is 16-byte aligned, and the 4 are all in or all
// out), else 4 copies of 4 bytes. cp(q, offset, bytes) copies `bytes` (16, 4, or 0: zero fill) from
// element `offset` of the matrix to float q of the chunk; an empty copy gets offset 0, a valid address.
// Offsets are 32-bit (matrices under 2^31 elements): with 64-bit ones 6 of the 8 min-2-blocks kernels spill
// (ptxas: 16 to 48 bytes at 128 registers), with 32-bit ones none does.
// (nv_exec_check_disable: the host check calls it with host lambdas, the kernel with device ones.)
#pragma nv_exec_check_disable
template <bool kVec, class Cp>
HD void copy4(int r, int c, int height, int width, Cp&& cp) {
  if constexpr (kVec) {
    const bool in = r < height && c < width;
    cp(0, in ? r * width + c : 0, in ? 16 : 0);
  } else {
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const bool in = r < height && c + q < width;
      cp(q, in ? r * width + c + q : 0, in ? 4 : 0);
    }
  }
}

// The main loop's order of events, run by the kernel (DeviceOps) and replayed by the host check
// (Replay). o.load(s, p): cp.async phase p's tiles into stage s; o.commit(); o.wait<N>(): cp.async
// groups but the newest N have landed; o.sync(): __syncthreads; o.load_a(s, g, buf): a-fragments
// (k = 4 g .. 4 g + 3 of the thread's 8 rows) from stage s into register set buf; o.load_b(s, k,
// buf): b-fragment (8 columns) of k; o.fma(abuf, kk, bbuf): the 64 FMAs of k-step kk of the group
// in abuf.
#pragma nv_exec_check_disable
template <int BK, int S, bool kFragDB, class Ops>
HD void main_loop(int phases, Ops& o) {
  constexpr int G = BK / 4;  // groups of 4 k-steps
  static_assert(BK % 4 == 0 && S >= 2);
  if constexpr (!kFragDB) {
    // Phases 0 .. S - 2 in flight before the loop. At the top of phase ph: wait for phase ph's group,
    // then the barrier, which makes it visible and ends every warp's reads of phase ph - 1's stage;
    // only then does phase ph + S - 1 go into that stage.
    for (int p = 0; p < S - 1; ++p) {
      if (p < phases) o.load(p, p);
      o.commit();
    }
    int cur = 0, nxt = S - 1;  // stages of phases ph and ph + S - 1
    for (int ph = 0; ph < phases; ++ph) {
      // Committed so far: S - 1 + ph groups, phase ph's the (ph + 1)-th: S - 2 newer may stay pending.
      o.template wait<S - 2>();
      o.sync();
      if (ph + S - 1 < phases) o.load(nxt, ph + S - 1);
      o.commit();  // empty near the end, which keeps the count above
#pragma unroll
      for (int g = 0; g < G; ++g) {
        o.load_a(cur, g, 0);
#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
          o.load_b(cur, g * 4 + kk, 0);
          o.fma(0, kk, 0);
        }
      }
      cur = cur + 1 == S ? 0 : cur + 1;
      nxt = nxt + 1 == S ? 0 : nxt + 1;
    }
  } else {
    // Fragments one step ahead in a second register set: b of k + 1 while the FMAs of k run, a of
    // group g + 1 while those of group g run. At a phase's last k-step every fragment of its stage
    // is in registers, so the barrier goes there: wait for phase ph + 1's group, barrier (phase ph +
    // 1 visible, every warp done with phase ph's stage), refill that stage with phase ph + S, load
    // phase ph + 1's first fragments, then the last 64 FMAs of phase ph. All S stages are filled
    // before the loop. (After the last phase the "next" fragments are read from a stale stage and
    // never used.)
    static_assert(G % 2 == 0, "the a set of a phase's last group is 1, its next phase's first 0");
    for (int p = 0; p < S; ++p) {
      if (p < phases) o.load(p, p);
      o.commit();
    }
    o.template wait<S - 1>();  // phase 0's group, the first of S
    o.sync();
    o.load_a(0, 0, 0);
    o.load_b(0, 0, 0);
    int cur = 0;
    for (int ph = 0; ph < phases; ++ph) {
      const int next = cur + 1 == S ? 0 : cur + 1;
#pragma unroll
      for (int g = 0; g < G; ++g) {
#pragma unroll
        for (int kk = 0; kk < 4; ++kk) {
          const int k = g * 4 + kk, ab = g & 1, bb = kk & 1;
          if (kk == 0 && g + 1 < G) o.load_a(cur, g + 1, ab ^ 1);
          if (k + 1 < BK) {
            o.load_b(cur, k + 1, bb ^ 1);
          } else {
            // Committed so far: S + ph groups, phase ph + 1's the (ph + 2)-th: S - 2 newer may stay pending.
            o.template wait<S - 2>();
            o.sync();
            if (ph + S < phases) o.load(cur, ph + S);
            o.commit();
            o.load_a(next, 0, 0);
            o.load_b(next, 0, 0);
          }
          o.fma(ab, kk, bb);
        }
      }
      cur = next;
    }
  }
}

extern __shared__ __align__(16) float dsmem[];

__device__ __forceinline__ unsigned smem_addr(const float* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

template <int BK, int S, bool kVec, bool kFragDB>
struct DeviceOps {
  static constexpr int L = T * BK / 4 / 256;  // 16-byte chunks of M (and of N) per thread per phase
  static constexpr int kSets = kFragDB ? 2 : 1;
  static constexpr int kNs = S * T * BK;  // Ns's offset in dsmem
  const float* __restrict__ M;
  const float* __restrict__ N;
  int rows, inner, cols, tid, tx, ty, row0, col0;
  float acc[8][8];
  float a[kSets][8][4];  // a[set][i][kk]: row i, k-step kk of the group
  float b[kSets][8];

  __device__ __forceinline__ DeviceOps(const float* M_, const float* N_, int rows_, int inner_, int cols_)
      : M(M_), N(N_), rows(rows_), inner(inner_), cols(cols_), tid(threadIdx.x), tx(tid % 16), ty(tid / 16) {
    row0 = blockIdx.y * T, col0 = blockIdx.x * T;
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 8; ++j) acc[i][j] = 0;
  }

  template <bool kV = kVec>
  static __device__ __forceinline__ void cp(float* dst, const float* src, int bytes) {
    if constexpr (kV)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(smem_addr(dst)), "l"(src), "r"(bytes)
                   : "memory");
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(smem_addr(dst)), "l"(src), "r"(bytes)
                   : "memory");
  }
  __device__ __forceinline__ void load(int s, int ph) {
#pragma unroll
    for (int l = 0; l < L; ++l) {
      const Chunk m = m_chunk<BK>(tid, l), n = n_chunk<BK>(tid, l);
      float* ms = dsmem + s * T * BK + m.slot;
      float* ns = dsmem + kNs + s * BK * T + n.slot;
      copy4<kVec>(row0 + m.r, ph * BK + m.c, rows, inner,
                  [&](int q, int off, int bytes) { cp(ms + q, M + off, bytes); });
      copy4<kVec>(ph * BK + n.r, col0 + n.c, inner, cols,
                  [&](int q, int off, int bytes) { cp(ns + q, N + off, bytes); });
    }
  }
  __device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
  template <int W>
  __device__ __forceinline__ void wait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(W) : "memory");
  }
  __device__ __forceinline__ void sync() { __syncthreads(); }
  __device__ __forceinline__ void load_a(int s, int g, int set) {
    const float* ms = dsmem + s * T * BK;
#pragma unroll
    for (int i = 0; i < 8; ++i)
      *reinterpret_cast<float4*>(a[set][i]) = *reinterpret_cast<const float4*>(ms + a_slot<BK>(ty, i, g));
  }
  __device__ __forceinline__ void load_b(int s, int k, int set) {
    const float* ns = dsmem + kNs + s * BK * T;
#pragma unroll
    for (int h = 0; h < 2; ++h)
      *reinterpret_cast<float4*>(b[set] + 4 * h) = *reinterpret_cast<const float4*>(ns + b_slot(tx, h, k));
  }
  __device__ __forceinline__ void fma(int aset, int kk, int bset) {
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[aset][i][kk], b[bset][j], acc[i][j]);
  }
};

// One kernel for every pipelined variant: BK, S stages, min blocks, kVec (16-byte copies: inner and
// cols multiples of 4) or 4-byte element copies, fragments double-buffered or not.
template <int BK, int S, int kMinBlocks, bool kVec, bool kFragDB>
__global__ void __launch_bounds__(256, kMinBlocks) mmp(const float* __restrict__ M, const float* __restrict__ N,
                                                       float* __restrict__ P, int rows, int inner, int cols) {
  DeviceOps<BK, S, kVec, kFragDB> o(M, N, rows, inner, cols);
  main_loop<BK, S, kFragDB>((inner + BK - 1) / BK, o);
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = o.row0 + (i / 4) * 64 + o.ty * 4 + i % 4;
    if (row >= rows) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) store_float4<kVec>(P, row, o.col0 + h * 64 + o.tx * 4, cols, o.acc[i] + 4 * h);
  }
}

template <int BK, int S>
constexpr int smem_bytes() {
  return S * 2 * T * BK * 4;
}

// ---- Host checks (no GPU) ----

static int failures = 0;
static void expect(bool ok, const std::string& what) {
  if (!ok && failures++ < 20) std::printf("host check FAILED: %s\n", what.c_str());
}

// Wavefronts of one warp's 16-byte shared accesses at the given float offsets: at least one per 128
// distinct bytes, and at least as many as distinct 16-byte addresses on any one bank.
static int wavefronts(const std::vector<int>& offs) {
  const std::set<int> addr(offs.begin(), offs.end());
  int bank[32] = {}, worst = 0;
  for (int o : addr)
    for (int q = 0; q < 4; ++q) worst = std::max(worst, ++bank[(o + q) % 32]);
  return std::max(worst, int((addr.size() * 16 + 127) / 128));
}

// Copies: every element of the T x BK and BK x T tiles by exactly one thread, every float of the
// stage's tiles written once, 16-byte sources aligned; fragments: every (row, k) and (k, column)
// a thread reads is the element the copy put there; wavefronts per warp instruction.
template <int BK>
static void check_indices() {
  constexpr int L = T * BK / 4 / 256;
  std::vector<int> m_at(T * BK, -1), n_at(T * BK, -1), m_cnt(T * BK), n_cnt(T * BK);
  int w_m = 0, w_n = 0, w_a = 0, w_b = 0;
  for (int l = 0; l < L; ++l)
    for (int w = 0; w < 8; ++w) {
      std::vector<int> om, on;
      for (int t = 0; t < 32; ++t) {
        const Chunk m = m_chunk<BK>(w * 32 + t, l), n = n_chunk<BK>(w * 32 + t, l);
        expect(m.slot % 4 == 0 && n.slot % 4 == 0, "16-byte aligned shared destinations");
        om.push_back(m.slot), on.push_back(n.slot);
        for (int q = 0; q < 4; ++q) {
          expect(m.r >= 0 && m.r < T && m.c + q >= 0 && m.c + q < BK, "M chunk inside the tile");
          expect(n.r >= 0 && n.r < BK && n.c + q >= 0 && n.c + q < T, "N chunk inside the tile");
          ++m_cnt[m.r * BK + m.c + q], ++n_cnt[n.r * T + n.c + q];
          expect(m_at[m.slot + q] == -1 && n_at[n.slot + q] == -1, "a shared float written twice");
          m_at[m.slot + q] = m.r * BK + m.c + q, n_at[n.slot + q] = n.r * T + n.c + q;
        }
      }
      w_m = std::max(w_m, wavefronts(om)), w_n = std::max(w_n, wavefronts(on));
    }
  for (int e = 0; e < T * BK; ++e) expect(m_cnt[e] == 1 && n_cnt[e] == 1, "tile element not copied exactly once");
  for (int w = 0; w < 8; ++w) {
    for (int g = 0; g < BK / 4; ++g)
      for (int i = 0; i < 8; ++i) {
        std::vector<int> o;
        for (int t = 0; t < 32; ++t) {
          const int tid = w * 32 + t, tx = tid % 16, ty = tid / 16, s = a_slot<BK>(ty, i, g);
          o.push_back(s);
          for (int q = 0; q < 4; ++q)
            expect(m_at[s + q] == ((i / 4) * 64 + ty * 4 + i % 4) * BK + g * 4 + q && tx == tid % 16,
                   "a-fragment reads another element");
        }
        w_a = std::max(w_a, wavefronts(o));
      }
    for (int k = 0; k < BK; ++k)
      for (int h = 0; h < 2; ++h) {
        std::vector<int> o;
        for (int t = 0; t < 32; ++t) {
          const int tid = w * 32 + t, tx = tid % 16, s = b_slot(tx, h, k);
          o.push_back(s);
          for (int q = 0; q < 4; ++q)
            expect(n_at[s + q] == k * T + h * 64 + tx * 4 + q, "b-fragment reads another element");
        }
        w_b = std::max(w_b, wavefronts(o));
      }
  }
  std::printf("host check BK %2d: wavefronts per warp instruction (most): cp.async M %d, N %d; LDS.128 a %d, b %d\n",
              BK, w_m, w_n, w_a, w_b);
  expect(w_m == 4 && w_n == 4 && w_a == 1 && w_b == 2, "wavefronts above the minimum");
}

// The copies of one block's phase at a matrix's edges, with the matrix's element (r, c) = r * 7919 +
// c + 1 (never 0): each float of the stage holds its element or, outside the matrix, 0.
template <int BK, bool kVec>
static void check_edges(int rows, int inner, int cols, int by, int bx, int ph) {
  constexpr int L = T * BK / 4 / 256;
  auto value = [](long r, long c) { return float(r * 7919 + c + 1); };
  std::vector<float> ms(T * BK, NAN), ns(T * BK, NAN);
  for (int tid = 0; tid < 256; ++tid)
    for (int l = 0; l < L; ++l) {
      const Chunk m = m_chunk<BK>(tid, l), n = n_chunk<BK>(tid, l);
      auto into = [&](std::vector<float>& st, int slot, int width) {
        return [&, slot, width](int q, int off, int bytes) {
          expect(bytes == (kVec ? 16 : 4) || bytes == 0, "copy size");
          expect(!kVec || off % 4 == 0, "16-byte copy from an unaligned source");
          for (int e = 0; e < (kVec ? 4 : 1); ++e)
            st[slot + q + e] = bytes ? value(long(off + e) / width, long(off + e) % width) : 0.0f;
        };
      };
      copy4<kVec>(by * T + m.r, ph * BK + m.c, rows, inner, into(ms, m.slot, inner));
      copy4<kVec>(ph * BK + n.r, bx * T + n.c, inner, cols, into(ns, n.slot, cols));
    }
  for (int tid = 0; tid < 256; ++tid)
    for (int l = 0; l < L; ++l) {
      const Chunk m = m_chunk<BK>(tid, l), n = n_chunk<BK>(tid, l);
      for (int q = 0; q < 4; ++q) {
        const long r = by * T + m.r, k = ph * BK + m.c + q, kn = ph * BK + n.r, c = bx * T + n.c + q;
        expect(ms[m.slot + q] == (r < rows && k < inner ? value(r, k) : 0.0f), "M tile element at an edge");
        expect(ns[n.slot + q] == (kn < inner && c < cols ? value(kn, c) : 0.0f), "N tile element at an edge");
      }
    }
}

// A host model of one thread running main_loop: cp.async groups land only when a wait_group covers
// them, become visible to the block at the next barrier, and a stage must not be refilled in a
// barrier interval in which it is read (another warp may be reading it then). Each fma must get
// the fragments of the next k-step in order, from landed and visible data.
template <int BK, int S>
struct Replay {
  struct Stage {
    int phase = -1, group = -1, visible = INT_MAX, last_read = -1;
    bool landed = true;
  };
  struct Frag {
    int phase = -1, idx = -1;
    bool ok = false;
  };
  std::string name;
  int epoch = 0, groups = 0, consumed = 0;
  Stage st[S];
  Frag a[2], b[2];
  std::vector<int> loaded;

  void load(int s, int p) {
    expect(s >= 0 && s < S, name + ": stage index");
    expect(st[s].last_read < epoch, name + ": stage refilled in a barrier interval in which it is read");
    expect(st[s].landed, name + ": stage refilled while its copy is in flight");
    st[s] = {p, groups, INT_MAX, st[s].last_read, false};
    loaded.push_back(p);
  }
  void commit() { ++groups; }
  template <int W>
  void wait() {
    for (Stage& s : st)
      if (!s.landed && s.group < groups - W) s.landed = true;
  }
  void sync() {
    ++epoch;
    for (Stage& s : st)
      if (s.landed && s.visible == INT_MAX) s.visible = epoch;
  }
  Frag read(int s, int idx) {
    st[s].last_read = epoch;
    return {st[s].phase, idx, st[s].landed && st[s].visible <= epoch};
  }
  void load_a(int s, int g, int set) { a[set] = read(s, g); }
  void load_b(int s, int k, int set) { b[set] = read(s, k); }
  void fma(int aset, int kk, int bset) {
    const int p = consumed / BK, k = consumed % BK;
    expect(a[aset].ok && a[aset].phase == p && a[aset].idx == k / 4 && kk == k % 4,
           name + ": a-fragment not phase " + std::to_string(p) + " k " + std::to_string(k));
    expect(b[bset].ok && b[bset].phase == p && b[bset].idx == k,
           name + ": b-fragment not phase " + std::to_string(p) + " k " + std::to_string(k));
    ++consumed;
  }
};

template <int BK, int S, bool kFragDB>
static void check_schedule() {
  for (int phases = 1; phases <= 3 * S + 5; ++phases) {
    Replay<BK, S> r;
    r.name = "BK " + std::to_string(BK) + " S " + std::to_string(S) + (kFragDB ? " frag-DB" : "") + " phases " +
             std::to_string(phases);
    main_loop<BK, S, kFragDB>(phases, r);
    expect(r.consumed == phases * BK, r.name + ": not every k-step computed");
    for (const auto& s : r.st) expect(s.landed, r.name + ": a copy still in flight at the end");
    std::vector<int> want(phases);
    for (int p = 0; p < phases; ++p) want[p] = p;
    expect(r.loaded == want, r.name + ": phases not loaded once each, in order");
  }
}

static bool host_checks() {
  check_indices<8>();
  check_indices<16>();
  for (int s : {4096, 4097, 4100, 129, 13}) {
    const int last = (s + T - 1) / T - 1;
    for (int by : {0, last})
      for (int bx : {0, last}) {
        for (int ph : {0, (s + 7) / 8 - 1}) {
          if (s % 4 == 0) check_edges<8, true>(s, s, s, by, bx, ph);
          check_edges<8, false>(s, s, s, by, bx, ph);
        }
        for (int ph : {0, (s + 15) / 16 - 1}) {
          if (s % 4 == 0) check_edges<16, true>(s, s, s, by, bx, ph);
          check_edges<16, false>(s, s, s, by, bx, ph);
        }
      }
  }
  check_edges<8, false>(4097, 13, 4099, 32, 32, 1);  // unequal sizes: M rows 13 long, N 4099
  check_edges<16, true>(300, 20, 4100, 2, 32, 1);
  check_schedule<8, 2, false>();
  check_schedule<8, 3, false>();
  check_schedule<8, 4, false>();
  check_schedule<16, 3, false>();
  check_schedule<16, 4, false>();
  check_schedule<8, 2, true>();
  check_schedule<8, 3, true>();
  check_schedule<8, 4, true>();
  check_schedule<16, 3, true>();
  check_schedule<16, 4, true>();
  std::printf("host check: %s\n", failures ? "FAILED" : "indices, edges and the cp.async schedule ok");
  return failures == 0;
}

// ---- Timing ----

template <int BK, int S, int kMin, bool kDB>
void pipelined(const Run& r, const char* name, float cublas_ms) {
  const dim3 grid((r.cols + T - 1) / T, (r.rows + T - 1) / T);
  const bool vec = r.inner % 4 == 0 && r.cols % 4 == 0;
  constexpr int smem = smem_bytes<BK, S>();
  if (std::size_t(r.rows) * r.inner >= 1u << 31 || std::size_t(r.inner) * r.cols >= 1u << 31) return;  // 32-bit offsets
  const void* fn = vec ? reinterpret_cast<const void*>(mmp<BK, S, kMin, true, kDB>)
                       : reinterpret_cast<const void*>(mmp<BK, S, kMin, false, kDB>);
  // Over 48 KiB needs the opt-in; the carveout asks for the most shared memory (cp.async.cg does not
  // use L1) so that kMin blocks fit.
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared));
  measure(r, name, cublas_ms, fn, smem, [&] {
    if (vec)
      mmp<BK, S, kMin, true, kDB><<<grid, 256, smem>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
    else
      mmp<BK, S, kMin, false, kDB><<<grid, 256, smem>>>(r.M, r.N, r.P, r.rows, r.inner, r.cols);
  });
}

int main(int argc, char** argv) {
  if (!host_checks()) return 1;
  if (argc > 1 && std::strcmp(argv[1], "check") == 0) return 0;
  for_each_size(argc, argv, [](const Run& r, float cublas_ms) {
    time_staged<8, false, 1>(r, "BK8 registers->shared (today's)", cublas_ms);
    pipelined<8, 3, 1, false>(r, "cp.async BK8 S3", cublas_ms);
    pipelined<8, 3, 2, false>(r, "cp.async BK8 S3 min2", cublas_ms);
    pipelined<8, 4, 1, false>(r, "cp.async BK8 S4", cublas_ms);
    pipelined<8, 4, 2, false>(r, "cp.async BK8 S4 min2", cublas_ms);
    pipelined<16, 3, 1, false>(r, "cp.async BK16 S3", cublas_ms);
    pipelined<16, 3, 2, false>(r, "cp.async BK16 S3 min2", cublas_ms);
    pipelined<16, 4, 1, false>(r, "cp.async BK16 S4", cublas_ms);
    pipelined<16, 4, 2, false>(r, "cp.async BK16 S4 min2", cublas_ms);
    pipelined<8, 3, 1, true>(r, "cp.async BK8 S3 frag-DB", cublas_ms);
    pipelined<8, 4, 1, true>(r, "cp.async BK8 S4 frag-DB", cublas_ms);
    pipelined<16, 3, 1, true>(r, "cp.async BK16 S3 frag-DB", cublas_ms);
    pipelined<16, 4, 1, true>(r, "cp.async BK16 S4 frag-DB", cublas_ms);
  });
}
