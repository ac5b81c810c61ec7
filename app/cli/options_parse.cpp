// The parsers and bounds of options.hpp that need nothing but the standard library (the fuzz
// harnesses and test_hostile link them without the commands).
#include <algorithm>
#include <regex>
#include <sstream>

#include "app/cli/options.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {

std::vector<int> parse_dims(const std::string& text, int count, const char* what) {
  std::string pattern = R"((\d{1,9}))";
  for (int i = 1; i < count; ++i) pattern += R"([xX](\d{1,9}))";
  std::smatch m;
  if (!std::regex_match(text, m, std::regex(pattern)))
    throw InvalidInput("size '" + text + "' is not of the form " + what);
  std::vector<int> dims;
  for (int i = 1; i <= count; ++i) dims.push_back(std::stoi(m[i]));
  for (int d : dims)
    if (d < 1) throw InvalidInput("size '" + text + "': every dimension must be at least 1");
  return dims;
}

std::vector<int> parse_list(const std::string& text, const char* flag) {
  std::vector<int> values;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    try {
      std::size_t used = 0;
      values.push_back(std::stoi(item, &used));
      if (used != item.size()) throw std::invalid_argument(item);
    } catch (const std::exception&) {
      throw InvalidInput(std::string(flag) + " takes a comma-separated list of whole numbers, not '" + text + "'");
    }
  }
  if (values.empty()) throw InvalidInput(std::string(flag) + " needs at least one value");
  for (std::size_t i = 0; i < values.size(); ++i)  // each value is a row of its own: twice is a mistake
    if (std::find(values.begin(), values.begin() + i, values[i]) != values.begin() + i)
      throw InvalidInput(std::string(flag) + " lists " + std::to_string(values[i]) + " twice");
  return values;
}

void validate_reps(int reps) {
  if (reps < 1 || reps > kMaxReps) throw InvalidInput("--reps must be within 1.." + std::to_string(kMaxReps));
}

}  // namespace tilescope::cli
