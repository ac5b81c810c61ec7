// `tilescope record` headless (Mesa's surfaceless EGL in CI): the GIF decodes (giflib) to N frames
// of the window's size with the delay of --fps and the loop, the frames of a live demo move and a
// stepped view steps; the MP4 decodes (libavformat, and ffprobe where installed) to N frames; bad
// options exit 2 and write nothing. Small windows and few frames: CI has 2 cores.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>
#include <vector>

#include "app/platform/headless_frames.hpp"
#include "app/platform/window_recording.hpp"
#include "app/shell/app.hpp"
#include "app/shell/scene.hpp"
#include "tests/common/run_cli.hpp"
#include "tests/common/scratch_dir.hpp"

#ifdef TILESCOPE_HAVE_GIF
#include <gif_lib.h>
#endif
#ifdef TILESCOPE_HAVE_LIBAV
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}
#endif

namespace tilescope {
namespace {

constexpr int kWidth = 320, kHeight = 240;
const std::string kSize = " --size 320x240";

class Record : public test::ScratchDirTest {
 protected:
  test::CliResult record(const std::string& args) const {
    return test::run_shell("timeout 120 " + test::tilescope_exe() + " record --backend cpu " + args +
                           " 2>&1 </dev/null");
  }
  // A scene of conv2d's demo with nothing over the data (no HUD, caption, legend or inspector):
  // what moves in the view is the demo or the stepped block.
  std::string quiet_scene(UiState s, const std::string& name) const {
    s.ui<Conv2dUi>().demo_size = 64;
    s.overlays.hud = s.overlays.caption = s.overlays.legend = s.overlays.inspector = false;
    save_scene(s, path(name));
    return path(name);
  }
  // `record ARGS` exits 2 with one line that says `needle`.
  void expect_refused(const std::string& args, const std::string& needle) const {
    const test::CliResult r = record(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    EXPECT_NE(r.out.find(needle), std::string::npos) << args << ": " << r.out;
  }
  std::set<std::string> files() const {
    std::set<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) names.insert(e.path().filename().string());
    return names;
  }
};

// The data view of the window (right of the sidebar), as the app lays it out.
Rect data_view() { return layout_for(float(kWidth), float(kHeight), false).view; }

#ifdef TILESCOPE_HAVE_GIF

struct Gif {
  explicit Gif(const std::string& path) {
    int error = 0;
    gif = DGifOpenFileName(path.c_str(), &error);
    if (gif && DGifSlurp(gif) == GIF_ERROR) DGifCloseFile(gif, &error), gif = nullptr;
  }
  ~Gif() {
    if (gif) DGifCloseFile(gif, nullptr);
  }
  Gif(const Gif&) = delete;
  Gif& operator=(const Gif&) = delete;
  // Frame k's colour at (x, y), top-down.
  GifColorType at(int k, int x, int y) const {
    const SavedImage& im = gif->SavedImages[k];
    const ColorMapObject* map = im.ImageDesc.ColorMap ? im.ImageDesc.ColorMap : gif->SColorMap;
    return map->Colors[im.RasterBits[std::size_t(y) * gif->SWidth + x]];
  }
  // Pixels of the data view whose colour differs between frames a and b.
  int changed(int a, int b) const {
    const Rect v = data_view();
    int n = 0;
    for (int y = int(v.y); y < int(v.y + v.h); ++y)
      for (int x = int(v.x); x < int(v.x + v.w); ++x) {
        const GifColorType p = at(a, x, y), q = at(b, x, y);
        n += p.Red != q.Red || p.Green != q.Green || p.Blue != q.Blue;
      }
    return n;
  }
  GifFileType* gif = nullptr;
};

class RecordGif : public Record {
 protected:
  // Records the quiet scene `s` as NAME.gif, `frames` frames with ARGS; `gif` holds it decoded.
  void record_gif(const UiState& s, const std::string& name, int frames, const std::string& args) {
    const std::string n = std::to_string(frames);
    const test::CliResult r = record("--scene " + quiet_scene(s, name + ".json") + kSize + " --frames " + n + " " +
                                     args + " --out " + path(name + ".gif"));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("frame " + n + "/" + n), std::string::npos) << r.out;  // the progress line
    gif = std::make_unique<Gif>(path(name + ".gif"));
    ASSERT_NE(gif->gif, nullptr);
    ASSERT_EQ(gif->gif->ImageCount, frames);
  }
  std::unique_ptr<Gif> gif;
};

TEST_F(RecordGif, HasNFramesOfTheWindowsSizeDelayAndLoop) {
  ASSERT_NO_FATAL_FAILURE(record_gif(UiState{}, "live", 4, "--fps 10"));
  const GifFileType* g = gif->gif;
  EXPECT_EQ(g->SWidth, kWidth);
  EXPECT_EQ(g->SHeight, kHeight);
  for (int k = 0; k < 4; ++k) {
    GraphicsControlBlock gcb{};
    ASSERT_EQ(DGifSavedExtensionToGCB(gif->gif, k, &gcb), GIF_OK);
    EXPECT_EQ(gcb.DelayTime, 10) << "frame " << k;  // 1/10 s in hundredths
    EXPECT_EQ(g->SavedImages[k].ImageDesc.Width, kWidth);
  }
  const SavedImage& first = g->SavedImages[0];
  const auto loop = std::find_if(first.ExtensionBlocks, first.ExtensionBlocks + first.ExtensionBlockCount,
                                 [](const ExtensionBlock& e) {
                                   return e.Function == APPLICATION_EXT_FUNC_CODE && e.ByteCount == 11 &&
                                          std::memcmp(e.Bytes, "NETSCAPE2.0", 11) == 0;
                                 });
  EXPECT_NE(loop, first.ExtensionBlocks + first.ExtensionBlockCount) << "no NETSCAPE2.0 loop extension";
  // The demo runs: every frame of the view moves on from the one before.
  for (int k = 1; k < 4; ++k) EXPECT_GT(gif->changed(k - 1, k), 500) << "frames " << k - 1 << " and " << k;
}

// The window's record button: frame k is the window at k / kFps s of wall-clock time, a slow frame
// filling the frames it took; a resized window ends the recording, and the GIF appears only then.
TEST_F(Record, TheWindowsRecordButtonKeepsTheWallClock) {
  ShotOptions o;
  o.width = kWidth, o.height = kHeight;
  HeadlessFrames window(UiState{}, o);
  window.render(0.1);
  WindowRecording recording(path("window.gif"), kWidth, kHeight, 10.0);
  EXPECT_EQ(recording.frame(10.0, kWidth, kHeight), "");  // frame 0 at once
  window.render(0.1);
  EXPECT_EQ(recording.frame(10.5, kWidth, kHeight), "");      // frames 1-7: 0.5 s at 15 a second
  EXPECT_FALSE(std::filesystem::exists(path("window.gif")));  // only a temporary before the end
  EXPECT_EQ(recording.frame(10.6, kWidth + 2, kHeight), "the window changed size");
  EXPECT_NE(recording.finish().find("8 frames"), std::string::npos);
  EXPECT_EQ(files(), std::set<std::string>{"window.gif"});
  const Gif gif(path("window.gif"));
  ASSERT_NE(gif.gif, nullptr);
  EXPECT_EQ(gif.gif->ImageCount, int(0.5 * WindowRecording::kFps) + 1);
  EXPECT_EQ(gif.gif->SWidth, kWidth);
}

TEST_F(RecordGif, StepThroughStepsAtStepsPerSecondWhileTheDemoStandsStill) {
  UiState s;
  s.ui<Conv2dUi>().params.strategy = Conv2dStrategy::tiled_out;
  s.ui<Conv2dUi>().params.tile = 8;
  s.ui<Conv2dUi>().stepper.on = true;
  s.pinned = Pixel{20, 20};
  s.pose = ViewPose{20, std::nullopt};
  // 4 frames a second, 2 steps a second: frames 0 and 1 show step 0, frames 2 and 3 step 1.
  ASSERT_NO_FATAL_FAILURE(record_gif(s, "stepped", 4, "--fps 4 --steps-per-second 2"));
  EXPECT_EQ(gif->changed(0, 1), 0) << "the demo moved under a stepped block";
  EXPECT_GT(gif->changed(1, 2), 50) << "step 0 to step 1 changed nothing";
  EXPECT_EQ(gif->changed(2, 3), 0);
}

TEST_F(RecordGif, MatmulRecordsItsPhaseStepper) {
  UiState s;
  s.pattern = pattern_index_of<MatmulApp>();
  s.pinned = Pixel{5, 5};  // the phase's tiles show for the focused element's block
  ASSERT_NO_FATAL_FAILURE(record_gif(s, "matmul", 3, "--fps 2 --steps-per-second 2"));
  for (int k = 1; k < 3; ++k) EXPECT_GT(gif->changed(k - 1, k), 20) << "steps " << k - 1 << " and " << k;
}

#else

TEST_F(Record, GifSaysThisBuildCannotWriteIt) { expect_refused("--out " + path("x.gif"), "cannot write GIF"); }

#endif

#ifdef TILESCOPE_HAVE_LIBAV

// Frames libavformat and libavcodec decode from the file's video stream; 0 when it cannot be read.
int decoded_frames(const std::string& path, int& width, int& height) {
  AVFormatContext* format = nullptr;
  if (avformat_open_input(&format, path.c_str(), nullptr, nullptr) < 0) return 0;
  int frames = 0;
  const AVCodec* codec = nullptr;
  const int stream = format && avformat_find_stream_info(format, nullptr) >= 0
                         ? av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
                         : -1;
  AVCodecContext* decoder = stream >= 0 ? avcodec_alloc_context3(codec) : nullptr;
  if (decoder && avcodec_parameters_to_context(decoder, format->streams[stream]->codecpar) >= 0 &&
      avcodec_open2(decoder, codec, nullptr) >= 0) {
    width = decoder->width, height = decoder->height;
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    auto drain = [&] {
      while (avcodec_receive_frame(decoder, frame) >= 0) ++frames;
    };
    while (av_read_frame(format, packet) >= 0) {
      if (packet->stream_index == stream && avcodec_send_packet(decoder, packet) >= 0) drain();
      av_packet_unref(packet);
    }
    avcodec_send_packet(decoder, nullptr);
    drain();
    av_frame_free(&frame);
    av_packet_free(&packet);
  }
  avcodec_free_context(&decoder);
  avformat_close_input(&format);
  return frames;
}

TEST_F(Record, Mp4DecodesToNFrames) {
  UiState s;
  const test::CliResult r =
      record("--scene " + quiet_scene(s, "live.json") + kSize + " --frames 5 --fps 25 --out " + path("live.mp4"));
  ASSERT_EQ(r.code, 0) << r.out;
  int width = 0, height = 0;
  EXPECT_EQ(decoded_frames(path("live.mp4"), width, height), 5);
  EXPECT_EQ(width, kWidth);
  EXPECT_EQ(height, kHeight);
  if (test::run_shell("command -v ffprobe >/dev/null 2>&1").code == 0) {
    const test::CliResult probe = test::run_shell(
        "ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames "
        "-of csv=p=0 '" +
        path("live.mp4") + "'");
    EXPECT_EQ(probe.out, "5\n");
  }
}

#else

TEST_F(Record, Mp4SaysThisBuildCannotWriteIt) { expect_refused("--out " + path("x.mp4"), "cannot write MP4"); }

#endif

TEST_F(Record, BadOptionsExitTwoOnOneLineAndWriteNothing) {
  write("scene.gif", "{\"version\": 1}");  // a scene, named as an output could be
  std::filesystem::create_directory(path("folder.gif"));
  const std::string gif = kSize + " --out " + path("o.gif");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--frames 0" + gif, "--frames must be within 1..600"},
      {"--frames 601" + gif, "--frames must be within 1..600"},
      {"--fps 0" + gif, "--fps must be within 1..60"},
      {"--fps 61" + gif, "--fps must be within 1..60"},
      {"--fps 60" + gif, "--fps must be at most 50 for a GIF"},
      {"--fps 10 --steps-per-second 11" + gif, "--steps-per-second must be within"},
      {"--steps-per-second nan" + gif, "--steps-per-second must be within"},
      {"--size 100x100 --out " + path("o.gif"), "outside 320x240"},
      {"--out " + path("o.png"), "must end in .gif or .mp4"},
      {"--out " + path("o"), "must end in .gif or .mp4"},
      {"--scene " + path("scene.gif") + " --out " + path("scene.gif"), "would destroy the input"},
      {kSize + " --out " + path("folder.gif"), "is a directory"},
#ifdef TILESCOPE_HAVE_LIBAV
      {"--size 321x240 --out " + path("o.mp4"), "even width and height"},
#endif
  };
  for (const auto& [args, needle] : cases) expect_refused(args, needle);
  EXPECT_EQ(files(), (std::set<std::string>{"scene.gif", "folder.gif"}));  // no o.gif, o.mp4, no temporaries
}

}  // namespace
}  // namespace tilescope
