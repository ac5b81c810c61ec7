#pragma once
// Measured counters on the command line (`model --measure`, `bench`): one launch of a strategy on
// CUDA under the profiler (kernels/common/counted_run.hpp), printed and emitted beside the book's
// model and the exact count. Where no counters can be read, why, on stderr; nothing else changes.
#include <nlohmann/json.hpp>

#include <functional>
#include <string>

#include "kernels/common/backend.hpp"
#include "kernels/common/counted_run.hpp"
#include "kernels/common/counters.hpp"

namespace tilescope::cli {

// The counters of the first engine run that `run` makes (see CountedRun), or why there are none.
template <typename Run>
CounterReading counters_of_run(Run&& run, GpuTurn turn = {}) {
  CountedRun counted(turn);
  run();
  return counted.reading();
}

// The counters of the first engine run that `run` makes on the CUDA backend (its engine set up
// and loaded first, outside the measurement), or why there are none: no CUDA in this build, no
// GPU, counters locked by the driver, the run failed. `turn`: counters.hpp's.
CounterReading measure_on_cuda(const std::function<void(Backend& cuda)>& run, GpuTurn turn = {});

// dram_read_bytes, dram_write_bytes, l2_hit_pct, l1_hit_pct, bank_conflicts, opb_dram (= flops /
// DRAM bytes read) and the other counters of counters.hpp, under their names there.
nlohmann::json measured_json(const MemoryCounters& c, double flops);

// The measured lines of `model`'s text, or the reason there are none (on stderr).
void print_measured(const CounterReading& r, double flops);

// "tilescope: no measured counters: WHY" on stderr.
void print_why_not_measured(const std::string& why_not);

}  // namespace tilescope::cli
