#pragma once
// The yardstick: PMPP 4th ed.'s matrix multiplication kernels (Fig 3.11, and Fig 5.9 with the
// boundary checks of Fig 5.13) as the book prints them, templated on TILE_WIDTH, the book's
// #define, and nothing else. Changed from the book: its square Width x Width matrices are M of
// rows x inner, N of inner x cols and P of rows x cols, as the chapter suggests for rectangular
// matrices (each Width becomes the extent it stands for), so that the sizes bench runs need not be
// square. Used by bench only; never by the app.
#include <cuda_runtime.h>

namespace tilescope::yardstick {

// Fig 3.11: one thread per P element; every operand from global memory.
__global__ void MatrixMulKernel(float* M, float* N, float* P, int rows, int inner, int cols) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if ((row < rows) && (col < cols)) {
    float Pvalue = 0;
    for (int k = 0; k < inner; ++k) {
      Pvalue += M[row * inner + k] * N[k * cols + col];
    }
    P[row * cols + col] = Pvalue;
  }
}

// Fig 5.13: Fig 5.9's phases of TILE_WIDTH x TILE_WIDTH tiles of M and N in shared memory (Mds,
// Nds), with zeros loaded where a tile reaches past the matrices.
template <int TILE_WIDTH>
__global__ void matrixMulKernel(float* M, float* N, float* P, int rows, int inner, int cols) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  // Identify the row and column of the P element to work on
  int Row = by * TILE_WIDTH + ty;
  int Col = bx * TILE_WIDTH + tx;
  // Loop over the M and N tiles required to compute the P element
  float Pvalue = 0;
  for (int ph = 0; ph < ceil(inner / (float)TILE_WIDTH); ++ph) {
    // Collaborative loading of M and N tiles into shared memory
    if ((Row < rows) && (ph * TILE_WIDTH + tx) < inner)
      Mds[ty][tx] = M[Row * inner + ph * TILE_WIDTH + tx];
    else
      Mds[ty][tx] = 0;
    if ((ph * TILE_WIDTH + ty) < inner && Col < cols)
      Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * cols + Col];
    else
      Nds[ty][tx] = 0;
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k) {
      Pvalue += Mds[ty][k] * Nds[k][tx];
    }
    __syncthreads();
  }
  if ((Row < rows) && (Col < cols)) P[Row * cols + Col] = Pvalue;
}

}  // namespace tilescope::yardstick
