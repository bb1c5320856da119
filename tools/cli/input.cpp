#include "input.hpp"

#include <cerrno>
#include <cstring>

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

}  // namespace jsonjit::cli
