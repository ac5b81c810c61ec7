#pragma once
// The yardstick: PMPP 4th ed.'s 3D seven-point stencil kernels (chapter 8: Fig 8.6, 8.8, 8.10,
// 8.12) as the book prints them, templated on IN_TILE_DIM, the book's #define, and nothing else
// (OUT_TILE_DIM = IN_TILE_DIM - 2, as the book defines it). The book's code is of order 1 only.
// Changed from the book: its cube of N^3 points is a grid of Nx x Ny x Nz points (k, j, i: each N
// becomes the extent of the axis it bounds), so that the grids bench runs need not be cubes; and
// the book, which names all four kernels stencil_kernel, has them named after their sections
// here. The boundary cells are not written (the book's boundary condition). Used by bench only;
// never by the app.
#include <cuda_runtime.h>

namespace tilescope::yardstick {

// The book's coefficients c0..c6 (it does not show where they live): constant memory. c0 weighs
// the centre, c1 / c2 the x neighbours (k - 1, k + 1), c3 / c4 the y ones, c5 / c6 the z ones.
__constant__ float c0, c1, c2, c3, c4, c5, c6;

// Fig 8.6: one thread per grid point; every neighbour from global memory.
__global__ void basic_stencil_kernel(float* in, float* out, unsigned int Nx, unsigned int Ny, unsigned int Nz) {
  unsigned int i = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned int j = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1 && i < Nz - 1 && j >= 1 && j < Ny - 1 && k >= 1 && k < Nx - 1) {
    out[i * Ny * Nx + j * Nx + k] = c0 * in[i * Ny * Nx + j * Nx + k] + c1 * in[i * Ny * Nx + j * Nx + (k - 1)] +
                                    c2 * in[i * Ny * Nx + j * Nx + (k + 1)] + c3 * in[i * Ny * Nx + (j - 1) * Nx + k] +
                                    c4 * in[i * Ny * Nx + (j + 1) * Nx + k] + c5 * in[(i - 1) * Ny * Nx + j * Nx + k] +
                                    c6 * in[(i + 1) * Ny * Nx + j * Nx + k];
  }
}

// Fig 8.8: block = input tile, IN_TILE_DIM^3 threads; the halo shell of threads only loads.
template <int IN_TILE_DIM>
__global__ void tiled_stencil_kernel(float* in, float* out, unsigned int Nx, unsigned int Ny, unsigned int Nz) {
  constexpr int OUT_TILE_DIM = IN_TILE_DIM - 2;
  int i = blockIdx.z * OUT_TILE_DIM + threadIdx.z - 1;
  int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
  int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
  __shared__ float in_s[IN_TILE_DIM][IN_TILE_DIM][IN_TILE_DIM];
  if (i >= 0 && i < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
    in_s[threadIdx.z][threadIdx.y][threadIdx.x] = in[i * Ny * Nx + j * Nx + k];
  }
  __syncthreads();
  if (i >= 1 && i < Nz - 1 && j >= 1 && j < Ny - 1 && k >= 1 && k < Nx - 1) {
    if (threadIdx.z >= 1 && threadIdx.z < IN_TILE_DIM - 1 && threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 &&
        threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
      out[i * Ny * Nx + j * Nx + k] =
          c0 * in_s[threadIdx.z][threadIdx.y][threadIdx.x] + c1 * in_s[threadIdx.z][threadIdx.y][threadIdx.x - 1] +
          c2 * in_s[threadIdx.z][threadIdx.y][threadIdx.x + 1] + c3 * in_s[threadIdx.z][threadIdx.y - 1][threadIdx.x] +
          c4 * in_s[threadIdx.z][threadIdx.y + 1][threadIdx.x] + c5 * in_s[threadIdx.z - 1][threadIdx.y][threadIdx.x] +
          c6 * in_s[threadIdx.z + 1][threadIdx.y][threadIdx.x];
    }
  }
}

// Fig 8.10 (thread coarsening): an IN_TILE_DIM^2 block marches OUT_TILE_DIM planes in z, keeping
// the previous, current and next planes in shared memory.
template <int IN_TILE_DIM>
__global__ void coarsened_stencil_kernel(float* in, float* out, unsigned int Nx, unsigned int Ny, unsigned int Nz) {
  constexpr int OUT_TILE_DIM = IN_TILE_DIM - 2;
  int iStart = blockIdx.z * OUT_TILE_DIM;
  int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
  int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
  __shared__ float inPrev_s[IN_TILE_DIM][IN_TILE_DIM];
  __shared__ float inCurr_s[IN_TILE_DIM][IN_TILE_DIM];
  __shared__ float inNext_s[IN_TILE_DIM][IN_TILE_DIM];
  if (iStart - 1 >= 0 && iStart - 1 < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
    inPrev_s[threadIdx.y][threadIdx.x] = in[(iStart - 1) * Ny * Nx + j * Nx + k];
  }
  if (iStart >= 0 && iStart < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
    inCurr_s[threadIdx.y][threadIdx.x] = in[iStart * Ny * Nx + j * Nx + k];
  }
  for (int i = iStart; i < iStart + OUT_TILE_DIM; ++i) {
    if (i + 1 >= 0 && i + 1 < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
      inNext_s[threadIdx.y][threadIdx.x] = in[(i + 1) * Ny * Nx + j * Nx + k];
    }
    __syncthreads();
    if (i >= 1 && i < Nz - 1 && j >= 1 && j < Ny - 1 && k >= 1 && k < Nx - 1) {
      if (threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
        out[i * Ny * Nx + j * Nx + k] =
            c0 * inCurr_s[threadIdx.y][threadIdx.x] + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1] +
            c2 * inCurr_s[threadIdx.y][threadIdx.x + 1] + c3 * inCurr_s[threadIdx.y - 1][threadIdx.x] +
            c4 * inCurr_s[threadIdx.y + 1][threadIdx.x] + c5 * inPrev_s[threadIdx.y][threadIdx.x] +
            c6 * inNext_s[threadIdx.y][threadIdx.x];
      }
    }
    __syncthreads();
    inPrev_s[threadIdx.y][threadIdx.x] = inCurr_s[threadIdx.y][threadIdx.x];
    inCurr_s[threadIdx.y][threadIdx.x] = inNext_s[threadIdx.y][threadIdx.x];
  }
}

// Fig 8.12 (register tiling): as Fig 8.10, but the previous and next planes, read only at the
// thread's own (x, y), live in registers; shared memory keeps the current plane.
template <int IN_TILE_DIM>
__global__ void register_tiled_stencil_kernel(float* in, float* out, unsigned int Nx, unsigned int Ny,
                                              unsigned int Nz) {
  constexpr int OUT_TILE_DIM = IN_TILE_DIM - 2;
  int iStart = blockIdx.z * OUT_TILE_DIM;
  int j = blockIdx.y * OUT_TILE_DIM + threadIdx.y - 1;
  int k = blockIdx.x * OUT_TILE_DIM + threadIdx.x - 1;
  float inPrev;
  __shared__ float inCurr_s[IN_TILE_DIM][IN_TILE_DIM];
  float inCurr;
  float inNext;
  if (iStart - 1 >= 0 && iStart - 1 < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
    inPrev = in[(iStart - 1) * Ny * Nx + j * Nx + k];
  }
  if (iStart >= 0 && iStart < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
    inCurr = in[iStart * Ny * Nx + j * Nx + k];
    inCurr_s[threadIdx.y][threadIdx.x] = inCurr;
  }
  for (int i = iStart; i < iStart + OUT_TILE_DIM; ++i) {
    if (i + 1 >= 0 && i + 1 < Nz && j >= 0 && j < Ny && k >= 0 && k < Nx) {
      inNext = in[(i + 1) * Ny * Nx + j * Nx + k];
    }
    __syncthreads();
    if (i >= 1 && i < Nz - 1 && j >= 1 && j < Ny - 1 && k >= 1 && k < Nx - 1) {
      if (threadIdx.y >= 1 && threadIdx.y < IN_TILE_DIM - 1 && threadIdx.x >= 1 && threadIdx.x < IN_TILE_DIM - 1) {
        out[i * Ny * Nx + j * Nx + k] = c0 * inCurr + c1 * inCurr_s[threadIdx.y][threadIdx.x - 1] +
                                        c2 * inCurr_s[threadIdx.y][threadIdx.x + 1] +
                                        c3 * inCurr_s[threadIdx.y - 1][threadIdx.x] +
                                        c4 * inCurr_s[threadIdx.y + 1][threadIdx.x] + c5 * inPrev + c6 * inNext;
      }
    }
    __syncthreads();
    inPrev = inCurr;
    inCurr = inNext;
    inCurr_s[threadIdx.y][threadIdx.x] = inNext;
  }
}

}  // namespace tilescope::yardstick
