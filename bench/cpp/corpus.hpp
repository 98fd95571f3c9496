#pragma once
// The corpus the benchmarks run on: every *.json file of one folder, read
// into memory once, before any timing.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "touch.hpp"

struct corpus_file {
  std::string name;  // "twitter.json": the last part of each benchmark's name
  std::string text;
  // What ultrajson's touching parse saw; each peer's must agree (same count
  // of values, same string bytes) or its figure would not be like-for-like.
  // Empty when ultrajson failed to parse the file.
  std::optional<touch_totals> reference;
};

// $ULTRAJSON_DATA/corpus when the variable is set, else the folder the build
// was configured with (../shared/data/corpus beside the repository).
std::filesystem::path corpus_folder();

// Every *.json file of the folder, sorted by name, with its reference totals.
// Empty when the folder does not exist.
std::vector<corpus_file> load_corpus(const std::filesystem::path& folder);
