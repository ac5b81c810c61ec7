#include "app/cli/traffic_report.hpp"

#include <cstdio>

namespace tilescope::cli {
namespace {

nlohmann::json traffic_json(const BookModel& book, const TrafficCount& c) {
  nlohmann::json j = {
      {"opb_model", book.opb_model},
      {"opb_bound", book.opb_bound},
      {"opb_model_formula", book.formula},
      {"opb_counted", c.opb()},
      {"flops", c.flops},
      {"global_load_bytes", c.global_load_bytes},
      {"outputs", c.outputs},
      {"tile_loads", c.tile_loads},
      {"taps_shared", c.taps_shared},
      {"taps_global", c.taps_global},
      {"taps_ghost_shared", c.taps_ghost_shared},
      {"taps_ghost_skipped", c.taps_ghost_skipped},
      {"filter_loads", c.filter_loads},
  };
  if (book.opb_l2_halo) j["opb_l2_halo"] = *book.opb_l2_halo;
  return j;
}

nlohmann::json launch_json(const LaunchGeometry& l) {
  return {{"threads_launched", l.threads_launched},
          {"in_tile", l.in_tile_dim},
          {"out_tile", l.out_tile_dim},
          {"shared_bytes", l.shared_bytes},
          {"constant_bytes", l.constant_bytes}};
}

}  // namespace

nlohmann::json convolution_json(nlohmann::json fields, const LaunchGeometry& l, const BookModel& book,
                                const TrafficCount& c) {
  fields.update(launch_json(l));
  fields.update(traffic_json(book, c));
  return fields;
}

void print_traffic(const BookModel& book, const TrafficCount& c, const char* grows, const char* whole) {
  std::printf("  book     %.2f OP/B  (%s)\n", book_round(book.opb_model), book.formula.c_str());
  std::printf("  bound    %.2f OP/B  (%s -> infinity)\n", book_round(book.opb_bound), grows);
  if (book.opb_l2_halo)
    std::printf("  L2 halo  %.2f OP/B  (DRAM only, if every halo read hits L2)\n", book_round(*book.opb_l2_halo));
  std::printf("  counted  %.2f OP/B  = %lld flops / %lld B of global loads, whole %s\n", book_round(c.opb()),
              static_cast<long long>(c.flops), static_cast<long long>(c.global_load_bytes), whole);
  std::printf("           taps: %lld shared, %lld global, %lld ghost zeros in shared, %lld ghost skipped\n",
              static_cast<long long>(c.taps_shared), static_cast<long long>(c.taps_global),
              static_cast<long long>(c.taps_ghost_shared), static_cast<long long>(c.taps_ghost_skipped));
  std::printf("  (2 ops per tap; bytes = 4 x global loads issued, stores and constant reads excluded)\n");
}

void print_opb_footnote(const char* whole) {
  std::printf(
      "OP/B: 2 ops per tap / 4 B per global load issued (PMPP's convention); model = interior block,\n"
      "counted = every block of this %s (ghost cells are not loaded).\n",
      whole);
}

}  // namespace tilescope::cli
