#include "python/arrays.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>  // py::cast of a shape (std::vector)

#include <cstdint>

#include "kernels/common/device_memory.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::python {
namespace {

using FloatArray = py::array_t<float, py::array::c_style | py::array::forcecast>;

void check_shape(const std::string& name, const std::vector<long long>& shape, int ndim, const std::string& needs) {
  if (ndim > 0 && int(shape.size()) != ndim)
    throw InvalidInput("'" + name + "': " + needs + ", this one has " + std::to_string(shape.size()) + " dimensions");
  if (io::element_count(name, shape) == 0) throw InvalidInput("'" + name + "' is empty: " + needs);
}

Operand host_array(const py::handle& obj, const std::string& name, int ndim, const std::string& needs) {
  if (!py::isinstance<py::array>(obj)) throw InvalidInput("'" + name + "' must be a NumPy array");
  const py::array a = py::reinterpret_borrow<py::array>(obj);
  const py::dtype dt = a.dtype();
  if (dt.kind() != 'f' || (dt.itemsize() != 4 && dt.itemsize() != 8))
    throw InvalidInput("'" + name + "': dtype '" + dt.attr("name").cast<std::string>() +
                       "' is not supported: use float32 or float64");
  std::vector<long long> shape(a.shape(), a.shape() + a.ndim());
  check_shape(name, shape, ndim, needs);
  FloatArray f = FloatArray::ensure(a);  // itself where it is float32 in C order
  if (!f) throw InvalidInput("'" + name + "' cannot be converted to float32");
  float* data = static_cast<float*>(f.request().ptr);  // the buffer protocol's pointer: read-only arrays too
  return {std::move(f), data, std::move(shape)};
}

// __cuda_array_interface__ (numba's spec, versions 2 and 3): typestr, shape, strides (None in C order),
// data = (pointer, read-only), mask, stream.
Operand device_array(const py::handle& obj, const std::string& name, int ndim, const std::string& needs, bool written) {
  if (!py::hasattr(obj, "__cuda_array_interface__"))
    throw InvalidInput("'" + name + "' must be a device array (__cuda_array_interface__) like the other input");
  const py::dict cai = obj.attr("__cuda_array_interface__");
  const std::string typestr = py::str(cai["typestr"]);
  if (typestr != "<f4")
    throw InvalidInput("'" + name + "': a device array of typestr '" + typestr +
                       "' is not supported: use float32 (convert it on the device, e.g. x.astype('float32'))");
  std::vector<long long> shape;
  for (const py::handle d : py::tuple(cai["shape"])) shape.push_back(d.cast<long long>());
  check_shape(name, shape, ndim, needs);
  if (cai.contains("strides") && !cai["strides"].is_none()) {
    const py::tuple strides(cai["strides"]);
    long long dense = 4;  // bytes
    for (std::size_t i = shape.size(); i-- > 0;) {
      if (shape[i] > 1 && strides[i].cast<long long>() != dense)
        throw InvalidInput("'" + name +
                           "': a device array must be C-contiguous: copy it on the device first "
                           "(cupy.ascontiguousarray(x), x.contiguous())");
      dense *= shape[i];
    }
  }
  if (cai.contains("mask") && !cai["mask"].is_none())
    throw InvalidInput("'" + name + "': a masked device array is not supported");
  const py::tuple data(cai["data"]);
  if (written && data[1].cast<bool>()) throw InvalidInput("'" + name + "': the device array is read-only");
  void* pointer = reinterpret_cast<void*>(data[0].cast<std::uintptr_t>());
  if (const auto problem = device_memory_problem(pointer))
    throw InvalidInput("'" + name + "' cannot be read on the device: " + *problem);
  if (cai.contains("stream") && !cai["stream"].is_none()) {  // the producer's work on it must be done
    const std::uintptr_t stream = cai["stream"].cast<std::uintptr_t>();
    py::gil_scoped_release release;
    wait_for_stream(stream);
  }
  return {py::reinterpret_borrow<py::object>(obj), static_cast<float*>(pointer), std::move(shape)};
}

}  // namespace

Operand Arrays::in(const py::handle& obj, const std::string& name, int ndim, const std::string& needs) const {
  return memory() == cli::Memory::host ? host_array(obj, name, ndim, needs)
                                       : device_array(obj, name, ndim, needs, false);
}

Operand Arrays::out(const std::vector<long long>& shape) const {
  if (memory() == cli::Memory::host) {
    FloatArray a(std::vector<py::ssize_t>(shape.begin(), shape.end()));
    float* data = a.mutable_data();
    return {std::move(a), data, shape};
  }
  const py::object a = new_device_(py::tuple(py::cast(shape)));
  return device_array(a, "out", int(shape.size()), "the output", true);
}

void Arrays::finish() const {
  if (memory() == cli::Memory::device) wait_for_stream(kLegacyDefaultStream);
}

io::NpyArray host_weights(const py::handle& obj) {
  const Operand w = host_array(obj, "weights", 0, "a filter needs weights");
  return {w.shape, std::vector<float>(w.data, w.data + io::element_count("weights", w.shape))};
}

}  // namespace tilescope::python
