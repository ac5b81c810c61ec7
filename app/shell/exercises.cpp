#include "app/shell/exercises.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>

#include "app/io/regular_file.hpp"
#include "app/shell/pattern_table.hpp"
#include "kernels/common/error.hpp"

#ifndef TILESCOPE_EXERCISES_DIR
#define TILESCOPE_EXERCISES_DIR "assets/exercises"
#endif

namespace tilescope {
namespace {

using nlohmann::json;

constexpr const char* kKindNames[] = {"count", "ratio", "choice", "locate", "reconcile"};

// Default tolerances: a count and a cell are exact; a ratio within 1% (PMPP prints two decimals);
// a prediction of measured bytes within 25% (the lesson is where the model and the hardware part).
double default_tolerance(ExerciseKind k) {
  return k == ExerciseKind::ratio ? 0.01 : k == ExerciseKind::reconcile ? 0.25 : 0.0;
}

[[noreturn]] void refuse(const std::string& where, const std::string& what) { throw InvalidInput(where + ": " + what); }

// The pattern's quantities, through the pattern table (each trait's exercise_quantities); InvalidInput
// naming the patterns there are.
const std::vector<cli::ExerciseQuantity>& quantities_of(const std::string& pattern) {
  const std::vector<cli::ExerciseQuantity>* found = nullptr;
  std::string names;
  for_each_pattern([&](auto app) {
    using App = decltype(app);
    names += (names.empty() ? "" : ", ") + pattern_id<App>();
    if (pattern_id<App>() == pattern) found = &App::exercise_quantities();
  });
  if (!found) throw InvalidInput("unknown pattern '" + pattern.substr(0, 40) + "': available: " + names);
  return *found;
}

const cli::ExerciseQuantity* find_quantity(const std::string& pattern, const std::string& name) {
  for (const auto& q : quantities_of(pattern))
    if (name == q.name) return &q;
  return nullptr;
}

std::string text_field(const json& j, const char* key, const std::string& where, bool required = true) {
  const auto it = j.find(key);
  if (it == j.end()) {
    if (required) refuse(where, std::string("'") + key + "' is missing");
    return "";
  }
  if (!it->is_string() || it->get_ref<const std::string&>().size() > 2000)
    refuse(where, std::string("'") + key + "' must be a string");
  return it->get<std::string>();
}

// A scene fragment: an object (or absent).
json object_field(const json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) return json::object();
  if (!it->is_object()) refuse(where, std::string("'") + key + "' must be an object of a scene's fields");
  return *it;
}

bool holds_answer(const json& j) {
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() == "answer" || holds_answer(it.value())) return true;
  if (j.is_array())
    for (const auto& v : j)
      if (holds_answer(v)) return true;
  return false;
}

bool is_bound(const json& b) {
  return b.is_number_integer() ||
         (b.is_string() && std::regex_match(b.get<std::string>(), std::regex(R"([a-z_][a-z0-9_]*([-+*/]\d{1,6})?)")));
}

ExerciseParam parse_param(const json& j, const std::string& where, const std::set<std::string>& earlier) {
  if (!j.is_object())
    refuse(where, "each of 'params' must be an object {\"name\": ..., \"range\"|\"one_of\"|\"value\": ...}");
  ExerciseParam p;
  p.name = text_field(j, "name", where);
  if (!std::regex_match(p.name, std::regex(R"([a-z_][a-z0-9_]{0,31})")))
    refuse(where, "parameter name '" + p.name + "' must be lower case letters, digits and _");
  const std::string at = where + ", parameter '" + p.name + "'";
  const int given = int(j.count("range")) + int(j.count("one_of")) + int(j.count("value"));
  if (given != 1) refuse(at, "give exactly one of range, one_of, value");
  if (j.count("range")) {
    const json& r = j["range"];
    if (!r.is_array() || r.size() != 2 || !is_bound(r[0]) || !is_bound(r[1]))
      refuse(at, "range must be [lo, hi]: integers or an earlier parameter (\"size\", \"size-1\")");
    for (const json& b : r)
      if (b.is_string()) {
        const std::string ref = std::regex_replace(b.get<std::string>(), std::regex(R"([-+*/]\d+$)"), "");
        if (!earlier.count(ref)) refuse(at, "range refers to '" + ref + "', which is not an earlier parameter");
      }
    p.lo = {r[0], r[1]};
  } else if (j.count("one_of")) {
    const json& l = j["one_of"];
    if (!l.is_array() || l.empty() || l.size() > 64) refuse(at, "one_of must be a list of 1..64 values");
    for (const json& v : l) {
      if (!v.is_number_integer() && !v.is_string()) refuse(at, "one_of holds integers or strings");
      p.one_of.push_back(v);
    }
  } else {
    p.value = j["value"];
    if (!p.value.is_number_integer() && !p.value.is_string()) refuse(at, "value must be an integer or a string");
  }
  return p;
}

Exercise parse_exercise(const json& j, const std::string& file, int index) {
  std::string where = file + ": exercise " + std::to_string(index + 1);
  if (!j.is_object()) refuse(where, "must be an object");
  if (holds_answer(j))
    refuse(where, "an exercise names the quantity asked, never its answer ('answer' is not a field)");
  Exercise e;
  e.file = file;
  e.id = text_field(j, "id", where);
  if (!std::regex_match(e.id, std::regex(R"([a-z0-9][a-z0-9-]{0,63})")))
    refuse(where, "id '" + e.id + "' must be lower case letters, digits and -");
  where = file + ": exercise '" + e.id + "'";
  static const std::set<std::string> known = {"id",       "chapter", "pattern",  "kind",    "title",
                                              "question", "params",  "quantity", "options", "tolerance",
                                              "unit",     "view",    "before",   "after",   "lesson"};
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!known.count(it.key())) refuse(where, "unknown field '" + it.key() + "'");
  e.pattern = text_field(j, "pattern", where);
  try {
    quantities_of(e.pattern);
  } catch (const InvalidInput& bad) {
    refuse(where, bad.what());
  }
  const std::string kind = text_field(j, "kind", where);
  const auto k = std::find(std::begin(kKindNames), std::end(kKindNames), kind);
  if (k == std::end(kKindNames)) refuse(where, "kind '" + kind + "' is not count, ratio, choice, locate or reconcile");
  e.kind = ExerciseKind(k - std::begin(kKindNames));
  e.title = text_field(j, "title", where);
  e.question = text_field(j, "question", where);
  e.quantity = text_field(j, "quantity", where);
  if (!find_quantity(e.pattern, e.quantity)) {
    std::string names;
    for (const auto& q : quantities_of(e.pattern)) names += (names.empty() ? "" : ", ") + std::string(q.name);
    refuse(where, e.pattern + " has no quantity '" + e.quantity + "' (it has " + names + ")");
  }
  e.unit = text_field(j, "unit", where, false);
  e.lesson = text_field(j, "lesson", where, false);
  if (j.count("chapter")) {
    if (!j["chapter"].is_number_integer()) refuse(where, "'chapter' must be an integer");
    e.chapter = j["chapter"].get<int>();
  }
  e.tolerance = default_tolerance(e.kind);
  if (j.count("tolerance")) {
    const json& t = j["tolerance"];
    if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() < 0 || t.get<double>() > 1e6)
      refuse(where, "'tolerance' must be a number >= 0");
    e.tolerance = t.get<double>();
  }
  const auto params = j.find("params");
  if (params == j.end() || !params->is_array() || params->size() > 32)
    refuse(where, "'params' must be a list of at most 32 parameters");
  std::set<std::string> names;
  for (const json& pj : *params) {
    e.params.push_back(parse_param(pj, where, names));
    if (!names.insert(e.params.back().name).second) refuse(where, "parameter '" + e.params.back().name + "' twice");
  }
  if (j.count("options")) {
    if (!j["options"].is_array() || j["options"].size() < 2 || j["options"].size() > 16)
      refuse(where, "'options' must be a list of 2..16 names");
    for (const json& o : j["options"]) {
      if (!o.is_string()) refuse(where, "'options' holds names (strings)");
      e.options.push_back(o.get<std::string>());
    }
  }
  if ((e.kind == ExerciseKind::choice) != !e.options.empty())
    refuse(where, e.kind == ExerciseKind::choice ? "a choice needs 'options'" : "only a choice has 'options'");
  e.view = object_field(j, "view", where);
  e.before = object_field(j, "before", where);
  e.after = object_field(j, "after", where);
  return e;
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser: the same draw on every machine
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t hash_text(const std::string& s) {  // FNV-1a
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

long long bound_value(const json& b, const json& drawn) {
  if (b.is_number_integer()) return b.get<long long>();
  std::smatch m;
  const std::string s = b.get<std::string>();
  std::regex_match(s, m, std::regex(R"(([a-z_][a-z0-9_]*)(([-+*/])(\d+))?)"));
  const json& v = drawn.at(m[1].str());
  if (!v.is_number_integer()) throw InvalidInput("range bound '" + s + "' refers to a parameter that is not a number");
  long long x = v.get<long long>();
  if (m[2].matched) {
    const long long k = std::stoll(m[4].str());
    const char op = m[3].str()[0];
    x = op == '+' ? x + k : op == '-' ? x - k : op == '*' ? x * k : k ? x / k : x;
  }
  return x;
}

// "$name" (a whole string) becomes the parameter's value, everywhere in a scene fragment.
json substitute(const json& j, const json& params) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s.size() > 1 && s[0] == '$' && params.contains(s.substr(1))) return params[s.substr(1)];
    return j;
  }
  if (j.is_array() || j.is_object()) {
    json out = j;
    for (auto it = out.begin(); it != out.end(); ++it) *it = substitute(*it, params);
    return out;
  }
  return j;
}

std::string number_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

bool close(double a, double t, double tolerance, bool relative) {
  const double allowed = relative ? std::max(tolerance * std::fabs(t), 0.005) : tolerance;
  return std::fabs(a - t) <= allowed + 1e-9;
}

}  // namespace

const char* exercise_kind_name(ExerciseKind k) { return kKindNames[int(k)]; }

std::vector<Exercise> parse_exercise_file(const std::string& text, const std::string& name) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) refuse(name, "not a JSON object {\"version\": 1, \"exercises\": [...]}");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<long long>() < 1)
    refuse(name, "'version' must be 1 (or later)");
  const auto list = j.find("exercises");
  if (list == j.end() || !list->is_array() || list->empty() || list->size() > 1000)
    refuse(name, "'exercises' must be a list of 1..1000 exercises");
  std::vector<Exercise> out;
  for (std::size_t i = 0; i < list->size(); ++i) out.push_back(parse_exercise((*list)[i], name, int(i)));
  return out;
}

std::vector<Exercise> load_exercise_bank(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw InvalidInput("no exercise folder '" + dir + "'");
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InvalidInput("no exercise files (*.json) in '" + dir + "'");
  std::vector<Exercise> bank;
  std::set<std::string> ids;
  for (const std::string& f : files) {
    const std::string name = std::filesystem::path(f).filename().string();
    for (Exercise& e : parse_exercise_file(io::read_whole_file(f, kMaxExerciseFileBytes, "an exercise file"), name)) {
      if (!ids.insert(e.id).second) refuse(name, "exercise id '" + e.id + "' is used twice in the bank");
      bank.push_back(std::move(e));
    }
  }
  return bank;
}

std::string default_exercise_dir() {
  if (const char* env = std::getenv("TILESCOPE_EXERCISES"); env && *env) return env;
  return TILESCOPE_EXERCISES_DIR;
}

const Exercise& find_exercise(const std::vector<Exercise>& bank, const std::string& id) {
  for (const Exercise& e : bank)
    if (e.id == id) return e;
  std::string some;
  for (std::size_t i = 0; i < bank.size() && i < 3; ++i) some += (i ? ", " : "") + bank[i].id;
  throw InvalidInput("no exercise '" + id.substr(0, 80) + "' (e.g. " + some + "; `tilescope exercise list`)");
}

json draw_exercise_params(const Exercise& e, std::int64_t seed) {
  json drawn = json::object();
  const std::uint64_t base = mix(std::uint64_t(seed) ^ hash_text(e.id));
  for (const ExerciseParam& p : e.params) {
    const std::uint64_t h = mix(base ^ hash_text(p.name));
    if (!p.lo.empty()) {
      long long lo = bound_value(p.lo[0], drawn), hi = bound_value(p.lo[1], drawn);
      if (hi < lo) std::swap(lo, hi);
      drawn[p.name] = lo + (long long)(h % std::uint64_t(hi - lo + 1));
    } else if (!p.one_of.empty()) {
      drawn[p.name] = p.one_of[h % p.one_of.size()];
    } else {
      drawn[p.name] = p.value;
    }
  }
  return drawn;
}

std::string exercise_question(const Exercise& e, const json& params) {
  std::string q = e.question;
  for (auto it = params.begin(); it != params.end(); ++it) {
    const std::string key = "{" + it.key() + "}";
    const std::string v = it->is_string() ? it->get<std::string>() : it->dump();
    for (std::size_t at = q.find(key); at != std::string::npos; at = q.find(key, at + v.size()))
      q.replace(at, key.size(), v);
  }
  return q;
}

std::vector<std::string> exercise_options(const Exercise& e, const json& params) {
  std::vector<std::string> out;
  for (const std::string& o : e.options) {
    const json v = substitute(json(o), params);
    out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
  }
  return out;
}

cli::ExerciseTruth exercise_truth(const Exercise& e, const json& params) {
  json with_options = params;
  if (e.kind == ExerciseKind::choice) with_options["options"] = exercise_options(e, params);
  return find_quantity(e.pattern, e.quantity)->truth(with_options);
}

json exercise_view(const Exercise& e, const json& params, bool checked) {
  json view = substitute(e.view, params);
  view.merge_patch(substitute(checked ? e.after : e.before, params));
  view["pattern"] = e.pattern;
  if (!view.contains("version")) view["version"] = 1;
  return view;
}

std::string format_exercise_value(ExerciseKind kind, const json& value) {
  if (value.is_null()) return "(none)";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string s;
    for (const json& v : value) s += (s.empty() ? "" : ",") + v.dump();
    return s;
  }
  if (kind == ExerciseKind::ratio && value.is_number()) return number_text(value.get<double>());
  if (value.is_number_float() && value.get<double>() == std::floor(value.get<double>()) &&
      std::fabs(value.get<double>()) < 9e15)
    return std::to_string((long long)value.get<double>());
  return value.dump();
}

json parse_exercise_answer(const Exercise& e, const cli::ExerciseTruth& truth, const json& params,
                           const std::string& answer) {
  const std::string a = std::regex_replace(answer, std::regex(R"(^\s+|\s+$)"), "");
  const std::string shown = a.substr(0, 40);
  switch (e.kind) {
    case ExerciseKind::count: {
      if (!std::regex_match(a, std::regex(R"([-+]?\d{1,15})")))
        throw InvalidInput("'" + shown + "' is not a whole number (this exercise counts)");
      return std::stoll(a);
    }
    case ExerciseKind::ratio:
    case ExerciseKind::reconcile: {
      if (!std::regex_match(a, std::regex(R"([-+]?(\d{1,18}(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?)")))
        throw InvalidInput("'" + shown + "' is not a number");
      const double v = std::strtod(a.c_str(), nullptr);
      if (!std::isfinite(v)) throw InvalidInput("'" + shown + "' is not a finite number");
      return v;
    }
    case ExerciseKind::choice: {
      for (const std::string& o : exercise_options(e, params))
        if (o == a) return o;
      std::string names;
      for (const std::string& o : exercise_options(e, params)) names += (names.empty() ? "" : ", ") + o;
      throw InvalidInput("'" + shown + "' is not one of the options: " + names);
    }
    case ExerciseKind::locate: {
      if (!std::regex_match(a, std::regex(R"([-+]?\d{1,9}(\s*,\s*[-+]?\d{1,9}){0,3})")))
        throw InvalidInput("'" + shown + "' is not a place: integers separated by commas, e.g. 3,1");
      json cell = json::array();
      std::smatch m;
      std::string rest = a;
      while (std::regex_search(rest, m, std::regex(R"([-+]?\d+)")))
        cell.push_back(std::stoll(m.str())), rest = m.suffix();
      if (truth.value.is_array() && cell.size() != truth.value.size())
        throw InvalidInput("'" + shown + "' has " + std::to_string(cell.size()) + " coordinates; this place has " +
                           std::to_string(truth.value.size()));
      return cell;
    }
  }
  return nullptr;
}

ExerciseVerdict grade_exercise(const Exercise& e, const cli::ExerciseTruth& truth, const json& answer) {
  ExerciseVerdict v;
  v.answer = format_exercise_value(e.kind, answer);
  v.truth = format_exercise_value(e.kind, truth.value);
  const bool numeric = answer.is_number() && truth.value.is_number();
  const bool relative = e.kind == ExerciseKind::ratio || e.kind == ExerciseKind::reconcile;
  if (numeric)
    v.right = close(answer.get<double>(), truth.value.get<double>(), e.tolerance, relative);
  else if (truth.accepts)
    v.right = truth.accepts(answer);
  else
    v.right = answer == truth.value;
  if (v.right) return v;
  for (const auto& [wrong, what] : truth.mistakes) {
    const bool same = numeric && wrong.is_number()
                          ? close(answer.get<double>(), wrong.get<double>(), e.tolerance, relative)
                          : answer == wrong;
    if (same) {
      v.why = v.answer + " is what you get if " + what + "; the truth is " + v.truth + ".";
      return v;
    }
  }
  if (numeric) {
    const double d = answer.get<double>() - truth.value.get<double>();
    v.why = v.answer + " is " + (d > 0 ? "over" : "under") + " the truth, " + v.truth + ", by " +
            format_exercise_value(e.kind, json(std::fabs(d))) +
            (relative
                 ? " (" + number_text(100 * std::fabs(d) / std::max(1e-30, std::fabs(truth.value.get<double>()))) + "%)"
                 : "") +
            ".";
  } else if (answer.is_array() && truth.value.is_array() && answer.size() == truth.value.size()) {
    std::string off;  // a place: how far, along each axis
    for (std::size_t i = 0; i < answer.size(); ++i)
      off += (i ? ", " : "") + std::to_string(answer[i].get<long long>() - truth.value[i].get<long long>());
    v.why = truth.accepts ? "that place is outside the region asked for; one inside it is " + v.truth + "."
                          : "your place is off by (" + off + ") from " + v.truth + ".";
  } else {
    v.why = "the figures below decide it.";
  }
  return v;
}

}  // namespace tilescope
