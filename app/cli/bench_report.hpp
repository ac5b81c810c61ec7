#pragma once
// What `bench` reports for every pattern: one row per strategy or peer and radius, with the
// same run's copy ceiling, as a table on stdout, a progress line on stderr and a JSON list.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/measure.hpp"
#include "app/cli/options.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/counters.hpp"
#include "kernels/common/power.hpp"

namespace tilescope::cli {

// A run's device rows padded past their cells (a float4 strategy on CUDA at a width that is not a
// multiple of 4; stencil3d fast on a big plane: to 128 bytes): the run moves moved / cells times the
// grid's bytes.
struct PaddedRows {
  int cells = 0;  // per row
  int pitch = 0;  // floats between rows
  int moved = 0;  // floats of each row the run loads and stores: its float4s
};

struct BenchRow {
  std::string strategy;       // ours ...
  std::string peer;           // ... or a library's name (then strategy is empty)
  std::optional<int> radius;  // filter radius or stencil order; none for matmul
  std::optional<int> tile;
  int slices = 1;          // matmul fast's split-K: the inner dimension in this many slices
  int steps = 1;           // stencil3d --steps K: the time is the whole run of K steps
  Timing time;             // median and min of the timed repetitions, ms
  double copy_ms = 0;      // the same bytes copied device to device, same run
  double bytes = 0;        // compulsory traffic: every input read once, the output written once
  double flops = 0;        // useful floating-point operations
  double max_abs_err = 0;  // against the CPU reference
  double tolerance = 0;    // what a correct float32 evaluation may differ by
  std::string note;        // a peer's configuration
  // Where the run pads its rows (`bytes`, the copy and GB/s count only the cells).
  std::optional<PaddedRows> padded;
  // The GPU while the row ran (NVML): in the burst, or over --sustain seconds of back-to-back runs.
  std::optional<PowerWindow> power;
  int power_runs = 0;                      // kernel runs inside that window (energy is per run)
  std::optional<Timing> sustained;         // kernel times over the --sustain window
  std::optional<double> yardstick_ms;      // the book's own kernel for this strategy, same data, same run
  std::optional<MemoryCounters> counters;  // CUPTI, in one more launch after the timed ones (CUDA)
};

class BenchReport {
 public:
  // Prints the header. `size` as the user writes it ("8192x8192"); `rows` is how many add()
  // and skip() calls to expect, for the progress line.
  BenchReport(std::string pattern, std::string size, const Backend& backend, const BenchSettings& settings, int rows);
  // Shows "[i/n] what" on stderr while the next row is measured (when stderr is a terminal).
  void progress(const std::string& what);
  void add(const BenchRow& row);
  void skip(const std::string& name, std::optional<int> radius, const std::string& why);
  // Prints the footnotes and writes the JSON list when asked; false if any row was wrong.
  bool finish();
  // The GPU's clock and power monitor (none on the CPU or without NVML), and the --sustain window.
  const PowerMonitor* power() const { return power_.get(); }
  double sustain_s() const { return settings_.sustain_s; }
  // Whether rows read the GPU's counters (CUDA, unless --no-counters); a reading's why_not is
  // printed once, on stderr, and counting stops.
  bool counting() const { return counting_; }
  void counters_unavailable(const std::string& why_not);

 private:
  std::unique_ptr<PowerMonitor> power_;
  std::string pattern_, size_, device_;
  const BenchSettings& settings_;
  DevicePeaks peaks_;
  int rows_, done_ = 0;
  bool all_correct_ = true;
  bool counting_ = false;
  std::vector<BenchRow> measured_;
};

// n uniform random values in [-1, 1) (fixed seed): the data every strategy and peer computes on.
std::vector<float> bench_input(std::size_t n, unsigned seed = 1);

// What every pattern's bench starts from: the backend (its fallback note printed on stderr), and
// the options with "all" cleared and the pattern's default size filled in: the full size
// on a GPU (`gpu_size`), a smaller one on the CPU.
struct BenchStart {
  std::unique_ptr<Backend> backend;
  PatternOptions options;
};
BenchStart start_bench(const PatternOptions& o, const char* gpu_size, const char* cpu_size);

// Adds the row of one of our strategies, filled from `row` (radius, bytes, flops, copy time,
// tolerance): a "cannot run" line when `problem` is set, else the median and min of the times
// `run` returns and the `error` of the output it left.
// With a GPU monitor, the row also carries the clock, power and energy of the burst, or of
// --sustain seconds of back-to-back runs after it; `yardstick` (when set) times the book's own
// kernel for the same row; `counters` (when the report is counting) reads the counters of one more
// run, after the timed ones.
void add_strategy_row(BenchReport& report, BenchRow row, const std::string& name, std::optional<int> tile,
                      const std::optional<std::string>& problem, const std::function<std::vector<double>()>& run,
                      const std::function<double()>& error,
                      const std::function<std::optional<std::vector<double>>()>& yardstick = {},
                      const std::function<CounterReading()>& counters = {});

// The ceiling of a kernel whose compulsory traffic is `traffic` bytes: the median time of `reps`
// copies (after one warm-up) of traffic / 2 bytes, which read and write `traffic` bytes in all.
double copy_median_ms(const Backend& backend, double traffic, int reps);

}  // namespace tilescope::cli
