// Hostile input (issue 19): every class is refused with one line, quickly, without large
// allocations, and nothing is written. Also replays the fuzz corpora (tests/fuzz/corpus/) through
// the harnesses' own entry points, so CI runs every input the fuzzers kept.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>

#include "app/io/atomic_file.hpp"
#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "app/shell/settings.hpp"
#include "kernels/common/error.hpp"
#include "kernels/conv2d/filter.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"
#include "tests/fuzz/fuzz_targets.hpp"

using namespace tilescope;
namespace fs = std::filesystem;

namespace {

using Result = test::CliResult;

Result run(const std::string& args) {
  return test::run_shell("timeout 60 " + test::tilescope_exe() + " " + args + " 2>&1 </dev/null");
}

// "tilescope: ..." on exactly one line, exit 2.
void expect_refused(const Result& r, const std::string& args, const std::string& needle) {
  EXPECT_EQ(r.code, 2) << args << ": " << r.out;
  EXPECT_EQ(r.out.rfind("tilescope: ", 0), 0u) << args << ": " << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
  EXPECT_NE(r.out.find(needle), std::string::npos) << args << ": " << r.out;
}

std::string npy(const std::string& dict, const std::string& data, int major = 1) {
  std::string h = dict;
  const std::size_t pre = major == 1 ? 10 : 12;
  h.append(63 - (pre + h.size()) % 64, ' ');
  h += '\n';
  std::string out = std::string("\x93NUMPY", 6) + char(major) + '\0';
  out += char(h.size() & 0xff);
  out += char((h.size() >> 8) & 0xff);
  if (major > 1) out += char((h.size() >> 16) & 0xff), out += char((h.size() >> 24) & 0xff);
  return out + h + data;
}
std::string f4(std::size_t n) { return std::string(4 * n, '\0'); }

long max_rss_kib() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

class Hostile : public test::ScratchDirTest {
 protected:
  std::set<std::string> files() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.insert(e.path().filename().string());
    return names;
  }
  // The message of the InvalidInput `f` throws ("" if it returns).
  static std::string message(const std::function<void()>& f) {
    try {
      f();
    } catch (const InvalidInput& e) {
      return e.what();
    }
    return "";
  }
  std::string npy_error(const std::string& name) const {
    return message([&] { io::read_npy(path(name)); });
  }
  std::string image_error(const std::string& name) const {
    return message([&] { io::load_image(path(name)); });
  }
};

}  // namespace

// ---- .npy headers ---------------------------------------------------------------------------

TEST_F(Hostile, NpyHeaderWithAHugeFieldIsRefusedWithoutRecursion) {
  // A 25k-character value overflowed std::regex's stack; a header over 64 KiB is not read at all.
  write(
      "long.npy",
      npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': '" + std::string(25000, 'a') + "'}", f4(2), 2));
  EXPECT_NE(npy_error("long.npy").find("corrupt .npy header"), std::string::npos) << npy_error("long.npy");
  write("huge.npy",
        npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)" + std::string(70000, ' ') + "}", f4(2), 2));
  EXPECT_NE(npy_error("huge.npy").find("tilescope reads at most 65536"), std::string::npos) << npy_error("huge.npy");
  write("deep.npy",
        npy("{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::string(30000, '(') + ")}", f4(2), 2));
  EXPECT_NE(npy_error("deep.npy").find("non-negative whole numbers"), std::string::npos) << npy_error("deep.npy");
}

TEST_F(Hostile, NpyNegativeAndNonIntegerDimensionsAreRefused) {
  for (const char* shape : {"(-4, 4)", "(2.5, 4)", "(4, 1e3)", "(0x10,)", "(4, +4)", "(4, None)", "(4 4)"}) {
    write("d.npy", npy(std::string("{'descr': '<f4', 'fortran_order': False, 'shape': ") + shape + ", }", f4(64)));
    const std::string e = npy_error("d.npy");
    EXPECT_TRUE(e.find("non-negative whole numbers") != std::string::npos ||
                e.find("corrupt .npy header") != std::string::npos)
        << shape << ": " << e;
  }
}

TEST_F(Hostile, NpyOnlyTheTopLevelKeysCount) {
  // 'shape' inside another key's string must not win; an unknown or repeated key is refused.
  write("nested.npy",
        npy("{'descr': '<f4', 'fortran_order': False, 'note': \"'shape': (1, 1)\", 'shape': (2, 2)}", f4(4)));
  EXPECT_NE(npy_error("nested.npy").find("unexpected key"), std::string::npos) << npy_error("nested.npy");
  write("in_descr.npy", npy("{'descr': \"<f4', 'shape': (1, 1)\", 'fortran_order': False, 'shape': (2, 2)}", f4(4)));
  EXPECT_NE(npy_error("in_descr.npy").find("is not supported"), std::string::npos) << npy_error("in_descr.npy");
  write("twice.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), 'shape': (2, 2)}", f4(4)));
  EXPECT_NE(npy_error("twice.npy").find("appears twice"), std::string::npos) << npy_error("twice.npy");
  write("noshape.npy", npy("{'descr': '<f4', 'fortran_order': False}", f4(4)));
  EXPECT_NE(npy_error("noshape.npy").find("no 'shape'"), std::string::npos);
}

TEST_F(Hostile, NpyVersionsTwoAndThreeAndOldLongsAreRead) {
  write("v2.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", f4(6), 2));
  EXPECT_EQ(io::read_npy(path("v2.npy")).shape, (std::vector<long long>{2, 3}));
  write("v3.npy", npy("{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (5,)}", f4(5), 3));
  EXPECT_EQ(io::read_npy(path("v3.npy")).shape, (std::vector<long long>{5}));
  write("long.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 2L), }", f4(4)));
  EXPECT_EQ(io::read_npy(path("long.npy")).data.size(), 4u);
  write("v4.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", f4(1), 4));
  EXPECT_NE(npy_error("v4.npy").find("unsupported .npy format version 4.0"), std::string::npos) << npy_error("v4.npy");
}

TEST_F(Hostile, NpyClaimingOneGibibyteFailsFastWithoutAllocating) {
  write("claim.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (16384, 16384), }", f4(16)));
  const long before = max_rss_kib();
  const auto t0 = std::chrono::steady_clock::now();
  const std::string e = npy_error("claim.npy");
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_NE(e.find("truncated: the header promises 1073741824 data bytes, the file has 64"), std::string::npos) << e;
  EXPECT_LT(s, 0.5);
  EXPECT_LT(max_rss_kib() - before, 64 * 1024);  // KiB: nothing near 1 GiB was touched
  // The same from memory, and an overflowing product.
  const std::string overflow =
      npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 16), }", "");
  EXPECT_NE(
      message([&] { io::parse_npy("o.npy", overflow.data(), overflow.size()); }).find("more than 268435456 elements"),
      std::string::npos);
  std::string dims = "(";
  for (int i = 0; i < 33; ++i) dims += "1, ";
  const std::string many = npy("{'descr': '<f4', 'fortran_order': False, 'shape': " + dims + "), }", f4(1));
  EXPECT_NE(message([&] { io::parse_npy("m.npy", many.data(), many.size()); }).find("more than 32 dimensions"),
            std::string::npos);
}

TEST_F(Hostile, NonRegularInputsAreRefusedWithoutBlocking) {
  ASSERT_EQ(::mkfifo(path("fifo.npy").c_str(), 0600), 0);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_NE(npy_error("fifo.npy").find("cannot read a FIFO"), std::string::npos) << npy_error("fifo.npy");
  EXPECT_NE(image_error("fifo.npy").find("cannot read a FIFO"), std::string::npos) << image_error("fifo.npy");
  EXPECT_NE(message([] { io::load_image("/dev/zero"); }).find("a device"), std::string::npos);
  fs::create_directories(path("dir.png"));
  EXPECT_NE(image_error("dir.png").find("a directory"), std::string::npos);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0);
}

// ---- images ---------------------------------------------------------------------------------

TEST_F(Hostile, UnadvertisedFormatsAreRefusedByTheirMagic) {
  // An HDR file with an RLE scanline cut at EOF loops forever in stb_image 2.27 (CVE-2021-42715).
  write("loop.hdr", std::string("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 8 +X 64\n\x02\x02\x00\x40", 48));
  EXPECT_NE(image_error("loop.hdr").find("Radiance HDR images are not supported"), std::string::npos)
      << image_error("loop.hdr");
  write("a.gif", "GIF89a\x01\x00\x01\x00");
  EXPECT_NE(image_error("a.gif").find("GIF images are not supported"), std::string::npos);
  write("a.pgm", "P5\n1 1\n255\n\x7f");
  EXPECT_NE(image_error("a.pgm").find("PNM images are not supported"), std::string::npos);
  write("noise.bin", std::string(64, '\x42'));
  EXPECT_NE(image_error("noise.bin").find("not a readable image"), std::string::npos) << image_error("noise.bin");
}

TEST_F(Hostile, JpegClaimingHugeSizeWithFewBytesIsRefusedFast) {
  auto sof = [](int w, int h) {
    return std::string("\xff\xd8\xff\xc0\x00\x0b\x08", 7) + char(h >> 8) + char(h & 0xff) + char(w >> 8) +
           char(w & 0xff) + std::string("\x01\x01\x11\x00\xff\xd9", 6);
  };
  write("big.jpg", sof(16384, 16384));  // 17 bytes
  ASSERT_EQ(read("big.jpg").size(), 17u);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_NE(image_error("big.jpg").find("more than tilescope accepts"), std::string::npos) << image_error("big.jpg");
  write("8k.jpg", sof(8192, 8192));  // under the pixel cap, but 17 bytes cannot hold it
  EXPECT_NE(image_error("8k.jpg").find("JPEG"), std::string::npos) << image_error("8k.jpg");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
}

TEST_F(Hostile, JpegHuffmanTableOfMoreThan256CodesIsRefused) {
  // stb_image 2.27 wrote past its Huffman tables for these (fixed upstream in 2.28); refused before
  // any decoder sees them.
  std::string dht = std::string("\xff\xd8\xff\xc4\x01\x13\x00", 7);
  dht += std::string(16, '\x20');  // 16 x 32 = 512 codes
  dht += std::string(0x113 - 2 - 17, '\0');
  write("dht.jpg", dht + "\xff\xd9");
  EXPECT_NE(image_error("dht.jpg").find("Huffman table of 512 codes"), std::string::npos) << image_error("dht.jpg");
  // stb took fill bytes before the SOI as a JPEG (found by fuzz_image); libjpeg does not, nor does the
  // sniffing: the file is no image at all.
  write("fill.jpg", "\xff\xff" + dht.substr(1) + "\xff\xd9");
  EXPECT_NE(image_error("fill.jpg").find("not a readable image"), std::string::npos) << image_error("fill.jpg");
  write("nine.jpg", std::string("\xff\xd8\xff\xc4\x00\x13\x00\xff\xff", 9));
  EXPECT_NE(image_error("nine.jpg").find("JPEG"), std::string::npos) << image_error("nine.jpg");
}

TEST_F(Hostile, PngChunkLengthCannotDriveAnAllocation) {
  std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + std::string("\0\0\0\x0dIHDR", 8) +
                    std::string("\0\0\x01\0\0\0\x01\0\x08\0\0\0\0", 13) + std::string(4, '\0');
  png += std::string("\x65\x00\x00\x00IDAT", 8) + std::string(32, '\0');  // claims 1.7 GB
  write("idat.png", png);
  const long before = max_rss_kib();
  EXPECT_NE(image_error("idat.png").find("a chunk claims 1694498816 bytes"), std::string::npos)
      << image_error("idat.png");
  EXPECT_LT(max_rss_kib() - before, 64 * 1024);
}

TEST_F(Hostile, PngWhoseImageDataStartsWithAnEmptyChunkIsRefused) {
  // fuzz_image: stb_image 2.27 copies an empty first IDAT into a buffer it has not allocated yet.
  std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + std::string("\0\0\0\x0dIHDR", 8) +
                    std::string("\0\0\0\x24\0\0\0\x02\x10\0\0\0\0", 13) + std::string(4, '\0');
  png += std::string("\0\0\0\0IDAT", 8) + std::string(4, '\0');
  png += std::string("\0\0\0\x08IDAT", 8) + std::string(8 + 4, '\0');
  png += std::string("\0\0\0\0IEND", 8) + std::string(4, '\0');
  write("empty.png", png);
  EXPECT_NE(image_error("empty.png").find("empty IDAT"), std::string::npos) << image_error("empty.png");
}

TEST_F(Hostile, TruncatedTgaAndBmpAreRefused) {
  // An uncompressed 64x64 RGB TGA with 10 bytes of pixels: stb left the rest uninitialised.
  std::string tga(18, '\0');
  tga[2] = 2, tga[12] = 64, tga[14] = 64, tga[16] = 24;
  write("cut.tga", tga + std::string(10, '\x7f'));
  EXPECT_NE(image_error("cut.tga").find("truncated TGA"), std::string::npos) << image_error("cut.tga");
  // RLE: too few packets to cover the pixels.
  tga[2] = 10;
  write("cut_rle.tga", tga + "\x81\x01\x02\x03");
  EXPECT_NE(image_error("cut_rle.tga").find("truncated TGA"), std::string::npos) << image_error("cut_rle.tga");
  std::string bmp = "BM" + std::string(52, '\0');
  bmp[10] = 54, bmp[14] = 40, bmp[18] = 64, bmp[22] = 64, bmp[26] = 1, bmp[28] = 24;
  write("cut.bmp", bmp + std::string(100, '\x10'));
  EXPECT_NE(image_error("cut.bmp").find("truncated BMP"), std::string::npos) << image_error("cut.bmp");
  // stb reads an unknown compression value as plain rows (fuzz_image: 35 bytes claiming 2057x10496).
  bmp[30] = 0, bmp[31] = 0, bmp[32] = '\x2b', bmp[33] = '\x89';
  write("odd.bmp", bmp + std::string(100, '\x10'));
  EXPECT_NE(image_error("odd.bmp").find("truncated BMP"), std::string::npos) << image_error("odd.bmp");
}

TEST_F(Hostile, TheSeedImagesDecodeToTheirSize) {
  for (const auto& e : fs::directory_iterator(TILESCOPE_FUZZ_CORPUS "/image")) {
    const std::string name = e.path().filename().string();
    if (name.find('-') != std::string::npos || name.size() == 40) continue;  // fuzzer-found entries
    const Image img = io::load_image(e.path().string());
    if (name == "grey16.png") {
      EXPECT_EQ(img.width, 3) << name;
      EXPECT_NEAR(img.pixels[1], 20000.0f / 65535.0f, 1e-6f);
    } else if (name == "tiny.npy") {
      EXPECT_EQ(img.width, 3) << name;
    } else {
      EXPECT_EQ(img.width, 13) << name;
      EXPECT_EQ(img.height, 9) << name;
    }
  }
}

// ---- atomic writes --------------------------------------------------------------------------

TEST_F(Hostile, APlantedSymlinkAtTheOldTemporaryNameIsNotFollowed) {
  write("victim", "precious");
  // The old writer used "<out>.tmp<PID>": plant every name a PID could give near ours.
  for (int pid = ::getpid() - 2; pid <= ::getpid() + 2; ++pid)
    fs::create_symlink(path("victim"), path("out.npy.tmp" + std::to_string(pid)));
  const float v[3] = {1, 2, 3};
  io::write_npy(path("out.npy"), {3}, v);
  EXPECT_EQ(read("victim"), "precious");
  EXPECT_EQ(io::read_npy(path("out.npy")).data, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(files().size(), 1u + 5u + 1u);  // victim, the planted links, out.npy: no temporary left
}

TEST_F(Hostile, AFileWrittenOverManyFramesAppearsOnlyWhenCommitted) {
  write("rec.gif", "old");
  {
    io::AtomicFile file(path("rec.gif"));
    std::fputs("half a recording", file.get());
    EXPECT_EQ(read("rec.gif"), "old");  // nothing shows while it is written
  }                                     // dropped uncommitted: the window closed on an error
  EXPECT_EQ(files(), (std::set<std::string>{"rec.gif"}));
  EXPECT_EQ(read("rec.gif"), "old");
  io::AtomicFile file(path("rec.gif"));
  std::fputs("GIF89a", file.get());
  file.commit();
  EXPECT_EQ(read("rec.gif"), "GIF89a");
  EXPECT_EQ(files(), (std::set<std::string>{"rec.gif"}));
}

TEST_F(Hostile, AFailedWriteLeavesNothingAndKeepsTheOldFile) {
  write("out.png", "old");
  EXPECT_THROW(io::write_atomically(path("out.png"), [](std::FILE* f) { return std::fputs("new", f) >= 0 && false; }),
               InvalidInput);
  EXPECT_THROW(io::write_atomically(path("out.png"), [](std::FILE*) -> bool { throw InvalidInput("stop"); }),
               InvalidInput);
  EXPECT_EQ(read("out.png"), "old");
  EXPECT_EQ(files(), (std::set<std::string>{"out.png"}));
  EXPECT_NE(message([&] { io::save_image(path("no/such/dir/x.npy"), Image(2, 2)); }).find("cannot write"),
            std::string::npos);
  ::umask(022);
  io::save_image(path("new.npy"), Image(2, 2));
  struct stat st {};
  ASSERT_EQ(::stat(path("new.npy").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_F(Hostile, OutputEqualToAnInputIsRefused) {
  write("in.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }", f4(16)));
  const std::string e = message([&] { io::refuse_output_equal_to_input(path("in.npy"), {path("in.npy")}); });
  EXPECT_NE(e.find("would destroy the input"), std::string::npos) << e;
  fs::create_hard_link(path("in.npy"), path("link.npy"));
  EXPECT_THROW(io::refuse_output_equal_to_input(path("link.npy"), {path("in.npy")}), InvalidInput);
  EXPECT_THROW(io::refuse_output_equal_to_input((dir_ / "." / "in.npy").string(), {path("in.npy")}), InvalidInput);
  EXPECT_NO_THROW(io::refuse_output_equal_to_input(path("out.npy"), {path("in.npy"), ""}));
  const std::string before = read("in.npy");
  for (const std::string& args :
       {"apply --pattern conv2d --backend cpu --in " + path("in.npy") + " --out " + path("in.npy"),
        "apply --pattern conv1d --backend cpu --in " + path("in.npy") + " --out " + path("link.npy")}) {
    expect_refused(run(args), args, "would destroy the input");
  }
  EXPECT_EQ(read("in.npy"), before);
}

// ---- settings and imgui.ini -----------------------------------------------------------------

TEST_F(Hostile, SettingsOfTheWrongTypeAreIgnoredFieldByField) {
  UiState s;
  const UiState defaults;
  testing::internal::CaptureStderr();
  load_settings_text(s,
                     R"({"radius": "x", "pattern": 5, "filter": "nosuch", "tile": 1e9, "view": -1,
                         "demo_size": 18446744073709551615, "presentation": "yes", "backend": "opencl",
                         "demo": "rings", "overlays": {"legend": false}})",
                     "settings.json");
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(s.ui<Conv2dUi>().params.filter_radius, defaults.ui<Conv2dUi>().params.filter_radius);
  EXPECT_EQ(s.pattern, defaults.pattern);
  EXPECT_EQ(s.ui<Conv2dUi>().filter, defaults.ui<Conv2dUi>().filter);
  EXPECT_EQ(s.ui<Conv2dUi>().params.tile, defaults.ui<Conv2dUi>().params.tile);
  EXPECT_EQ(s.ui<Conv2dUi>().view, defaults.ui<Conv2dUi>().view);
  EXPECT_EQ(s.ui<Conv2dUi>().demo_size, defaults.ui<Conv2dUi>().demo_size);
  EXPECT_EQ(s.backend, defaults.backend);
  EXPECT_EQ(s.ui<Conv2dUi>().demo_scene, DemoScene::rings);  // the good fields still apply
  EXPECT_FALSE(s.overlays.legend);
  // One line per bad field, and one listing the fields the file does not have.
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 9) << err;
  EXPECT_NE(err.find("no 'version'"), std::string::npos) << err;
  for (const char* key :
       {"'radius'", "'pattern'", "'filter'", "'tile'", "'view'", "'demo_size'", "'presentation'", "'backend'"})
    EXPECT_NE(err.find(key), std::string::npos) << key << "\n" << err;
}

TEST_F(Hostile, ANonRegularSettingsFileIsNotOpened) {
  ASSERT_EQ(::mkfifo(path("settings.json").c_str(), 0600), 0);
  UiState s;
  testing::internal::CaptureStderr();
  load_settings(s, path("settings.json"));  // would block forever on open()
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("FIFO"), std::string::npos) << err;
  write("bad.json", "{\"radius\": ");
  testing::internal::CaptureStderr();
  load_settings(s, path("bad.json"));
  EXPECT_NE(testing::internal::GetCapturedStderr().find("not a JSON object"), std::string::npos);
}

// A settings "file" that is a directory is reported once, read as the defaults and not written:
// the app keeps running (issue 54: it exited 1 at save time).
TEST_F(Hostile, ASettingsDirectoryIsReportedAndIgnored) {
  ASSERT_TRUE(fs::create_directory(path("settings.json")));
  UiState s;
  s.measure_traffic = false;
  testing::internal::CaptureStderr();
  load_settings(s, path("settings.json"));
  save_settings(s, path("settings.json"));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_FALSE(s.measure_traffic);
  EXPECT_NE(err.find("using the defaults"), std::string::npos) << err;
  EXPECT_NE(err.find("the settings were not saved"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 2) << err;
  EXPECT_TRUE(fs::is_directory(path("settings.json")));
  EXPECT_EQ(files(), std::set<std::string>{"settings.json"});
}

TEST_F(Hostile, ABrokenImguiIniIsMovedAside) {
  write("imgui.ini",
        "[Window][Debug##Default]\nPos=60,60\nSize=400,400\n\n[Table][0x8D7A1A2B,2147483647]\nColumn 0  Width=10\n");
  testing::internal::CaptureStderr();
  EXPECT_TRUE(sanitize_imgui_ini(path("imgui.ini")));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("a table of 2147483647 columns on line 5"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
  EXPECT_EQ(files(), (std::set<std::string>{"imgui.ini.broken"}));
  const std::string good =
      "[Window][Debug##Default]\nPos=60,60\nSize=400,400\n\n[Table][0x8D7A1A2B,4]\nColumn 0  Weight=1.0000\n";
  write("imgui.ini", good);
  EXPECT_TRUE(sanitize_imgui_ini(path("imgui.ini")));
  EXPECT_EQ(read("imgui.ini"), good);
  EXPECT_NE(imgui_ini_problem("[Window][x]\nSize=99999999999,1\n").find("too large"), std::string::npos);
  EXPECT_NE(imgui_ini_problem("[Table][0x1,-3]\n").find("-3 columns"), std::string::npos);
  ASSERT_EQ(::mkfifo(path("fifo.ini").c_str(), 0600), 0);
  testing::internal::CaptureStderr();
  EXPECT_TRUE(sanitize_imgui_ini(path("fifo.ini")));
  EXPECT_NE(testing::internal::GetCapturedStderr().find("not a regular file"), std::string::npos);
  EXPECT_TRUE(fs::exists(path("fifo.ini.broken")));
}

// ---- options --------------------------------------------------------------------------------

TEST(HostileOptions, RandomSeedsRejectNegativesAndOverflow) {
  EXPECT_EQ(random_seed("random:18446744073709551615", "filter"), 18446744073709551615ull);
  for (const char* bad : {"random:-1", "random:18446744073709551616", "random:+1", "random: 1", "random:", "random:1x"})
    EXPECT_THROW(random_seed(bad, "filter"), InvalidInput) << bad;
}

TEST_F(Hostile, CommandLineBoundsExitTwoAndWriteNothing) {
  write("in.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (8, 8), }", f4(64)));
  std::vector<std::pair<std::string, std::string>> cases = {
      {"apply --pattern conv2d --backend cpu --filter random:-1 --in " + path("in.npy") + " --out " + path("o.npy"),
       "seed after 'random:'"},
      {"bench --pattern conv1d --backend cpu --size 100 --reps 2147483647", "--reps must be within 1..100000"},
      {"bench --pattern conv1d --backend cpu --size 100 --reps 0", "--reps must be within 1..100000"},
      // refused before the bench allocates its input and output (999999999 floats would be 12 GB)
      {"bench --pattern conv1d --backend cpu --no-peers --size 999999999", "more than 268435456"},
      {"bench --pattern stencil3d --backend cpu --no-peers --size 2000x2000x2000", "more than 268435456"},
      {"bench --pattern conv2d --backend cpu --no-peers --size 64x64 --radius 0", "radius 0 is out of range"},
      {"bench --pattern conv1d --backend cpu --no-peers --size 100 --radius 2,0", "radius 0 is out of range"},
      {"bench --pattern matmul --backend cpu --no-peers --size 8x8x8 --tile 999999999", "use 2..32"},
      {"bench --pattern matmul --backend cpu --no-peers --size 8x8x8 --strategy fast --tile 64", "use tile 128 or 256"},
      {"model --pattern conv2d --strategy sliding --tile 2147483647", "longer than the longest"},
      {"model --pattern stencil3d --strategy fast --tile 2147483647", "longer than the longest"},
      // the cube's T^3 threads would overflow; fast's chunk for an order no kernel runs
      {"model --pattern stencil3d --strategy tiled --tile 2147483647", "2147483647x2147483647x2147483647-thread block"},
      {"model --pattern stencil3d --strategy register_tiled --tile 2147483647", "x2147483647-thread block"},
      {"model --pattern stencil3d --strategy fast --radius 9", "order 9 is out of range"},
      {"model --pattern stencil3d --strategy fast --radius 2147483647", "order 2147483647 is out of range"},
  };
  ASSERT_EQ(::mkfifo(path("fifo.png").c_str(), 0600), 0);
  cases.push_back({path("fifo.png"), "neither a readable image nor a command"});
#if TILESCOPE_HAVE_GUI
  write("corrupt.png", "\x89PNG\r\n\x1a\n garbage");
  const std::string shot = "shot --backend cpu --out " + path("o.png") + " ";
  for (const char* zoom : {"nan", "inf", "-1", "1e7"}) cases.push_back({shot + "--zoom " + zoom, "--zoom must be"});
  for (const char* frames : {"-5", "2147483647"})
    cases.push_back({shot + "--frames " + frames, "--frames must be within 0..100000"});
  cases.push_back({shot + "--demo-size 16384", "--demo-size must be within 16..8192"});
  cases.push_back({"shot --out " + path("o.npy"), "must end in .png"});
  cases.push_back({shot + path("missing.png"), "cannot open"});
  cases.push_back({shot + path("corrupt.png"), "PNG"});
  cases.push_back({shot + path("fifo.png"), "FIFO"});
  // --step N: within the focused block's steps (tiled_in, r = 2: load, barrier, 5 filter rows, store)
  for (const char* step : {"8", "-1", "2147483647"})
    cases.push_back({shot + "--radius 2 --hover 1,1 --step " + step, "--step must be within 0..7"});
  cases.push_back({shot + "--step 1", "give one"});
  cases.push_back({shot + "--strategy fast --hover 1,1 --step 1", "the step-through covers the book's"});
  cases.push_back({shot + "--pattern stencil3d --strategy fast --hover 1,1 --step 1", "the step-through covers"});
  cases.push_back({shot + "--pattern conv1d --strategy tiled --radius 3 --hover 1,0 --step 6", "within 0..5"});
  // --compare: 2 to 4 of the pattern's own strategies, and not beside --strategy
  cases.push_back({shot + "--compare basic", "compare takes 2 to 4 strategies, not 1"});
  cases.push_back({shot + "--compare basic,tiled_in,tiled_out,cached_halo,fast", "not 5"});
  cases.push_back({shot + "--compare basic,warp_tiled", "'warp_tiled' is not a conv2d strategy"});
  cases.push_back({shot + "--compare basic,naive", "'naive' is not a conv2d strategy"});
  cases.push_back({shot + "--pattern matmul --compare naive,tiled_in", "'tiled_in' is not a matmul strategy"});
  // matmul's tile: TILE_WIDTH 2..32, fast's block tile 128 or 256 (not clamped into them)
  cases.push_back({shot + "--pattern matmul --strategy fast --tile 64", "use tile 128 or 256, not 64"});
  cases.push_back({shot + "--pattern matmul --strategy tiled --tile 128", "use 2..32"});
  cases.push_back({shot + "--strategy basic --compare basic,tiled_in", "give it or --strategy"});
#endif
  for (const auto& [args, needle] : cases) {
    const auto t0 = std::chrono::steady_clock::now();
    expect_refused(run(args), args, needle);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0) << args;
  }
  std::set<std::string> expected = {"in.npy", "fifo.png"};
#if TILESCOPE_HAVE_GUI
  expected.insert("corrupt.png");
#endif
  EXPECT_EQ(files(), expected);  // no o.npy, no o.png, no temporaries
}

// ---- the fuzz corpora, replayed ---------------------------------------------------------------

class Corpus : public ::testing::TestWithParam<const char*> {};

TEST_P(Corpus, EveryFileReplaysThroughItsHarness) {
  const std::string harness = GetParam();
  void (*entry)(const std::uint8_t*, std::size_t) = harness == "npy"      ? fuzz::npy
                                                    : harness == "image"  ? fuzz::image
                                                    : harness == "filter" ? fuzz::filter
                                                    : harness == "scene"  ? fuzz::scene
                                                                          : fuzz::settings;
  int count = 0;
  for (const auto& e : fs::directory_iterator(std::string(TILESCOPE_FUZZ_CORPUS) + "/" + harness)) {
    std::ifstream in(e.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    SCOPED_TRACE(e.path().string());
    testing::internal::CaptureStderr();  // settings and scene warnings
    entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    testing::internal::GetCapturedStderr();
    ++count;
  }
  EXPECT_GE(count, 4) << harness;
}

INSTANTIATE_TEST_SUITE_P(Fuzz, Corpus, ::testing::Values("npy", "image", "filter", "settings", "scene"));
