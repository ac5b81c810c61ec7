#include "app/io/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "kernels/common/error.hpp"

namespace tilescope::io {

void write_atomically(const std::string& path, const std::function<bool(const std::string&)>& write) {
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  bool ok = false;
  try {
    ok = write(tmp);
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw InvalidInput("cannot write '" + path + "': " + why);
  }
}

}  // namespace tilescope::io
