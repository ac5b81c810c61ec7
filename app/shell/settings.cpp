#include "app/shell/settings.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "app/io/regular_file.hpp"
#include "app/shell/state_json.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

constexpr std::uint64_t kMaxConfigBytes = 1 << 20;

}  // namespace

std::string config_dir() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    dir = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".config";
  else
    return "";
  dir /= "tilescope";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return ec ? "" : dir.string();
}

void load_settings_text(UiState& s, const std::string& text, const std::string& name) {
  try {
    read_state_text(s, text, name, StateFile::settings);
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "; using the defaults (it is rewritten on exit)\n";
  }
}

void load_settings(UiState& s, const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;  // no file yet: the defaults
  std::string text;
  try {
    text = io::read_whole_file(path, kMaxConfigBytes, "a settings file");
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "; using the defaults\n";
    return;
  }
  load_settings_text(s, text, path);
}

void save_settings(const UiState& s, const std::string& path) {
  try {
    write_state_file(s, path, StateFile::settings);
  } catch (const InvalidInput& e) {  // a settings file that cannot be written costs the settings, not the app
    std::cerr << "tilescope: " << e.what() << "; the settings were not saved\n";
  }
}

std::string imgui_ini_problem(const std::string& text) {
  if (text.find('\0') != std::string::npos) return "a NUL byte";
  std::istringstream in(text);
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const std::string at = " on line " + std::to_string(line_no);
    if (line.size() > 4096) return "a line of more than 4096 characters" + at;
    // [Table][0xID,COLUMNS]: ImGui 1.86 allocates COLUMNS settings and trusts the count.
    if (line.rfind("[Table][", 0) == 0) {
      unsigned id = 0;
      int columns = -1, used = 0;
      if (std::sscanf(line.c_str() + 8, "0x%08X,%d]%n", &id, &columns, &used) != 2 || used == 0)
        return "a malformed [Table] header" + at;
      if (columns < 1 || columns > 64) return "a table of " + std::to_string(columns) + " columns" + at;
    }
    // Window and column geometry: plain integers of a sane size.
    for (const char* key : {"Pos=", "Size=", "Column "}) {
      if (line.rfind(key, 0) != 0) continue;
      for (std::size_t k = std::strlen(key), run = 0; k < line.size(); ++k) {
        run = std::isdigit(static_cast<unsigned char>(line[k])) ? run + 1 : 0;
        if (run > 6) return "a number too large" + at;
      }
    }
  }
  return "";
}

bool sanitize_imgui_ini(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return true;  // none yet
  std::string problem;
  if (!S_ISREG(st.st_mode)) {
    problem = "it is not a regular file";
  } else {
    try {
      problem = imgui_ini_problem(io::read_whole_file(path, kMaxConfigBytes, "imgui.ini"));
    } catch (const InvalidInput& e) {
      problem = e.what();
    }
  }
  if (problem.empty()) return true;
  const std::string aside = path + ".broken";
  if (std::rename(path.c_str(), aside.c_str()) == 0) {
    std::cerr << "tilescope: " << path << " is broken (" << problem << "); moved it to " << aside
              << " and started with the default layout\n";
    return true;
  }
  std::cerr << "tilescope: " << path << " is broken (" << problem << ") and cannot be moved aside ("
            << std::strerror(errno) << "); the layout is not loaded or saved this run\n";
  return false;
}

}  // namespace tilescope
