#pragma once
// The parameter spreads the geometry tests sweep: every strategy crossed with a few values of
// three more parameters, kept where the parameters can run.
#include <optional>
#include <set>
#include <vector>

namespace tilescope::test {

// make(strategy, a, b, c) gives the parameters, or nothing when they cannot run.
template <typename Params, typename Make>
std::vector<Params> spread(int strategies, const std::vector<int>& as, const std::vector<int>& bs,
                           const std::vector<int>& cs, Make make) {
  std::vector<Params> out;
  for (int s = 0; s < strategies; ++s)
    for (int a : as)
      for (int b : bs)
        for (int c : cs)
          if (const std::optional<Params> p = make(s, a, b, c)) out.push_back(*p);
  return out;
}

// p where it can run, else nothing: what a spread's make returns.
template <typename Params>
std::optional<Params> kept_if(bool runs, const Params& p) {
  return runs ? std::optional<Params>(p) : std::nullopt;
}

// How many strategies a spread holds (it should hold every one).
template <typename Params>
int strategies_in(const std::vector<Params>& spread) {
  std::set<int> seen;
  for (const Params& p : spread) seen.insert(int(p.strategy));
  return int(seen.size());
}

}  // namespace tilescope::test
