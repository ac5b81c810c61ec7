#include "kernels/common/block_steps.hpp"

#include <cstdarg>
#include <cstdio>
#include <utility>

namespace tilescope {

std::string step_text(const char* fmt, ...) {
  char text[200];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof text, fmt, args);
  va_end(args);
  return text;
}

StepCounts step_counts(const TrafficCount& c) {
  StepCounts s;
  s.global_loads = c.tile_loads + c.taps_global + c.filter_loads;
  s.shared_reads = c.taps_shared + c.taps_ghost_shared;
  s.flops = c.flops;
  s.stores = c.outputs;
  return s;
}

BlockStep& BlockTimeline::add(StepKind kind, std::string what) {
  // At a barrier every thread of the block waits; in the other steps the builder says who works.
  const std::uint8_t all = kind == StepKind::barrier;
  BlockStep s{kind, std::move(what), std::vector<std::uint8_t>(std::size_t(threads_x) * threads_y, all), {}, -1};
  if (!steps.empty()) s.counts = steps.back().counts;
  if (kind == StepKind::barrier) barrier = int(steps.size());
  steps.push_back(std::move(s));
  return steps.back();
}

void BlockTimeline::shared_tile(int sx, int sy) {
  slots_x = sx, slots_y = sy;
  writes.assign(std::size_t(sx) * sy, {});
}

SlotFill BlockTimeline::slot(int sx, int sy, int step) const {
  SlotFill held;
  for (const SlotFill& w : writes[std::size_t(sy) * slots_x + sx])
    if (w.step <= step) held = w;
  return held;
}

void BlockTimeline::store(int slot, int thread, bool ghost, bool from_global) {
  BlockStep& now = steps.back();
  writes[std::size_t(slot)].push_back(SlotFill{int(steps.size()) - 1, thread, ghost});
  now.active[std::size_t(thread)] = 1;
  now.counts.global_loads += from_global && !ghost;
}

}  // namespace tilescope
