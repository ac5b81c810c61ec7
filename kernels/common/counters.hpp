#pragma once
// What the memory system did during one launch, read from the GPU's performance counters through
// CUPTI's range profiler (kernels/common/counters.cu; counters_none.cpp where the build has no
// CUDA). The L2 cache is flushed before the measured launch, as Nsight Compute does by default, so
// a figure does not depend on what an earlier launch left in L2.
#include <atomic>
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
  bool gave_way = false;  // a lent measurement that gave the GPU up to another one: worth taking again
};

// Whose GPU a measurement's passes run on. Not lent (the default): the caller's thread launches all
// the GPU work there is (the command line, a test). Lent: another thread (the app's frame loop)
// launches work of its own, on another CUDA context, which no pass may count: each pass (its L2
// flush and its launch, a few milliseconds) waits until that thread lends it the GPU (lend_gpu),
// and the profiler's other calls (tens to hundreds of milliseconds each) run beside that thread's
// work. A waiting pass gives up once *give_up is true and wake_lent_passes is called.
struct GpuTurn {
  bool lent = false;
  const std::atomic<bool>* give_up = nullptr;
};

// Runs `launch` (which enqueues the kernel launches to measure on the current CUDA context's
// default stream) once unmeasured (so that loading its module is not counted), then flushes L2 and
// runs it under the profiler, as many times as the profiler's passes need, and returns the
// counters summed over its launches. Never throws for a missing or locked profiler, nor for a
// measurement given up (see lend_gpu): that is a reading with why_not set. One measurement runs at
// a time in the process (others wait); the profiler is set up on first use on each context.
CounterReading measure_counters(const std::function<void()>& launch, GpuTurn turn = {});

// Sets the profiler up on the current CUDA context now, as the context's first measurement would
// (for `turn`'s kind of measurement), and returns why it cannot be, or nothing. About a second, during
// which the GPU's other work stalls, OpenGL's most: beside frames of CUDA and OpenGL on another
// context, 5-6 frames of 70-100 ms (H200, bench/studies/2026-11-29-cupti-stall-probe.md). The app's meter does
// it while its first frame waits.
std::string prepare_counters(GpuTurn turn = {});

// For the thread that lends the GPU (once a frame, before its own GPU work): where a `lent` pass
// waits, calls finish_own_work (which returns once nothing of this thread's is left on the GPU),
// then waits while the pass runs and returns. Else returns at once.
void lend_gpu(const std::function<void()>& finish_own_work);

// Wakes the lent passes waiting for the GPU, so that those whose give_up is now true give up.
void wake_lent_passes();

}  // namespace tilescope
