#include "app/io/npy.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "app/io/atomic_file.hpp"
#include "app/io/regular_file.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::io {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMaxHeaderBytes = 64 * 1024;  // NumPy itself refuses more than 10000 by default
constexpr std::size_t kMaxDims = 32;                // NumPy's NPY_MAXDIMS

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw InvalidInput("'" + path + "': " + why);
}

// The header is a Python dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// Only that grammar is accepted: the three keys once each at the top level, a string, a bool and a
// tuple of whole numbers. Anything else (another key, a nested value, a float or negative
// dimension, an escape in a string) is refused rather than guessed at.
struct HeaderParser {
  const std::string& path;
  const std::string& s;
  std::size_t i = 0;

  [[noreturn]] void bad(const std::string& why) const { fail(path, "corrupt .npy header: " + why); }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool eat(char c) {
    ws();
    if (i < s.size() && s[i] == c) return ++i, true;
    return false;
  }
  void expect(char c, const char* where) {
    if (!eat(c)) bad(std::string("expected '") + c + "' " + where);
  }
  std::string string_literal(const char* what) {
    ws();
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"')) bad(std::string("expected a quoted ") + what);
    const char quote = s[i++];
    std::string out;
    for (; i < s.size() && s[i] != quote; ++i) {
      if (s[i] == '\\' || s[i] == '\n' || out.size() >= 64) bad(std::string("unexpected ") + what);
      out += s[i];
    }
    if (i >= s.size()) bad(std::string("unterminated ") + what);
    ++i;
    return out;
  }
  bool boolean() {
    ws();
    if (s.compare(i, 4, "True") == 0) return i += 4, true;
    if (s.compare(i, 5, "False") == 0) return i += 5, false;
    bad("'fortran_order' must be True or False");
  }
  long long dimension() {
    ws();
    const std::size_t start = i;
    long long v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (i - start >= 18) fail(path, "array shape has a dimension too large for tilescope");
      v = v * 10 + (s[i++] - '0');
    }
    if (i == start) fail(path, "the array shape must hold non-negative whole numbers");
    if (i < s.size() && s[i] == 'L') ++i;  // Python 2's long literal (old files)
    ws();
    if (i < s.size() && s[i] != ',' && s[i] != ')') fail(path, "the array shape must hold non-negative whole numbers");
    return v;
  }
  std::vector<long long> shape() {
    expect('(', "to open 'shape'");
    std::vector<long long> dims;
    if (eat(')')) return dims;
    for (;;) {
      if (dims.size() >= kMaxDims) fail(path, "the array has more than 32 dimensions");
      dims.push_back(dimension());
      if (eat(')')) return dims;
      expect(',', "between dimensions");
      if (eat(')')) return dims;
    }
  }
};

struct NpyHeader {
  std::string descr;
  bool fortran = false;
  std::vector<long long> shape;
};

NpyHeader parse_header(const std::string& path, const std::string& text) {
  HeaderParser p{path, text};
  NpyHeader h;
  bool seen_descr = false, seen_fortran = false, seen_shape = false;
  p.expect('{', "at the start");
  while (!p.eat('}')) {
    const std::string key = p.string_literal("key");
    p.expect(':', "after a key");
    bool* seen = nullptr;
    if (key == "descr")
      seen = &seen_descr, h.descr = p.string_literal("'descr'");
    else if (key == "fortran_order")
      seen = &seen_fortran, h.fortran = p.boolean();
    else if (key == "shape")
      seen = &seen_shape, h.shape = p.shape();
    else
      p.bad("unexpected key (only 'descr', 'fortran_order' and 'shape')");
    if (*seen) p.bad("the key '" + key + "' appears twice");
    *seen = true;
    if (p.eat('}')) break;
    p.expect(',', "between entries");
  }
  p.ws();
  if (p.i != text.size()) p.bad("text after the closing '}'");
  if (!seen_descr) p.bad("no 'descr'");
  if (!seen_fortran) p.bad("no 'fortran_order'");
  if (!seen_shape) p.bad("no 'shape'");
  return h;
}

std::string shape_text(const std::vector<long long>& shape) {
  std::string t = "(";
  for (std::size_t k = 0; k < shape.size(); ++k) t += (k ? ", " : "") + std::to_string(shape[k]);
  return t + (shape.size() == 1 ? ",)" : ")");
}

// Bytes from a file or from memory, with the total known before anything is read.
struct Source {
  virtual ~Source() = default;
  virtual std::size_t read(void* dst, std::size_t n) = 0;
  virtual std::uint64_t size() const = 0;
};
struct FileSource final : Source {
  RegularFile file;
  explicit FileSource(const std::string& path) : file(path) {}
  std::size_t read(void* dst, std::size_t n) override { return file.read(dst, n); }
  std::uint64_t size() const override { return file.size(); }
};
struct MemorySource final : Source {
  const unsigned char* p;
  std::size_t n, pos = 0;
  MemorySource(const void* data, std::size_t size) : p(static_cast<const unsigned char*>(data)), n(size) {}
  std::size_t read(void* dst, std::size_t want) override {
    const std::size_t k = std::min(want, n - pos);
    if (k) std::memcpy(dst, p + pos, k);
    pos += k;
    return k;
  }
  std::uint64_t size() const override { return n; }
};

NpyArray decode(const std::string& path, Source& in) {
  unsigned char pre[12] = {};
  if (in.read(pre, 8) != 8 || std::memcmp(pre, kMagic, 6) != 0) fail(path, "not a .npy file (bad magic)");
  const int major = pre[6], minor = pre[7];
  if ((major < 1 || major > 3) || minor != 0)
    fail(path, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
  const std::size_t len_bytes = major == 1 ? 2 : 4;
  if (in.read(pre + 8, len_bytes) != len_bytes) fail(path, "truncated .npy header");
  std::uint64_t header_len = pre[8] | (pre[9] << 8);
  if (major > 1) header_len |= (std::uint64_t(pre[10]) << 16) | (std::uint64_t(pre[11]) << 24);
  if (header_len > kMaxHeaderBytes)
    fail(path, "the .npy header claims " + std::to_string(header_len) + " bytes; tilescope reads at most " +
                   std::to_string(kMaxHeaderBytes));
  const std::uint64_t data_start = 8 + len_bytes + header_len;
  if (in.size() < data_start) fail(path, "truncated .npy header");
  std::string header(std::size_t(header_len), '\0');
  if (in.read(header.data(), header.size()) != header.size()) fail(path, "truncated .npy header");

  const NpyHeader h = parse_header(path, header);
  std::size_t item = 0;
  if (h.descr == "<f4" || h.descr == "=f4")
    item = 4;
  else if (h.descr == "<f8" || h.descr == "=f8")
    item = 8;
  else
    fail(path, "dtype '" + h.descr + "' is not supported: use float32 or float64 (little-endian)");
  if (h.fortran && h.shape.size() > 2) fail(path, "Fortran-ordered arrays of more than 2 dimensions are not supported");

  const long long count = element_count(path, h.shape);
  // The file must hold the data before a byte is allocated for it.
  const std::uint64_t data_bytes = std::uint64_t(count) * item, have = in.size() - data_start;
  if (have < data_bytes)
    fail(path, "truncated: the header promises " + std::to_string(data_bytes) + " data bytes, the file has " +
                   std::to_string(have));

  NpyArray a;
  a.shape = h.shape;
  a.data.resize(std::size_t(count));
  std::size_t got = 0;
  if (item == 4) {
    got = in.read(a.data.data(), std::size_t(data_bytes)) / 4;
  } else {
    double chunk[4096];
    while (got < a.data.size()) {
      const std::size_t want = std::min<std::size_t>(4096, a.data.size() - got);
      const std::size_t n = in.read(chunk, want * 8) / 8;
      for (std::size_t k = 0; k < n; ++k) a.data[got + k] = float(chunk[k]);
      got += n;
      if (n < want) break;
    }
  }
  if (got != a.data.size()) fail(path, "truncated: the file shrank while it was read");
  if (h.fortran && a.shape.size() == 2 && !a.data.empty()) {  // column-major -> row-major (not a row per zero)
    const long long rows = a.shape[0], cols = a.shape[1];
    std::vector<float> c(a.data.size());
    for (long long r = 0; r < rows; ++r)
      for (long long col = 0; col < cols; ++col) c[r * cols + col] = a.data[col * rows + r];
    a.data.swap(c);
  }
  return a;
}

}  // namespace

long long element_count(const std::string& name, const std::vector<long long>& shape) {
  long long count = 1;
  for (long long d : shape) {
    if (d > kMaxPixels || __builtin_mul_overflow(count, d, &count) || count > kMaxPixels)
      fail(name, "array of shape " + shape_text(shape) + " has more than " + std::to_string(kMaxPixels) +
                     " elements, more than tilescope accepts");
  }
  return count;
}

NpyArray read_npy(const std::string& path) {
  FileSource in(path);
  return decode(path, in);
}

NpyArray parse_npy(const std::string& name, const void* bytes, std::size_t size) {
  MemorySource in(bytes, size);
  return decode(name, in);
}

void write_npy(const std::string& path, const std::vector<long long>& shape, const float* data) {
  std::string dims;
  long long count = 1;
  for (long long d : shape) {
    dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    count *= d;
  }
  if (shape.size() == 1) dims += ",";  // a Python 1-tuple: (N,)
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
  header.append(63 - (10 + header.size()) % 64, ' ');  // pad so data starts on a 64-byte boundary
  header += '\n';
  write_atomically(path, [&](std::FILE* out) {
    const char version[4] = {1, 0, char(header.size() & 0xff), char(header.size() >> 8)};
    return std::fwrite(kMagic, 1, 6, out) == 6 && std::fwrite(version, 1, 4, out) == 4 &&
           std::fwrite(header.data(), 1, header.size(), out) == header.size() &&
           std::fwrite(data, sizeof(float), std::size_t(count), out) == std::size_t(count);
  });
}

}  // namespace tilescope::io
