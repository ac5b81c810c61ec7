#pragma once
// One table describing every strategy: name, book reference, explanation, parameter ranges.
#include <optional>
#include <string_view>

#include "kernels/conv2d/params.hpp"

namespace tilescope {

struct StrategyInfo {
  Conv2dStrategy id;
  std::string_view name;          // command-line id, e.g. "tiled_in"
  std::string_view display_name;  // e.g. "Tiled, block = input tile"
  std::string_view book_ref;      // e.g. "PMPP Fig 7.12"
  std::string_view explanation;   // one paragraph for the UI and --help
  bool filter_in_constant_memory;
  int default_tile;  // --tile when none is given: 32 for the book's, 16 x 16 threads for fast
                    // (sliding: see default_tile(s, r))
};

// All conv2d strategies in book order.
const StrategyInfo* conv2d_strategies();
const StrategyInfo& strategy_info(Conv2dStrategy s);
// The tile a strategy runs with at radius r when the user names none (the CLI's --tile, the
// app's reset); only sliding's depends on r.
int default_tile(Conv2dStrategy s, int r);
std::optional<Conv2dStrategy> parse_conv2d_strategy(std::string_view name);
// "basic, const_mem, ..." for messages.
const char* conv2d_strategy_names();

}  // namespace tilescope
