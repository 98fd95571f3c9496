#include "corpus.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <ultrajson/parse.hpp>

#ifndef ULTRAJSON_BENCH_CORPUS_DIR
#error "the build passes the default corpus folder as ULTRAJSON_BENCH_CORPUS_DIR"
#endif

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return text;
}

std::optional<touch_totals> ultrajson_totals(const std::string& text) {
  touch_handler handler;
  if (!ultrajson::parse(text, handler)) return std::nullopt;
  return handler.totals;
}

}  // namespace

std::filesystem::path corpus_folder() {
  if (const char* data = std::getenv("ULTRAJSON_DATA"); data != nullptr && *data != '\0') {
    return std::filesystem::path(data) / "corpus";
  }
  return ULTRAJSON_BENCH_CORPUS_DIR;
}

std::vector<corpus_file> load_corpus(const std::filesystem::path& folder) {
  std::vector<corpus_file> files;
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    corpus_file file{entry.path().filename().string(), read_file(entry.path()), std::nullopt};
    file.reference = ultrajson_totals(file.text);
    files.push_back(std::move(file));
  }
  std::sort(files.begin(), files.end(),
            [](const corpus_file& a, const corpus_file& b) { return a.name < b.name; });
  return files;
}
