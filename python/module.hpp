#pragma once
// What the files of _tilescope (the pybind11 layer under `import tilescope`) share: calls run with
// the GIL released and one at a time (the CPU pool, the headless context and ImGui's context are the
// process's), and each file's functions, added to the module by PYBIND11_MODULE (module.cpp).
#include <pybind11/pybind11.h>

#include <mutex>

namespace tilescope::python {

namespace py = pybind11;

inline std::mutex& run_mutex() {
  static std::mutex m;
  return m;
}

// f() with the GIL released, one at a time: f touches no Python object (the arrays' pointers are
// taken before, and the arrays are held by the caller's frame).
template <class F>
auto unlocked(F&& f) {
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(run_mutex());
  return f();
}

void add_apply(py::module_& m);      // apply.cpp: apply
void add_exercises(py::module_& m);  // exercises.cpp: exercise_list, exercise_show, exercise_answer, exercise_check

}  // namespace tilescope::python
