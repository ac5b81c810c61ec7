#pragma once
// NumPy .npy files (format 1.0-3.0): float32/float64, C or Fortran order, little-endian.
#include <cstddef>
#include <string>
#include <vector>

namespace tilescope::io {

struct NpyArray {
  std::vector<long long> shape;
  std::vector<float> data;  // converted to float32, C order
};

// The elements of an array of this shape (non-negative dimensions); throws InvalidInput naming it
// ("'name': array of shape ... has more than ... elements") past kMaxPixels (kernels/common/launch.hpp).
long long element_count(const std::string& name, const std::vector<long long>& shape);

// Throws InvalidInput naming the file and what is wrong (missing, not .npy, wrong dtype,
// truncated, too large).
NpyArray read_npy(const std::string& path);
// The same from bytes in memory; `name` stands for the path in messages (tests and fuzzing).
NpyArray parse_npy(const std::string& name, const void* bytes, std::size_t size);
// Writes float32 atomically (a temporary file renamed into place).
void write_npy(const std::string& path, const std::vector<long long>& shape, const float* data);

}  // namespace tilescope::io
