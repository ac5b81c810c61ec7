#pragma once
// The tilescope binary run as a child process, for the tests that drive the command line
// (test_cli, test_hostile); TILESCOPE_EXE is the path the build gives them.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace tilescope::test {

struct CliResult {
  int code;
  std::string out;  // stdout and stderr together
};

// The binary built beside the tests; TILESCOPE_EXE in the environment overrides it (a build
// tree copied to another machine).
inline std::string tilescope_exe() {
  const char* env = std::getenv("TILESCOPE_EXE");
  return env ? env : TILESCOPE_EXE;
}

// Runs a shell command line and collects what it prints; code is -1 unless it exited.
inline CliResult run_shell(const std::string& cmd) {
  FILE* pipe = ::popen(cmd.c_str(), "r");
  CliResult r{-1, ""};
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) r.out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace tilescope::test
