#pragma once
// The yardstick: PMPP 4th ed.'s 2D convolution kernels as the book prints them (Fig 7.7, 7.9,
// 7.12, 7.15, and the chapter's block = output tile exercise), templated on the filter radius
// and the tile width where the book has #define constants, and nothing else. tilescope's own
// strategies are timed against these: a strategy named after a figure must run as fast as the
// figure's code. Only an output bounds check is added, so sizes that are not a multiple of the
// tile stay inside the image. Used by bench only; never by the app.
#include <cuda_runtime.h>

namespace tilescope::yardstick {

inline constexpr int kMaxBookRadius = 8;
__constant__ float F_c[(2 * kMaxBookRadius + 1) * (2 * kMaxBookRadius + 1)];

// Fig 7.7 (basic: the filter F in global memory) and Fig 7.9 (kConstFilter: the filter in
// constant memory, F_c, and F unused): the two figures differ only in where the filter is read.
template <int FILTER_RADIUS, bool kConstFilter>
__global__ void convolution_2D_basic_kernel(float* N, float* F, float* P, int width, int height) {
  int outCol = blockIdx.x * blockDim.x + threadIdx.x;
  int outRow = blockIdx.y * blockDim.y + threadIdx.y;
  if (outCol >= width || outRow >= height) return;
  float Pvalue = 0.0f;
  for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
    for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
      int inRow = outRow - FILTER_RADIUS + fRow;
      int inCol = outCol - FILTER_RADIUS + fCol;
      if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width)
        Pvalue +=
            (kConstFilter ? F_c[fRow * (2 * FILTER_RADIUS + 1) + fCol] : F[fRow * (2 * FILTER_RADIUS + 1) + fCol]) *
            N[inRow * width + inCol];
    }
  }
  P[outRow * width + outCol] = Pvalue;
}

// Fig 7.12: block = input tile; the outer ring of threads only loads.
template <int FILTER_RADIUS, int IN_TILE_DIM>
__global__ void convolution_tiled_2D_const_mem_kernel(float* N, float* P, int width, int height) {
  constexpr int OUT_TILE_DIM = IN_TILE_DIM - 2 * FILTER_RADIUS;
  int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
  int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
  __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
  if (row >= 0 && row < height && col >= 0 && col < width)
    N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
  else
    N_s[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  int tileCol = threadIdx.x - FILTER_RADIUS;
  int tileRow = threadIdx.y - FILTER_RADIUS;
  if (col >= 0 && col < width && row >= 0 && row < height) {
    if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
      float Pvalue = 0.0f;
      for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
          Pvalue += F_c[fRow * (2 * FILTER_RADIUS + 1) + fCol] * N_s[tileRow + fRow][tileCol + fCol];
      P[row * width + col] = Pvalue;
    }
  }
}

// Chapter 7 exercise: block = output tile; each thread loads cells i, i + T^2, ... of the
// (T + 2r)^2 input tile, then every thread computes one output.
template <int FILTER_RADIUS, int OUT_TILE_DIM>
__global__ void convolution_tiled_out_2D_const_mem_kernel(float* N, float* P, int width, int height) {
  constexpr int IN_TILE_DIM = OUT_TILE_DIM + 2 * FILTER_RADIUS;
  __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
  int x0 = blockIdx.x * OUT_TILE_DIM - FILTER_RADIUS, y0 = blockIdx.y * OUT_TILE_DIM - FILTER_RADIUS;
  for (int i = threadIdx.y * OUT_TILE_DIM + threadIdx.x; i < IN_TILE_DIM * IN_TILE_DIM;
       i += OUT_TILE_DIM * OUT_TILE_DIM) {
    int row = y0 + i / IN_TILE_DIM, col = x0 + i % IN_TILE_DIM;
    N_s[i / IN_TILE_DIM][i % IN_TILE_DIM] =
        row >= 0 && row < height && col >= 0 && col < width ? N[row * width + col] : 0.0f;
  }
  __syncthreads();
  int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x, row = blockIdx.y * OUT_TILE_DIM + threadIdx.y;
  if (col < width && row < height) {
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
      for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
        Pvalue += F_c[fRow * (2 * FILTER_RADIUS + 1) + fCol] * N_s[threadIdx.y + fRow][threadIdx.x + fCol];
    P[row * width + col] = Pvalue;
  }
}

// Fig 7.15: block = tile; the halo through L2 (global loads the neighbouring blocks made).
template <int FILTER_RADIUS, int TILE_DIM>
__global__ void convolution_cached_tiled_2D_const_mem_kernel(float* N, float* P, int width, int height) {
  int col = blockIdx.x * TILE_DIM + threadIdx.x;
  int row = blockIdx.y * TILE_DIM + threadIdx.y;
  __shared__ float N_s[TILE_DIM][TILE_DIM];
  if (row < height && col < width)
    N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
  else
    N_s[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  if (col < width && row < height) {
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++) {
      for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++) {
        if (int(threadIdx.x) - FILTER_RADIUS + fCol >= 0 && int(threadIdx.x) - FILTER_RADIUS + fCol < TILE_DIM &&
            int(threadIdx.y) - FILTER_RADIUS + fRow >= 0 && int(threadIdx.y) - FILTER_RADIUS + fRow < TILE_DIM) {
          Pvalue += F_c[fRow * (2 * FILTER_RADIUS + 1) + fCol] *
                    N_s[threadIdx.y + fRow - FILTER_RADIUS][threadIdx.x + fCol - FILTER_RADIUS];
        } else {
          if (row - FILTER_RADIUS + fRow >= 0 && row - FILTER_RADIUS + fRow < height &&
              col - FILTER_RADIUS + fCol >= 0 && col - FILTER_RADIUS + fCol < width)
            Pvalue += F_c[fRow * (2 * FILTER_RADIUS + 1) + fCol] *
                      N[(row - FILTER_RADIUS + fRow) * width + col - FILTER_RADIUS + fCol];
        }
      }
    }
    P[row * width + col] = Pvalue;
  }
}

}  // namespace tilescope::yardstick
