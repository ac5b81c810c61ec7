// The subcommands model, apply, check and bench: shared options, handed to the --pattern's code.
#include <cmath>
#include <memory>

#include "app/cli/options.hpp"
#include "app/cli/patterns.hpp"
#include "app/commands/commands.hpp"
#include "app/io/atomic_file.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

void add_model_command(CLI::App& app) {
  auto o = std::make_shared<PatternOptions>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("model", "OP/B (book model, bound, exact count) and launch geometry");
  add_pattern_options(cmd, *o, Need::radius | Need::size | Need::steps);
  cmd->get_option("--strategy")->description("a strategy of the pattern, or all (a table; text only)");
  cmd->add_flag("--json", *json, "print one JSON object");
  cmd->add_option("--slices", o->slices, per_pattern_help(&PatternHelp::slices));
  cmd->add_flag("--measure", o->measure,
                "also run the launch once on CUDA and read the GPU's counters (DRAM bytes, L1/L2 hit rates, bank "
                "conflicts, OP/B over DRAM bytes); L2 is flushed first");
  cmd->callback([o, json] { pattern_commands(o->pattern).model(*o, *json); });
}

void add_apply_command(CLI::App& app) {
  auto o = std::make_shared<PatternOptions>();
  auto files = std::make_shared<FileOptions>();
  CLI::App* cmd = app.add_subcommand(
      "apply", "run one strategy on a file; zeros outside the data (" + per_pattern_help(&PatternHelp::apply) + ")");
  add_pattern_options(cmd, *o, Need::radius | Need::filter | Need::backend | Need::steps);
  cmd->add_option("--in", files->in, "input: " + per_pattern_help(&PatternHelp::input))->required();
  cmd->add_option("--in2", files->in2, per_pattern_help(&PatternHelp::input2));
  cmd->add_option("--out", files->out, "output: .npy (float32, exact); " + per_pattern_help(&PatternHelp::output))
      ->required();
  add_break_option(cmd, *o);
  cmd->callback([o, files] {
    io::refuse_output_equal_to_input(files->out, {files->in, files->in2, o->filter});  // never overwrite an input
    if (!files->in2.empty() && !pattern_commands(o->pattern).help->input2)
      throw InvalidInput("--in2: " + o->pattern + " takes one input (--in)");
    pattern_commands(o->pattern).apply(*o, *files);
  });
}

void add_check_command(CLI::App& app) {
  auto backend = std::make_shared<std::string>("auto");
  auto pattern = std::make_shared<std::string>("all");
  CLI::App* cmd = app.add_subcommand("check", "run every strategy against the CPU reference and print a table");
  cmd->add_option("--backend", *backend, "auto, cuda or cpu")->capture_default_str();
  cmd->add_option("--pattern", *pattern, std::string("all, or one of ") + pattern_names())->capture_default_str();
  cmd->callback([backend, pattern] {
    if (const int failed = check_patterns(*pattern, *backend)) throw CLI::RuntimeError(failed);
  });
}

void add_bench_command(CLI::App& app) {
  auto o = std::make_shared<PatternOptions>();
  auto settings = std::make_shared<BenchSettings>();
  o->strategy = "all";
  CLI::App* cmd = app.add_subcommand("bench", "time each strategy on the chosen backend");
  add_pattern_options(cmd, *o, Need::size | Need::backend | Need::filter | Need::steps);
  cmd->get_option("--strategy")->description("all, or one strategy of the pattern")->capture_default_str();
  cmd->get_option("--size")->description(size_help(false) +
                                         "; default: the pattern's benchmark size on a GPU, a smaller one on the CPU "
                                         "(the table's first line says which)");
  cmd->get_option("--filter")
      ->description(
          "the weights every strategy and peer computes with (default random:1, asymmetric, so a flipped filter cannot "
          "pass; " +
          per_pattern_help(&PatternHelp::bench_filter) + ")");
  cmd->add_option("--radius", settings->radii, "comma-separated values of the pattern's --radius");
  cmd->add_option("--reps", settings->reps, "timed repetitions (median and min reported)")->capture_default_str();
  cmd->add_option("--json", settings->json, "also write the rows to this file as a JSON list");
  cmd->add_flag("!--no-peers", settings->peers,
                "skip the vendor libraries (cuDNN, NPP, cuBLAS; OpenCV, OpenBLAS on the CPU)");
  cmd->add_option("--sustain", settings->sustain_s,
                  "also time each strategy over SECONDS of back-to-back runs (clock, power and energy from that "
                  "window; without it, from the burst)")
      ->check(CLI::Range(0.0, 600.0));
  cmd->add_flag("--yardstick", settings->yardstick,
                "time the book's own kernels (bench/yardstick) beside each textbook strategy (CUDA)");
  cmd->add_flag("!--no-counters", settings->counters,
                "skip the GPU's counters (DRAM bytes, hit rates, bank conflicts), read in one more untimed launch");
  cmd->callback([o, settings] {
    validate_reps(settings->reps);
    if (!std::isfinite(settings->sustain_s)) throw InvalidInput("--sustain takes a number of seconds within 0..600");
    if (o->tile && *o->tile < 1) throw InvalidInput("--tile must be at least 1, not " + std::to_string(*o->tile));
    if (!settings->json.empty()) io::refuse_output_equal_to_input(settings->json, {o->filter}, "--json");
    pattern_commands(o->pattern).bench(*o, *settings);
  });
}

}  // namespace tilescope::cli
