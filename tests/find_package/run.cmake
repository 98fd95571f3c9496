# Builds and runs a tiny consumer project against ultrajson, the way users
# bring it in, and checks the program's output.
#   MODE=find_package:     `cmake --install` the main build into a scratch
#                          prefix, then find_package(ultrajson) from there.
#   MODE=add_subdirectory: add_subdirectory() the source tree.
#   MODE=pkg_config:       install as for find_package, then compile main.cpp
#                          with the flags `pkg-config --cflags ultrajson` gives.
# Parameters: MODE, ULTRAJSON_SOURCE_DIR, ULTRAJSON_BINARY_DIR, WORK_DIR,
# GENERATOR, CXX_COMPILER, CONFIG, VERSION (the project version the program
# prints); PKG_CONFIG (the program) for MODE=pkg_config.
foreach(var MODE ULTRAJSON_SOURCE_DIR ULTRAJSON_BINARY_DIR WORK_DIR GENERATOR CXX_COMPILER VERSION)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT CONFIG)
  set(CONFIG Release)
endif()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${result}): ${command}\n${output}")
  endif()
  set(output "${output}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(project_options -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${CONFIG})

set(program ${WORK_DIR}/build/package_test)
if(MODE STREQUAL "find_package" OR MODE STREQUAL "pkg_config")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${ULTRAJSON_BINARY_DIR} --prefix ${prefix} --config ${CONFIG})
  foreach(installed include/ultrajson/ultrajson.hpp include/ultrajson/detail/escape.hpp)
    if(NOT EXISTS ${prefix}/${installed})
      message(FATAL_ERROR "not installed: ${installed}")
    endif()
  endforeach()
endif()
if(MODE STREQUAL "pkg_config")
  # Only the scratch prefix may answer: PKG_CONFIG_LIBDIR replaces the
  # default search path.
  set(ENV{PKG_CONFIG_LIBDIR} ${prefix}/share/pkgconfig)
  unset(ENV{PKG_CONFIG_PATH})
  run(${PKG_CONFIG} --modversion ultrajson)
  if(NOT output STREQUAL "${VERSION}\n")
    message(FATAL_ERROR "pkg-config --modversion ultrajson gave '${output}', expected ${VERSION}")
  endif()
  run(${PKG_CONFIG} --cflags ultrajson)
  string(STRIP "${output}" cflags)
  if(NOT cflags MATCHES "^-I${prefix}/")
    message(FATAL_ERROR "pkg-config --cflags ultrajson gave '${cflags}', not the scratch prefix")
  endif()
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  file(MAKE_DIRECTORY ${WORK_DIR}/build)
  run(${CXX_COMPILER} -std=c++17 ${cflags} ${CMAKE_CURRENT_LIST_DIR}/main.cpp -o ${program})
elseif(MODE STREQUAL "find_package")
  run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR} -B ${WORK_DIR}/build ${project_options}
      -DCMAKE_PREFIX_PATH=${prefix}
      # Only the scratch prefix may satisfy find_package: not a system copy.
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF)
  file(STRINGS ${WORK_DIR}/build/CMakeCache.txt found REGEX "^ultrajson_DIR:")
  if(NOT found MATCHES "${prefix}")
    message(FATAL_ERROR "find_package found ultrajson outside the scratch prefix: ${found}")
  endif()
elseif(MODE STREQUAL "add_subdirectory")
  run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/../add_subdirectory -B ${WORK_DIR}/build
      ${project_options} -DULTRAJSON_SOURCE_DIR=${ULTRAJSON_SOURCE_DIR})
else()
  message(FATAL_ERROR "run.cmake: unknown MODE ${MODE}")
endif()

if(NOT MODE STREQUAL "pkg_config")
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --config ${CONFIG})
endif()
if(NOT EXISTS ${program})
  set(program ${WORK_DIR}/build/${CONFIG}/package_test${CMAKE_EXECUTABLE_SUFFIX})
endif()
run(${program})
set(expected "ultrajson ${VERSION}: [1,{\"a\":2.5}]\n")
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "${MODE}: program printed '${output}', expected '${expected}'")
endif()
message(STATUS "${MODE}: ok: ${output}")
