#pragma once
// Device memory another library allocated and hands to the engines (the Python module's CuPy and
// torch arrays, through __cuda_array_interface__): checked before a CUDA engine reads or writes it in
// place of host memory (cuda::kCallerMemory), and waited for.
#include <cstdint>
#include <optional>
#include <string>

namespace tilescope {

// __cuda_array_interface__'s number for the legacy default stream, on which the engines run.
inline constexpr std::uintptr_t kLegacyDefaultStream = 1;

// Why this process's CUDA device cannot use `p` as device memory (host memory, another GPU's, no
// CUDA in this build), or nothing.
std::optional<std::string> device_memory_problem(const void* p);
// Waits until the work queued on `stream` (a cudaStream_t as __cuda_array_interface__ gives it: 1 the
// legacy default stream, 2 the per-thread one) is done. Throws BackendError when CUDA fails.
void wait_for_stream(std::uintptr_t stream);

}  // namespace tilescope
