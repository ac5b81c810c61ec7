#pragma once
// tilescope check, written once over a pattern's check glue `C` (in app/<pattern>/cli_check.cpp):
// every strategy at each tile the pattern checks, one row of cases each, against the CPU reference.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/measure.hpp"
#include "app/cli/pattern_cli.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

// What a whole check adds up: rows passed and failed, the first backend error of any row.
struct CheckSummary {
  int passed = 0, failed = 0;
  std::string first_error;

  // The check's last lines: the first backend error, if any, and "<title>: 3 passed, 0 failed".
  void print(const char* title) const {
    if (!first_error.empty()) std::printf("first backend error: %s\n", first_error.c_str());
    std::printf("%s: %d passed, %d failed\n", title, passed, failed);
  }
};

// One case of a row: `launch` computes the output on the backend (a BackendError fails the case,
// not the whole check; `what` names it for the summary), `reference` fills `ref` on the CPU; then
// `out` is compared with `ref` within `tolerance`.
template <class Launch, class Reference>
void check_case(CheckTally& tally, std::string& first_error, const std::string& what, Launch&& launch,
                Reference&& reference, const std::vector<float>& out, const std::vector<float>& ref, double tolerance) {
  try {
    launch();
  } catch (const BackendError& e) {
    if (tally.error.empty()) tally.error = e.what();
    tally.launch_failed(what + ": " + e.what(), first_error);
    return;
  }
  reference();
  tally.compare(out, ref, tolerance);
}

// `C::Checker` holds the pattern's engine and cases: head() prints the table's head, tiles(s) the
// tiles a strategy is checked at (skip_tile: none of its cases can run there, no row), run_row() runs
// one row's cases, row() prints it (false: a row that neither passes nor fails), finish() the summary.
template <class C>
int check(const std::string& backend_name) {
  BackendChoice choice = choose_backend(backend_name);
  if (!choice.note.empty()) std::cerr << "tilescope: " << choice.note << "\n";
  typename C::Checker checker(*choice.backend);
  checker.head(*choice.backend);
  CheckSummary summary;
  for (const typename C::StrategyInfo& s : C::strategies()) {
    for (int tile : checker.tiles(s.id)) {
      if (checker.skip_tile(s.id, tile)) continue;
      CheckTally tally;
      checker.run_row(s, tile, tally, summary.first_error);
      if (checker.row(s, tile, tally)) (tally.bad ? summary.failed : summary.passed) += 1;
    }
  }
  checker.finish(summary);
  return summary.failed ? 1 : 0;
}

template <class Pattern>
int PatternCli<Pattern>::check(const std::string& backend) {
  return cli::check<CheckGlue<Pattern>>(backend);
}

}  // namespace tilescope::cli
