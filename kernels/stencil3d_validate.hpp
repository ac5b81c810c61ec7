#pragma once
// Whether a stencil3d parameter set can run, with messages a student understands.
#include <optional>
#include <string>

#include "kernels/stencil3d_params.hpp"
#include "kernels/validate.hpp"

namespace tilescope {

std::optional<std::string> stencil3d_problem(const Stencil3dParams& p, const DeviceLimits& limits = {});
// Throws InvalidInput with that message.
void validate_stencil3d(const Stencil3dParams& p, const DeviceLimits& limits = {});

}  // namespace tilescope
