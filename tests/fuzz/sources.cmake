# The code behind the fuzz entry points: the harnesses compile it instrumented, test_hostile as is.
set(TILESCOPE_FUZZ_TARGET_SOURCES
  ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_targets.cpp
  ${PROJECT_SOURCE_DIR}/app/io/npy.cpp
  ${PROJECT_SOURCE_DIR}/app/io/image_file.cpp
  ${PROJECT_SOURCE_DIR}/app/io/jpeg_decode.cpp
  ${PROJECT_SOURCE_DIR}/app/io/atomic_file.cpp
  ${PROJECT_SOURCE_DIR}/app/io/regular_file.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/settings.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/json_fields.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/state_json.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/scene.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/ui_state.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/compare.cpp
  ${PROJECT_SOURCE_DIR}/app/cli/options_parse.cpp
  ${PROJECT_SOURCE_DIR}/app/conv2d/cli_params.cpp
  ${PROJECT_SOURCE_DIR}/app/conv1d/cli_params.cpp
  ${PROJECT_SOURCE_DIR}/app/stencil3d/cli_params.cpp)
