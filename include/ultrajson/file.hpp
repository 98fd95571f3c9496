#pragma once
// Parsing a file: parse_file(path, handler) and parse_file(path, document)
// read the whole file into one buffer (one allocation when the file's size
// is known up front, as it is for regular files) and parse it. A file that
// cannot be opened or read gives parse_error::cannot_read_file, with the
// path and the system's reason in the message ("cannot read file
// 'data.json': No such file or directory") and errno in os_error.

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "document.hpp"
#include "error.hpp"
#include "options.hpp"
#include "parse.hpp"

namespace ultrajson {
namespace detail {

// A file's bytes in a malloc'd buffer.
class file_contents {
 public:
  file_contents() noexcept = default;
  file_contents(const file_contents&) = delete;
  file_contents& operator=(const file_contents&) = delete;
  ~file_contents() { std::free(data_); }

  std::string_view view() const noexcept { return {data_, size_}; }

  // Reads the whole file; on failure returns the error to report.
  parse_result read(const std::filesystem::path& path) noexcept {
    // A folder opens on some systems (and seeks to a bogus size): refuse it
    // first, with the reason reading it would give.
    std::error_code status_error;
    if (std::filesystem::is_directory(path, status_error)) return file_error(path, EISDIR);
    std::FILE* file = open(path);
    if (file == nullptr) return file_error(path, errno);
    const parse_result result = read_all(file, path);
    std::fclose(file);
    return result;
  }

 private:
  static std::FILE* open(const std::filesystem::path& path) noexcept {
#ifdef _WIN32
    return _wfopen(path.c_str(), L"rb");
#else
    return std::fopen(path.c_str(), "rb");
#endif
  }

  static parse_result file_error(const std::filesystem::path& path, int error) {
    parse_result result;
    result.code = parse_error::cannot_read_file;
    result.os_error = error;
    result.found = "'" + path.string() + "': " + std::generic_category().message(error);
    return result;
  }

  // The size from seeking to the end, when the file allows it (pipes and
  // terminals do not: then the buffer grows as it fills).
  static std::size_t expected_size(std::FILE* file) noexcept {
    if (std::fseek(file, 0, SEEK_END) != 0) return 0;
    const long size = std::ftell(file);
    if (size < 0 || std::fseek(file, 0, SEEK_SET) != 0) return 0;
    if (static_cast<unsigned long>(size) > SIZE_MAX / 2) return 0;  // not a real size
    return static_cast<std::size_t>(size);
  }

  bool grow(std::size_t capacity) noexcept {
    void* bigger = std::realloc(data_, capacity == 0 ? 1 : capacity);
    if (bigger == nullptr) return false;
    data_ = static_cast<char*>(bigger);
    capacity_ = capacity;
    return true;
  }

  parse_result read_all(std::FILE* file, const std::filesystem::path& path) noexcept {
    // One more byte than expected, so reaching the end needs no second buffer.
    const std::size_t expected = expected_size(file);
    if (!grow(expected < SIZE_MAX ? expected + 1 : expected)) {
      return out_of_memory();
    }
    for (;;) {
      if (size_ == capacity_ && !grow(capacity_ < 4096 ? 4096 : capacity_ * 2)) {
        return out_of_memory();
      }
      const std::size_t wanted = capacity_ - size_;
      errno = 0;
      const std::size_t got = std::fread(data_ + size_, 1, wanted, file);
      size_ += got;
      // fread stops short only at the end of the file or on an error.
      if (got < wanted) {
        if (std::ferror(file)) return file_error(path, errno != 0 ? errno : EIO);
        return parse_result{};
      }
    }
  }

  static parse_result out_of_memory() {
    parse_result result;
    result.code = parse_error::out_of_memory;
    return result;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace detail

template <class Handler>
parse_result parse_file(const std::filesystem::path& path, Handler& handler,
                        const parse_options& options = {}) {
  detail::file_contents contents;
  if (parse_result read = contents.read(path); !read) return read;
  return parse(contents.view(), handler, options);
}

// Into a document (its strings are copied: the file's buffer is freed on return).
inline parse_result parse_file(const std::filesystem::path& path, document& doc,
                               const parse_options& options = {},
                               const document_options& document_options = {}) {
  detail::file_contents contents;
  if (parse_result read = contents.read(path); !read) return read;
  return doc.parse(contents.view(), options, document_options);
}

}  // namespace ultrajson
