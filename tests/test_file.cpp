// parse_file: a file's events are its text's events, into a handler or a
// document, from a regular file or a pipe; a file that cannot be read is a
// clear error naming the path and the reason.

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <ultrajson/file.hpp>

#include "support.hpp"

using namespace test_support;
namespace fs = std::filesystem;

namespace {

// A scratch folder of this test program's own, removed at the end.
struct scratch_dir {
  fs::path path = fs::temp_directory_path() / ("ultrajson_test_file_" + std::to_string(getpid()));
  scratch_dir() { fs::create_directories(path); }
  ~scratch_dir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path file = path / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
};

}  // namespace

TEST_CASE("a file's events are those of its text") {
  const scratch_dir dir;
  const std::string text = "{\"a\": [1, 2.5, \"x\", null, true],\n \"b\": {}}";
  const fs::path file = dir.write("doc.json", text);
  recorder from_file;
  const ultrajson::parse_result result = ultrajson::parse_file(file, from_file);
  REQUIRE(result.ok());
  CHECK(first_difference(record(text).events, from_file.events).empty());
}

TEST_CASE("every corpus file reads as its bytes") {
  const auto corpus = require_data("corpus");
  if (!corpus) return;
  for (const fs::path& path : list_files(*corpus)) {
    INFO(path.string());
    recorder from_file;
    REQUIRE(ultrajson::parse_file(path, from_file).ok());
    CHECK(first_difference(record(view(read_file(path))).events, from_file.events).empty());
  }
}

TEST_CASE("a file into a document") {
  const scratch_dir dir;
  const fs::path file = dir.write("doc.json", R"({"statuses":[{"id":7,"text":"hi"}]})");
  ultrajson::document doc;
  REQUIRE(ultrajson::parse_file(file, doc).ok());
  CHECK(doc["statuses"][0]["text"].get_string().value() == "hi");  // the buffer is gone: copied
  CHECK(doc.at_pointer("/statuses/0/id").get_int64().value() == 7);
}

TEST_CASE("a missing file: the path and the reason") {
  const scratch_dir dir;
  const fs::path missing = dir.path / "no-such.json";
  ultrajson::handler_base handler;
  const ultrajson::parse_result result = ultrajson::parse_file(missing, handler);
  CHECK(result.code == ultrajson::parse_error::cannot_read_file);
  CHECK(result.os_error == ENOENT);
  CHECK(result.message() ==
        "cannot read file '" + missing.string() + "': No such file or directory");
  ultrajson::document doc;
  CHECK(ultrajson::parse_file(missing, doc).code == ultrajson::parse_error::cannot_read_file);
}

TEST_CASE("a folder cannot be read as a file") {
  const scratch_dir dir;
  ultrajson::handler_base handler;
  const ultrajson::parse_result result = ultrajson::parse_file(dir.path, handler);
  CHECK(result.code == ultrajson::parse_error::cannot_read_file);
  CHECK(result.os_error == EISDIR);
  CHECK(result.message() == "cannot read file '" + dir.path.string() + "': Is a directory");
}

TEST_CASE("bad JSON in a file reports its line and column") {
  const scratch_dir dir;
  const fs::path file = dir.write("bad.json", "[1,\n 2,\n 3 4]");
  ultrajson::document doc;
  const ultrajson::parse_result result = ultrajson::parse_file(file, doc);
  CHECK(result.code == ultrajson::parse_error::expected_comma_or_array_end);
  CHECK(result.message() ==
        "expected ',' or ']' after array element, found '4' at line 3, column 4 (byte 11)");
  CHECK(ultrajson::parse_file(dir.write("empty.json", ""), doc).code ==
        ultrajson::parse_error::expected_value);
}

TEST_CASE("a pipe, whose size is not known up front") {
  const scratch_dir dir;
  const fs::path fifo = dir.path / "pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  std::string text = "[";
  for (int i = 0; i < 5000; ++i) text += std::to_string(i) + ",";
  text.back() = ']';
  std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << text; });
  recorder from_pipe;
  const ultrajson::parse_result result = ultrajson::parse_file(fifo, from_pipe);
  writer.join();
  REQUIRE(result.ok());
  CHECK(first_difference(record(text).events, from_pipe.events).empty());
}
