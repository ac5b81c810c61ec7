// libFuzzer harness: see fuzz_targets.hpp.
#include "tests/fuzz/fuzz_targets.hpp"
#include "tests/fuzz/quiet_stderr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tilescope::fuzz::scene(data, size);
  return 0;
}
