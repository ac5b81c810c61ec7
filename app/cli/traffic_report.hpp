#pragma once
// A convolution's book model and exact count, as `model` prints them (text) and emits them (JSON);
// shared by the patterns whose traffic is a TrafficCount (conv2d, conv1d).
#include <nlohmann/json.hpp>

#include "kernels/conv2d/model.hpp"

namespace tilescope::cli {

// The pattern's own `fields` plus the launch's keys that do not depend on how many dimensions the
// pattern has (threads_launched, in_tile, out_tile, shared_bytes, constant_bytes) and the traffic's
// (opb_model, opb_bound, opb_model_formula, opb_l2_halo when there is one, opb_counted, the counts).
nlohmann::json convolution_json(nlohmann::json fields, const LaunchGeometry& l, const BookModel& book,
                                const TrafficCount& c);
// The lines book / bound / L2 halo / counted / taps and the counting convention; `grows` names what
// tends to infinity for the bound ("tile"), `whole` what the count covers ("image").
void print_traffic(const BookModel& book, const TrafficCount& c, const char* grows, const char* whole);
// Under `model --strategy all`'s table: what its OP/B columns count over the `whole` ("image").
void print_opb_footnote(const char* whole);

}  // namespace tilescope::cli
