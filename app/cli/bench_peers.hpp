#pragma once
// The peer libraries' rows of `bench`: the same correlation on the same data, timed and checked
// like our strategies.
#include <functional>
#include <memory>
#include <vector>

#include "app/cli/bench_report.hpp"
#include "kernels/peers/correlation_peer.hpp"

namespace tilescope::cli {

// The peers to time on `backend` (GPU libraries on CUDA, OpenCV on the CPU): none when the user
// said --no-peers.
std::vector<std::unique_ptr<CorrelationPeer>> bench_peers(const Backend& backend, const BenchSettings& settings);

// Adds one row per peer (a "cannot run" line for a peer that cannot compute the shape or
// fails), filled from `row` (radius, bytes, flops, copy time, tolerance), with `error` measuring
// the peer's output against the reference.
void add_peer_rows(BenchReport& report, const std::vector<std::unique_ptr<CorrelationPeer>>& peers,
                   const CorrelationShape& shape, const float* in, const float* weights, BenchRow row, int reps,
                   const std::function<double(const std::vector<float>&)>& error);

}  // namespace tilescope::cli
