#pragma once
// Reading a JSON object that a person may have written (settings.json, a scene): each field of the
// wrong type or out of range is skipped with one line on stderr and the default stays; fields
// nobody asked for and fields that were expected but absent are listed, one line each, by report().
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tilescope {

class JsonFields {
 public:
  // `name` stands for the file in messages; `j` is the object read (anything else reads as empty).
  JsonFields(const nlohmann::json& j, const std::string& name);

  // The value of `key`, marked as read; nullptr when absent (then listed as missing when `expected`).
  const nlohmann::json* get(const char* key, bool expected = true);
  bool has(const char* key) const;
  void warn(const char* key, const std::string& expect) const;  // "ignoring 'key' (expected ...)"
  void note(const char* key, const std::string& what) const;    // "'key' <what>", one line

  void integer(const char* key, int lo, int hi, int& out);
  void number(const char* key, float lo, float hi, float& out);
  void boolean(const char* key, bool& out);
  // A string of at most 256 characters that `accept` takes; `expect` says what would have been.
  template <typename Accept>
  void text(const char* key, const std::string& expect, Accept accept) {
    const nlohmann::json* v = get(key);
    if (!v) return;
    if (!v->is_string() || v->get_ref<const std::string&>().size() > 256 || !accept(v->get<std::string>()))
      warn(key, expect);
  }
  // One of `names` (count of them), stored as its index.
  void choice(const char* key, const char* const* names, int count, int& out);
  // The fields of the object under `key`, reported with this object's when they go out of scope
  // (before report()); an absent or non-object value reads as empty (a non-object one with a warning).
  JsonFields object(const char* key, bool expected = true);
  ~JsonFields();
  JsonFields(const JsonFields&) = delete;
  JsonFields& operator=(const JsonFields&) = delete;

  // One line for the fields no one read and one for the expected fields that were absent.
  void report();

 private:
  struct Log {
    std::vector<std::string> unknown, missing;
  };
  JsonFields(const nlohmann::json& j, const std::string& name, std::string prefix, std::shared_ptr<Log> log);
  void collect_unknown();

  const nlohmann::json& j_;
  std::string name_, prefix_;  // prefix_: "conv2d." inside the conv2d object
  std::shared_ptr<Log> log_;
  std::vector<std::string> read_;  // keys of j_ read so far
  bool present_;                   // false for an absent object: its fields are not listed as missing
  bool collected_ = false;
};

}  // namespace tilescope
