#pragma once
// Output files appear whole or not at all: write to a temporary beside the target, then rename.
#include <functional>
#include <string>

namespace tilescope::io {

// write(tmp_path) must create tmp_path and return false (or throw) on failure.
void write_atomically(const std::string& path, const std::function<bool(const std::string&)>& write);

}  // namespace tilescope::io
