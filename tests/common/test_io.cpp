// .npy, PNG and JPEG round trips, and every kind of bad file refused with a message.
#include <gtest/gtest.h>
#include <stb_image_write.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/io/image_file.hpp"
#include "app/io/npy.hpp"
#include "kernels/common/error.hpp"
#include "tests/common/scratch_dir.hpp"
#include "tests/common/test_util.hpp"

using namespace tilescope;
namespace fs = std::filesystem;

namespace {

class Io : public test::ScratchDirTest {
 protected:
  // A .npy with the given header dict and payload.
  std::string npy(const std::string& dict, const std::string& payload) const {
    std::string header = dict;
    header.append(63 - (10 + header.size()) % 64, ' ');
    header += '\n';
    return std::string("\x93NUMPY\x01\x00", 8) + char(header.size() & 0xff) + char(header.size() >> 8) + header +
           payload;
  }
  std::string message_of(const std::string& file) const {
    try {
      io::load_image(path(file));
    } catch (const InvalidInput& e) {
      return e.what();
    }
    return "(accepted)";
  }
};

}  // namespace

TEST_F(Io, NpyFloat32RoundTripIsExact) {
  const Image img = test::random_image(37, 19, 1);
  io::save_image(path("a.npy"), img);
  const Image back = io::load_image(path("a.npy"));
  EXPECT_EQ(back.width, 37);
  EXPECT_EQ(back.height, 19);
  EXPECT_EQ(back.pixels, img.pixels);
}

TEST_F(Io, NpyFloat64AndFortranOrderAreConverted) {
  const double values[] = {1.5, 2.5, 3.5, 4.5, 5.5, 6.5};  // column-major 2x3: rows (1.5 3.5 5.5) (2.5 4.5 6.5)
  write("f.npy", npy("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }",
                     std::string(reinterpret_cast<const char*>(values), sizeof values)));
  const Image img = io::load_image(path("f.npy"));
  ASSERT_EQ(img.width, 3);
  ASSERT_EQ(img.height, 2);
  EXPECT_EQ(img.pixels, (std::vector<float>{1.5f, 3.5f, 5.5f, 2.5f, 4.5f, 6.5f}));
}

TEST_F(Io, OneDimensionalNpyWritesAPythonOneTuple) {
  const float v[] = {1, 2, 3};
  io::write_npy(path("v.npy"), {3}, v);
  const io::NpyArray a = io::read_npy(path("v.npy"));
  EXPECT_EQ(a.shape, (std::vector<long long>{3}));
  std::ifstream in(path("v.npy"), std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("'shape': (3,)"), std::string::npos);
  EXPECT_EQ(text.size() % 64, 12u);  // header padded to 64 bytes, then 3 floats
}

TEST_F(Io, PngRoundTripKeepsEightBitGreys) {
  Image img(16, 9);
  for (std::size_t i = 0; i < img.pixels.size(); ++i) img.pixels[i] = float(i % 256) / 255.0f;
  img.pixels[0] = -3.0f;  // clamped
  img.pixels[1] = 7.0f;
  io::save_image(path("g.png"), img);
  const Image back = io::load_image(path("g.png"));
  ASSERT_EQ(back.width, 16);
  ASSERT_EQ(back.height, 9);
  EXPECT_EQ(back.pixels[0], 0.0f);
  EXPECT_EQ(back.pixels[1], 1.0f);
  for (std::size_t i = 2; i < img.pixels.size(); ++i) EXPECT_NEAR(back.pixels[i], img.pixels[i], 0.5 / 255);
}

// A smooth 61x47 picture (odd sizes: partial 8x8 blocks) as a quality-100 JPEG, in colour (comp 3)
// or grey (comp 1): it decodes to the Rec. 601 luma of the written pixels, within JPEG's loss.
std::string smooth_jpeg(int comp) {
  const int w = 61, h = 47;
  std::vector<unsigned char> px(std::size_t(w) * h * comp);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < comp; ++c) px[(std::size_t(y) * w + x) * comp + c] = (unsigned char)(20 + x + 2 * y + 20 * c);
  std::string out;
  stbi_write_jpg_to_func(
      [](void* ctx, void* data, int size) { static_cast<std::string*>(ctx)->append(static_cast<char*>(data), size); },
      &out, w, h, comp, px.data(), 100);
  return out;
}

TEST_F(Io, JpegDecodesToLumaOfTheWrittenPixels) {
  for (int comp : {1, 3}) {
    write("s.jpg", smooth_jpeg(comp));
    const Image img = io::load_image(path("s.jpg"));
    ASSERT_EQ(img.width, 61);
    ASSERT_EQ(img.height, 47);
    for (int y = 0; y < 47; ++y)
      for (int x = 0; x < 61; ++x) {
        const float v = 20 + x + 2 * y;
        const float luma = comp == 1 ? v : 0.299f * v + 0.587f * (v + 20) + 0.114f * (v + 40);
        ASSERT_NEAR(img.pixels[std::size_t(y) * 61 + x], luma / 255.0f, 3.0 / 255) << comp << " " << x << "," << y;
      }
  }
}

TEST_F(Io, JpegWithBrokenCodedDataIsRefused) {
  // Sixteen bytes cut from the middle of the entropy-coded data, the end-of-image marker kept: the
  // decoder runs out of coded bits before the last block (what fuzz_image found making stb_image
  // 2.27 shift by 33). libjpeg would pad with zeros and warn; tilescope refuses.
  const std::string good = smooth_jpeg(3);
  const std::size_t sos = good.find("\xff\xda");
  ASSERT_NE(sos, std::string::npos);
  const std::size_t mid = sos + (good.size() - sos) / 2;
  write("cut.jpg", good.substr(0, mid) + good.substr(mid + 16));
  EXPECT_NE(message_of("cut.jpg").find("JPEG"), std::string::npos) << message_of("cut.jpg");
}

TEST_F(Io, MissingFileIsRefused) { EXPECT_NE(message_of("nope.png").find("cannot open"), std::string::npos); }

TEST_F(Io, CorruptFileIsRefused) {
  write("junk.png", "this is not an image at all");
  EXPECT_NE(message_of("junk.png").find("not a readable image"), std::string::npos);
}

TEST_F(Io, TruncatedPngIsRefused) {
  io::save_image(path("full.png"), test::random_image(64, 64, 2, 0, 1));
  std::ifstream in(path("full.png"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  write("cut.png", bytes.substr(0, bytes.size() / 2));
  EXPECT_NE(message_of("cut.png").find("truncated"), std::string::npos) << message_of("cut.png");
}

TEST_F(Io, TruncatedNpyIsRefused) {
  write("cut.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }", std::string(20, '\0')));
  EXPECT_NE(message_of("cut.npy").find("truncated"), std::string::npos);
}

TEST_F(Io, HeadersClaimingTooManyPixelsAreRefusedBeforeAllocating) {
  write("huge.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000), }", ""));
  EXPECT_NE(message_of("huge.npy").find("more than"), std::string::npos);
  // A PNG signature and IHDR chunk claiming 20000 x 20000 pixels (over our 2^28, under stb's own
  // 2^30 limit), and nothing else.
  const std::string ihdr = std::string("\x89PNG\r\n\x1a\n", 8) + std::string("\0\0\0\x0dIHDR", 8) +
                           std::string("\0\0\x4e\x20\0\0\x4e\x20\x08\x00\x00\x00\x00", 13) + std::string(4, '\0');
  write("huge.png", ihdr);
  EXPECT_NE(message_of("huge.png").find("more than tilescope accepts"), std::string::npos) << message_of("huge.png");
}

TEST_F(Io, WrongDtypeAndShapeAreRefused) {
  write("int.npy", npy("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }", std::string(16, '\0')));
  EXPECT_NE(message_of("int.npy").find("dtype '<i4' is not supported"), std::string::npos);
  write("cube.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2, 2), }", std::string(32, '\0')));
  EXPECT_NE(message_of("cube.npy").find("must be 2-D"), std::string::npos);
}

TEST_F(Io, UnknownOutputFormatWritesNothing) {
  EXPECT_THROW(io::save_image(path("out.tiff"), Image(2, 2)), InvalidInput);
  EXPECT_FALSE(fs::exists(path("out.tiff")));
}
