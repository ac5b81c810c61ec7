#pragma once
// What the NPP peers share: the stream context of the current device, and NppStatus checks.
#include <nppdefs.h>

namespace tilescope {

// CUDA 13's NPP has no nppGetStreamContext: the context is the legacy default stream and the
// current device's properties.
NppStreamContext npp_stream_context();

// Throws BackendError naming `what` unless status is NPP_SUCCESS.
void check_npp(NppStatus status, const char* what);

}  // namespace tilescope
