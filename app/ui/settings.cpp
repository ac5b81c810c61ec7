#include "app/ui/settings.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/io/atomic_file.hpp"
#include "kernels/conv2d/strategies.hpp"

namespace tilescope {

std::string config_dir() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) dir = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home) dir = std::filesystem::path(home) / ".config";
  else return "";
  dir /= "tilescope";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return ec ? "" : dir.string();
}

void load_settings(UiState& s, const std::string& path) {
  std::ifstream in(path);
  if (!in) return;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return;
  for (int i = 0; i < kPatternCount; ++i)
    if (j.value("pattern", "") == pattern_id(Pattern(i))) s.pattern = Pattern(i);
  if (auto st = parse_strategy<Conv2dStrategy>(j.value("strategy", ""))) s.conv2d.params.strategy = *st;
  s.conv2d.params.filter_radius = j.value("radius", s.conv2d.params.filter_radius);
  s.conv2d.params.tile = j.value("tile", s.conv2d.params.tile);
  s.conv2d.filter = j.value("filter", s.conv2d.filter);
  s.backend = j.value("backend", s.backend);
  s.view = ViewMode(std::clamp(j.value("view", int(s.view)), 0, 3));
  s.demo_size = std::clamp(j.value("demo_size", s.demo_size), 64, 8192);
  s.demo_scene = DemoScene(std::clamp(j.value("demo_scene", int(s.demo_scene)), 0, kDemoSceneCount - 1));
  s.presentation = j.value("presentation", s.presentation);
  s.overlays.tile_grid = j.value("overlay_tile_grid", s.overlays.tile_grid);
  s.overlays.block = j.value("overlay_block", s.overlays.block);
  s.overlays.receptive_field = j.value("overlay_taps", s.overlays.receptive_field);
  s.overlays.thread_ids = j.value("overlay_thread_ids", s.overlays.thread_ids);
  s.overlays.legend = j.value("overlay_legend", s.overlays.legend);
  clamp_params(s);
}

void save_settings(const UiState& s, const std::string& path) {
  const nlohmann::json j = {
      {"pattern", pattern_id(s.pattern)}, {"strategy", strategy_info(s.conv2d.params.strategy).name}, {"radius", s.conv2d.params.filter_radius},
      {"tile", s.conv2d.params.tile}, {"filter", s.conv2d.filter}, {"backend", s.backend}, {"view", int(s.view)},
      {"demo_size", s.demo_size}, {"demo_scene", int(s.demo_scene)}, {"presentation", s.presentation},
      {"overlay_tile_grid", s.overlays.tile_grid}, {"overlay_block", s.overlays.block},
      {"overlay_taps", s.overlays.receptive_field}, {"overlay_thread_ids", s.overlays.thread_ids},
      {"overlay_legend", s.overlays.legend}};
  io::write_atomically(path, [&](const std::string& tmp) {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    return bool(out);
  });
}

}  // namespace tilescope
