// tilescope model --pattern stencil3d: the book's model, the exact count and the launch.
#include <cstdio>
#include <string>

#include "app/cli/model.hpp"
#include "app/stencil3d/cli.hpp"
#include "kernels/common/traffic.hpp"
#include "kernels/stencil3d/geometry.hpp"

namespace tilescope::cli {
namespace {

// " fusing S steps each at most (halo S k cells, output tile X x Y of 64 x 64)": the fused block's
// tiles as its geometry has them (TemporalTiling).
std::string temporal_launch_note(int order, int fused) {
  const TemporalTiling t{order, fused, 1};
  return " fusing " + std::to_string(fused) + " steps each at most (halo " + std::to_string(t.halo()) +
         " cells, output tile " + std::to_string(t.axis(0).out_tile_dim()) + " x " +
         std::to_string(t.axis(1).out_tile_dim()) + " of " + std::to_string(t.axis(0).in_tile_dim()) + " x " +
         std::to_string(t.axis(1).in_tile_dim()) + ")";
}

}  // namespace

// What `model` prints and emits for stencil3d, as app/cli/model.hpp asks.
template <>
struct ModelGlue<Stencil3dPattern> : Stencil3dCli, NoModelExtra {
  static constexpr bool kAllIsDefault = false;
  static void print_table_foot(const Params&) {}

  static nlohmann::json model_json_fields(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const Stencil3dLaunch& l = m.launch;
    return {
        {"order", p.order},
        {"points", p.points()},
        {"size", {p.width, p.height, p.depth}},
        {"opb_model", m.book.opb_model},
        {"opb_bound", m.book.opb_bound},
        {"opb_model_formula", m.book.formula},
        {"halo_fraction", m.book.halo_fraction()},
        {"in_tile_cells", m.book.in_tile_cells},
        {"out_tile_cells", m.book.out_tile_cells},
        {"opb_counted", m.count.opb()},
        {"flops", m.count.flops},
        {"global_load_bytes", m.count.global_load_bytes()},
        {"outputs", m.count.outputs},
        {"interior_outputs", m.count.interior_outputs},
        {"ghost_loads_skipped", m.count.ghost_loads_skipped},
        {"grid", {l.grid.x, l.grid.y, l.grid.z}},
        {"block", {l.block.x, l.block.y, l.block.z}},
        {"threads_per_block", l.threads_per_block},
        {"active_threads_per_block", l.active_threads_per_block},
        {"out_planes_per_block", l.out_planes_per_block},
        {"threads_launched", l.threads_launched},
        {"shared_bytes", l.shared_bytes},
        {"register_planes", l.register_planes},
        {"row_lanes", l.row_lanes},
        {"last_row_lanes", l.last_row_lanes},
        {"last_block_rows", l.last_block_rows},
        {"row_pitch", l.row_pitch},
        {"flat_plane", l.flat},
        {"constant_bytes", l.constant_bytes},
        {"steps", p.steps},
        {"launches", l.passes},
        {"fused_steps", l.fused_steps},
        {"updates", m.count.updates},
        {"redundant_updates", m.count.redundant_updates},
        {"load_bytes_per_step", m.count.load_bytes_per_step()},
        {"model_load_bytes_per_output_step", m.book.load_bytes_per_step()},
        {"model_updates", m.book.updates},
        {"model_redundant_updates", m.book.redundant_updates},
    };
  }

  // model --measure: the DRAM bytes the counters saw, per step of the run (--steps K).
  static void measured_extra(const ModelRecord<ModelGlue>& m, const MemoryCounters& c, nlohmann::json* json) {
    const int k = m.p.steps;
    const double read = c.dram_read_bytes / k, written = c.dram_write_bytes / k;
    if (json) {
      (*json)["dram_read_bytes_per_step"] = read;
      (*json)["dram_write_bytes_per_step"] = written;
      return;
    }
    std::printf("  per step DRAM %.1f MB read, %.1f MB written (%d steps; a sweep moves the grid's %.1f MB each way)\n",
                read * 1e-6, written * 1e-6, k, 4e-6 * double(m.p.cells()));
  }

  static void print_model_lines(const ModelRecord<ModelGlue>& m) {
    const Params& p = m.p;
    const Stencil3dModel& b = m.book;
    const Stencil3dLaunch& l = m.launch;
    std::printf("  order %d (%d points, %d ops per output), tile %d, grid %dx%dx%d\n", p.order, p.points(),
                p.ops_per_output(), p.tile, p.width, p.height, p.depth);
    std::printf(
        "  launch   grid %dx%dx%d, block %dx%dx%d = %d threads, %d compute (%.1f%%)%s\n", l.grid.x, l.grid.y, l.grid.z,
        l.block.x, l.block.y, l.block.z, l.threads_per_block, l.active_threads_per_block,
        100.0 * l.active_threads_per_block / l.threads_per_block,
        l.block.z == 1 ? (", marching " + std::to_string(l.out_planes_per_block) + " output planes").c_str() : "");
    std::printf("           shared memory %zu B/block, %d z values in registers per thread\n", l.shared_bytes,
                l.register_planes);
    if (l.flat)
      std::printf(
          "           a flattened plane: rows dense (%d floats apart), each plane padded to a float4; a block owns\n"
          "           1024 consecutive cells of a plane, a thread 4 (a float4 may hold the end of one row and the\n"
          "           start of the next), its y neighbours o rows away as 1 or 2 float4s\n",
          p.width);
    if (l.row_lanes) {  // fast
      auto rows = [&](int lanes) {
        return "rows of " + std::to_string(lanes) + (lanes > 1 ? " lanes, " : " lane, ") +
               std::to_string(l.threads_per_block / lanes) + " per block";
      };
      std::string last;
      if (l.last_row_lanes != l.row_lanes)
        last = "; the last column folds into " + rows(l.last_row_lanes) + " (" + std::to_string(l.last_block_rows) +
               " of the grid's " + std::to_string(l.grid.y) + " block rows run there)";
      std::printf("           %s%s\n", rows(l.row_lanes).c_str(), last.c_str());
      if (l.row_pitch > float4_row_pitch(p.width))
        std::printf(
            "           rows %d floats apart on CUDA (128-byte lines: fast_row_pitch); the lanes whose float4 is\n"
            "           past a row's %d cells load and store nothing\n",
            l.row_pitch, p.width);
    }
    if (p.steps > 1 || l.fused_steps > 1)
      std::printf("  steps    %d per run: %d launch%s%s\n", p.steps, l.passes, l.passes > 1 ? "es" : "",
                  p.strategy == Stencil3dStrategy::temporal ? temporal_launch_note(p.order, l.fused_steps).c_str()
                                                            : ", one sweep each");
    if (b.updates)
      std::printf(
          "  model    %.2f B loaded per output per step; %lld stencil updates per block, %lld (%.0f%%) "
          "redundant\n",
          b.load_bytes_per_step(), static_cast<long long>(b.updates), static_cast<long long>(b.redundant_updates),
          100.0 * double(b.redundant_updates) / double(b.updates));
    std::printf("  book     %.2f OP/B  (%s)\n", book_round(b.opb_model), b.formula.c_str());
    std::printf("  bound    %.2f OP/B  (T -> infinity)\n", book_round(b.opb_bound));
    if (b.in_tile_cells)
      std::printf("  halo     %lld of %lld input-tile cells (%.0f%%) are loaded but not computed\n",
                  static_cast<long long>(b.in_tile_cells - b.out_tile_cells), static_cast<long long>(b.in_tile_cells),
                  100 * b.halo_fraction());
    std::printf("  counted  %.2f OP/B  = %lld flops / %lld B of global loads, whole grid\n", book_round(m.count.opb()),
                static_cast<long long>(m.count.flops), static_cast<long long>(m.count.global_load_bytes()));
    if (p.steps > 1)
      std::printf("  per step %.1f MB of global loads, %lld updates (%lld redundant)\n",
                  m.count.load_bytes_per_step() * 1e-6, static_cast<long long>(m.count.updates / p.steps),
                  static_cast<long long>(m.count.redundant_updates / p.steps));
    std::printf("  (ops = 2 x points - 1 per interior output; bytes = 4 x global loads issued; boundary cells copy)\n");
  }

  static void print_table_head(const Params& base, const PatternOptions&) {
    std::printf("stencil3d, order %d (%d points), grid %dx%dx%d, each strategy at its tile\n", base.order,
                base.points(), base.width, base.height, base.depth);
    std::printf("%-15s %-16s %5s %9s %9s %9s %8s %9s\n", "strategy", "book", "tile", "model", "bound", "counted",
                "halo", "shared B");
  }

  static void print_table_row(Params p, const PatternOptions&) {
    p.tile = default_tile_of<Stencil3dCli>(p);
    const StrategyInfo& i = info(p.strategy);
    if (auto why = problem(p)) {
      std::printf("%-15s %-16s cannot run: %s\n", i.name.data(), i.book_ref.data(), why->c_str());
      return;
    }
    const Book b = book(p);
    std::printf("%-15s %-16s %5d %9.2f %9.2f %9.2f %7.0f%% %9zu\n", i.name.data(), i.book_ref.data(), p.tile,
                book_round(b.opb_model), book_round(b.opb_bound), book_round(count(p).opb()), 100 * b.halo_fraction(),
                launch(p).shared_bytes);
  }
};

template void PatternCli<Stencil3dPattern>::model(const PatternOptions&, bool);
template nlohmann::json PatternCli<Stencil3dPattern>::model_json(const PatternOptions&);

}  // namespace tilescope::cli
