#pragma once
// UiState as JSON, one code path for the two files that hold it: settings.json (what the window
// remembers between runs) and a scene (a lecture's state, app/shell/scene.hpp). A scene adds what a
// lecture sets up and a restart should not: the paused flag, a pattern's step and break, the hovered
// and pinned cell and the caption; and it holds only the shown pattern's parameters. Each pattern
// reads and writes its own object (its trait's read and json, app/<pattern>/app_pattern.cpp).
#include <nlohmann/json.hpp>

#include <string>

#include "app/shell/ui_state.hpp"
#include "app/ui/json_fields.hpp"
#include "app/ui/pattern_json.hpp"

namespace tilescope {

// The version written; a file of a later one still reads (unknown fields are ignored, with a message).
inline constexpr int kStateFileVersion = 1;

// Overlays the fields of `f` on `s`, field by field (see JsonFields), then clamps `s`.
void read_state(JsonFields& f, UiState& s, StateFile kind);
// The same from a file's text, reporting unknown and missing fields; `name` stands for the file in
// messages. Throws InvalidInput when the text is not a JSON object (then `s` is unchanged).
void read_state_text(UiState& s, const std::string& text, const std::string& name, StateFile kind);
nlohmann::json state_json(const UiState& s, StateFile kind);
// state_json written whole to `path` (io::write_atomically; InvalidInput says why it could not be).
void write_state_file(const UiState& s, const std::string& path, StateFile kind);

}  // namespace tilescope
