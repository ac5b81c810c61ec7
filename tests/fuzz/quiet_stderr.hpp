#pragma once
// For the harnesses of loaders that warn on stderr line by line (settings.json, scenes): the
// warnings for each input would drown the fuzzer's log. Include in the harness's one .cpp.
#include <iostream>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  std::cerr.setstate(std::ios::badbit);
  return 0;
}
