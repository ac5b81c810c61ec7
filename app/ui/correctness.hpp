#pragma once
// The correctness panel of a pattern that checks its output against the CPU reference now and
// then: the verdict, the error against the tolerance, when it is checked, and a button.
#include <optional>

namespace tilescope {

// err: the last check's max |output - reference| (none yet: "not checked yet"); `output` names
// what was compared ("out", "step"), `when` says when the view checks. True when "check now" was
// pressed.
bool reference_check_panel(std::optional<double> err, double tolerance, const char* output, const char* when);

}  // namespace tilescope
