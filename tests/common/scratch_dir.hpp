#pragma once
// A scratch folder per test, for the tests that write files (test_cli, test_shot, test_io, test_hostile).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

namespace tilescope::test {

// A fresh folder under the system's temp folder, named prefix + the process id + the test's name
// (two builds' test runs on one machine must not share it), removed after. The prefix is
// "tilescope_" and the test suite's name unless the fixture gives its own.
class ScratchDirTest : public ::testing::Test {
 protected:
  ScratchDirTest() = default;
  explicit ScratchDirTest(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override {
    const ::testing::TestInfo& test = *::testing::UnitTest::GetInstance()->current_test_info();
    const std::string prefix = prefix_.empty() ? "tilescope_" + std::string(test.test_suite_name()) + "_" : prefix_;
    dir_ = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()) + "_" + test.name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  void write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path(name), std::ios::binary) << bytes;
  }
  std::string read(const std::string& name) const {
    std::ifstream in(path(name), std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
  }
  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace tilescope::test
