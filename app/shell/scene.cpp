#include "app/shell/scene.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "app/io/regular_file.hpp"
#include "app/shell/state_json.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {

UiState load_scene(const std::string& path) {
  UiState s;
  read_state_text(s, io::read_whole_file(path, kMaxSceneBytes, "a scene"), path, StateFile::scene);
  return s;
}

void save_scene(const UiState& s, const std::string& path) { write_state_file(s, path, StateFile::scene); }

std::vector<std::string> tour_files(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(path, ec)) {
    if (!fs::exists(path, ec)) throw InvalidInput("'" + path + "': no such scene or folder of scenes");
    return {path};  // load_scene refuses what is not a regular file
  }
  std::vector<std::string> files;
  for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json" && it->is_regular_file(ec)) files.push_back(it->path().string());
  if (ec) throw InvalidInput("'" + path + "': cannot list the folder: " + ec.message());
  if (files.empty()) throw InvalidInput("'" + path + "' holds no scene (*.json)");
  std::sort(files.begin(), files.end());
  return files;
}

bool Tour::step(int by) {
  if (files.empty()) return false;
  const int next = std::clamp(at + by, 0, int(files.size()) - 1);
  if (next == at) return false;
  at = next;
  return true;
}

std::string new_scene_path(const std::string& dir) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "scene-%Y%m%d-%H%M%S", std::localtime(&now));
  std::error_code ec;
  std::string path = (std::filesystem::path(dir) / (std::string(stamp) + ".json")).string();
  for (int n = 2; std::filesystem::exists(path, ec); ++n)
    path = (std::filesystem::path(dir) / (std::string(stamp) + "-" + std::to_string(n) + ".json")).string();
  return path;
}

}  // namespace tilescope
