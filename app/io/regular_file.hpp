#pragma once
// Input files are opened only when they are regular files: a FIFO, a directory or a device is
// refused before anything reads from it (a FIFO would block forever, a device never ends).
#include <cstddef>
#include <cstdint>
#include <string>

namespace tilescope::io {

class RegularFile {
 public:
  // Throws InvalidInput ("'<path>': cannot open: ..." / "... is not a regular file").
  explicit RegularFile(const std::string& path);
  ~RegularFile();
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  std::uint64_t size() const { return size_; }  // bytes on disk when opened
  // Reads up to n bytes; returns how many were read (fewer only at the end of the file).
  std::size_t read(void* dst, std::size_t n);

 private:
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// The whole file, refused (InvalidInput naming `path`) when it is not regular or is larger than
// max_bytes; `what` names the kind of file in the message ("an image").
std::string read_whole_file(const std::string& path, std::uint64_t max_bytes, const char* what);

}  // namespace tilescope::io
