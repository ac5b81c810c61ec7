// tilescope: the command line (model, apply, check, bench). With no command it prints the
// model table for the default settings (the desktop app arrives with the GUI issue).
#include <CLI/CLI.hpp>

#include <iostream>

#include "app/cli/commands.hpp"
#include "kernels/error.hpp"

int main(int argc, char** argv) {
  using namespace tilescope;
  CLI::App app{"tilescope: the tiling chapters of PMPP (convolution, stencils, matrix multiplication), live"};
  app.set_version_flag("--version", "tilescope 0.1.0");
  cli::add_model_command(app);
  cli::add_apply_command(app);
  cli::add_check_command(app);
  cli::add_bench_command(app);
  app.require_subcommand(0, 1);
  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) cli::print_model_table(Conv2dParams{});
    return 0;
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
  }
}
