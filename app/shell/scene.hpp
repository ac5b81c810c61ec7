#pragma once
// Scenes: a lecture's states as JSON files, one per step of a tour (assets/scenes/). A scene is
// UiState as settings.json holds it, plus what a lecture sets up (app/ui/state_json.hpp): the
// shown pattern's parameters, conv2d's break, paused, the hovered or pinned cell, the view's zoom
// and centre, a caption of a few lines, and the compare set (strategies side by side) if any.
// A block step-through, when there is one, is a field of the shown pattern's object.
#include <cstdint>
#include <string>
#include <vector>

#include "app/shell/ui_state.hpp"

namespace tilescope {

inline constexpr std::uint64_t kMaxSceneBytes = 64 * 1024;

// The scene in `path` over the defaults. Fields of the wrong type or out of range keep their
// default with one line each on stderr; unknown and missing fields are listed in one line each.
// Throws InvalidInput (one line) when the file is not a regular readable file of at most
// kMaxSceneBytes holding a JSON object.
UiState load_scene(const std::string& path);
void save_scene(const UiState& s, const std::string& path);  // atomically; InvalidInput says why not

// A tour: FILE alone, or the .json files of DIR sorted by name. Throws InvalidInput when there is
// no such file or the folder holds no scene.
std::vector<std::string> tour_files(const std::string& path);

// The scenes of a tour, one shown at a time; PageDown / PageUp (what presentation clickers send)
// move through them and stop at the ends.
struct Tour {
  std::vector<std::string> files;
  int at = 0;
  // Moves `by` scenes, clamped to the ends; false when that is where the tour already is.
  bool step(int by);
};
// Where ctrl+s saves: a new scene-YYYYMMDD-HHMMSS[-N].json in `dir`.
std::string new_scene_path(const std::string& dir);

}  // namespace tilescope
