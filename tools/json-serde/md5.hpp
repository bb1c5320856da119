// The MD5 json-serde prints (lower-case hex): the benchmark's check of its output.
#pragma once

#include <string>
#include <string_view>

namespace json_serde {

std::string md5_hex(std::string_view bytes);

}  // namespace json_serde
