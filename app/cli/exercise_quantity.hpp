#pragma once
// What a pattern answers an exercise with (issue 52): a named quantity it already computes (its
// geometry, book model, exact count, CPU emulation or, on a GPU, a timing or the counters) at the
// parameters an exercise drew from a seed. Each pattern lists its quantities (app/<pattern>/
// exercises.cpp); the exercise engine (app/shell/exercises.hpp) reads them through the pattern table
// and names no pattern. An exercise file names a quantity; it never holds an answer.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/common/error.hpp"

namespace tilescope::cli {

// The truth at one set of parameters, and how the tool knows it.
struct ExerciseTruth {
  // count: an integer; ratio: a number; choice: the option's name (a string); locate: an array of
  // integers (a cell, a block, a thread: what the question asks for).
  nlohmann::json value;
  std::string how;  // one or two lines: what the tool computed, with the numbers it used
  // Answers a student is likely to give and what each one forgot (checked after a wrong answer).
  std::vector<std::pair<nlohmann::json, std::string>> mistakes;
  // choice: the value of every option (the figure that decides it), "name: figure" per option.
  std::vector<std::string> figures;
  // Not answerable here (a timing or counters on a build or machine without CUDA): why. Then `value`
  // is null.
  std::string skipped;
  // locate: the answer a click on view cell (x, y) gives (a 3D grid's slice, a matrix);
  // empty: the answer is the cell itself.
  std::function<nlohmann::json(int x, int y)> from_click;
  // locate, where any cell of a region is right (a block's output tile): whether `place` is in it;
  // `value` is then one such cell (its first). Empty: only `value` is right.
  std::function<bool(const nlohmann::json& place)> accepts;
};

// One quantity a pattern can be asked about: its name in exercise files, what it is, and the truth
// at the given parameters (an object of the drawn values by name). Throws InvalidInput (one line) when
// a parameter is missing or cannot run.
struct ExerciseQuantity {
  const char* name;
  const char* what;
  ExerciseTruth (*truth)(const nlohmann::json& params);
};

// The drawn parameter `name`: an integer, or a string (a strategy, a break).
inline int exercise_int(const nlohmann::json& params, const char* name) {
  const auto it = params.find(name);
  if (it == params.end() || !it->is_number_integer() || std::abs(it->get<long long>()) > (1LL << 30))
    throw InvalidInput(std::string("this quantity needs an integer parameter '") + name + "'");
  return int(it->get<long long>());
}
inline std::string exercise_text(const nlohmann::json& params, const char* name) {
  const auto it = params.find(name);
  if (it == params.end() || !it->is_string())
    throw InvalidInput(std::string("this quantity needs a parameter '") + name + "' (a name)");
  return it->get<std::string>();
}
inline std::vector<std::string> exercise_choices(const nlohmann::json& params) {
  return params.value("options", std::vector<std::string>{});
}

// A choice's truth: the option with the largest (or smallest) figure; `figure(option)` computes it.
template <typename Figure>
ExerciseTruth choose_by(const nlohmann::json& params, bool largest, const char* what, Figure figure) {
  ExerciseTruth t;
  double best = 0;
  for (const std::string& o : exercise_choices(params)) {
    const double v = figure(o);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s: %.4g", o.c_str(), v);
    t.figures.push_back(buf);
    if (t.value.is_null() || (largest ? v > best + 1e-12 : v < best - 1e-12)) t.value = o, best = v;
  }
  t.how = std::string("the option with the ") + (largest ? "largest " : "smallest ") + what;
  return t;
}

// The book model's OP/B of an interior block (`m`: a pattern's book model) as a truth, the bound
// (the tile grown without limit) being the likely mistake.
template <typename Model>
ExerciseTruth book_opb_truth(const Model& m) {
  ExerciseTruth t;
  t.value = m.opb_model;
  t.how = "the book's model for an interior block: " + m.formula;
  t.mistakes.push_back({m.opb_bound, "you took the bound (the tile grown without limit), not this tile"});
  return t;
}

// A choice between strategies by their OP/B in the book's model, each at the parameters
// `params_of` reads with the option as "strategy".
template <typename ParamsOf>
ExerciseTruth highest_book_opb(const nlohmann::json& params, ParamsOf params_of) {
  return choose_by(params, true, "OP/B in the book's model", [&](const std::string& s) {
    nlohmann::json one = params;
    one["strategy"] = s;
    return book_model(params_of(one)).opb_model;
  });
}

// A locate answer's coordinates (an array of integers of the truth's arity, or nothing).
inline std::vector<long long> exercise_place(const nlohmann::json& place) {
  std::vector<long long> v;
  if (place.is_array())
    for (const auto& c : place)
      if (c.is_number_integer()) v.push_back(c.get<long long>());
  return v;
}

// The first element, in raster order from (x0, y0) of a width x height field (a slice, an image, a
// matrix as rows x cols), where `out` differs from `ref` by more than `tolerance` (NaN included).
inline std::optional<std::pair<int, int>> first_damaged(const std::vector<float>& out, const std::vector<float>& ref,
                                                        int width, int height, int x0, int y0, double tolerance) {
  for (int y = y0; y < height; ++y)
    for (int x = y == y0 ? x0 : 0; x < width; ++x) {
      const double d = std::fabs(double(out[std::size_t(y) * width + x]) - ref[std::size_t(y) * width + x]);
      if (!(d <= tolerance)) return std::pair<int, int>{x, y};
    }
  return std::nullopt;
}

// Inputs where any damage shows (the break tests' choice): every value in [0.5, 1], from a hash of
// the index, the same on every machine.
inline std::vector<float> positive_data(std::size_t n, std::uint32_t seed) {
  std::vector<float> v(n);
  std::uint32_t h = seed * 2654435761u + 12345u;
  for (float& x : v) h ^= h << 13, h ^= h >> 17, h ^= h << 5, x = 0.5f + 0.5f * float(h % 10007u) / 10007.0f;
  return v;
}

}  // namespace tilescope::cli
