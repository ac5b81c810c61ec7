#include "app/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <utility>

#include "kernels/common/error.hpp"

namespace tilescope::io {
namespace {

namespace fs = std::filesystem;

std::string random_suffix() {
  static thread_local std::mt19937_64 rng{(std::uint64_t(std::random_device{}()) << 32) ^ std::random_device{}() ^
                                          std::uint64_t(::getpid())};
  static const char hex[] = "0123456789abcdef";
  std::string s(16, '0');
  std::uint64_t v = rng();
  for (char& c : s) c = hex[v & 15], v >>= 4;
  return s;
}

std::string dir_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

InvalidInput cannot_write(const std::string& path, const std::string& why) {
  return InvalidInput("cannot write '" + path + "': " + why);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (fs::is_directory(path_, ec)) throw cannot_write(path_, "it is a directory");
  int fd = -1;
  for (int attempt = 0; attempt < 64 && fd < 0; ++attempt) {
    tmp_ = path_ + ".tmp-" + random_suffix();
    // 0666 less the umask, as any new file; O_EXCL|O_NOFOLLOW: never an existing file or a symlink.
    fd = ::open(tmp_.c_str(), O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) throw cannot_write(path_, std::strerror(errno));
  }
  if (fd < 0) throw cannot_write(path_, "no free temporary name in " + dir_of(path_));
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    ::unlink(tmp_.c_str());
    throw cannot_write(path_, why);
  }
  errno = 0;  // what fails from here on, if anything, says why
}

AtomicFile::~AtomicFile() {
  if (!file_) return;
  std::fclose(file_);
  ::unlink(tmp_.c_str());
}

void AtomicFile::commit() {
  std::FILE* f = std::exchange(file_, nullptr);
  bool ok = std::fflush(f) == 0 && !std::ferror(f) && ::fsync(::fileno(f)) == 0;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const std::string why = errno ? std::strerror(errno) : "the write failed";
    ::unlink(tmp_.c_str());
    throw cannot_write(path_, why);
  }
  // Best effort: make the rename itself durable.
  const int dfd = ::open(dir_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

void write_atomically(const std::string& path, const std::function<bool(std::FILE*)>& write) {
  AtomicFile file(path);
  if (!write(file.get())) throw cannot_write(path, errno ? std::strerror(errno) : "the write failed");
  file.commit();
}

void refuse_output_equal_to_input(const std::string& out, const std::vector<std::string>& inputs) {
  struct stat so {};
  const bool out_exists = ::stat(out.c_str(), &so) == 0;
  std::error_code ec;
  const fs::path out_norm = fs::weakly_canonical(fs::absolute(out, ec), ec).lexically_normal();
  for (const std::string& in : inputs) {
    if (in.empty()) continue;
    struct stat si {};
    bool same = false;
    if (out_exists && ::stat(in.c_str(), &si) == 0) {
      same = so.st_dev == si.st_dev && so.st_ino == si.st_ino;
    } else {
      std::error_code ec2;
      same = fs::weakly_canonical(fs::absolute(in, ec2), ec2).lexically_normal() == out_norm;
    }
    if (same)
      throw InvalidInput("--out '" + out + "' is the input '" + in +
                         "': writing it would destroy the input; choose another name");
  }
}

}  // namespace tilescope::io
