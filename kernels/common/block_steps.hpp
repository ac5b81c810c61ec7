#pragma once
// One block's work in the order its code does it, for the step-through: the steps (load, barrier,
// compute, store), which threads work in each, which shared-memory slots are filled so far and
// by which thread, and running counts that end at the block's share of the exact traffic count.
// Each pattern builds its timeline from its own geometry (kernels/<p>/steps.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/common/tap_source.hpp"
#include "kernels/common/traffic.hpp"

namespace tilescope {

enum class StepKind : std::uint8_t { load, barrier, compute, store };

// PMPP's counting conventions (kernels/common/traffic.hpp), running over the steps.
struct StepCounts {
  std::int64_t global_loads = 0;  // issued: tile cells, taps read from global, filter weights
  std::int64_t shared_reads = 0;  // taps read from shared memory (ghost zeros included)
  std::int64_t flops = 0;         // 2 per tap executed
  std::int64_t stores = 0;        // outputs written

  StepCounts& operator+=(const StepCounts& o) {
    global_loads += o.global_loads, shared_reads += o.shared_reads, flops += o.flops, stores += o.stores;
    return *this;
  }
  // One filter tap a thread executes (a ghost tap it skips costs nothing); basic also loads the
  // tap's weight from global memory.
  void tap(TapSource src, bool filter_from_global) {
    if (src == TapSource::ghost_skipped) return;
    const bool shared = src == TapSource::shared || src == TapSource::ghost_shared;
    shared_reads += shared, global_loads += !shared + filter_from_global, flops += 2;
  }
  bool operator==(const StepCounts& o) const {
    return global_loads == o.global_loads && shared_reads == o.shared_reads && flops == o.flops && stores == o.stores;
  }
};

// printf into a step's text.
std::string step_text(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// The exact count of a whole launch in the step-through's terms.
StepCounts step_counts(const TrafficCount& c);

// A whole launch as the step-through sees it: its grid of blocks, and its exact count, which the
// last steps of all its blocks add up to. Each pattern's steps.hpp gives launch_steps(p).
struct LaunchSteps {
  int blocks_x = 1, blocks_y = 1, blocks_z = 1;
  StepCounts exact;
  bool exact_has_shared_reads = true;  // stencil3d's and matmul's exact counts have no shared-memory figure

  int blocks() const { return blocks_x * blocks_y * blocks_z; }
};

struct BlockStep {
  StepKind kind;
  std::string what;                  // one line a student reads, in the book's words
  std::vector<std::uint8_t> active;  // per thread (tid = ty * threads_x + tx): does it work now
  StepCounts counts;                 // the block's, up to and including this step
  int z = -1;                        // marching stencils: the plane this step loads or computes
};

// Who wrote a shared-memory slot, and in which step.
struct SlotFill {
  int step = -1;       // -1: no step writes it
  int thread = -1;     // tid of the writer
  bool ghost = false;  // a ghost zero: written without a global load
};

struct BlockTimeline {
  int threads_x = 0, threads_y = 1;
  int slots_x = 0, slots_y = 0;               // the block's shared tile (0 x 0: it uses none)
  std::vector<std::vector<SlotFill>> writes;  // per slot, row by row: its writes in step order
  std::vector<BlockStep> steps;
  int barrier = -1;  // the last __syncthreads() step (conv1d's and conv2d's only one); -1: none

  void shared_tile(int sx, int sy);
  // What slot (sx, sy) holds after `step`: its latest write up to then (step -1: none yet).
  SlotFill slot(int sx, int sy, int step) const;
  bool active(int step, int tx, int ty) const { return steps[step].active[std::size_t(ty) * threads_x + tx] != 0; }
  // Steps are built one after another: a new one starts from the running counts so far (and at
  // a barrier with every thread waiting).
  BlockStep& add(StepKind kind, std::string what);
  // In the newest step, thread `thread` stores shared slot `slot`: a global load, or a ghost zero,
  // or (from_global false) a value it already holds in a register.
  void store(int slot, int thread, bool ghost, bool from_global = true);
};

}  // namespace tilescope
