// The strategy table every pattern shares: rows in enum order, names parsed and listed from the
// rows, default tiles and radius limits that agree with the launch validation, no timings.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "kernels/conv1d/model.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/model.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/strategies.hpp"
#include "kernels/stencil3d/geometry.hpp"
#include "kernels/stencil3d/model.hpp"
#include "kernels/stencil3d/strategies.hpp"

using namespace tilescope;

namespace {

template <typename Strategy>
void expect_rows_in_enum_order_and_parsed_back(int count) {
  const StrategyTable<Strategy> table = strategy_table<Strategy>();
  ASSERT_EQ(table.size(), count);
  for (int i = 0; i < count; ++i) {
    EXPECT_EQ(static_cast<int>(table[i].id), i);
    EXPECT_EQ(&strategy_info(table[i].id), &table[i]);
    EXPECT_EQ(parse_strategy<Strategy>(table[i].name), table[i].id);
  }
  EXPECT_FALSE(parse_strategy<Strategy>("no_such_strategy"));
  EXPECT_FALSE(parse_strategy<Strategy>(""));
}

}  // namespace

TEST(StrategyTable, EveryPatternListsItsRowsInEnumOrderAndParsesTheirNames) {
  expect_rows_in_enum_order_and_parsed_back<Conv1dStrategy>(kConv1dStrategyCount);
  expect_rows_in_enum_order_and_parsed_back<Conv2dStrategy>(kConv2dStrategyCount);
  expect_rows_in_enum_order_and_parsed_back<Stencil3dStrategy>(kStencil3dStrategyCount);
  expect_rows_in_enum_order_and_parsed_back<MatmulStrategy>(kMatmulStrategyCount);
}

TEST(StrategyTable, NamesForMessagesAreTheRowsInBookOrder) {
  EXPECT_EQ(strategy_names<Conv1dStrategy>(), "basic, const_mem, tiled, cached_halo, fast");
  EXPECT_EQ(strategy_names<Conv2dStrategy>(),
            "basic, const_mem, tiled_in, tiled_out, cached_halo, fast, sliding, separable");
  EXPECT_EQ(strategy_names<Stencil3dStrategy>(), "basic, tiled, coarsened, register_tiled, fast, temporal");
  EXPECT_EQ(strategy_names<MatmulStrategy>(), "naive, tiled, fast");
}

TEST(StrategyTable, DefaultTilesAreTheBooksSlidingsAndFastsFollowTheRadius) {
  for (const auto& info : strategy_table<Conv1dStrategy>()) EXPECT_EQ(default_tile(info.id, 2), Conv1dParams{}.tile);
  EXPECT_EQ(default_tile(Conv2dStrategy::tiled_in, 2), 32);
  EXPECT_EQ(default_tile(Conv2dStrategy::fast, 5), 16);
  EXPECT_EQ(default_tile(Conv2dStrategy::sliding, 1), sliding_default_strip(1));
  EXPECT_EQ(default_tile(Conv2dStrategy::sliding, 3), sliding_default_strip(3));
  EXPECT_EQ(default_tile(Stencil3dStrategy::basic, 1), 8);
  EXPECT_EQ(default_tile(Stencil3dStrategy::tiled, 3), 8);
  EXPECT_EQ(default_tile(Stencil3dStrategy::coarsened, 1), 32);
  EXPECT_EQ(default_tile(Stencil3dStrategy::register_tiled, 1), 32);
  for (int k = 1; k <= kMaxStencil3dRadius; ++k)
    EXPECT_EQ(default_tile(Stencil3dStrategy::fast, k), fast_longest_chunk(k)) << "fast's chunk follows the order";
  EXPECT_EQ(default_tile(MatmulStrategy::naive, 0), MatmulParams{}.tile);
  EXPECT_EQ(default_tile(MatmulStrategy::tiled, 0), MatmulParams{}.tile);
  EXPECT_EQ(default_tile(MatmulStrategy::fast, 0), kMatmulFastNarrowTile);  // its block tile's width
}

TEST(StrategyTable, EveryStrategyRunsUpToItsRowsMaxRadiusAndNoFurther) {
  for (const auto& info : strategy_table<Conv1dStrategy>()) {
    const int r = info.max_radius, tile = default_tile(info.id, r);
    EXPECT_FALSE(launch_problem(Conv1dParams{info.id, r, tile, 4096})) << info.name;
    EXPECT_TRUE(launch_problem(Conv1dParams{info.id, r + 1, tile, 4096})) << info.name;
  }
  for (const auto& info : strategy_table<Conv2dStrategy>()) {
    const int r = info.max_radius;
    EXPECT_FALSE(launch_problem(Conv2dParams{info.id, r, default_tile(info.id, r), 256, 256})) << info.name;
    EXPECT_TRUE(launch_problem(Conv2dParams{info.id, r + 1, default_tile(info.id, r + 1), 256, 256})) << info.name;
  }
  for (const auto& info : strategy_table<Stencil3dStrategy>()) {
    Stencil3dParams p;
    p.strategy = info.id, p.width = p.height = p.depth = 64;
    p.order = info.max_radius, p.tile = default_tile(info.id, p.order);
    EXPECT_FALSE(launch_problem(p)) << info.name;
    ++p.order;
    EXPECT_TRUE(launch_problem(p)) << info.name;
  }
}

TEST(StrategyTable, ExplanationsQuoteNoTimings) {
  auto expect_no_timings = [](std::string_view name, std::string_view text) {
    for (const char* stale : {" ms", "H200", "TFLOP/s", "Measured on", "Measured at"})
      EXPECT_EQ(text.find(stale), std::string_view::npos) << name << " quotes '" << stale << "'";
  };
  for (const auto& info : strategy_table<Conv1dStrategy>()) expect_no_timings(info.name, info.explanation);
  for (const auto& info : strategy_table<Conv2dStrategy>()) expect_no_timings(info.name, info.explanation);
  for (const auto& info : strategy_table<Stencil3dStrategy>()) expect_no_timings(info.name, info.explanation);
  for (const auto& info : strategy_table<MatmulStrategy>()) expect_no_timings(info.name, info.explanation);
}

// The names of the enumerators given, as the table has them.
template <typename Strategy>
std::string names_of(std::initializer_list<Strategy> strategies) {
  std::string names;
  for (Strategy s : strategies) names += (names.empty() ? "" : " ") + strategy_info(s).name;
  return names;
}

TEST(StrategyTable, EachEnumeratorIsTheCatalogueSectionOfItsOwnName) {
  // The kernels dispatch on the enumerator, the reader sees the catalogue: they must be the same strategy.
  using C1 = Conv1dStrategy;
  EXPECT_EQ(names_of({C1::basic, C1::const_mem, C1::tiled, C1::cached_halo, C1::fast}),
            "basic const_mem tiled cached_halo fast");
  using C2 = Conv2dStrategy;
  EXPECT_EQ(names_of({C2::basic, C2::const_mem, C2::tiled_in, C2::tiled_out, C2::cached_halo, C2::fast, C2::sliding}),
            "basic const_mem tiled_in tiled_out cached_halo fast sliding");
  using S3 = Stencil3dStrategy;
  EXPECT_EQ(names_of({S3::basic, S3::tiled, S3::coarsened, S3::register_tiled, S3::fast}),
            "basic tiled coarsened register_tiled fast");
  EXPECT_EQ(names_of({MatmulStrategy::naive, MatmulStrategy::tiled, MatmulStrategy::fast}), "naive tiled fast");
}

TEST(StrategyCatalogue, ReadsSectionsFieldsAndParagraphs) {
  const auto entries = read_strategy_catalogue(
      "# title\n\npreamble, ignored\n\n## a: First one\n- book: Fig 1\n- tile: 32\n\nline one\nline two\n\n"
      "second paragraph\n\n## b: Second: with a colon\n- book: Fig 2\n- tile: 8\n- filter: constant memory\n"
      "- no step-through: computes in registers\n\nb's text\n");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "a");
  EXPECT_EQ(entries[0].display_name, "First one");
  EXPECT_EQ(entries[0].book_ref, "Fig 1");
  EXPECT_EQ(entries[0].default_tile, 32);
  EXPECT_FALSE(entries[0].filter_in_constant_memory);
  EXPECT_EQ(entries[0].explanation, "line one line two\n\nsecond paragraph");
  EXPECT_EQ(entries[1].display_name, "Second: with a colon");
  EXPECT_EQ(entries[1].default_tile, 8);
  EXPECT_TRUE(entries[1].filter_in_constant_memory);
  EXPECT_EQ(entries[0].no_steps, "");
  EXPECT_EQ(entries[1].no_steps, "computes in registers");
  EXPECT_EQ(entries[1].explanation, "b's text");
}

TEST(StrategyCatalogue, RefusesABrokenCatalogueNamingTheLine) {
  auto error_of = [](const char* md) -> std::string {
    try {
      read_strategy_catalogue(md);
    } catch (const std::logic_error& e) {
      return e.what();
    }
    return "(accepted)";
  };
  EXPECT_NE(error_of("no sections at all\n").find("line 1"), std::string::npos);
  EXPECT_NE(error_of("## a: A\n- book: x\n\ntext\n").find("needs"), std::string::npos);  // no tile
  EXPECT_NE(error_of("## a: A\n- book: x\n- tile: 3x\n\ntext\n").find("line 3"), std::string::npos);
  EXPECT_NE(error_of("## a: A\n- book: x\n- size: 3\n").find("unknown field 'size'"), std::string::npos);
  EXPECT_NE(error_of("## a\n").find("line 1"), std::string::npos);
  EXPECT_NE(error_of("## a: A\n- book: x\n- tile: 4\n").find("needs"), std::string::npos);  // no explanation
  EXPECT_THROW(read_strategy_rows<MatmulStrategy>("## a: A\n- book: x\n- tile: 4\n\nt\n", kMatmulStrategyCount, 0),
               std::logic_error);
}
