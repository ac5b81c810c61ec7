#pragma once
// Device data in rows some pitch apart (row_pitch.hpp): copies by rows, and laying data out at
// another pitch, for the CUDA engines whose fast kernels run on padded rows.
#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/cuda_check.hpp"

namespace tilescope::cuda {

// `rows` rows of `width` floats from `from` (rows from_pitch floats apart) to `to` (to_pitch).
inline void copy_rows(float* to, int to_pitch, const float* from, int from_pitch, int width, std::size_t rows,
                      cudaMemcpyKind kind, const char* what) {
  check(cudaMemcpy2D(to, std::size_t(to_pitch) * sizeof(float), from, std::size_t(from_pitch) * sizeof(float),
                     std::size_t(width) * sizeof(float), rows, kind),
        what);
}

// The rows of `from` (from_pitch floats apart) laid out to_pitch apart in a new buffer, zeros in
// the padding.
inline DeviceBuffer<float> relaid_rows(const DeviceBuffer<float>& from, int from_pitch, int to_pitch, int width,
                                       std::size_t rows) {
  DeviceBuffer<float> laid(std::size_t(to_pitch) * rows);
  check(cudaMemset(laid.get(), 0, laid.bytes()), "cudaMemset (relayout)");
  copy_rows(laid.get(), to_pitch, from.get(), from_pitch, width, rows, cudaMemcpyDeviceToDevice,
            "cudaMemcpy2D (relayout)");
  return laid;
}

}  // namespace tilescope::cuda
