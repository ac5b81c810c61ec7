// The tilescope command line: exit codes, messages, JSON keys, and apply against the oracle.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/backend.hpp"
#include "kernels/conv1d/params.hpp"
#include "kernels/conv1d/reference.hpp"
#include "kernels/conv2d/params.hpp"
#include "kernels/conv2d/reference.hpp"
#include "kernels/matmul/params.hpp"
#include "kernels/matmul/pattern.hpp"
#include "kernels/matmul/reference.hpp"
#include "kernels/peers/correlation_peer.hpp"
#include "kernels/stencil3d/params.hpp"
#include "kernels/stencil3d/reference.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;
namespace fs = std::filesystem;

namespace {

using Result = test::CliResult;

Result run(const std::string& args) { return test::run_shell(test::tilescope_exe() + " " + args + " 2>&1"); }

nlohmann::json run_json(const std::string& args) {
  const Result r = run(args);
  EXPECT_EQ(r.code, 0) << args << ": " << r.out;
  return r.code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
}

class Cli : public test::ScratchDirTest {};

}  // namespace

TEST_F(Cli, HelpWorksEverywhere) {
  for (const char* cmd : {"", "model", "apply", "check", "bench"}) {
    const Result r = run(std::string(cmd) + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("--help"), std::string::npos) << cmd;
  }
}

TEST_F(Cli, ModelJsonReproducesTheBookAndHasEveryKey) {
  const Result r = run("model --pattern conv2d --strategy tiled_in --radius 2 --tile 32 --size 1024x1024 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key :
       {"opb_model", "opb_bound", "opb_counted", "flops", "global_load_bytes", "grid", "block", "shared_bytes"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_NEAR(j["opb_model"].get<double>(), 9.57, 0.005);
  EXPECT_EQ(j["opb_bound"].get<double>(), 12.5);
  EXPECT_EQ(j["grid"], nlohmann::json({37, 37}));
  EXPECT_EQ(j["shared_bytes"].get<int>(), 4096);
  EXPECT_DOUBLE_EQ(j["opb_counted"].get<double>(), j["flops"].get<double>() / j["global_load_bytes"].get<double>());
}

TEST_F(Cli, ModelTextShowsTheBooksRoundingOfTheTable) {
  const Result r = run("model --strategy tiled_in --radius 4 --tile 16");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("10.13 OP/B"), std::string::npos) << r.out;  // 10.125, rounded as PMPP does
}

// --measure adds the GPU's counters where they can be read; elsewhere (no CUDA, no GPU, counters
// locked) one line on stderr says why, and the model's output and exit code are as without it.
TEST_F(Cli, ModelMeasureAddsCountersOrSaysWhyAndKeepsTheModel) {
  for (const char* pattern : {"conv2d", "stencil3d", "conv1d", "matmul"}) {
    const std::string args = std::string("model --pattern ") + pattern + " --measure";
    const Result json = test::run_shell(test::tilescope_exe() + " " + args + " --json 2>/dev/null");
    ASSERT_EQ(json.code, 0) << args << ": " << json.out;
    const auto j = nlohmann::json::parse(json.out);
    EXPECT_TRUE(j.contains("opb_counted")) << pattern;
    EXPECT_NE(j.contains("dram_read_bytes"), j.contains("measured_why_not")) << json.out;
    const Result text = run(args);
    ASSERT_EQ(text.code, 0) << args << ": " << text.out;
    EXPECT_NE(text.out.find("counted"), std::string::npos) << text.out;
    if (j.contains("measured_why_not")) {
      const Result err = test::run_shell(test::tilescope_exe() + " " + args + " 2>&1 >/dev/null");
      EXPECT_EQ(err.out, "tilescope: no measured counters: " + j["measured_why_not"].get<std::string>() + "\n");
    } else {
      EXPECT_NE(text.out.find("measured"), std::string::npos) << text.out;
    }
  }
  EXPECT_EQ(run("model --strategy all --measure").code, 2);  // one launch: a strategy, not the table
}

TEST_F(Cli, BadUsageExitsTwoWithOneLineReason) {
  const char* cases[] = {
      "model --strategy fastest",
      "model --radius 0",
      "model --radius 9",
      "model --tile 0",
      "model --tile 33",
      "model --strategy tiled_in --radius 4 --tile 8",
      "model --pattern conv5d",
      "model --size 12by3",
      "model --no-such-flag",
      "frobnicate",
      "model --pattern conv1d --radius 33",
      "model --pattern conv1d --tile 16",
      "model --pattern conv1d --size 1x2",
      "model --pattern conv1d --strategy tiled_in",
      "model --pattern matmul --tile 33",
      "model --pattern matmul --radius 2",
      "model --pattern matmul --size 10x10",
      "model --pattern matmul --strategy fast --slices 9",
      "model --pattern matmul --strategy fast --size 64x20x64 --slices 4",  // 3 phases: one slice empty
      "model --pattern matmul --strategy tiled --slices 2",
      "model --pattern conv2d --slices 2",
      "bench --pattern matmul --radius 1",
      "bench --pattern conv1d --size 100 --backend cpu --json /no/such/folder/rows.json",
  };
  for (const char* args : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_EQ(r.out.rfind("tilescope: ", 0), 0u) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
  }
}

TEST_F(Cli, ApplyMatchesTheReferenceOnEveryBackend) {
  const Image img = test::random_image(45, 31, 11);
  io::save_image(path("in.npy"), img);
  const Filter2d f = make_named_filter("random:4", 3);
  std::vector<float> ref(img.pixels.size());
  conv2d_cpu(f, img.pixels.data(), ref.data(), img.width, img.height);
  for (const char* backend : {"cpu", "auto"}) {
    const Result r = run("apply --strategy cached_halo --radius 3 --tile 16 --filter random:4 --in " + path("in.npy") +
                         " --out " + path("out.npy") + " --backend " + backend);
    ASSERT_EQ(r.code, 0) << r.out;
    const Image out = io::load_image(path("out.npy"));
    EXPECT_LE(test::max_abs_diff(out.pixels, ref), conv2d_tolerance(f, 1.0f)) << backend;
  }
}

TEST_F(Cli, ApplyReadsAFilterFromNpyAndChecksItsSize) {
  const Image img = test::random_image(20, 10, 12, 0, 1);
  io::save_image(path("in.png"), img);
  Image w(5, 5, 0.04f);  // a 5x5 box as an "image" of weights
  io::save_image(path("w.npy"), w);
  Result r = run("apply --radius 2 --filter " + path("w.npy") + " --in " + path("in.png") + " --out " +
                 path("out.png") + " --backend cpu");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(fs::exists(path("out.png")));
  r = run("apply --radius 3 --filter " + path("w.npy") + " --in " + path("in.png") + " --out " + path("bad.png"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("use --radius 2"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(path("bad.png")));
}

TEST_F(Cli, ApplyWritesNothingOnBadInput) {
  std::ofstream(path("junk.png")) << "junk";
  io::save_image(path("ok.npy"), Image(8, 8, 1.0f));
  const std::string cases[] = {
      "--in " + path("missing.png") + " --out " + path("o.npy"),
      "--in " + path("junk.png") + " --out " + path("o.npy"),
      "--in " + path("ok.npy") + " --out " + path("o.tiff"),
      "--in " + path("ok.npy") + " --out " + path("o.npy") + " --filter nosuch",
      "--in " + path("ok.npy") + " --out " + path("o.npy") + " --strategy tiled_in --radius 8 --tile 16",
      "--in " + path("ok.npy") + " --out " + path("o.npy") + " --backend opencl",
      "--in " + path("ok.npy") + " --out " + path("o.npy") + " --strategy separable --filter sharpen",
  };
  for (const std::string& args : cases) {
    const Result r = run("apply " + args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_FALSE(fs::exists(path("o.npy")) || fs::exists(path("o.tiff"))) << args;
  }
}

TEST_F(Cli, BenchRefusesAFilterItCannotUseAtSomeRadiusBeforeWritingAnything) {
  io::save_image(path("w5.npy"), Image(5, 5, 0.04f));  // a 5x5 filter: radius 2 only
  const std::string json = path("rows.json");
  const Result r = run("bench --pattern conv2d --size 40x30 --radius 1,2 --reps 2 --backend cpu --no-peers --filter " +
                       path("w5.npy") + " --json " + json);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("use --radius 2"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(json)) << "a refused bench left its JSON behind";
}

TEST_F(Cli, CheckPassesOnTheCpuBackend) {
  const Result r = run("check --backend cpu");
  EXPECT_EQ(r.code, 0) << r.out;
  // 8 strategies x tiles 8, 16, 32 (sliding's are strips), less fast and separable at 32 (their
  // staged tiles do not fit in shared memory there).
  EXPECT_NE(r.out.find("check: 22 passed, 0 failed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("check stencil3d: all passed"), std::string::npos) << r.out;
}

TEST_F(Cli, Stencil3dModelJsonReproducesChapterEight) {
  Result r = run("model --pattern stencil3d --strategy tiled --radius 1 --tile 8 --size 64x64x64 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["opb_model"].get<double>(), 1.37, 0.005);
  EXPECT_EQ(j["opb_bound"].get<double>(), 3.25);
  EXPECT_NEAR(j["halo_fraction"].get<double>(), 296.0 / 512, 1e-12);
  EXPECT_EQ(j["block"], nlohmann::json({8, 8, 8}));
  EXPECT_DOUBLE_EQ(j["opb_counted"].get<double>(), j["flops"].get<double>() / j["global_load_bytes"].get<double>());
  r = run("model --pattern stencil3d --strategy register_tiled --size 512x512x512 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["opb_model"].get<double>(), 2.68, 0.005);
  EXPECT_EQ(j["shared_bytes"].get<int>(), 32 * 32 * 4);
}

TEST_F(Cli, Stencil3dApplyMatchesTheReferenceAndRefusesWhatIsNotAStencil) {
  const int w = 13, h = 9, d = 11;
  std::vector<float> grid(std::size_t(w) * h * d);
  for (std::size_t i = 0; i < grid.size(); ++i) grid[i] = float((i * 37) % 101) / 101.0f;
  io::write_npy(path("vol.npy"), {d, h, w}, grid.data());
  const StencilCoeffs c = make_named_stencil("random:3", 2);
  const std::vector<float> dense = stencil_to_dense(c);
  io::write_npy(path("w.npy"), {5, 5, 5}, dense.data());
  std::vector<float> want(grid.size());
  stencil3d_cpu(c, grid.data(), want.data(), w, h, d);
  for (const char* backend : {"cpu", "auto"}) {
    const Result r =
        run("apply --pattern stencil3d --strategy coarsened --radius 2 --tile 9 --filter " + path("w.npy") + " --in " +
            path("vol.npy") + " --out " + path("out.npy") + " --backend " + backend);
    ASSERT_EQ(r.code, 0) << r.out;
    const io::NpyArray out = io::read_npy(path("out.npy"));
    EXPECT_EQ(out.shape, (std::vector<long long>{d, h, w}));
    for (std::size_t i = 0; i < want.size(); ++i) ASSERT_NEAR(out.data[i], want[i], stencil_tolerance(c, 1.0f)) << i;
  }
  std::vector<float> corner = dense;
  corner[0] = 1.0f;
  io::write_npy(path("corner.npy"), {5, 5, 5}, corner.data());
  io::save_image(path("flat.npy"), Image(8, 8, 1.0f));
  const std::string cases[] = {
      "--radius 2 --filter " + path("corner.npy") + " --in " + path("vol.npy"),
      "--radius 1 --filter " + path("w.npy") + " --in " + path("vol.npy"),
      "--in " + path("flat.npy"),
      "--strategy tiled --tile 2 --in " + path("vol.npy"),
      "--strategy tiled --tile 11 --in " + path("vol.npy"),
  };
  for (const std::string& args : cases) {
    const Result r = run("apply --pattern stencil3d " + args + " --out " + path("bad.npy"));
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    EXPECT_FALSE(fs::exists(path("bad.npy"))) << args;
  }
}

TEST_F(Cli, ModelJsonForConv1dHasTheBooksLoadReductions) {
  const Result r = run("model --pattern conv1d --strategy tiled --tile 1024 --radius 2 --size 1048576 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["load_reduction_interior"].get<double>(), 4.98, 0.005);
  EXPECT_DOUBLE_EQ(j["load_reduction_boundary"].get<double>(), (5120.0 - 3) / 1026);
  EXPECT_DOUBLE_EQ(j["opb_model"].get<double>(), 5120.0 * 2 / (1028 * 4));
  EXPECT_DOUBLE_EQ(j["opb_counted"].get<double>(), j["flops"].get<double>() / j["global_load_bytes"].get<double>());
  // 1024 blocks of 1028 loads, minus the two missing halos of the end blocks.
  EXPECT_EQ(j["tile_loads"].get<long long>(), 1024LL * 1028 - 4);
  EXPECT_EQ(j["grid"].get<int>(), 1024);
  EXPECT_DOUBLE_EQ(run_json("model --pattern conv1d --strategy const_mem --json")["opb_model"].get<double>(), 0.5);
}

TEST_F(Cli, ModelForMatmulGivesTheBooksRatiosAndTheA100Bound) {
  const auto tiled = run_json("model --pattern matmul --strategy tiled --tile 16 --size 512x256x128 --json");
  EXPECT_DOUBLE_EQ(tiled["opb_model"].get<double>(), 4.0);
  EXPECT_DOUBLE_EQ(tiled["opb_counted"].get<double>(), 4.0);  // every size a multiple of 16
  EXPECT_DOUBLE_EQ(tiled["a100_bound_gflops"].get<double>(), 6220.0);
  EXPECT_EQ(tiled["phases"].get<int>(), 16);
  EXPECT_EQ(tiled["grid"], nlohmann::json({8, 32}));
  EXPECT_TRUE(tiled.contains("device_bound_gflops"));
  EXPECT_DOUBLE_EQ(run_json("model --pattern matmul --strategy naive --json")["opb_model"].get<double>(), 0.25);
  const Result text = run("model --pattern matmul --strategy all");
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("6220"), std::string::npos) << text.out;
  // fast's row at its own 128 x 128 block tile, not the table's TILE_WIDTH 16: 32 OP/B.
  const std::size_t fast = text.out.find("\nfast ");
  ASSERT_NE(fast, std::string::npos) << text.out;
  EXPECT_NE(text.out.substr(fast, text.out.find('\n', fast + 1) - fast).find(" 32.00 "), std::string::npos) << text.out;
  const auto wide = run_json("model --pattern matmul --strategy fast --tile 256 --size 512x512x512 --json");
  EXPECT_NEAR(wide["opb_model"].get<double>(), 2.0 * 128 * 256 / (4 * 384), 1e-9);
  EXPECT_EQ(run("model --pattern matmul --strategy fast --tile 64").code, 2);
  // Split-K as bench may run it: twice the blocks, each (block, phase) tile of M and N still loaded
  // once, so the same loads and OP/B.
  const std::string fast_json = "model --pattern matmul --strategy fast --size 1024x1024x1024 --json";
  const auto whole = run_json(fast_json), split = run_json(fast_json + " --slices 2");
  EXPECT_EQ(whole["slices"].get<int>(), 1);
  EXPECT_EQ(split["slices"].get<int>(), 2);
  EXPECT_EQ(split["threads_launched"].get<long long>(), 2 * whole["threads_launched"].get<long long>());
  EXPECT_EQ(split["global_load_bytes"], whole["global_load_bytes"]);
  const Result text_split = run("model --pattern matmul --strategy fast --size 1024x1024x1024 --slices 2");
  EXPECT_NE(text_split.out.find("split-K  2 slices (blockIdx.z, grid 8x8x2) of 64 phases"), std::string::npos)
      << text_split.out;
}

TEST_F(Cli, ApplyConv1dIsCorrelate1dWithZerosOutside) {
  const std::vector<float> x = test::random_image(3001, 1, 21).pixels;
  io::write_npy(path("x.npy"), {3001}, x.data());
  const Filter1d f = make_named_filter1d("random:9", 5);
  std::vector<float> ref(x.size());
  conv1d_cpu(f, x.data(), ref.data(), int(x.size()));
  for (const char* backend : {"cpu", "auto"}) {
    const Result r = run("apply --pattern conv1d --strategy cached_halo --radius 5 --tile 64 --filter random:9 --in " +
                         path("x.npy") + " --out " + path("y.npy") + " --backend " + backend);
    ASSERT_EQ(r.code, 0) << r.out;
    const io::NpyArray y = io::read_npy(path("y.npy"));
    EXPECT_EQ(y.shape, std::vector<long long>{3001});
    EXPECT_LE(test::max_abs_diff(y.data, ref), conv1d_tolerance(f, 1.0f)) << backend;
  }
}

TEST_F(Cli, ApplyMatmulMultipliesTheTwoInputs) {
  const std::vector<float> A = test::random_image(33, 70, 22).pixels, B = test::random_image(45, 33, 23).pixels;
  io::write_npy(path("A.npy"), {70, 33}, A.data());
  io::write_npy(path("B.npy"), {33, 45}, B.data());
  std::vector<float> ref(70 * 45);
  matmul_cpu(A.data(), B.data(), ref.data(), 70, 33, 45);
  for (const char* backend : {"cpu", "auto"})
    for (const char* strategy : {"--tile 8", "--strategy fast", "--strategy fast --tile 256"}) {
      const Result r = run("apply --pattern matmul " + std::string(strategy) + " --in " + path("A.npy") + " --in2 " +
                           path("B.npy") + " --out " + path("C.npy") + " --backend " + backend);
      ASSERT_EQ(r.code, 0) << r.out;
      const io::NpyArray C = io::read_npy(path("C.npy"));
      EXPECT_EQ(C.shape, (std::vector<long long>{70, 45}));
      EXPECT_LE(test::max_abs_diff(C.data, ref), matmul_tolerance(33, 1.0f, 1.0f)) << backend << " " << strategy;
    }
}

TEST_F(Cli, ApplyConv1dAndMatmulWriteNothingOnBadInput) {
  const std::vector<float> v(12, 1.0f);
  io::write_npy(path("v.npy"), {12}, v.data());
  io::write_npy(path("m34.npy"), {3, 4}, v.data());
  io::write_npy(path("w4.npy"), {4}, v.data());
  const std::string cases[] = {
      "--pattern conv1d --in " + path("m34.npy") + " --out " + path("o.npy"),  // 2-D signal
      "--pattern conv1d --in " + path("v.npy") + " --out " + path("o.npy") + " --filter " +
          path("w4.npy"),  // even taps
      "--pattern conv1d --in " + path("v.npy") + " --out " + path("o.npy") + " --filter nosuch",
      "--pattern matmul --in " + path("m34.npy") + " --in2 " + path("m34.npy") + " --out " + path("o.npy"),  // 4 != 3
      "--pattern matmul --in " + path("m34.npy") + " --out " + path("o.npy"),                                // no --in2
      "--pattern matmul --in " + path("v.npy") + " --in2 " + path("m34.npy") + " --out " + path("o.npy"),    // 1-D
  };
  for (const std::string& args : cases) {
    const Result r = run("apply " + args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_FALSE(fs::exists(path("o.npy"))) << args;
  }
}

TEST_F(Cli, CheckConv1dAndMatmulPassOnTheCpuBackend) {
  Result r = run("check --pattern conv1d --backend cpu");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("check conv1d: 19 passed, 0 failed"), std::string::npos) << r.out;
  r = run("check --pattern matmul --backend cpu");
  EXPECT_EQ(r.code, 0) << r.out;
  // The three strategies, and the engine's BLAS sgemm where the build has one.
  const bool blas = !make_cpu_matmul_engine()->library_name().empty();
  EXPECT_NE(r.out.find(blas ? "check matmul: 4 passed, 0 failed" : "check matmul: 3 passed, 0 failed"),
            std::string::npos)
      << r.out;
}

// Every pattern's bench writes one JSON row per strategy and radius with the keys, each
// correct against the CPU reference and measured beside a copy of the same bytes.
TEST_F(Cli, BenchWritesARowPerStrategyAndRadiusForEveryPattern) {
  struct Case {
    const char* args;
    std::size_t rows;  // strategies x radii (matmul: x tiles)
  };
  // conv2d with a rank-1 filter: separable runs only those (the default random:1 has full rank).
  for (const Case& c :
       {Case{"--pattern conv2d --size 67x45 --radius 1,3 --filter random_separable:3", 2 * kConv2dStrategyCount},
        Case{"--pattern stencil3d --size 21x17x13 --radius 1,2", 2 * kStencil3dStrategyCount},
        Case{"--pattern conv1d --size 1001 --radius 1,3", 2 * kConv1dStrategyCount},
        Case{"--pattern matmul --size 33x20x17 --tile 16", kMatmulStrategyCount}}) {
    SCOPED_TRACE(c.args);
    const std::string json = path("rows.json");
    const Result r = run(std::string("bench ") + c.args + " --reps 3 --backend cpu --no-peers --json " + json);
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("%copy"), std::string::npos) << r.out;
    std::ifstream file(json);
    const nlohmann::json rows = nlohmann::json::parse(file);
    ASSERT_TRUE(rows.is_array());
    std::set<std::pair<std::string, int>> seen;
    for (const auto& row : rows) {
      for (const char* key : {"pattern", "strategy", "radius", "size", "median_ms", "min_ms", "copy_ms", "pct_copy",
                              "pct_fp32", "max_abs_err", "tolerance", "correct"})
        EXPECT_TRUE(row.contains(key)) << key << " missing in " << row.dump();
      EXPECT_TRUE(row["correct"].get<bool>()) << row.dump();
      EXPECT_LE(row["min_ms"].get<double>(), row["median_ms"].get<double>());
      EXPECT_GT(row["copy_ms"].get<double>(), 0.0);
      EXPECT_NEAR(row["pct_copy"].get<double>(), 100 * row["copy_ms"].get<double>() / row["median_ms"].get<double>(),
                  1e-6);
      seen.insert({row["strategy"].get<std::string>(), row["radius"].is_null() ? -1 : row["radius"].get<int>()});
    }
    EXPECT_EQ(rows.size(), c.rows) << "every strategy at every radius";
    EXPECT_EQ(seen.size(), rows.size()) << "one row per strategy and radius";
  }
}

// On the CPU, bench times the peers this build links in the same run: OpenCV's filter2D at every
// radius of conv2d, BLAS sgemm for matmul; each row correct against the CPU reference.
TEST_F(Cli, CpuBenchTimesThePeersThisBuildLinks) {
  struct Case {
    const char* args;
    std::size_t peer_rows;
  };
  const bool blas = !make_cpu_matmul_engine()->library_name().empty();
  for (const Case& c : {Case{"--pattern conv2d --size 67x45 --radius 1,3", 2 * cpu_correlation_peers().size()},
                        Case{"--pattern matmul --size 33x20x17 --tile 16", std::size_t(blas)}}) {
    SCOPED_TRACE(c.args);
    const std::string json = path("rows.json");
    const Result r = run(std::string("bench ") + c.args + " --reps 3 --backend cpu --json " + json);
    ASSERT_EQ(r.code, 0) << r.out;
    std::ifstream file(json);
    std::size_t peer_rows = 0;
    for (const auto& row : nlohmann::json::parse(file))
      if (row.contains("peer")) {
        ++peer_rows;
        EXPECT_TRUE(row["correct"].get<bool>()) << row.dump();
        EXPECT_GT(row["copy_ms"].get<double>(), 0.0) << row.dump();
      }
    EXPECT_EQ(peer_rows, c.peer_rows) << r.out;
  }
}

// A float4 strategy keeps rows of a width that is not a multiple of 4 padded on CUDA, so it moves
// the padding too: bench says so beside %copy (which counts only the grid's own bytes) and in the
// JSON. The CPU keeps every row dense: no row says it pads there.
TEST_F(Cli, BenchSaysWhereARunMovesPaddedRows) {
  const std::string json = path("rows.json");
  const auto pitches = [&](const Result& r) {
    std::map<std::string, int> pitch;  // strategy -> row_pitch, 0 without one
    EXPECT_EQ(r.code, 0) << r.out;
    std::ifstream file(json);
    for (const auto& row : nlohmann::json::parse(file))
      pitch[row["strategy"].get<std::string>()] = row.contains("row_pitch") ? row["row_pitch"].get<int>() : 0;
    return pitch;
  };
  const std::string args =
      "bench --pattern stencil3d --size 33x20x10 --radius 1 --reps 2 --no-peers --no-counters --json " + json;
  const Result cpu = run(args + " --backend cpu");
  for (const auto& [strategy, pitch] : pitches(cpu)) EXPECT_EQ(pitch, 0) << strategy << " on the CPU";
  EXPECT_EQ(cpu.out.find("->"), std::string::npos) << cpu.out;

  try {
    make_cuda_backend();
  } catch (const std::exception& e) {  // a build without CUDA, or no usable device
    GTEST_SKIP() << e.what();
  }
  const Result cuda = run(args + " --backend cuda");
  const std::map<std::string, int> pitch = pitches(cuda);
  EXPECT_EQ(pitch.at("fast"), 36) << "33 cells rounded up to a float4";
  EXPECT_EQ(pitch.at("basic"), 0) << "the book's strategies index dense rows";
  EXPECT_NE(cuda.out.find("rows 33->36 floats: moves x1.09 the copy's bytes"), std::string::npos) << cuda.out;
  const auto fast_moves = [&] {  // the JSON's floats of each row fast loads and stores
    std::ifstream file(json);
    for (const auto& row : nlohmann::json::parse(file))
      if (row["strategy"] == "fast") return row["row_floats_moved"].get<int>();
    return 0;
  };
  EXPECT_EQ(fast_moves(), 36);
  // On a big plane fast's rows start 128 bytes apart; the float4s past the cells move nothing.
  const Result line_rows =
      run("bench --pattern stencil3d --strategy fast --size 1000x600x4 --radius 1 --reps 2 "
          "--no-peers --no-counters --backend cuda --json " +
          json);
  EXPECT_EQ(pitches(line_rows).at("fast"), 1024);
  EXPECT_EQ(fast_moves(), 1000);
  const std::size_t at = line_rows.out.find("rows 1000->1024 floats");
  ASSERT_NE(at, std::string::npos) << line_rows.out;
  EXPECT_EQ(line_rows.out.substr(at, line_rows.out.find('\n', at) - at).find("moves"), std::string::npos)
      << line_rows.out;
}
