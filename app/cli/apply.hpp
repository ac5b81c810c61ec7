#pragma once
// What `apply` does alike for every pattern (app/<pattern>/cli_apply.cpp reads and writes the
// files): --break read against the strategy, the run on the chosen backend (the CPU's when the
// device fails), and the report's word on the bug.
#include <iostream>
#include <optional>
#include <string>

#include "app/cli/options.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

// What one pattern's run_apply (app/<pattern>/cli_apply.cpp) did: the run `apply` makes once it has
// its data in memory (the command line after reading its files, the Python module on its arrays).
struct AppliedRun {
  double ms = 0;        // the kernel's time
  std::string backend;  // the description of the backend it ran on (the CPU's where the device failed)
};

// --break's bug (none without --break); throws InvalidInput where p's strategy cannot have it, with
// the reason the pattern's break_problem gives.
template <class Params>
std::optional<Break> break_of(const PatternOptions& o, const Params& p) {
  const std::optional<Break> bug = o.bug.empty() ? std::nullopt : std::optional(parse_break(o.bug));
  if (const auto why = bug ? break_problem(p.strategy, *bug) : std::nullopt)
    throw InvalidInput("--break " + o.bug + ": " + *why);
  return bug;
}

// Where apply's input and output are: host memory (the command line's files, NumPy's arrays) or
// device memory (CuPy's and torch's arrays, which the CUDA engines copy on the device:
// cuda::kCallerMemory).
enum class Memory { host, device };

// The backend `name` for a run on `memory`, its note (auto took the CPU) said on `notes`. Device
// memory needs CUDA: "auto" means it there, and "cpu" is refused.
inline BackendChoice apply_backend(const std::string& name, Memory memory, std::ostream& notes) {
  if (memory == Memory::device && name == "cpu")
    throw InvalidInput(
        "the cpu backend cannot read device arrays (CuPy, torch): use the cuda backend, or copy them "
        "to host memory");
  BackendChoice choice = choose_backend(memory == Memory::device && name == "auto" ? "cuda" : name);
  if (!choice.note.empty()) notes << "tilescope: " << choice.note << "\n";
  return choice;
}

// run(engine) on a fresh engine of `Pattern` on the chosen backend: the kernel's time in ms. If the
// device fails, says so, moves `choice` to the CPU backend and runs it there, unless the data are in
// device memory, which the CPU cannot read: then the failure is the caller's.
template <class Pattern, class Run>
double run_or_fall_back(BackendChoice& choice, Memory memory, Run run) {
  try {
    return run(*Pattern::make_engine(*choice.backend));
  } catch (const BackendError& e) {
    if (memory == Memory::device) throw;
    std::cerr << "tilescope: the " << choice.backend->name() << " backend failed (" << e.what()
              << "); falling back to the CPU backend\n";
    choice.backend = make_cpu_backend();
    return run(*Pattern::make_engine(*choice.backend));
  }
}

// ", broken: <what the bug does>" for apply's report line; empty without --break.
inline std::string broken_note(std::optional<Break> bug) {
  return bug ? ", broken: " + std::string(break_info(*bug).what) : "";
}

}  // namespace tilescope::cli
