#pragma once
// Output files appear whole or not at all: write to a fresh temporary beside the target, then rename.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace tilescope::io {

// A file being written: a fresh temporary beside `path` (created with O_EXCL|O_NOFOLLOW under a
// random name, so a planted file or symlink cannot redirect it) until commit() flushes, fsyncs and
// renames it over `path`. Destroyed uncommitted (an error, a stop), it removes the temporary and
// leaves `path` untouched; a SIGINT, SIGTERM or SIGHUP that ends the process removes it too.
// Failures throw InvalidInput naming the path and the reason.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::FILE* get() const { return file_; }
  void commit();

 private:
  std::string path_, tmp_;
  std::FILE* file_ = nullptr;
  int slot_ = -1;  // where the signal handler finds the temporary's name
};

// write(f) writes the content to an AtomicFile's temporary and returns false (or throws) on
// failure; then the file is committed. On any failure `path` is untouched.
void write_atomically(const std::string& path, const std::function<bool(std::FILE*)>& write);

// Throws InvalidInput (as AtomicFile would) unless a file can be written at `path`: before a long
// run, so that its output is not lost at the end. Leaves nothing behind and `path` untouched.
void check_writable(const std::string& path);

// Throws InvalidInput when `out` (given as `flag`) names the same file as one of `inputs` (same
// device and inode when both exist, else the same lexically normalised absolute path): writing would
// destroy the input.
void refuse_output_equal_to_input(const std::string& out, const std::vector<std::string>& inputs,
                                  const std::string& flag = "--out");

}  // namespace tilescope::io
