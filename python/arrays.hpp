#pragma once
// The arrays apply reads and writes: NumPy arrays, or on the CUDA backend device arrays (anything
// with __cuda_array_interface__: CuPy, torch), read and written where they are (no host copy). Each
// is checked first, with the command line's one-line messages (InvalidInput): a float dtype, the
// dimensions the pattern needs, not empty, at most kMaxPixels elements (a broadcast view is refused
// before its virtual size is allocated).
#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "app/cli/apply.hpp"
#include "app/io/npy.hpp"

namespace tilescope::python {

namespace py = pybind11;

struct Operand {
  py::object array;  // holds the data: the caller's array, its float32 C-order copy, or a new one
  float* data = nullptr;
  std::vector<long long> shape;
};

class Arrays {
 public:
  // new_device: None for NumPy arrays; for device arrays, the Python layer's maker of a new float32
  // device array of a shape (a CuPy array, or a torch tensor beside a torch input).
  explicit Arrays(py::object new_device)
      : new_device_(std::move(new_device)), memory_(new_device_.is_none() ? cli::Memory::host : cli::Memory::device) {}
  cli::Memory memory() const { return memory_; }

  // `obj` checked for a pattern that `needs` `ndim` dimensions (0: any). NumPy: float32 in C order is
  // used as it is, float64 or strided arrays are converted; device: float32 in C order only, and the
  // stream it names (version 3) waited for.
  Operand in(const py::handle& obj, const std::string& name, int ndim, const std::string& needs) const;
  // A new float32 array (NumPy, or device like the inputs) for the output.
  Operand out(const std::vector<long long>& shape) const;
  // After the run, without the GIL: device output is complete (its copies are on the engines' stream).
  void finish() const;

 private:
  py::object new_device_;
  cli::Memory memory_;
};

// A NumPy array of weights as the CLI's .npy filter, in memory.
io::NpyArray host_weights(const py::handle& obj);

}  // namespace tilescope::python
