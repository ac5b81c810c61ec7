#pragma once
// A pattern's strategy catalogue: what a reader is told about each strategy, kept as prose in
// kernels/<pattern>/strategies.md and built in (CMake embeds the file as a string; see
// tilescope_embed_text in kernels/CMakeLists.txt). The format, read strictly:
//
//   ## name: display name        one section per strategy, in the enum's order
//   - book: reference            required
//   - tile: N                    required: the default --tile
//   - filter: constant memory    optional: the weights live in __constant__ memory
//   - no step-through: why       optional: what its kernel does that the step-through cannot show
//                                (a blank line)
//   explanation                  lines joined by spaces; a blank line starts a new paragraph
//
// Text before the first section is for readers of the file only. A catalogue that breaks the
// format is a build defect: reading it throws std::logic_error naming the line
// (tests/common/test_strategy_table.cpp reads every pattern's).
#include <string>
#include <string_view>
#include <vector>

namespace tilescope {

struct CatalogueEntry {
  std::string name, display_name, book_ref, explanation;
  bool filter_in_constant_memory = false;
  int default_tile = 0;
  std::string no_steps = {};  // empty: it has a step-through
};

std::vector<CatalogueEntry> read_strategy_catalogue(std::string_view markdown);

}  // namespace tilescope
