// Hostile input on the surfaces added since the first campaign (issue 54): the options of shot,
// record and bench outside their ranges, bench's JSON output, interrupted writes, non-finite filters,
// a settings file that cannot be written, a top-down BMP. Each refusal is one line and exit 2, and
// nothing is written, modified or left behind.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/io/image_file.hpp"
#include "kernels/common/tolerance.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

using namespace tilescope;
namespace fs = std::filesystem;

namespace {

test::CliResult run(const std::string& args) {
  return test::run_shell("timeout 60 " + test::tilescope_exe() + " " + args + " 2>&1 </dev/null");
}

class HostileSurfaces : public test::ScratchDirTest {
 protected:
  HostileSurfaces() : ScratchDirTest("tilescope_hostile_surfaces_") {}
  std::set<std::string> files() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.insert(e.path().filename().string());
    return names;
  }
  std::string read(const std::string& name) const {
    std::ifstream in(path(name), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  // A float32 .npy of `shape` holding `values` (repeated to fill it).
  void write_npy(const std::string& name, const std::vector<int>& shape, const std::vector<float>& values) {
    std::string dims;
    std::size_t n = 1;
    for (int d : shape) dims += std::to_string(d) + ", ", n *= std::size_t(d);
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
    header.append(63 - (10 + header.size()) % 64, ' ');
    header += '\n';
    std::string out = std::string("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff), out += char(header.size() >> 8);
    out += header;
    for (std::size_t i = 0; i < n; ++i) out.append(reinterpret_cast<const char*>(&values[i % values.size()]), 4);
    write(name, out);
  }
};

// "tilescope: ..." on exactly one line, exit 2, and naming what is wrong.
void expect_refused(const test::CliResult& r, const std::string& args, const std::string& needle) {
  EXPECT_EQ(r.code, 2) << args << ": " << r.out;
  EXPECT_EQ(r.out.rfind("tilescope: ", 0), 0u) << args << ": " << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
  EXPECT_NE(r.out.find(needle), std::string::npos) << args << ": " << r.out;
}

}  // namespace

TEST_F(HostileSurfaces, OptionsOutsideTheirRangeAreRefusedNotClamped) {
  write_npy("in.npy", {8, 8}, {0.5f});
  const std::string cpu = " --backend cpu --no-peers --reps 1 ";
  std::vector<std::pair<std::string, std::string>> cases = {
      {"apply --in2 " + path("in.npy") + " --in " + path("in.npy") + " --out " + path("o.npy"), "takes one input"},
      {"bench --pattern conv1d --size 1000 --radius 1,1,1" + cpu, "--radius lists 1 twice"},
      {"bench --pattern stencil3d --size 40x40x40 --steps 2,2" + cpu, "--steps lists 2 twice"},
      {"bench --pattern conv1d --size 1000 --tile 0" + cpu, "--tile must be at least 1"},
      {"bench --pattern conv1d --size 1000 --sustain nan" + cpu, "--sustain"},
      {"--frames -1", "--frames must be 0"},
      {"--scene ''", "--scene names"},
  };
#if TILESCOPE_HAVE_GUI
  const std::string shot = "shot --backend cpu --out " + path("o.png") + " ";
  const std::string record = "record --backend cpu --frames 2 --out " + path("o.gif") + " ";
  for (const std::string& cmd : {shot, record}) {
    for (const char* radius : {"-1", "0", "99"})
      cases.push_back({cmd + "--radius " + radius, "--radius must be within 1..8"});
    for (const char* tile : {"0", "-1", "100000"})
      cases.push_back({cmd + "--tile " + tile, "--tile must be within 1..32"});
  }
  cases.push_back({shot + "--pattern stencil3d --radius 4", "--radius must be within 1..3"});
  cases.push_back({shot + "--pattern stencil3d --strategy tiled --tile 11", "--tile must be within 3..10"});
  cases.push_back({shot + "--pattern stencil3d --slice -5", "--slice must be within 0..511"});
  cases.push_back({shot + "--pattern stencil3d --grid 64 --slice 99999", "--slice must be within 0..63"});
  cases.push_back({shot + "--pattern matmul --phase -1", "--phase must be within 0..1"});  // K = 20, TILE_WIDTH 16
  cases.push_back({shot + "--pattern matmul --phase 99999", "--phase must be within 0..1"});
  cases.push_back({shot + "--pattern conv1d --data 10000000", "--data must be within 32..65536"});
  cases.push_back({shot + "--pattern conv1d --radius 33", "--radius must be within 1..32"});
  cases.push_back({shot + "--pattern matmul --data 99999x99999x99999", "--data's sides must be within 1..96"});
  cases.push_back({shot + "--data 100", "--data: the conv2d view has no such option"});
  cases.push_back({shot + "--pattern conv1d --grid 32", "--grid: the conv1d view has no such option"});
  cases.push_back({shot + "--zoom 1e-30", "--zoom must be"});
  cases.push_back({shot + "--compare tiled_in,tiled_in", "'tiled_in' is named twice"});
  cases.push_back({shot + "--scene ''", "--scene names a scene file"});
#endif
  for (const auto& [args, needle] : cases) expect_refused(run(args), args, needle);
  EXPECT_EQ(files(), std::set<std::string>{"in.npy"});  // no output, no temporary
}

// Weights that are not numbers are refused in one line; a result is compared with the reference
// NaN-aware, so no row of an overflowing filter passes as "ok" by an infinite tolerance.
TEST_F(HostileSurfaces, NonFiniteWeightsAreRefusedAndTheComparisonIsNanAware) {
  write_npy("in.npy", {16, 16}, {0.25f});
  for (const float bad : {NAN, INFINITY, -INFINITY}) {
    write_npy("w.npy", {5, 5}, {0.1f, bad, 0.2f});
    const std::string args = "apply --backend cpu --radius 2 --filter " + path("w.npy") + " --in " + path("in.npy") +
                             " --out " + path("o.npy");
    expect_refused(run(args), args, "NaN or infinity");
  }
  EXPECT_EQ(files(), (std::set<std::string>{"in.npy", "w.npy"}));

  const float inf = INFINITY, nan = NAN;
  const float same[] = {1, inf, -inf, nan}, also[] = {1, inf, -inf, nan};
  EXPECT_EQ(max_abs_error(same, also, 4), 0.0);  // the same overflow on both sides
  const float other[] = {1, -inf, -inf, nan};
  EXPECT_EQ(max_abs_error(same, other, 4), INFINITY);
  const float unwritten[] = {1, inf, -inf, 0};
  EXPECT_EQ(max_abs_error(unwritten, same, 4), INFINITY);  // NaN on one side: an output nobody wrote
  EXPECT_FALSE(within_tolerance(INFINITY, INFINITY));
  EXPECT_TRUE(within_tolerance(0.5, 1.0));
}

// Finite weights whose absolute values sum past 1e19 (3e38: finite, but any output overflows) are
// refused in one line by every pattern that reads weights; a sum at the bound runs, and its output
// on an image (values in [0, 1]) is finite.
TEST_F(HostileSurfaces, WeightsSummingPastTheBoundAreRefused) {
  write_npy("in2.npy", {16, 16}, {0.25f});
  write_npy("in1.npy", {64}, {0.25f});
  write_npy("in3.npy", {8, 8, 8}, {0.25f});
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"w2.npy", "--radius 2 --in " + path("in2.npy")},
      {"w1.npy", "--pattern conv1d --radius 2 --in " + path("in1.npy")},
      {"w3.npy", "--pattern stencil3d --radius 1 --in " + path("in3.npy")},
  };
  write_npy("w2.npy", {5, 5}, {0.1f, 3e38f});
  write_npy("w1.npy", {5}, {1e19f, 1e19f, 0, 0, 0});  // each weight below the bound, their sum above it
  write_npy("w3.npy", {3, 3, 3}, {0, 0, 0, 0, -3e38f, 0});
  for (const auto& [w, rest] : cases) {
    const std::string args = "apply --backend cpu --filter " + path(w) + " " + rest + " --out " + path("o.npy");
    expect_refused(run(args), args, "the sum of |w| must be at most 1e19");
  }
  EXPECT_FALSE(fs::exists(path("o.npy")));

  write_npy("edge.npy", {5, 5}, {4e17f});  // 25 x 4e17 = 1e19: at the bound
  const test::CliResult r = run("apply --backend cpu --radius 2 --filter " + path("edge.npy") + " --in " +
                                path("in2.npy") + " --out " + path("o.npy"));
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string out = read("o.npy");
  ASSERT_GT(out.size(), 4u * 256);
  const char* data = out.data() + out.size() - 4 * 256;
  for (int i = 0; i < 256; ++i) {
    float v;
    std::memcpy(&v, data + 4 * i, 4);
    ASSERT_TRUE(std::isfinite(v)) << "element " << i;
  }
}

// bench --json: never the --filter it reads, never through a planted symlink, whole or not at all.
TEST_F(HostileSurfaces, BenchJsonIsWrittenAtomicallyAndNeverOverAnInput) {
  write_npy("w.npy", {3}, {0.25f, 0.5f, 0.25f});
  const std::string before = read("w.npy");
  const std::string bench = "bench --pattern conv1d --backend cpu --no-peers --reps 1 --size 1000 --strategy basic ";
  expect_refused(run(bench + "--radius 1 --filter " + path("w.npy") + " --json " + path("w.npy")), "json = filter",
                 "would destroy the input");
  EXPECT_EQ(read("w.npy"), before);

  write("target.txt", "keep me");
  ASSERT_EQ(::symlink(path("target.txt").c_str(), path("rows.json").c_str()), 0);
  const test::CliResult r = run(bench + "--radius 1 --json " + path("rows.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(read("target.txt"), "keep me");  // the link was replaced, not followed
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(path("rows.json"))));
  EXPECT_EQ(read("rows.json").rfind("[", 0), 0u);
  EXPECT_EQ(files(), (std::set<std::string>{"w.npy", "target.txt", "rows.json"}));

  ASSERT_TRUE(fs::create_directory(path("adir")));
  expect_refused(run(bench + "--radius 1 --json " + path("adir")), "json = dir", "it is a directory");
}

// A stop signal during a long write (record's frames, bench's run) leaves no temporary behind.
TEST_F(HostileSurfaces, AnInterruptedWriteLeavesNoTemporary) {
#if TILESCOPE_HAVE_GUI
  const std::string cmd = "record --backend cpu --size 1600x900 --frames 600 --fps 50 --out " + path("long.gif");
#else
  const std::string cmd =
      "bench --pattern conv1d --backend cpu --no-peers --reps 100000 --size 100000 --json " + path("long.json");
#endif
  for (const char* sig : {"TERM", "INT"}) {
    const test::CliResult r = test::run_shell("timeout -s " + std::string(sig) + " 3 " + test::tilescope_exe() + " " +
                                              cmd + " >/dev/null 2>&1; echo $?");
    EXPECT_NE(r.out, "0\n") << sig << ": the run should have been stopped";
    EXPECT_TRUE(files().empty()) << sig << ": left " << (files().empty() ? "" : *files().begin());
  }
}

#if TILESCOPE_HAVE_GUI
// Heavy but legal work: a run estimated at minutes asks for --yes before anything starts (one line,
// exit 2, nothing written, at once); heavy settings that run are said on stderr before the first frame.
TEST_F(HostileSurfaces, AHeavyRunAsksForYesBeforeStarting) {
  const std::string cpu = "--backend cpu --out " + path("o");
  const std::pair<std::string, std::string> cases[] = {
      {"record --demo-size 8192 --frames 600 --fps 25 " + cpu + ".gif", "conv2d 8192^2 at r = 2"},
      {"record --size 8192x8192 --frames 600 " + cpu + ".mp4", "frames of 8192x8192"},
      {"record --pattern stencil3d --grid 512 --steps 64 --frames 600 " + cpu + ".gif", "stencil3d 512^3, 64 steps"},
      {"shot --pattern stencil3d --grid 512 --steps 64 --live --frames 1000 " + cpu + ".png", "stencil3d 512^3"},
      {"shot --demo-size 8192 --radius 8 --view diff --live --frames 200 " + cpu + ".png", "checked every frame"},
  };
  for (const auto& [args, what] : cases) {
    const auto start = std::chrono::steady_clock::now();
    const test::CliResult r = run(args);
    expect_refused(r, args, "add --yes to run it anyway");
    EXPECT_NE(r.out.find(what), std::string::npos) << args << ": " << r.out;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10) << args;
  }
  EXPECT_TRUE(files().empty());

  const test::CliResult r = run("shot --demo-size 4096 --radius 8 --frames 1 " + cpu + ".png");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string line = "tilescope: heavy settings: conv2d 4096^2 at r = 8 (289 taps): about ";
  ASSERT_NE(r.out.find(line), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(line), r.out.rfind(line)) << "said once: " << r.out;
  EXPECT_EQ(files(), std::set<std::string>{"o.png"});
}
#endif

// A BMP stored top-down (negative height, a valid BMP) reads as other viewers show it.
TEST_F(HostileSurfaces, ATopDownBmpIsRead) {
  // 2 x 2, 24 bits a pixel, top row white then black, bottom row black then white; rows padded to 8 bytes.
  std::string bmp = "BM";
  auto le32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bmp += char((v >> (8 * i)) & 0xff);
  };
  auto le16 = [&](std::uint16_t v) { bmp += char(v & 0xff), bmp += char(v >> 8); };
  le32(54 + 16), le32(0), le32(54);
  le32(40), le32(2), le32(std::uint32_t(-2)), le16(1), le16(24), le32(0), le32(16), le32(2835), le32(2835), le32(0),
      le32(0);
  bmp += std::string("\xff\xff\xff\x00\x00\x00\x00\x00", 8);  // top row (first in the file)
  bmp += std::string("\x00\x00\x00\xff\xff\xff\x00\x00", 8);
  write("top_down.bmp", bmp);
  const Image img = io::load_image(path("top_down.bmp"));
  ASSERT_EQ(img.width, 2);
  ASSERT_EQ(img.height, 2);
  EXPECT_NEAR(img.at(0, 0), 1.0f, 1e-6f);  // top left: white
  EXPECT_NEAR(img.at(1, 0), 0.0f, 1e-6f);
  EXPECT_NEAR(img.at(0, 1), 0.0f, 1e-6f);
  EXPECT_NEAR(img.at(1, 1), 1.0f, 1e-6f);
}
