#pragma once
// The peers behind correlation_peers() and cpu_correlation_peers(), each in its own file and compiled only when the
// build found its library.
#include <memory>

#include "kernels/peers/correlation_peer.hpp"

namespace tilescope {

std::unique_ptr<CorrelationPeer> make_cudnn_peer();
std::unique_ptr<CorrelationPeer> make_npp_peer();
std::unique_ptr<CorrelationPeer> make_npp_separable_peer();
std::unique_ptr<CorrelationPeer> make_opencv_peer();

}  // namespace tilescope
