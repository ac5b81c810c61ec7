#pragma once
// Output files appear whole or not at all: write to a fresh temporary beside the target, then rename.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace tilescope::io {

// write(f) writes the content to f (a new file created with O_EXCL|O_NOFOLLOW under a random name
// in the target's directory, so a planted file or symlink cannot redirect it) and returns false
// (or throws) on failure. The file is flushed, fsync'ed and renamed over `path`; on any failure
// the temporary is removed, `path` is untouched, and InvalidInput names the path and the reason.
void write_atomically(const std::string& path, const std::function<bool(std::FILE*)>& write);

// Throws InvalidInput when `out` names the same file as one of `inputs` (same device and inode
// when both exist, else the same lexically normalised absolute path): writing would destroy the input.
void refuse_output_equal_to_input(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace tilescope::io
