#include "app/shell/state_json.hpp"

#include <climits>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/io/atomic_file.hpp"
#include "app/shell/compare.hpp"
#include "kernels/common/error.hpp"

namespace tilescope {
namespace {

// The overlays' switches by their key in the file ("taps": the receptive field), one list for
// reading and writing them.
constexpr std::pair<const char*, bool Overlays::*> kOverlayKeys[] = {{"tile_grid", &Overlays::tile_grid},
                                                                     {"block", &Overlays::block},
                                                                     {"taps", &Overlays::receptive_field},
                                                                     {"thread_ids", &Overlays::thread_ids},
                                                                     {"legend", &Overlays::legend},
                                                                     {"inspector", &Overlays::inspector},
                                                                     {"hud", &Overlays::hud},
                                                                     {"caption", &Overlays::caption}};

// [x, y]: a cell of the shown data.
void read_cell(JsonFields& f, const char* key, std::optional<Pixel>& out) {
  const nlohmann::json* v = f.get(key, false);
  if (!v) return;
  if (v->is_array() && v->size() == 2 && (*v)[0].is_number_integer() && (*v)[1].is_number_integer()) {
    const long long x = (*v)[0].get<long long>(), y = (*v)[1].get<long long>();
    if (x >= 0 && y >= 0 && x <= 1 << 16 && y <= 1 << 16) {
      out = Pixel{int(x), int(y)};
      return;
    }
  }
  f.warn(key, "[x, y], a cell of the data");
}

// "panels": {"Timing": false, ...}: the sidebar's panels by title, open or not.
void read_panels(JsonFields& f, std::map<std::string, bool>& out) {
  const nlohmann::json* v = f.get("panels");
  if (!v) return;
  bool ok = v->is_object() && v->size() <= 32;
  for (auto it = ok ? v->begin() : v->end(); ok && it != v->end(); ++it)
    ok = it.key().size() <= 64 && it.value().is_boolean();
  if (!ok) return f.warn("panels", "{\"title\": true or false, ...}, at most 32");
  out.clear();
  for (auto it = v->begin(); it != v->end(); ++it) out[it.key()] = it.value().get<bool>();
}

// "zoom" (screen pixels per element; 0: fit) around "centre" ([x, y] in elements; absent: the
// hovered or pinned cell).
void read_pose(JsonFields& f, std::optional<ViewPose>& out) {
  ViewPose pose;
  f.number("zoom", 0, 96, pose.zoom);
  if (const nlohmann::json* v = f.get("centre", false)) {
    if (v->is_array() && v->size() == 2 && (*v)[0].is_number() && (*v)[1].is_number() &&
        std::abs((*v)[0].get<double>()) <= 1 << 16 && std::abs((*v)[1].get<double>()) <= 1 << 16)
      pose.centre = Vec2{(*v)[0].get<float>(), (*v)[1].get<float>()};
    else
      f.warn("centre", "[x, y], a point of the data");
  }
  out = pose;
}

// "compare": 2-4 strategies of the scene's pattern, shown side by side (app/ui/compare.hpp).
void read_compare(JsonFields& f, UiState& s) {
  const nlohmann::json* v = f.get("compare", false);
  if (!v) return;
  std::vector<std::string> names;
  bool ok = v->is_array() && v->size() <= kMaxComparePanes;
  for (std::size_t i = 0; ok && i < v->size(); ++i) {
    ok = (*v)[i].is_string();
    if (ok) names.push_back((*v)[i].get<std::string>());
  }
  const auto problem = ok ? compare_problem(s.pattern, names) : std::nullopt;
  if (ok && !problem)
    s.compare = names;
  else
    f.warn("compare", "2 to 4 of the pattern's strategies by name" + (problem ? ": " + *problem : std::string()));
}

nlohmann::json cell_json(const std::optional<Pixel>& p) { return p ? nlohmann::json{p->x, p->y} : nullptr; }

// "exercises": {"current": id, "seed": S, "solved": [ids]}: the Exercises panel's progress (settings.json
// only; files written before it have none).
void read_exercises(JsonFields& f, ExerciseProgress& e) {
  JsonFields o = f.object("exercises", false);
  o.text("current", "an exercise's id", [&](const std::string& v) { return e.current = v, true; });
  if (const nlohmann::json* v = o.get("seed", false)) {
    if (v->is_number_integer())
      e.seed = v->get<long long>();
    else
      o.warn("seed", "an integer");
  }
  if (const nlohmann::json* v = o.get("solved", false)) {
    bool ok = v->is_array() && v->size() <= 4096;
    for (std::size_t i = 0; ok && i < v->size(); ++i)
      ok = (*v)[i].is_string() && (*v)[i].get<std::string>().size() <= 64;
    if (ok)
      e.solved = v->get<std::vector<std::string>>();
    else
      o.warn("solved", "a list of exercise ids");
  }
}

}  // namespace

void read_state(JsonFields& f, UiState& s, StateFile kind) {
  if (const nlohmann::json* v = f.get("version")) {
    if (!v->is_number_integer() || v->get<long long>() < 1)
      f.warn("version", "a whole number from 1");
    else if (v->get<long long>() > kStateFileVersion)
      f.note("version", "is " + std::to_string(v->get<long long>()) + ", newer than this tilescope's " +
                            std::to_string(kStateFileVersion) + ": the fields it does not know are ignored");
  }
  f.choice("pattern", pattern_ids(), kPatternCount, s.pattern);
  // Each pattern's parameters under its name (settings.json before version 1 had the first
  // pattern's at the top), and what it keeps at the top of the file.
  int index = 0;
  for_each_pattern([&](auto app) {
    using App = decltype(app);
    auto& u = s.ui<typename App::Ui>();
    const std::string id = pattern_id<App>();
    const bool flat = App::kFlatBeforeVersion1 && !f.has(id.c_str()) &&
                      (f.has("strategy") || f.has("radius") || f.has("tile") || f.has("filter"));
    if (flat) {
      App::read(f, u, kind);
    } else {
      JsonFields fields = f.object(id.c_str(), kind == StateFile::settings || s.pattern == index);
      App::read(fields, u, kind);
    }
    ++index;
  });
  f.text("backend", "auto, cuda or cpu", [&](const std::string& v) {
    if (v != "auto" && v != "cuda" && v != "cpu") return false;
    return s.backend = v, true;
  });
  for_each_pattern([&](auto app) { decltype(app)::read_top_level(f, s.ui<typename decltype(app)::Ui>()); });
  f.boolean("presentation", s.presentation);
  // Whether the meter measures is the room's (settings.json); a scene may set it but need not. A file
  // from before measurements were taken once per launch says how often ("measure_every", 0: never).
  if (f.has("measure_every")) {
    int every = s.measure_traffic ? 1 : 0;
    f.integer("measure_every", 0, 600, every);
    s.measure_traffic = every > 0;
  } else if (kind == StateFile::settings || f.has("measure_traffic")) {
    f.boolean("measure_traffic", s.measure_traffic);
  }
  {
    JsonFields o = f.object("overlays");
    for (const auto& [key, on] : kOverlayKeys) o.boolean(key, s.overlays.*on);
  }
  read_panels(f, s.panels);
  if (kind == StateFile::settings) read_exercises(f, s.exercises);
  if (kind == StateFile::scene) {
    f.boolean("paused", s.paused);
    read_cell(f, "hover", s.hover);
    read_cell(f, "pinned", s.pinned);
    read_pose(f, s.pose);
    read_compare(f, s);
    // A caption: a string, or an array of lines; at most 1000 characters.
    if (const nlohmann::json* v = f.get("caption")) {
      std::string text;
      bool ok = v->is_string() || v->is_array();
      if (v->is_string()) text = v->get<std::string>();
      for (std::size_t i = 0; ok && v->is_array() && i < v->size(); ++i) {
        ok = (*v)[i].is_string();
        if (ok) text += (i ? "\n" : "") + (*v)[i].get<std::string>();
      }
      if (ok && text.size() <= 1000)
        s.caption = text;
      else
        f.warn("caption", "a string or an array of lines, at most 1000 characters");
    }
  }
  clamp(s);
}

nlohmann::json state_json(const UiState& s, StateFile kind) {
  nlohmann::json j = {{"version", kStateFileVersion},
                      {"pattern", pattern_ids()[s.pattern]},
                      {"backend", s.backend},
                      {"presentation", s.presentation},
                      {"measure_traffic", s.measure_traffic}};
  for (const auto& [key, on] : kOverlayKeys) j["overlays"][key] = s.overlays.*on;
  j["panels"] = s.panels;
  if (kind == StateFile::settings)
    j["exercises"] = {{"current", s.exercises.current}, {"seed", s.exercises.seed}, {"solved", s.exercises.solved}};
  int index = 0;  // a scene keeps the shown pattern's parameters alone
  for_each_pattern([&](auto app) {
    using App = decltype(app);
    const auto& u = s.ui<typename App::Ui>();
    App::top_level_json(u, j);
    if (kind == StateFile::settings || s.pattern == index) j[pattern_id<App>()] = App::json(u, kind);
    ++index;
  });
  if (kind == StateFile::scene) {
    j["paused"] = s.paused;
    if (s.hover) j["hover"] = cell_json(s.hover);
    if (s.pinned) j["pinned"] = cell_json(s.pinned);
    j["zoom"] = s.pose ? s.pose->zoom : 0.0f;
    if (s.pose && s.pose->centre) j["centre"] = {s.pose->centre->x, s.pose->centre->y};
    if (!s.compare.empty()) j["compare"] = s.compare;
    // An array of lines reads better in the file than "\n"; every '\n' splits, a last one too,
    // so the lines join back to the same caption.
    std::vector<std::string> lines;
    for (std::size_t start = 0; !s.caption.empty();) {
      const std::size_t end = s.caption.find('\n', start);
      lines.push_back(s.caption.substr(start, end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    j["caption"] = lines;
  }
  return j;
}

void read_state_text(UiState& s, const std::string& text, const std::string& name, StateFile kind) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw InvalidInput(name + " is not a JSON object");
  JsonFields f(j, name);
  read_state(f, s, kind);
  f.report();
}

void write_state_file(const UiState& s, const std::string& path, StateFile kind) {
  const std::string text = state_json(s, kind).dump(2) + "\n";
  io::write_atomically(path,
                       [&](std::FILE* out) { return std::fwrite(text.data(), 1, text.size(), out) == text.size(); });
}

}  // namespace tilescope
