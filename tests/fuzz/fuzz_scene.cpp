// libFuzzer harness: see fuzz_targets.hpp.
#include <iostream>

#include "tests/fuzz/fuzz_targets.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::cerr.setstate(std::ios::badbit);  // the one-line warnings per input would drown the fuzzer's log
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tilescope::fuzz::scene(data, size);
  return 0;
}
