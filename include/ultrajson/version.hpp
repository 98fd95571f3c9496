#pragma once

// The library's version; CMake's project() and the Python package read it from here.
#define ULTRAJSON_VERSION_MAJOR 1
#define ULTRAJSON_VERSION_MINOR 0
#define ULTRAJSON_VERSION_PATCH 0

namespace ultrajson {
inline constexpr int version_major = ULTRAJSON_VERSION_MAJOR;
inline constexpr int version_minor = ULTRAJSON_VERSION_MINOR;
inline constexpr int version_patch = ULTRAJSON_VERSION_PATCH;
inline constexpr const char* version_string = "1.0.0";
}  // namespace ultrajson
