// The peers compiled into this build, each created only if its library starts on this machine.
#include <iostream>

#include "kernels/peers/vendor_peers.hpp"

namespace tilescope {

std::vector<std::unique_ptr<CorrelationPeer>> correlation_peers() {
  std::vector<std::unique_ptr<CorrelationPeer>> peers;
  auto add = [&](auto make) {
    try {
      peers.push_back(make());
    } catch (const std::exception& e) {  // e.g. no GPU: the bench goes on without this peer
      std::cerr << "tilescope: a peer library did not start: " << e.what() << "\n";
    }
  };
#ifdef TILESCOPE_HAVE_CUDNN
  add(make_cudnn_peer);
#endif
#ifdef TILESCOPE_HAVE_NPP
  add(make_npp_peer);
#endif
  (void)add;
  return peers;
}

}  // namespace tilescope
