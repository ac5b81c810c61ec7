// tilescope record: the headless window's frames, the demo running (or a stepped view stepping),
// into a GIF or an MP4.
#include <cmath>
#include <memory>

#include "app/commands/commands.hpp"
#include "app/commands/headless_options.hpp"
#include "app/io/video_encoder.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {

constexpr int kMaxRecordFrames = 600, kMaxRecordFps = 60;
// A GIF's delays are whole hundredths of a second, and browsers play a delay under 2 as 10.
constexpr int kMaxGifFps = 50;
constexpr double kMinStepsPerSecond = 0.1;

struct RecordCli {
  HeadlessCli view;
  RecordOptions record;
};

void run(RecordCli& o, const CLI::App& cmd) {
  RecordOptions& r = o.record;
  // Before any file is read or context opened.
  const auto format = io::video_format_of(r.window.out);
  if (!format)
    throw InvalidInput("record writes a GIF or an MP4: --out '" + r.window.out + "' must end in .gif or .mp4");
  if (const auto why = io::video_format_problem(*format)) throw InvalidInput(*why);
  if (r.frames < 1 || r.frames > kMaxRecordFrames)
    throw InvalidInput("--frames must be within 1.." + std::to_string(kMaxRecordFrames));
  if (r.fps < 1 || r.fps > kMaxRecordFps)
    throw InvalidInput("--fps must be within 1.." + std::to_string(kMaxRecordFps));
  if (*format == io::VideoFormat::gif && r.fps > kMaxGifFps)
    throw InvalidInput("--fps must be at most " + std::to_string(kMaxGifFps) +
                       " for a GIF (its delays are hundredths of a second; browsers slow a delay under 2 to 10)");
  if (!(std::isfinite(r.steps_per_second) && r.steps_per_second >= kMinStepsPerSecond && r.steps_per_second <= r.fps))
    throw InvalidInput("--steps-per-second must be within 0.1..--fps (at most a step a frame)");
  headless_window(o.view, r.window);
  if (*format == io::VideoFormat::mp4 && (r.window.width % 2 || r.window.height % 2))
    throw InvalidInput("MP4 (yuv420p) needs an even width and height, not " + o.view.window_size);
  UiState state = headless_state(o.view, cmd, r.window);
  r.window.frames = kSettleFrames;
  if (const int rc = run_record(std::move(state), r)) throw CLI::RuntimeError(rc);
}

}  // namespace

void add_record_command(CLI::App& app) {
  auto o = std::make_shared<RecordCli>();
  CLI::App* cmd = app.add_subcommand(
      "record", "record the window headless (EGL) into a GIF or an MP4, the demo running or the view stepping");
  add_headless_options(cmd, o->view);
  cmd->add_option("--out", o->record.window.out, "the .gif or .mp4 to write")->required();
  cmd->add_option("--frames", o->record.frames, "frames to record, 1..600")->capture_default_str();
  cmd->add_option("--fps", o->record.fps, "frames a second, 1..60: each frame is 1/fps s of the demo's time")
      ->capture_default_str();
  cmd->add_option("--steps-per-second", o->record.steps_per_second,
                  "a stepped view (a step-through that is on: --step or a scene's; a view that is a stepper itself) "
                  "steps this often instead of running the demo, 0.1..fps")
      ->capture_default_str();
  cmd->callback([o, cmd] { run(*o, *cmd); });
}

}  // namespace tilescope::cli
