// The peers compiled into this build, each created only if its library starts on this machine.
#include <iostream>

#include "kernels/peers/vendor_peers.hpp"

namespace tilescope {

namespace {

// Adds make()'s peer, or says why it did not start.
template <typename Make>
void add(std::vector<std::unique_ptr<CorrelationPeer>>& peers, Make make) {
  try {
    peers.push_back(make());
  } catch (const std::exception& e) {  // e.g. no GPU: the bench goes on without this peer
    std::cerr << "tilescope: a peer library did not start: " << e.what() << "\n";
  }
}

}  // namespace

std::vector<std::unique_ptr<CorrelationPeer>> correlation_peers() {
  std::vector<std::unique_ptr<CorrelationPeer>> peers;
#ifdef TILESCOPE_HAVE_CUDNN
  add(peers, make_cudnn_peer);
#endif
#ifdef TILESCOPE_HAVE_NPP
  add(peers, make_npp_peer);
  add(peers, make_npp_separable_peer);
#endif
  return peers;
}

std::vector<std::unique_ptr<CorrelationPeer>> cpu_correlation_peers() {
  std::vector<std::unique_ptr<CorrelationPeer>> peers;
#ifdef TILESCOPE_HAVE_OPENCV
  add(peers, make_opencv_peer);
#endif
  return peers;
}

}  // namespace tilescope
