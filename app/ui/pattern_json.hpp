#pragma once
// What every pattern's part of a state file (settings.json, a scene) is made of, written once: its
// strategy by name, a named filter, and for a pattern with a step-through and breaks, the step shown
// and the break (in a scene only). Each pattern's read and json (app/<pattern>/app_pattern.cpp) are
// these plus its own fields.
#include <nlohmann/json.hpp>

#include <string>

#include "app/ui/common_state.hpp"
#include "app/ui/json_fields.hpp"
#include "kernels/common/breaks.hpp"
#include "kernels/common/error.hpp"
#include "kernels/common/strategy_table.hpp"

namespace tilescope {

// The two files that hold the app's state: settings.json (what the window remembers between runs)
// and a scene (a lecture's state, app/shell/scene.hpp), which adds what a lecture sets up and a
// restart should not: the step shown and the break among a pattern's fields.
enum class StateFile { settings, scene };

template <typename Strategy>
void read_strategy(JsonFields& f, const std::string& pattern, Strategy& out) {
  f.text("strategy", "a " + pattern + " strategy: " + strategy_names<Strategy>(), [&](const std::string& v) {
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

// "step": the step of the focused block that the step-through shows (absent: step-through off).
inline void read_stepper(JsonFields& f, Stepper& s) {
  const nlohmann::json* v = f.get("step", false);
  if (!v) return;
  if (v->is_number_integer() && v->get<long long>() >= 0 && v->get<long long>() <= 1 << 20)
    s.on = true, s.step = int(v->get<long long>());  // the view clamps it to the block's steps
  else
    f.warn("step", "a step of the focused block's timeline, from 0");
}

// "break": none or a bug that `strategy` can have (its break_problem); absent: none, said nothing of.
template <typename Strategy>
void read_break(JsonFields& f, Strategy strategy, Break& out) {
  if (!f.has("break")) return;
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

// A stepped pattern's settings `u` (with params, stepper and bug): its strategy by name, its own
// `fields`, and in a scene the step the step-through shows and the break.
template <typename Ui>
nlohmann::json stepped_pattern_json(const Ui& u, nlohmann::json fields, StateFile kind) {
  fields["strategy"] = strategy_info(u.params.strategy).name;
  if (kind != StateFile::scene) return fields;
  if (u.stepper.on) fields["step"] = u.stepper.step;
  fields["break"] = u.bug == Break::none ? "none" : std::string(break_info(u.bug).name);
  return fields;
}

// A stepped pattern's scene part, as stepped_pattern_json writes it: the step and the break.
template <typename Ui>
void read_step_and_break(JsonFields& f, Ui& u, StateFile kind) {
  if (kind != StateFile::scene) return;
  read_stepper(f, u.stepper);
  read_break(f, u.params.strategy, u.bug);
}

}  // namespace tilescope
