#pragma once
// What a pattern's part of the app (app/<pattern>/app_pattern.hpp) has unless it says otherwise:
// no fields at the top of a state file, no files to open, no flat fields from before version 1.
// Each pattern's trait derives from this and states only what it has.
#include <nlohmann/json.hpp>

#include <string>

#include "app/ui/json_fields.hpp"

namespace tilescope {

struct PatternDefaults {
  // settings.json before version 1 had the first pattern's fields at the top of the object.
  static constexpr bool kFlatBeforeVersion1 = false;
  // shot/record --step N: what step N is in this pattern's view.
  static constexpr const char* kStepHelp = "step N of the block under --hover (load, barrier, compute, store)";
  // Whether the app's FILE and a dropped file open in this pattern's view (open_file).
  static constexpr bool kOpensFiles = false;
  // Fields the pattern keeps at the top of a state file (from before each pattern had its object).
  template <class Ui>
  static void read_top_level(JsonFields&, Ui&) {}
  template <class Ui>
  static void top_level_json(const Ui&, nlohmann::json&) {}
  template <class Ui>
  static void open_file(Ui&, const std::string&) {}
};

}  // namespace tilescope
