#pragma once
// The parameter spreads the geometry tests sweep: every strategy crossed with a few values of
// three more parameters, kept where the parameters can run.
#include <set>
#include <vector>

namespace tilescope::test {

// make(strategy, a, b, c) gives the parameters; those the pattern's launch_problem refuses are left out.
template <typename Params, typename Make>
std::vector<Params> spread(int strategies, const std::vector<int>& as, const std::vector<int>& bs,
                           const std::vector<int>& cs, Make make) {
  std::vector<Params> out;
  for (int s = 0; s < strategies; ++s)
    for (int a : as)
      for (int b : bs)
        for (int c : cs)
          if (const Params p = make(s, a, b, c); !launch_problem(p)) out.push_back(p);
  return out;
}

// How many strategies a spread holds (it should hold every one).
template <typename Params>
int strategies_in(const std::vector<Params>& spread) {
  std::set<int> seen;
  for (const Params& p : spread) seen.insert(int(p.strategy));
  return int(seen.size());
}

}  // namespace tilescope::test
