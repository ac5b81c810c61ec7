// tilescope shot: the whole window (view, overlays, panels) rendered headless into a PNG.
#include <memory>

#include "app/commands/commands.hpp"
#include "app/commands/shot.hpp"
#include "app/io/image_file.hpp"
#include "kernels/common/error.hpp"

namespace tilescope::cli {
namespace {
constexpr double kMaxTourSeconds = 86400;  // a day: a soak's run, not a forever
}  // namespace

void add_shot_options(CLI::App* cmd, ShotCli& o) {
  add_headless_options(cmd, o.view);
  cmd->add_option("--frames", o.shot.frames, "frames to render before the capture")->capture_default_str();
  cmd->add_flag("--live", o.view.live, "animate the demo and compute every frame; prints frame timings");
  cmd->add_option("--seconds", o.shot.tour_seconds,
                  "with --scene FOLDER (a tour: every scene in turn, --frames each): pass after pass until this many "
                  "seconds have passed, 0..86400 (default 0: one pass)");
}

UiState shot_state(ShotCli& o, const CLI::App& cmd) {
  if (o.shot.frames < 0 || o.shot.frames > kMaxShotFrames)
    throw InvalidInput("--frames must be within 0.." + std::to_string(kMaxShotFrames));
  if (!(o.shot.tour_seconds >= 0 && o.shot.tour_seconds <= kMaxTourSeconds))
    throw InvalidInput("--seconds must be within 0.." + std::to_string(int(kMaxTourSeconds)));
  headless_window(o.view, o.shot);
  UiState state = headless_state(o.view, cmd, o.shot, true);
  if (cmd.get_option("--seconds")->count() > 0 && o.shot.tour.empty())
    throw InvalidInput("--seconds runs a tour: give --scene a folder of scenes");
  if ((!o.view.scene.empty() || !o.view.exercise.empty()) && cmd.get_option("--frames")->count() == 0)
    o.shot.frames = kSettleFrames;
  return state;
}

namespace {

void run(ShotCli& o, const CLI::App& cmd) {
  // Before any file is read or context opened.
  if (!io::has_extension(o.shot.out, ".png"))
    throw InvalidInput("shot writes a PNG: --out '" + o.shot.out + "' must end in .png");
  UiState state = shot_state(o, cmd);
  if (const int rc = run_shot(std::move(state), o.shot)) throw CLI::RuntimeError(rc);
}

}  // namespace

void add_shot_command(CLI::App& app) {
  auto o = std::make_shared<ShotCli>();
  CLI::App* cmd = app.add_subcommand("shot", "render the whole window headless (EGL) into a PNG");
  add_shot_options(cmd, *o);
  cmd->add_option("--out", o->shot.out, "the PNG to write")->required();
  cmd->callback([o, cmd] { run(*o, *cmd); });
}

}  // namespace tilescope::cli
