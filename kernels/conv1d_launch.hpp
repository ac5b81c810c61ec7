#pragma once
// What a conv1d launch is (grid, block, shared and constant bytes) and whether it can run.
#include <optional>
#include <string>

#include "kernels/conv1d_params.hpp"
#include "kernels/launch_geometry.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

// A 1D launch in the 2D struct: y extents are 1; in_tile = tile + 2n halo cells.
LaunchGeometry launch_geometry(const Conv1dParams& p);

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> conv1d_problem(const Conv1dParams& p, const DeviceLimits& limits = {});
// Throws InvalidInput with that message.
void validate_conv1d(const Conv1dParams& p, const DeviceLimits& limits = {});

}  // namespace tilescope
