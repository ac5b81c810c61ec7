# The code behind the fuzz entry points: the harnesses compile it instrumented, test_hostile as is:
# the file readers, the state files (the shell's and every pattern's part of them, without views).
set(TILESCOPE_FUZZ_TARGET_SOURCES
  ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_targets.cpp
  ${PROJECT_SOURCE_DIR}/app/io/npy.cpp
  ${PROJECT_SOURCE_DIR}/app/io/image_file.cpp
  ${PROJECT_SOURCE_DIR}/app/io/jpeg_decode.cpp
  ${PROJECT_SOURCE_DIR}/app/io/atomic_file.cpp
  ${PROJECT_SOURCE_DIR}/app/io/regular_file.cpp
  ${PROJECT_SOURCE_DIR}/app/shell/settings.cpp
  ${PROJECT_SOURCE_DIR}/app/shell/state_json.cpp
  ${PROJECT_SOURCE_DIR}/app/shell/scene.cpp
  ${PROJECT_SOURCE_DIR}/app/shell/ui_state.cpp
  ${PROJECT_SOURCE_DIR}/app/shell/compare.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/json_fields.cpp
  ${PROJECT_SOURCE_DIR}/app/ui/common_state.cpp
  ${PROJECT_SOURCE_DIR}/app/cli/options_parse.cpp
  ${PROJECT_SOURCE_DIR}/app/cli/view_options.cpp)
foreach(pattern IN LISTS TILESCOPE_PATTERNS)
  list(APPEND TILESCOPE_FUZZ_TARGET_SOURCES ${PROJECT_SOURCE_DIR}/app/${pattern}/ui.cpp
    ${PROJECT_SOURCE_DIR}/app/${pattern}/app_pattern.cpp)
  if(EXISTS ${PROJECT_SOURCE_DIR}/app/${pattern}/cli_params.cpp)
    list(APPEND TILESCOPE_FUZZ_TARGET_SOURCES ${PROJECT_SOURCE_DIR}/app/${pattern}/cli_params.cpp)
  endif()
endforeach()
