#pragma once
// The hooks app/cli's commands call for one pattern, declared once: PatternCli<its trait>, from
// which the pattern's cli.hpp derives, adding what the shared options set (params.hpp).
// model, check, and bench and measure where there is a radius, are written once (model.hpp,
// check.hpp, bench.hpp) over the pattern's ModelGlue, CheckGlue and BenchGlue: its cli_model.cpp,
// cli_check.cpp and cli_bench.cpp define the glue and instantiate the hook in one line
// (`template int PatternCli<Conv1dPattern>::check(const std::string&);`). apply, and matmul's bench
// and measure, are the pattern's own: its cli.hpp declares them (matmul's in place of these) and its
// cli_apply.cpp (matmul's cli_bench.cpp) defines them.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "app/cli/exercise_quantity.hpp"
#include "app/cli/options.hpp"
#include "kernels/common/counters.hpp"

namespace tilescope::cli {

template <class Pattern>
struct ModelGlue;
template <class Pattern>
struct CheckGlue;
template <class Pattern>
struct BenchGlue;

template <class Pattern>
struct PatternCli : Pattern {
  static void model(const PatternOptions& o, bool json);
  // The object `model --json` prints (model.hpp's model_json_of).
  static nlohmann::json model_json(const PatternOptions& o);
  // model --measure: one run of p on CUDA, on bench's data (cli_bench.cpp), under the profiler;
  // the app's meter measures its launches so too, with a lent GpuTurn (kernels/common/counters.hpp).
  static CounterReading measure(const typename Pattern::Params& p, GpuTurn turn = {});
  static int check(const std::string& backend);
  static void bench(const PatternOptions& o, const BenchSettings& settings);
  // The quantities its exercises ask about (app/<pattern>/exercises.cpp, app/shell/exercises.hpp).
  static const std::vector<ExerciseQuantity>& exercise_quantities();
};

}  // namespace tilescope::cli
