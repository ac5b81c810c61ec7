#pragma once
// The yardstick: PMPP 3rd ed.'s 1D convolution kernels (sections 7.2-7.5; the 4th edition has no
// 1D kernels) as the book prints them, templated on TILE_SIZE, the book's #define, and nothing
// else: Mask_Width stays the run-time argument it is in the book. MAX_MASK_WIDTH, the book's other
// #define (10 there), is the widest filter tilescope runs. Added to the book's code: a bounds
// check on the output and on the tile's own load, so that lengths that are not a multiple of the
// tile stay inside the signal. Used by bench only; never by the app.
#include <cuda_runtime.h>

#include "kernels/conv1d/params.hpp"

namespace tilescope::yardstick {

inline constexpr int MAX_MASK_WIDTH = 2 * kMaxConv1dRadius + 1;
// The book's `__constant__ float M[MAX_MASK_WIDTH]` (7.3), named M_c here: 7.2's kernel takes the
// mask M as an argument.
__constant__ float M_c[MAX_MASK_WIDTH];

// 7.2 (the mask M in global memory) and 7.3 (kConstMask: the mask in constant memory, M_c, and M
// unused): the two kernels differ only in where the mask is read.
template <bool kConstMask>
__global__ void convolution_1D_basic_kernel(float* N, float* M, float* P, int Mask_Width, int Width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float Pvalue = 0;
  int N_start_point = i - (Mask_Width / 2);
  for (int j = 0; j < Mask_Width; j++) {
    if (N_start_point + j >= 0 && N_start_point + j < Width) {
      Pvalue += N[N_start_point + j] * (kConstMask ? M_c[j] : M[j]);
    }
  }
  if (i < Width) P[i] = Pvalue;
}

// 7.4: the block stages its tile and n halo cells on each side in shared memory; the last n
// threads load the left halo, the first n the right halo. halo_index_left is computed in unsigned
// arithmetic, as printed: for block 0 it wraps and converts back to the negative index.
template <int TILE_SIZE>
__global__ void convolution_1D_tiled_kernel(float* N, float* P, int Mask_Width, int Width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float N_ds[TILE_SIZE + MAX_MASK_WIDTH - 1];
  int n = Mask_Width / 2;
  int halo_index_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x >= blockDim.x - n) {
    N_ds[threadIdx.x - (blockDim.x - n)] = (halo_index_left < 0) ? 0 : N[halo_index_left];
  }
  // The book loads N[i] unchecked (its Width is a multiple of the tile); past the end, a ghost zero.
  N_ds[n + threadIdx.x] = (i >= Width) ? 0 : N[blockIdx.x * blockDim.x + threadIdx.x];
  int halo_index_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x < n) {
    N_ds[n + blockDim.x + threadIdx.x] = (halo_index_right >= Width) ? 0 : N[halo_index_right];
  }
  __syncthreads();
  float Pvalue = 0;
  for (int j = 0; j < Mask_Width; j++) {
    Pvalue += N_ds[threadIdx.x + j] * M_c[j];
  }
  if (i < Width) P[i] = Pvalue;
}

// 7.5: only the tile in shared memory; halo taps read N in global memory, hits in L2 because the
// neighbouring blocks loaded those elements as their own.
template <int TILE_SIZE>
__global__ void convolution_1D_tiled_caching_kernel(float* N, float* P, int Mask_Width, int Width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float N_ds[TILE_SIZE];
  if (i < Width) N_ds[threadIdx.x] = N[i];
  __syncthreads();
  int This_tile_start_point = blockIdx.x * blockDim.x;
  int Next_tile_start_point = (blockIdx.x + 1) * blockDim.x;
  int N_start_point = i - (Mask_Width / 2);
  float Pvalue = 0;
  for (int j = 0; j < Mask_Width; j++) {
    int N_index = N_start_point + j;
    if (N_index >= 0 && N_index < Width) {
      if ((N_index >= This_tile_start_point) && (N_index < Next_tile_start_point)) {
        Pvalue += N_ds[threadIdx.x + j - (Mask_Width / 2)] * M_c[j];
      } else {
        Pvalue += N[N_index] * M_c[j];
      }
    }
  }
  if (i < Width) P[i] = Pvalue;
}

}  // namespace tilescope::yardstick
