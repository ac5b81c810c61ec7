#include "kernels/common/strategy_catalogue.hpp"

#include <stdexcept>

namespace tilescope {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

struct Reader {
  std::string_view text;
  int line_no = 0;

  bool next(std::string_view& line) {
    if (text.empty()) return false;
    const std::size_t end = text.find('\n');
    line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line_no;
    return true;
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw std::logic_error("strategy catalogue, line " + std::to_string(line_no) + ": " + why);
  }
};

void read_field(Reader& in, std::string_view field, CatalogueEntry& e) {
  const std::size_t colon = field.find(": ");
  if (colon == std::string_view::npos) in.fail("a field is '- key: value'");
  const std::string_view key = field.substr(0, colon), value = field.substr(colon + 2);
  if (key == "book") {
    e.book_ref = value;
  } else if (key == "tile") {
    int tile = 0;
    for (char c : value) {
      if (c < '0' || c > '9' || tile > 100000) in.fail("the tile is a whole number");
      tile = tile * 10 + (c - '0');
    }
    e.default_tile = tile;
  } else if (key == "filter" && value == "constant memory") {
    e.filter_in_constant_memory = true;
  } else if (key == "no step-through" && !value.empty()) {
    e.no_steps = value;
  } else {
    in.fail("unknown field '" + std::string(key) + "'");
  }
}

void check_complete(const Reader& in, const CatalogueEntry& e) {
  if (e.book_ref.empty() || e.default_tile < 1 || e.explanation.empty())
    in.fail("strategy '" + e.name + "' needs a book reference, a tile and an explanation");
}

}  // namespace

std::vector<CatalogueEntry> read_strategy_catalogue(std::string_view markdown) {
  std::vector<CatalogueEntry> entries;
  Reader in{markdown};
  std::string_view line;
  bool in_fields = false, paragraph_break = false;
  while (in.next(line)) {
    if (starts_with(line, "## ")) {
      if (!entries.empty()) check_complete(in, entries.back());
      const std::size_t colon = line.find(": ");
      if (colon == std::string_view::npos) in.fail("a section starts '## name: display name'");
      entries.push_back({std::string(line.substr(3, colon - 3)), std::string(line.substr(colon + 2)), {}, {}});
      in_fields = true;
    } else if (entries.empty()) {
      continue;  // the file's own preamble
    } else if (in_fields && starts_with(line, "- ")) {
      read_field(in, line.substr(2), entries.back());
    } else if (line.empty()) {
      in_fields = false;
      paragraph_break = !entries.back().explanation.empty();
    } else {
      std::string& text = entries.back().explanation;
      if (!text.empty()) text += paragraph_break ? "\n\n" : " ";
      text += line;
      in_fields = paragraph_break = false;
    }
  }
  if (entries.empty()) in.fail("no '## name: display name' section");
  check_complete(in, entries.back());
  return entries;
}

}  // namespace tilescope
