#pragma once
// One table describing every stencil3d strategy: name, book reference, explanation.
#include <optional>
#include <string_view>

#include "kernels/stencil3d/params.hpp"

namespace tilescope {

struct Stencil3dStrategyInfo {
  Stencil3dStrategy id;
  std::string_view name;          // command-line id, e.g. "register_tiled"
  std::string_view display_name;  // e.g. "Register tiling"
  std::string_view book_ref;      // e.g. "PMPP 8.5"
  std::string_view explanation;   // one paragraph for the UI and --help
};

// All stencil3d strategies in book order.
const Stencil3dStrategyInfo* stencil3d_strategies();
const Stencil3dStrategyInfo& stencil3d_strategy_info(Stencil3dStrategy s);
std::optional<Stencil3dStrategy> parse_stencil3d_strategy(std::string_view name);
const char* stencil3d_strategy_names();  // "basic, tiled, ..." for messages

}  // namespace tilescope
