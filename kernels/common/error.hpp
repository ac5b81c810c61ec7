#pragma once
#include <stdexcept>
#include <string>

namespace tilescope {

// Bad input or parameters: the message is shown to the user as is.
struct InvalidInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A backend failed at run time (CUDA error, failed launch): callers may fall back to the CPU.
struct BackendError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tilescope
