#include "app/cli/bench_peers.hpp"

#include <string>

#include "app/cli/measured.hpp"

namespace tilescope::cli {

std::vector<std::unique_ptr<CorrelationPeer>> bench_peers(const Backend& backend, const BenchSettings& settings) {
  if (!settings.peers) return {};
  return backend.name() == "cuda" ? correlation_peers() : cpu_correlation_peers();
}

void add_peer_rows(BenchReport& report, const std::vector<std::unique_ptr<CorrelationPeer>>& peers,
                   const CorrelationShape& shape, const float* in, const float* weights, BenchRow row, int reps,
                   const std::function<double(const std::vector<float>&)>& error) {
  std::vector<float> out(element_count(shape.extent));
  for (const auto& peer : peers) {
    if (const std::string why = peer->unsupported(shape); !why.empty()) {
      report.skip(peer->name(), row.radius, why);
      continue;
    }
    report.progress(peer->name() + (row.radius ? " r=" + std::to_string(*row.radius) : ""));
    try {
      row.time = summarize(peer->correlate(shape, in, weights, out.data(), reps + 1));
    } catch (const std::exception& e) {  // a library refusing a size is a result, not a crash
      report.skip(peer->name(), row.radius, e.what());
      continue;
    }
    row.peer = peer->name();
    row.note = peer->note();
    row.max_abs_err = error(out);
    row.counters.reset();
    if (report.counting()) {  // one more call, untimed; a peer that offers no launch stays unmeasured
      const CounterReading reading = counters_of_run([&] { peer->correlate(shape, in, weights, out.data(), 1); });
      if (reading.counters) row.counters = reading.counters;
    }
    report.add(row);
  }
}

}  // namespace tilescope::cli
