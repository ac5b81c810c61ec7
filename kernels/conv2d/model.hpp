#pragma once
// The conv2d model: the launch (grid, block, tiles), whether a parameter set can run (with
// messages a student understands), the book's OP/B and the exact traffic count.
#include <optional>
#include <string>

#include "kernels/common/launch.hpp"
#include "kernels/common/traffic.hpp"
#include "kernels/conv2d/params.hpp"

namespace tilescope {

LaunchGeometry launch_geometry(const Conv2dParams& p);

// Why p cannot run on a device with these limits, or nothing if it can.
std::optional<std::string> launch_problem(const Conv2dParams& p, const DeviceLimits& limits = {});

// The book's closed-form ratio for an interior block (no ghost cells).
BookModel book_model(const Conv2dParams& p);

// One block (bx, by) of the launch.
TrafficCount block_traffic(const Conv2dParams& p, int bx, int by);
// The whole grid; cached per parameter set (it depends on geometry, not data).
TrafficCount exact_traffic(const Conv2dParams& p);

// The bytes no kernel can avoid: the image read once, the output written once (float32).
inline double compulsory_bytes(const Conv2dParams& p) { return 8.0 * p.width * p.height; }

}  // namespace tilescope
