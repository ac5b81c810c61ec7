#include "app/io/npy.hpp"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <regex>

#include "app/io/atomic_file.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/model.hpp"

namespace tilescope::io {
namespace {

constexpr char kMagic[] = "\x93NUMPY";

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw InvalidInput("'" + path + "': " + why);
}

std::vector<long long> parse_shape(const std::string& path, const std::string& text) {
  std::vector<long long> shape;
  static const std::regex number(R"(\d+)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    if (it->str().size() > 12) fail(path, "array shape (" + text + ") is too large");
    shape.push_back(std::stoll(it->str()));
  }
  return shape;
}

}  // namespace

NpyArray read_npy(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, std::string("cannot open: ") + std::strerror(errno));
  char magic[8] = {};
  in.read(magic, 8);
  if (in.gcount() != 8 || std::memcmp(magic, kMagic, 6) != 0) fail(path, "not a .npy file (bad magic)");
  const int major = static_cast<unsigned char>(magic[6]);
  std::uint32_t header_len = 0;
  if (major == 1) {
    unsigned char b[2];
    in.read(reinterpret_cast<char*>(b), 2);
    header_len = b[0] | (b[1] << 8);
  } else if (major == 2 || major == 3) {
    unsigned char b[4];
    in.read(reinterpret_cast<char*>(b), 4);
    header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (std::uint32_t(b[3]) << 24);
  } else {
    fail(path, "unsupported .npy format version " + std::to_string(major));
  }
  if (!in || header_len > (1u << 20)) fail(path, "corrupt .npy header");
  std::string header(header_len, '\0');
  in.read(header.data(), header_len);
  if (in.gcount() != std::streamsize(header_len)) fail(path, "truncated .npy header");

  std::smatch m;
  if (!std::regex_search(header, m, std::regex(R"('descr'\s*:\s*'([^']*)')")))
    fail(path, "corrupt .npy header (no 'descr')");
  const std::string descr = m[1];
  std::size_t item = 0;
  if (descr == "<f4" || descr == "=f4") item = 4;
  else if (descr == "<f8" || descr == "=f8") item = 8;
  else fail(path, "dtype '" + descr + "' is not supported: use float32 or float64 (little-endian)");
  if (!std::regex_search(header, m, std::regex(R"('fortran_order'\s*:\s*(True|False))")))
    fail(path, "corrupt .npy header (no 'fortran_order')");
  const bool fortran = m[1] == "True";
  if (!std::regex_search(header, m, std::regex(R"('shape'\s*:\s*\(([^)]*)\))")))
    fail(path, "corrupt .npy header (no 'shape')");

  NpyArray a;
  a.shape = parse_shape(path, m[1]);
  long long count = 1;
  for (long long d : a.shape) {
    if (d > kMaxPixels || count * d > kMaxPixels)
      fail(path, "array of shape (" + std::string(m[1]) + ") has more than " + std::to_string(kMaxPixels) +
                     " elements, more than tilescope accepts");
    count *= d;
  }
  std::vector<char> raw(std::size_t(count) * item);
  in.read(raw.data(), std::streamsize(raw.size()));
  if (in.gcount() != std::streamsize(raw.size()))
    fail(path, "truncated: the header promises " + std::to_string(raw.size()) + " data bytes, the file has " +
                   std::to_string(in.gcount()));
  a.data.resize(std::size_t(count));
  for (std::size_t i = 0; i < a.data.size(); ++i) {
    if (item == 4) {
      std::memcpy(&a.data[i], raw.data() + 4 * i, 4);
    } else {
      double v;
      std::memcpy(&v, raw.data() + 8 * i, 8);
      a.data[i] = float(v);
    }
  }
  if (fortran && a.shape.size() == 2) {  // column-major -> row-major
    const long long rows = a.shape[0], cols = a.shape[1];
    std::vector<float> c(a.data.size());
    for (long long r = 0; r < rows; ++r)
      for (long long col = 0; col < cols; ++col) c[r * cols + col] = a.data[col * rows + r];
    a.data.swap(c);
  } else if (fortran && a.shape.size() > 2) {
    fail(path, "Fortran-ordered arrays of more than 2 dimensions are not supported");
  }
  return a;
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
  write_atomically(path, [&](const std::string& tmp) {
    std::ofstream out(tmp, std::ios::binary);
    out.write(kMagic, 6);
    out.put(1).put(0);
    out.put(char(header.size() & 0xff)).put(char(header.size() >> 8));
    out << header;
    out.write(reinterpret_cast<const char*>(data), std::streamsize(count * sizeof(float)));
    out.close();
    return bool(out);
  });
}

}  // namespace tilescope::io
