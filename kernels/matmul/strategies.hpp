#pragma once
// The matmul strategy table: name, book reference, explanation.
#include <optional>
#include <string_view>

#include "kernels/matmul/params.hpp"

namespace tilescope {

struct MatmulStrategyInfo {
  MatmulStrategy id;
  std::string_view name;          // command-line id: "naive", "tiled" or "fast"
  std::string_view display_name;  // e.g. "Tiled (Mds, Nds)"
  std::string_view book_ref;      // e.g. "PMPP Fig 5.13"
  std::string_view explanation;   // one paragraph for the UI and --help
};

const MatmulStrategyInfo* matmul_strategies();
const MatmulStrategyInfo& strategy_info(MatmulStrategy s);
std::optional<MatmulStrategy> parse_matmul_strategy(std::string_view name);
// "naive, tiled, fast" for messages.
const char* matmul_strategy_names();

}  // namespace tilescope
