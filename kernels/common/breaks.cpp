#include "kernels/common/breaks.hpp"

#include <iterator>

#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

constexpr BreakInfo kBreaks[] = {
    {Break::no_barrier, "no_barrier",
     "no barrier between load and compute (a race, emulated: each warp computes before later warps load)"},
    {Break::no_halo, "no_halo", "the halo cells are not loaded: their shared slots keep NaN"},
    {Break::no_ghost_zero, "no_ghost_zero", "ghost cells are not zeroed: they take the nearest edge value"},
    {Break::idle_threads_write, "idle_threads_write",
     "the threads that only load also store the value they loaded, over the neighbouring block's output"},
    {Break::origin_off_by_one, "origin_off_by_one", "the input tile is loaded from one element past its origin"},
};

}  // namespace

const BreakInfo* breaks(int& count) {
  count = int(std::size(kBreaks));
  return kBreaks;
}

const BreakInfo& break_info(Break bug) {
  for (const auto& b : kBreaks)
    if (b.bug == bug) return b;
  throw InvalidInput("no bug: the kernel is not broken");
}

const std::string& break_names() {
  static const std::string names = [] {
    std::string s;
    for (const auto& b : kBreaks) s += (s.empty() ? "" : ", ") + std::string(b.name);
    return s;
  }();
  return names;
}

Break parse_break(std::string_view name) {
  for (const auto& b : kBreaks)
    if (b.name == name) return b.bug;
  throw InvalidInput("unknown --break '" + std::string(name) + "': available: " + break_names());
}

}  // namespace tilescope
