#include "app/cli/bench_report.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "app/cli/measured.hpp"
#include "app/io/atomic_file.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/tolerance.hpp"

namespace tilescope::cli {
namespace {

const std::string& name_of(const BenchRow& row) { return row.peer.empty() ? row.strategy : row.peer; }
std::string or_dash(std::optional<int> v) { return v ? std::to_string(*v) : "-"; }
bool correct(const BenchRow& row) { return within_tolerance(row.max_abs_err, row.tolerance); }

struct Derived {
  double gbs, gflops, pct_copy, pct_fp32;
};
Derived derive(const BenchRow& row, const DevicePeaks& peaks) {
  const double ms = row.time.median;
  const double gflops = row.flops / ms * 1e-6;
  return {row.bytes / ms * 1e-6, gflops, 100.0 * row.copy_ms / ms,
          peaks.fp32_gflops > 0 ? 100.0 * gflops / peaks.fp32_gflops : 0.0};
}

nlohmann::json optional_json(std::optional<int> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

}  // namespace

BenchReport::BenchReport(std::string pattern, std::string size, const Backend& backend, const BenchSettings& settings,
                         int rows)
    : pattern_(std::move(pattern)),
      size_(std::move(size)),
      device_(backend.description()),
      settings_(settings),
      peaks_(backend.peaks()),
      rows_(rows),
      counting_(settings.counters && backend.name() == "cuda") {
  if (!settings.json.empty()) io::check_writable(settings.json);  // before the run, not after it
  std::string why_not = "the CPU backend has no GPU clock or power";
  if (const std::string id = backend.pci_bus_id(); !id.empty()) power_ = PowerMonitor::open(id, why_not);
  std::printf("bench %s %s on %s: median and min of %d timed runs after one warm-up\n", pattern_.c_str(), size_.c_str(),
              device_.c_str(), settings.reps);
  if (peaks_.fp32_gflops > 0)
    std::printf("FP32 peak %.0f GFLOP/s (SMs x FP32 lanes x 2 x SM clock)\n", peaks_.fp32_gflops);
  if (power_)
    std::printf("GPU clock and power: NVML, sampled every 5 ms over %s (power limit %.0f W)\n",
                settings.sustain_s > 0 ? "each strategy's --sustain window" : "each row's burst",
                power_->power_limit_w());
  else
    std::printf("GPU clock and power: not read (%s)\n", why_not.c_str());
  std::printf("%-22s %6s %4s %10s %10s %9s %9s %6s %6s %10s %s\n", "strategy / peer", "radius", "tile", "median ms",
              "min ms", "GB/s*", "GFLOP/s", "%copy", "%FP32", "max |err|", "");
  std::fflush(stdout);
}

void BenchReport::progress(const std::string& what) {
  if (!isatty(STDERR_FILENO)) return;
  std::fprintf(stderr, "\r\033[K[%d/%d] %s %s ...", done_ + 1, rows_, pattern_.c_str(), what.c_str());
  std::fflush(stderr);
}

void BenchReport::add(const BenchRow& row) {
  ++done_;
  const Derived d = derive(row, peaks_);
  all_correct_ &= correct(row);
  if (isatty(STDERR_FILENO)) std::fprintf(stderr, "\r\033[K");
  std::printf("%-22s %6s %4s %10.4f %10.4f %9.1f %9.1f %6.1f %6.1f %10.3g %s", name_of(row).substr(0, 22).c_str(),
              or_dash(row.radius).c_str(), or_dash(row.tile).c_str(), row.time.median, row.time.min, d.gbs, d.gflops,
              d.pct_copy, d.pct_fp32, row.max_abs_err, correct(row) ? "ok" : "WRONG");
  if (row.yardstick_ms) std::printf("  book %.4f ms (x%.2f)", *row.yardstick_ms, row.time.median / *row.yardstick_ms);
  if (row.padded) {  // three decimals where two would read x1.00 (1921 -> 1924: x1.002)
    const double factor = double(row.padded->moved) / row.padded->cells;
    std::printf("  rows %d->%d floats", row.padded->cells, row.padded->pitch);
    if (row.padded->moved > row.padded->cells)
      std::printf(": moves x%.*f the copy's bytes", factor < 1.005 ? 3 : 2, factor);
  }
  if (row.slices > 1) std::printf("  split-K %d", row.slices);
  if (row.steps > 1)
    std::printf("  %d steps: %.4f ms a step, %.2fx the copy", row.steps, row.time.median / row.steps,
                row.time.median / row.steps / row.copy_ms);
  if (row.sustained) std::printf("  sustained %.4f ms", row.sustained->median);
  if (row.counters)
    std::printf("  DRAM %.1f/%.1f MB L1 %.1f%% L2 %.1f%% conflicts %.0f OP/B(DRAM) %.2f",
                row.counters->dram_read_bytes * 1e-6, row.counters->dram_write_bytes * 1e-6, row.counters->l1_hit_pct,
                row.counters->l2_hit_pct, row.counters->bank_conflicts, row.counters->opb_dram(row.flops));
  if (row.power && row.power->samples > 0)
    std::printf("  %.0f MHz %.0f W%s", row.power->sm_clock_mhz, row.power->power_w,
                row.power->power_capped() ? " CAPPED" : "");
  std::printf("\n");
  std::fflush(stdout);
  measured_.push_back(row);
}

void BenchReport::counters_unavailable(const std::string& why_not) {
  print_why_not_measured(why_not);
  counting_ = false;
}

void BenchReport::skip(const std::string& name, std::optional<int> radius, const std::string& why) {
  ++done_;
  if (isatty(STDERR_FILENO)) std::fprintf(stderr, "\r\033[K");
  std::printf("%-22s %6s  cannot run: %s\n", name.substr(0, 22).c_str(), or_dash(radius).c_str(), why.c_str());
}

bool BenchReport::finish() {
  std::printf(
      "* GB/s counts the compulsory bytes (every input read once, the output written once); %%copy is the\n"
      "  time of a device-to-device copy of those bytes in this run over the row's median time.\n"
      "  max |err| is against the CPU reference: ok when within the float32 tolerance of a reordered sum.\n");
  if (std::any_of(measured_.begin(), measured_.end(), [](const BenchRow& r) { return r.padded.has_value(); }))
    std::printf(
        "  rows W->P floats: the strategy keeps each row of W cells P floats apart (every row float4-aligned; on\n"
        "  big planes the rows may start 128 bytes apart) and moves the padding in each row's last float4\n"
        "  too: the bytes of W rounded up to 4 cells, xN those the copy moves. %%copy and GB/s count the grid's own\n"
        "  bytes.\n");
  if (power_)
    std::printf(
        "  MHz and W: NVML's SM clock and board power, mean of its samples over the window; CAPPED: the power\n"
        "  limit held the clocks down in at least half of them. The driver averages board power over up to a\n"
        "  second, so a burst of a few milliseconds mostly shows the second before it: --sustain 2 gives the\n"
        "  kernel's own power and energy. Energy per run (JSON, --sustain only: the board's energy counter\n"
        "  moves in steps too coarse for a burst) includes the output poisoning between runs.\n");
  if (counting_)
    std::printf(
        "  DRAM read/written MB, L1 and L2 hit rates, shared-memory bank conflicts: the GPU's counters (CUPTI) in one\n"
        "  more launch after the timed ones, L2 flushed before it; OP/B(DRAM) = flops / DRAM bytes read.\n");
  if (!settings_.json.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const BenchRow& row : measured_) {
      const Derived d = derive(row, peaks_);
      nlohmann::json j = {
          {"pattern", pattern_},
          {"radius", optional_json(row.radius)},
          {"size", size_},
          {"tile", optional_json(row.tile)},
          {"median_ms", row.time.median},
          {"min_ms", row.time.min},
          {"copy_ms", row.copy_ms},
          {"reps", settings_.reps},
          {"bytes", row.bytes},
          {"flops", row.flops},
          {"gb_s", d.gbs},
          {"gflop_s", d.gflops},
          {"pct_copy", d.pct_copy},
          {"pct_fp32", d.pct_fp32},
          {"fp32_peak_gflop_s", peaks_.fp32_gflops},
          {"max_abs_err", std::isfinite(row.max_abs_err) ? nlohmann::json(row.max_abs_err) : nlohmann::json(nullptr)},
          {"tolerance", row.tolerance},
          {"correct", correct(row)},
          {"device", device_}};
      if (row.yardstick_ms) j["yardstick_ms"] = *row.yardstick_ms;
      if (row.padded) j["row_pitch"] = row.padded->pitch, j["row_floats_moved"] = row.padded->moved;
      if (row.counters) j.update(measured_json(*row.counters, row.flops));
      if (row.sustained) j["sustained_ms"] = row.sustained->median;
      if (row.power && row.power->samples > 0) {
        j["sm_clock_mhz"] = row.power->sm_clock_mhz;
        j["power_w"] = row.power->power_w;
        j["power_capped"] = row.power->power_capped();
        j["power_capped_pct"] = row.power->power_capped_pct;
        // The board's energy counter moves in steps of tens of milliseconds: a burst's difference is
        // no measure of it, so only a --sustain window gives energy.
        j["energy_mj"] = row.sustained && row.power_runs > 0 ? nlohmann::json(row.power->energy_mj / row.power_runs)
                                                             : nlohmann::json(nullptr);
        j["power_window"] = row.sustained ? "sustained" : "burst";
      }
      if (row.slices > 1) j["slices"] = row.slices;
      j["steps"] = row.steps;
      j["ms_per_step"] = row.time.median / row.steps;
      if (row.peer.empty())
        j["strategy"] = row.strategy;
      else
        j["peer"] = row.peer, j["note"] = row.note;
      rows.push_back(std::move(j));
    }
    const std::string text = rows.dump(1) + "\n";
    io::write_atomically(settings_.json,
                         [&](std::FILE* f) { return std::fwrite(text.data(), 1, text.size(), f) == text.size(); });
    std::printf("wrote %zu rows to %s\n", measured_.size(), settings_.json.c_str());
  }
  return all_correct_;
}

BenchStart start_bench(const PatternOptions& o, const char* gpu_size, const char* cpu_size) {
  BackendChoice choice = choose_backend(o.backend);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  PatternOptions options = o;
  if (options.strategy == "all") options.strategy.clear();
  if (options.size.empty()) options.size = choice.backend->name() == "cuda" ? gpu_size : cpu_size;
  return {std::move(choice.backend), options};
}

void add_strategy_row(BenchReport& report, BenchRow row, const std::string& name, std::optional<int> tile,
                      const std::optional<std::string>& problem, const std::function<std::vector<double>()>& run,
                      const std::function<double()>& error,
                      const std::function<std::optional<std::vector<double>>()>& yardstick,
                      const std::function<CounterReading()>& counters) {
  if (problem) {
    report.skip(name, row.radius, *problem);
    return;
  }
  report.progress(name + (row.radius ? " r=" + std::to_string(*row.radius) : ""));
  row.strategy = name;
  row.tile = tile;
  {
    std::optional<PowerRecorder> recorder;
    if (report.power()) recorder.emplace(*report.power());
    const std::vector<double> ms = run();
    row.time = summarize(ms);
    if (recorder) row.power = recorder->finish(), row.power_runs = int(ms.size());
  }
  row.max_abs_err = error();
  if (report.sustain_s() > 0) {  // back-to-back bursts until the window is over
    std::optional<PowerRecorder> recorder;
    if (report.power()) recorder.emplace(*report.power());
    std::vector<double> ms;
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < report.sustain_s()) {
      const std::vector<double> burst = run();
      ms.insert(ms.end(), burst.begin(), burst.end());
    }
    row.sustained = summarize(ms);
    if (recorder) row.power = recorder->finish(), row.power_runs = int(ms.size());
  }
  if (yardstick)
    if (auto book = yardstick()) row.yardstick_ms = summarize(*book).median;
  if (counters && report.counting()) {
    CounterReading reading = counters();
    if (reading.counters)
      row.counters = reading.counters;
    else
      report.counters_unavailable(reading.why_not);
  }
  report.add(row);
}

std::vector<float> bench_input(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (float& x : v) x = uniform(rng);
  return v;
}

double copy_median_ms(const Backend& backend, double traffic, int reps) {
  return summarize(backend.time_copy(std::size_t(traffic / 2), reps + 1)).median;
}

}  // namespace tilescope::cli
