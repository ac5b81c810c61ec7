#pragma once
// The conv1d strategy table: name, book reference, explanation.
#include <optional>
#include <string_view>

#include "kernels/conv1d/params.hpp"

namespace tilescope {

struct Conv1dStrategyInfo {
  Conv1dStrategy id;
  std::string_view name;          // command-line id, e.g. "cached_halo"
  std::string_view display_name;  // e.g. "Tiled, halo through L2"
  std::string_view book_ref;      // e.g. "PMPP 3rd ed. 7.5"
  std::string_view explanation;   // one paragraph for the UI and --help
  bool filter_in_constant_memory;
};

// All conv1d strategies in book order.
const Conv1dStrategyInfo* conv1d_strategies();
const Conv1dStrategyInfo& strategy_info(Conv1dStrategy s);
std::optional<Conv1dStrategy> parse_conv1d_strategy(std::string_view name);
// "basic, const_mem, tiled, cached_halo, fast" for messages.
const char* conv1d_strategy_names();

}  // namespace tilescope
