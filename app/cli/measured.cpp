#include "app/cli/measured.hpp"

#include <cstdio>
#include <exception>
#include <memory>

namespace tilescope::cli {

CounterReading measure_on_cuda(const std::function<void(Backend& cuda)>& run, GpuTurn turn) {
  if (!cuda_compiled()) return measure_counters([] {});  // says that this build has no CUDA
  try {
    const std::unique_ptr<Backend> cuda = make_cuda_backend();
    return counters_of_run([&] { run(*cuda); }, turn);
  } catch (const std::exception& e) {  // the model's other figures stand without the counters
    return {std::nullopt, e.what()};
  }
}

nlohmann::json measured_json(const MemoryCounters& c, double flops) {
  return {
      {"dram_read_bytes", c.dram_read_bytes},
      {"dram_write_bytes", c.dram_write_bytes},
      {"l2_hit_pct", c.l2_hit_pct},
      {"l1_hit_pct", c.l1_hit_pct},
      {"bank_conflicts", c.bank_conflicts},
      {"opb_dram", c.opb_dram(flops)},
      {"l2_read_bytes", c.l2_read_bytes},
      {"global_load_bytes_measured", c.global_load_bytes},
      {"global_load_requests", c.global_load_requests},
      {"shared_load_requests", c.shared_load_requests},
      {"instructions", c.instructions},
      {"achieved_occupancy_pct", c.achieved_occupancy_pct},
  };
}

void print_measured(const CounterReading& r, double flops) {
  if (!r.counters) return print_why_not_measured(r.why_not);
  const MemoryCounters& c = *r.counters;
  std::printf("  measured %.2f OP/B  = flops / %.0f B read from DRAM (one launch on this GPU, L2 flushed first)\n",
              c.opb_dram(flops), c.dram_read_bytes);
  std::printf("           DRAM written %.0f B; L1 hit %.1f%%, L2 hit %.1f%%; %.0f shared-memory bank conflicts\n",
              c.dram_write_bytes, c.l1_hit_pct, c.l2_hit_pct, c.bank_conflicts);
  std::printf("           %.0f global load requests (warp instructions), %.0f B issued to L1, %.0f B from L2\n",
              c.global_load_requests, c.global_load_bytes, c.l2_read_bytes);
}

void print_why_not_measured(const std::string& why_not) {
  std::fprintf(stderr, "tilescope: no measured counters: %s\n", why_not.c_str());
}

}  // namespace tilescope::cli
