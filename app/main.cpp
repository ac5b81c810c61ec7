// tilescope: with no command, the desktop app (a window on the built-in animated demo, or on
// FILE); commands: model, apply, check, bench, exercise, shot, record.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "app/cli/patterns.hpp"
#include "app/commands/commands.hpp"
#include "kernels/common/error.hpp"
#ifdef TILESCOPE_HAVE_GUI
#include "app/platform/run.hpp"
#include "app/shell/scene.hpp"
#endif

int main(int argc, char** argv) {
  using namespace tilescope;
  CLI::App app{"tilescope: the tiling chapters of PMPP (convolution, stencils, matrix multiplication), live"};
  app.set_version_flag("--version", "tilescope " TILESCOPE_VERSION);
  std::string file, scene;
  int frames = 0;
  app.add_option("file", file, "image to open instead of the built-in animated demo");
  CLI::Option* scene_option =
      app.add_option("--scene", scene, "a scene, or a folder of them: a tour (PageDown / PageUp), e.g. assets/scenes");
  app.add_option("--frames", frames, "exit after N frames (smoke tests)");
  cli::add_model_command(app);
  cli::add_apply_command(app);
  cli::add_check_command(app);
  cli::add_bench_command(app);
  cli::add_exercise_command(app);
#ifdef TILESCOPE_HAVE_GUI
  cli::add_shot_command(app);
  cli::add_record_command(app);
#endif
  app.require_subcommand(0, 1);
  try {
    app.parse(argc, argv);
    if (!app.get_subcommands().empty()) return 0;
    if (scene_option->count() > 0 && scene.empty())
      throw InvalidInput("--scene names a scene file or a folder of them");
    if (frames < 0) throw InvalidInput("--frames must be 0 (run until closed) or more, not " + std::to_string(frames));
    std::error_code ec;  // a mistyped command, in every build; a FIFO or device is never opened
    if (!file.empty() && !(std::filesystem::is_regular_file(file, ec) && ::access(file.c_str(), R_OK) == 0))
      throw InvalidInput(
          "'" + file +
          "' is neither a readable image nor a command (model, apply, check, bench, exercise, shot, record)");
#ifdef TILESCOPE_HAVE_GUI
    std::vector<std::string> tour;
    UiState first_scene;
    if (!scene.empty()) {
      if (!file.empty()) throw InvalidInput("give FILE or --scene, not both: a scene shows its own data");
      tour = tour_files(scene);
      first_scene = load_scene(tour.front());  // a file that is not a scene stops here (exit 2), before any window
    }
    UiState state;
    if (!file.empty()) open_file(state, file);
    return run_window(state, frames, std::move(tour), std::move(first_scene));
#else
    if (!scene.empty())
      throw InvalidInput("--scene needs the desktop app, and this build has none (TILESCOPE_GUI=OFF)");
    cli::PatternOptions all;  // the first pattern's model table, each strategy at its default tile
    all.strategy = "all";
    int count = 0;
    const cli::PatternCommands& first = cli::all_pattern_commands(count)[0];
    all.pattern = std::string(first.name);
    first.model(all, false);
    std::cerr << "tilescope: this build has no desktop app (configured with TILESCOPE_GUI=OFF)\n";
    return 0;
#endif
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    if (const auto* rt = dynamic_cast<const CLI::RuntimeError*>(&e)) return rt->get_exit_code();
    std::cerr << "tilescope: " << e.what() << " (see --help)\n";
    return 2;
  } catch (const InvalidInput& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 2;
  } catch (const BackendError& e) {
    std::cerr << "tilescope: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "tilescope: out of memory\n";
    return 1;
  } catch (const std::exception& e) {  // anything else is a failure, not bad input: 1
    std::cerr << "tilescope: " << e.what() << "\n";
    return 1;
  } catch (...) {
    std::cerr << "tilescope: stopped on an unknown error\n";
    return 1;
  }
}
