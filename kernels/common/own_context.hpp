#pragma once
// A CUDA context of a thread's own (own_context.cu; own_context_none.cpp where the build has no
// CUDA): the CUDA runtime's calls on that thread then use it instead of the device's primary
// context that the rest of the process shares, so that thread's synchronisations wait only for
// its own work, and a profiler enabled there (kernels/common/counters.hpp) sees only that context.

namespace tilescope {

// Makes a new CUDA context on `device` (as cudaGetDevice numbers it) current on the calling thread
// for the rest of the thread's life. Throws BackendError where there is no such device, no driver,
// or no CUDA in this build. Never destroyed: the counters' profiler keeps what it set up on it, and
// the driver releases it with the process.
void use_own_cuda_context(int device);

}  // namespace tilescope
