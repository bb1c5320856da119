#include "input.hpp"

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace jsonjit::cli {

void print_error(std::FILE* to, const std::string& name, const error_info& error) {
  std::fprintf(to, "%s:%llu:%llu: %s\n", name.c_str(), static_cast<unsigned long long>(error.line),
               static_cast<unsigned long long>(error.column), message(error).c_str());
}

input_file::input_file(std::string_view path) {
  if (path == "-") {
    file_ = stdin;
    name_ = "<stdin>";
    return;
  }
  name_ = std::string(path);
  file_ = std::fopen(name_.c_str(), "rb");
  owned_ = true;
  if (file_ == nullptr) error_ = std::strerror(errno);
}

input_file::~input_file() {
  if (owned_ && file_ != nullptr) std::fclose(file_);
}

std::size_t input_file::read_some(char* data, std::size_t size) {
  const std::size_t n = std::fread(data, 1, size, file_);
  if (n == 0 && std::ferror(file_)) error_ = std::strerror(errno);
  return n;
}

bool input_file::read_all(std::string& text) {
  char buffer[1 << 16];
  for (;;) {
    const std::size_t n = read_some(buffer, sizeof buffer);
    if (n == 0) return error_.empty();
    text.append(buffer, n);
  }
}

std::uint64_t input_file::regular_size() const noexcept {
  struct stat st {};
  if (file_ == nullptr || fstat(fileno(file_), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  return static_cast<std::uint64_t>(st.st_size);
}

std::size_t input_file::read_at(char* data, std::size_t size, std::uint64_t offset, std::string& error) const {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = pread(fileno(file_), data + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::strerror(errno);
      return 0;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  return done;
}

}  // namespace jsonjit::cli
