#include "app/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <mutex>
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

// The temporaries being written, which SIGINT, SIGTERM and SIGHUP remove before the process ends of
// the signal (a Ctrl-C during `record` or `bench` leaves no half-written file behind). Fixed slots:
// the handler may only read plain memory and call unlink.
constexpr int kSlots = 32;
char g_tmp[kSlots][4096];
volatile std::sig_atomic_t g_used[kSlots];

extern "C" void remove_temporaries_and_die(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_used[i]) ::unlink(g_tmp[i]);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Where the process still has the default action for a stop signal, removes the temporaries first.
void install_handlers() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction now {};
    if (::sigaction(sig, nullptr, &now) != 0 || now.sa_handler != SIG_DFL) continue;
    struct sigaction act {};
    act.sa_handler = remove_temporaries_and_die;
    sigemptyset(&act.sa_mask);
    ::sigaction(sig, &act, nullptr);
  }
}

std::mutex g_slots;

// A slot holding `tmp` (-1 when all are taken or the name is too long: then a signal leaves it).
int track(const std::string& tmp) {
  static std::once_flag installed;
  std::call_once(installed, install_handlers);
  const std::lock_guard<std::mutex> lock(g_slots);
  if (tmp.size() >= sizeof g_tmp[0]) return -1;
  for (int i = 0; i < kSlots; ++i)
    if (!g_used[i]) {
      std::memcpy(g_tmp[i], tmp.c_str(), tmp.size() + 1);
      g_used[i] = 1;
      return i;
    }
  return -1;
}

void untrack(int slot) {
  const std::lock_guard<std::mutex> lock(g_slots);
  if (slot >= 0) g_used[slot] = 0;
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
  slot_ = track(tmp_);
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    ::unlink(tmp_.c_str());
    untrack(slot_);
    throw cannot_write(path_, why);
  }
  errno = 0;  // what fails from here on, if anything, says why
}

AtomicFile::~AtomicFile() {
  if (file_) {
    std::fclose(file_);
    ::unlink(tmp_.c_str());
  }
  untrack(slot_);
}

void AtomicFile::commit() {
  std::FILE* f = std::exchange(file_, nullptr);
  bool ok = std::fflush(f) == 0 && !std::ferror(f) && ::fsync(::fileno(f)) == 0;
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const std::string why = errno ? std::strerror(errno) : "the write failed";
    ::unlink(tmp_.c_str());
    untrack(std::exchange(slot_, -1));
    throw cannot_write(path_, why);
  }
  untrack(std::exchange(slot_, -1));
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

void check_writable(const std::string& path) { AtomicFile probe(path); }

void refuse_output_equal_to_input(const std::string& out, const std::vector<std::string>& inputs,
                                  const std::string& flag) {
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
      throw InvalidInput(flag + " '" + out + "' is the input '" + in +
                         "': writing it would destroy the input; choose another name");
  }
}

}  // namespace tilescope::io
