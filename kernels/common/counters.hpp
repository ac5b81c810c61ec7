#pragma once
// What the memory system did during one launch, read from the GPU's performance counters through
// CUPTI's range profiler (kernels/common/counters.cu; counters_none.cpp where the build has no
// CUDA). The L2 cache is flushed before the measured launch, as Nsight Compute does by default, so
// a figure does not depend on what an earlier launch left in L2.
#include <functional>
#include <optional>
#include <string>

namespace tilescope {

// Each field names the counter it comes from (Nsight Compute's metric names).
struct MemoryCounters {
  double dram_read_bytes = 0;         // dram__bytes_read.sum
  double dram_write_bytes = 0;        // dram__bytes_write.sum, with the L2 write-back after it
  double l2_read_bytes = 0;           // lts__t_sectors_srcunit_tex_op_read.sum x 32: L1 misses
  double global_load_bytes = 0;       // l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum: issued
  double global_load_requests = 0;    // l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  double shared_load_requests = 0;    // smsp__inst_executed_op_shared_ld.sum (warp instructions)
  double l1_hit_pct = 0;              // l1tex__t_sector_hit_rate.pct
  double l2_hit_pct = 0;              // lts__t_sector_hit_rate.pct
  double bank_conflicts = 0;          // l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
  double instructions = 0;            // smsp__inst_executed.sum
  double achieved_occupancy_pct = 0;  // sm__warps_active.avg.pct_of_peak_sustained_active

  // Flops per byte read from DRAM (0 when nothing was read).
  double opb_dram(double flops) const { return dram_read_bytes > 0 ? flops / dram_read_bytes : 0.0; }
};

// Either the counters of a launch, or one line saying why none could be read (no CUDA in this
// build, no NVIDIA GPU, counters restricted to admins by the driver and how to lift that, a GPU
// the profiler does not support).
struct CounterReading {
  std::optional<MemoryCounters> counters;
  std::string why_not;
};

// Runs `launch` (which enqueues the kernel launches to measure on the current device's default
// stream) once unmeasured (so that loading its module is not counted), then flushes L2 and runs
// it under the profiler, as many times as the profiler's passes need, and returns the counters
// summed over its launches. Never throws for a missing or locked profiler:
// that is a reading with why_not set. Not thread-safe; the profiler is set up on first use.
CounterReading measure_counters(const std::function<void()>& launch);

}  // namespace tilescope
