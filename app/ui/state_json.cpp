#include "app/ui/state_json.hpp"

#include <climits>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/io/atomic_file.hpp"
#include "app/ui/compare.hpp"

#include "kernels/common/error.hpp"
#include "kernels/conv1d/broken.hpp"
#include "kernels/conv1d/filter.hpp"
#include "kernels/conv1d/strategies.hpp"
#include "kernels/conv2d/broken.hpp"
#include "kernels/conv2d/filter.hpp"
#include "kernels/conv2d/geometry.hpp"
#include "kernels/conv2d/strategies.hpp"
#include "kernels/matmul/strategies.hpp"
#include "kernels/stencil3d/broken.hpp"
#include "kernels/stencil3d/coeffs.hpp"
#include "kernels/stencil3d/strategies.hpp"

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

template <typename Strategy>
void read_strategy(JsonFields& f, const char* pattern, Strategy& out) {
  f.text("strategy", std::string("a ") + pattern + " strategy: " + strategy_names<Strategy>(),
         [&](const std::string& v) {
           const auto st = parse_strategy<Strategy>(v);
           if (st) out = *st;
           return bool(st);
         });
}

// A filter (or coefficients) name that `make` accepts.
template <typename Make>
void read_filter(JsonFields& f, const char* key, const char* help, std::string& out, Make make) {
  f.text(key, std::string("a named filter: ") + help, [&](const std::string& v) {
    try {
      make(v);
    } catch (const InvalidInput&) {
      return false;
    }
    return out = v, true;
  });
}

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

// "step": the step of the focused block that the step-through shows (absent: step-through off).
void read_stepper(JsonFields& f, Stepper& s) {
  const nlohmann::json* v = f.get("step", false);
  if (!v) return;
  if (v->is_number_integer() && v->get<long long>() >= 0 && v->get<long long>() <= 1 << 20)
    s.on = true, s.step = int(v->get<long long>());  // the view clamps it to the block's steps
  else
    f.warn("step", "a step of the focused block's timeline, from 0");
}

// A stepped pattern's part (its UI state `u`), as read_strategy and read_step_and_break read it
// back: its strategy by name, its own fields, and in a scene the step the step-through shows and the
// break.
template <typename Ui>
nlohmann::json stepped_pattern_json(const Ui& u, nlohmann::json fields, StateFile kind) {
  fields["strategy"] = strategy_info(u.params.strategy).name;
  if (kind != StateFile::scene) return fields;
  if (u.stepper.on) fields["step"] = u.stepper.step;
  fields["break"] = u.bug == Break::none ? "none" : std::string(break_info(u.bug).name);
  return fields;
}

// "break": none or a bug that `strategy` can have (its break_problem).
template <typename Strategy>
void read_break(JsonFields& f, Strategy strategy, Break& out) {
  f.text("break", "none or a bug: " + break_names(), [&](const std::string& v) {
    Break bug = Break::none;
    try {
      if (v != "none") bug = parse_break(v);
    } catch (const InvalidInput&) {
      return false;
    }
    if (bug != Break::none && break_problem(strategy, bug)) return false;
    return out = bug, true;
  });
}

// A stepped pattern's scene part, as stepped_pattern_json writes it: the step and the break.
template <typename Ui>
void read_step_and_break(JsonFields& f, Ui& u, StateFile kind) {
  if (kind != StateFile::scene) return;
  read_stepper(f, u.stepper);
  read_break(f, u.params.strategy, u.bug);
}

void read_conv2d(JsonFields& f, Conv2dUi& c, StateFile kind) {
  read_strategy(f, "conv2d", c.params.strategy);
  f.integer("radius", 1, kMaxConv2dRadius, c.params.filter_radius);
  f.integer("tile", 1, c.params.strategy == Conv2dStrategy::sliding ? kMaxSlidingStrip : 32, c.params.tile);
  read_filter(f, "filter", named_filter_help(), c.filter, [](const std::string& v) { make_named_filter(v, 1); });
  read_step_and_break(f, c, kind);
}

void read_stencil3d(JsonFields& f, Stencil3dUi& st, StateFile kind) {
  read_strategy(f, "stencil3d", st.params.strategy);
  f.integer("order", 1, kMaxStencil3dRadius, st.params.order);
  f.integer("tile", 1, 32, st.params.tile);
  read_filter(f, "coeffs", named_stencil_help(), st.coeffs, [](const std::string& v) { make_named_stencil(v, 1); });
  int grid = st.grid;
  f.integer("grid", 0, 512, grid);
  if (grid != 0 && grid < 16)
    f.warn("grid", "0 (the backend's choice) or 16..512");
  else
    st.grid = grid;
  f.integer("slice", -1, 511, st.slice);
  f.integer("steps", 1, 64, st.iterations);
  read_step_and_break(f, st, kind);
}

void read_conv1d(JsonFields& f, Conv1dUi& c, StateFile kind) {
  read_strategy(f, "conv1d", c.params.strategy);
  f.integer("radius", 1, kMaxConv1dRadius, c.params.filter_radius);
  f.integer("tile", kMinConv1dTile, kMaxConv1dTile, c.params.tile);
  f.integer("length", 32, 1 << 16, c.params.length);
  read_filter(f, "filter", named_filter1d_help(), c.filter, [](const std::string& v) { make_named_filter1d(v, 1); });
  read_step_and_break(f, c, kind);
}

void read_matmul(JsonFields& f, MatmulUi& m) {
  read_strategy(f, "matmul", m.params.strategy);
  const bool fast = m.params.strategy == MatmulStrategy::fast;  // its tile: its block tile's width, 128 or 256
  f.integer("tile", fast ? kMatmulFastNarrowTile : kMinMatmulTile, fast ? kMatmulFastWideTile : kMaxMatmulTile,
            m.params.tile);
  f.integer("rows", 1, 96, m.params.rows);
  f.integer("inner", 1, 96, m.params.inner);
  f.integer("cols", 1, 96, m.params.cols);
  f.integer("phase", 0, 95, m.phase);
  f.integer("step", 0, kMatmulSteps - 1, m.step);
  int missing = int(m.missing);
  f.choice("without", missing_barrier_names(), 3, missing);
  m.missing = MissingBarrier(missing);
  int seed = int(m.seed);
  f.integer("seed", 0, INT_MAX, seed);
  m.seed = unsigned(seed);
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

nlohmann::json conv2d_json(const Conv2dUi& c, StateFile kind) {
  return stepped_pattern_json(c, {{"radius", c.params.filter_radius}, {"tile", c.params.tile}, {"filter", c.filter}},
                              kind);
}

nlohmann::json stencil3d_json(const Stencil3dUi& st, StateFile kind) {
  return stepped_pattern_json(st,
                              {{"order", st.params.order},
                               {"tile", st.params.tile},
                               {"coeffs", st.coeffs},
                               {"grid", st.grid},
                               {"slice", st.slice},
                               {"steps", st.iterations}},
                              kind);
}

nlohmann::json conv1d_json(const Conv1dUi& c, StateFile kind) {
  return stepped_pattern_json(
      c,
      {{"radius", c.params.filter_radius}, {"tile", c.params.tile}, {"length", c.params.length}, {"filter", c.filter}},
      kind);
}

nlohmann::json matmul_json(const MatmulUi& m) {
  return {{"strategy", strategy_info(m.params.strategy).name},
          {"tile", m.params.tile},
          {"rows", m.params.rows},
          {"inner", m.params.inner},
          {"cols", m.params.cols},
          {"phase", m.phase},
          {"step", m.step},
          {"without", missing_barrier_names()[int(m.missing)]},
          {"seed", m.seed}};
}

nlohmann::json cell_json(const std::optional<Pixel>& p) { return p ? nlohmann::json{p->x, p->y} : nullptr; }

}  // namespace

void read_state(JsonFields& f, UiState& s, StateFile kind) {
  if (const nlohmann::json* v = f.get("version")) {
    if (!v->is_number_integer() || v->get<long long>() < 1)
      f.warn("version", "a whole number from 1");
    else if (v->get<long long>() > kStateFileVersion)
      f.note("version", "is " + std::to_string(v->get<long long>()) + ", newer than this tilescope's " +
                            std::to_string(kStateFileVersion) + ": the fields it does not know are ignored");
  }
  int pattern = int(s.pattern);
  f.choice("pattern", pattern_ids(), kPatternCount, pattern);
  s.pattern = Pattern(pattern);
  // Each pattern's parameters under its name; settings.json before version 1 had conv2d's at the top.
  const bool flat_conv2d =
      !f.has("conv2d") && (f.has("strategy") || f.has("radius") || f.has("tile") || f.has("filter"));
  const auto expected = [&](Pattern p) { return kind == StateFile::settings || s.pattern == p; };
  if (flat_conv2d) {
    read_conv2d(f, s.conv2d, kind);
  } else {
    JsonFields conv2d = f.object("conv2d", expected(Pattern::conv2d));
    read_conv2d(conv2d, s.conv2d, kind);
  }
  {
    JsonFields stencil3d = f.object("stencil3d", expected(Pattern::stencil3d));
    read_stencil3d(stencil3d, s.stencil, kind);
    JsonFields conv1d = f.object("conv1d", expected(Pattern::conv1d));
    read_conv1d(conv1d, s.conv1d, kind);
    JsonFields matmul = f.object("matmul", expected(Pattern::matmul));
    read_matmul(matmul, s.matmul);
  }
  f.text("backend", "auto, cuda or cpu", [&](const std::string& v) {
    if (v != "auto" && v != "cuda" && v != "cpu") return false;
    return s.backend = v, true;
  });
  int view = int(s.view), demo = int(s.demo_scene);
  f.choice("view", view_names(), 4, view);
  s.view = ViewMode(view);
  f.choice("demo", demo_scene_names(), kDemoSceneCount, demo);
  s.demo_scene = DemoScene(demo);
  f.integer("demo_size", 64, 8192, s.demo_size);
  f.boolean("presentation", s.presentation);
  f.integer("measure_every", 0, 600, s.measure_every);
  {
    JsonFields o = f.object("overlays");
    for (const auto& [key, on] : kOverlayKeys) o.boolean(key, s.overlays.*on);
  }
  read_panels(f, s.panels);
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
  clamp_params(s);
  clamp_stencil3d(s.stencil);
  clamp_conv1d(s.conv1d);
  clamp_matmul(s.matmul);
  drop_breaks_that_cannot_run(s);
}

nlohmann::json state_json(const UiState& s, StateFile kind) {
  nlohmann::json j = {{"version", kStateFileVersion},
                      {"pattern", pattern_id(s.pattern)},
                      {"backend", s.backend},
                      {"view", view_name(s.view)},
                      {"demo", demo_scene_names()[int(s.demo_scene)]},
                      {"demo_size", s.demo_size},
                      {"presentation", s.presentation},
                      {"measure_every", s.measure_every}};
  for (const auto& [key, on] : kOverlayKeys) j["overlays"][key] = s.overlays.*on;
  j["panels"] = s.panels;
  const auto keep = [&](Pattern p) { return kind == StateFile::settings || s.pattern == p; };
  if (keep(Pattern::conv2d)) j["conv2d"] = conv2d_json(s.conv2d, kind);
  if (keep(Pattern::stencil3d)) j["stencil3d"] = stencil3d_json(s.stencil, kind);
  if (keep(Pattern::conv1d)) j["conv1d"] = conv1d_json(s.conv1d, kind);
  if (keep(Pattern::matmul)) j["matmul"] = matmul_json(s.matmul);
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
