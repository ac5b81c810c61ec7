#include "app/ui/json_fields.hpp"

#include <algorithm>
#include <cstdint>
#include <iostream>

namespace tilescope {
namespace {

const nlohmann::json& empty_object() {
  static const nlohmann::json empty = nlohmann::json::object();
  return empty;
}

const nlohmann::json& absent() {
  static const nlohmann::json none;
  return none;
}

// "'a', 'b'" (at most the first `most`, then how many more), each on the message's one line.
std::string quoted_list(const std::vector<std::string>& keys, std::size_t most) {
  std::string s;
  for (std::size_t i = 0; i < keys.size() && i < most; ++i) {
    std::string key = keys[i];
    std::replace_if(
        key.begin(), key.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }, '?');
    s += (i ? ", '" : "'") + key + "'";
  }
  if (keys.size() > most) s += " and " + std::to_string(keys.size() - most) + " more";
  return s;
}

}  // namespace

JsonFields::JsonFields(const nlohmann::json& j, const std::string& name)
    : JsonFields(j, name, "", std::make_shared<Log>()) {}

JsonFields::JsonFields(const nlohmann::json& j, const std::string& name, std::string prefix, std::shared_ptr<Log> log)
    : j_(j.is_object() ? j : empty_object()),
      name_(name),
      prefix_(std::move(prefix)),
      log_(std::move(log)),
      present_(j.is_object()) {}

JsonFields::~JsonFields() { collect_unknown(); }

bool JsonFields::has(const char* key) const { return j_.contains(key); }

const nlohmann::json* JsonFields::get(const char* key, bool expected) {
  const auto it = j_.find(key);
  if (it == j_.end()) {
    if (expected && present_) log_->missing.push_back(prefix_ + key);
    return nullptr;
  }
  read_.push_back(key);
  return &*it;
}

void JsonFields::warn(const char* key, const std::string& expect) const {
  std::cerr << "tilescope: " << name_ << ": ignoring '" << prefix_ << key << "' (expected " << expect
            << "); using the default\n";
}

void JsonFields::note(const char* key, const std::string& what) const {
  std::cerr << "tilescope: " << name_ << ": '" << prefix_ << key << "' " << what << "\n";
}

void JsonFields::integer(const char* key, int lo, int hi, int& out) {
  const nlohmann::json* v = get(key);
  if (!v) return;
  if (v->is_number_integer()) {
    const bool fits = !v->is_number_unsigned() || v->get<std::uint64_t>() <= std::uint64_t(hi);
    const long long x = fits ? v->get<std::int64_t>() : 0;
    if (fits && x >= lo && x <= hi) {
      out = int(x);
      return;
    }
  }
  warn(key, "a whole number in " + std::to_string(lo) + ".." + std::to_string(hi));
}

void JsonFields::number(const char* key, float lo, float hi, float& out) {
  const nlohmann::json* v = get(key);
  if (!v) return;
  if (v->is_number()) {
    const double x = v->get<double>();  // NaN cannot come from JSON text
    if (x >= lo && x <= hi) {
      out = float(x);
      return;
    }
  }
  warn(key, "a number in " + nlohmann::json(lo).dump() + ".." + nlohmann::json(hi).dump());
}

void JsonFields::boolean(const char* key, bool& out) {
  const nlohmann::json* v = get(key);
  if (!v) return;
  if (v->is_boolean())
    out = v->get<bool>();
  else
    warn(key, "true or false");
}

void JsonFields::choice(const char* key, const char* const* names, int count, int& out) {
  std::string expect;
  for (int i = 0; i < count; ++i) expect += (i ? ", " : "") + std::string(names[i]);
  text(key, expect, [&](const std::string& v) {
    const auto it = std::find(names, names + count, v);
    if (it == names + count) return false;
    return out = int(it - names), true;
  });
}

JsonFields JsonFields::object(const char* key, bool expected) {
  const nlohmann::json* v = get(key, expected);
  if (v && !v->is_object()) warn(key, "an object { ... }");
  return JsonFields(v ? *v : absent(), name_, prefix_ + key + ".", log_);
}

void JsonFields::collect_unknown() {
  if (collected_) return;
  collected_ = true;
  for (const auto& item : j_.items())
    if (std::find(read_.begin(), read_.end(), item.key()) == read_.end())
      log_->unknown.push_back(prefix_ + item.key().substr(0, 64));
}

void JsonFields::report() {
  collect_unknown();
  if (!log_->unknown.empty())
    std::cerr << "tilescope: " << name_ << ": ignoring unknown fields " << quoted_list(log_->unknown, 12) << "\n";
  if (!log_->missing.empty())
    std::cerr << "tilescope: " << name_ << ": no " << quoted_list(log_->missing, 64) << "; using the defaults\n";
}

}  // namespace tilescope
