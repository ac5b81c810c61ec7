#pragma once
// What a matmul launch is (grid, block, shared bytes) and whether it can run.
#include <optional>
#include <string>

#include "kernels/launch_geometry.hpp"
#include "kernels/matmul_params.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

// grid = ceil(cols / tile) x ceil(rows / tile); tiled keeps Mds and Nds (2 tile^2 floats).
LaunchGeometry launch_geometry(const MatmulParams& p);

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> matmul_problem(const MatmulParams& p, const DeviceLimits& limits = {});
// Throws InvalidInput with that message.
void validate_matmul(const MatmulParams& p, const DeviceLimits& limits = {});

}  // namespace tilescope
