#include "app/io/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "kernels/common/error.hpp"

namespace tilescope::io {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw InvalidInput("'" + path + "': " + why);
}

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m) || S_ISBLK(m)) return "a device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

}  // namespace

RegularFile::RegularFile(const std::string& path) {
  // stat first so a FIFO or a device is never opened; O_NONBLOCK and fstat close the race where
  // the name is swapped between the two calls.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail(path, std::string("cannot read ") + kind_of(st.st_mode) + "; give a regular file");
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd_ < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    fail(path, std::string("cannot read ") + kind_of(st.st_mode) + "; give a regular file");
  }
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
  size_ = std::uint64_t(st.st_size);
}

RegularFile::~RegularFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::size_t RegularFile::read(void* dst, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd_, static_cast<char*>(dst) + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += std::size_t(r);
  }
  return got;
}

std::string read_whole_file(const std::string& path, std::uint64_t max_bytes, const char* what) {
  RegularFile f(path);
  if (f.size() > max_bytes)
    fail(path,
         std::to_string(f.size()) + " bytes is too large for " + what + " (at most " + std::to_string(max_bytes) + ")");
  std::string bytes(std::size_t(f.size()), '\0');
  bytes.resize(f.read(bytes.data(), bytes.size()));  // a file that shrank since fstat reads short
  return bytes;
}

}  // namespace tilescope::io
