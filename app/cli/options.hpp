#pragma once
// Options shared by the commands. Every pattern reads the same flags; an empty value means the
// pattern's own default (see each pattern's files under app/cli/<pattern>/).
#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tilescope::cli {

// What a pattern says of itself in the commands' help texts (its glue's kHelp, app/<pattern>/cli.hpp);
// the shared help joins every pattern's ("conv2d: ...; conv1d: ..."). nullptr: the pattern has none.
struct PatternHelp {
  const char* radius = nullptr;        // --radius: "filter radius r, (2r+1)^2 filter, 1..8 (default 2)"
  const char* size = nullptr;          // --size's form: "WxH"
  const char* size_default = nullptr;  // and its default, but for bench's: "1024x1024"
  const char* steps = nullptr;         // --steps: time steps per run
  const char* broken = nullptr;        // --break: the strategy that has the bugs ("tiled_in")
  const char* apply = nullptr;         // apply: what it computes ("scipy.ndimage.correlate(...)")
  const char* input = nullptr;         // apply --in
  const char* input2 = nullptr;        // apply --in2
  const char* output = nullptr;        // apply --out, beyond a float32 .npy
  const char* slices = nullptr;        // model --slices
  const char* bench_filter = nullptr;  // bench --filter, beyond the shared text
};

struct PatternOptions {
  std::string pattern;        // add_pattern_options sets the default: the table's first pattern
  std::string strategy;       // "" = the pattern's default
  std::optional<int> radius;  // unset = the pattern's default (filter radius, stencil order)
  std::optional<int> tile;    // unset = the strategy's default
  std::string size;           // "" = the pattern's default; WxH, WxHxD, N or MxKxN
  std::string filter;         // "" = the pattern's default
  std::string backend = "auto";
  std::string bug;            // --break NAME (apply, shot): "" = the correct kernel
  bool measure = false;       // model --measure: also run the launch once on CUDA and read its counters
  std::optional<int> slices;  // model --slices: matmul fast's split-K (unset: none)
  std::string steps;          // --steps K (stencil3d's time steps per run; bench: a list); "" = 1
};

// Files for `apply`.
struct FileOptions {
  std::string in, in2, out;
};

// Settings of `bench` beyond the pattern options.
struct BenchSettings {
  std::string radii;  // comma-separated; "" = the pattern's default list
  int reps = 20;
  std::string json;        // "" = no JSON; else the rows are written there as a JSON list
  bool peers = true;       // time the vendor libraries (cuDNN, NPP, cuBLAS) beside the strategies
  double sustain_s = 0;    // > 0: also time each strategy after this many seconds of back-to-back runs
  bool yardstick = false;  // time the book's own kernels (bench/yardstick) beside its strategies
  bool counters = true;    // on CUDA, read each strategy's counters (CUPTI) in one more, untimed launch
};

enum class Need { radius = 1, size = 2, filter = 4, backend = 8, steps = 16 };
inline int operator|(Need a, Need b) { return int(a) | int(b); }
inline int operator|(int a, Need b) { return a | int(b); }

// Registers --pattern --strategy --tile, plus the parts named in `need`.
void add_pattern_options(CLI::App* cmd, PatternOptions& o, int need);

// --size's help: every pattern's form ("conv2d WxH; ..."), with its default where `defaults`.
std::string size_help(bool defaults);

// Registers --break NAME (issue 18's deliberately wrong kernels).
void add_break_option(CLI::App* cmd, PatternOptions& o);

// "12x34x5" -> {12, 34, 5}; `what` names the expected form in messages ("WxH"); throws InvalidInput
// unless there are exactly `count` positive numbers.
std::vector<int> parse_dims(const std::string& text, int count, const char* what);
// Bounds of `shot` (the draw list grows with the zoom; every frame renders the whole window).
inline constexpr float kMinShotZoom = 1.0f / 64, kMaxShotZoom = 256.0f;
inline constexpr int kMaxShotFrames = 100000;
inline constexpr int kMaxShotDemoSize = 8192;
// Bounds of `bench`'s repetitions.
inline constexpr int kMaxReps = 100000;

// Throws InvalidInput unless 1 <= reps <= kMaxReps.
void validate_reps(int reps);

// "1,2,3" -> {1, 2, 3}; throws InvalidInput (also for a value listed twice).
std::vector<int> parse_list(const std::string& text, const char* flag);

}  // namespace tilescope::cli
