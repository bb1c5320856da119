// The library's way into the public schema classes (schema.hpp). Private.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include <jsonjit/schema.hpp>

namespace jsonjit::detail {

struct schema_access {
  static validation make_validation(bool valid, std::vector<validation_error> errors,
                                    std::vector<validation_annotation> annotations) {
    validation v;
    v.valid_ = valid;
    v.errors_ = std::move(errors);
    v.annotations_ = std::move(annotations);
    return v;
  }
  static std::vector<validation_error>& errors(validation& v) noexcept { return v.errors_; }
  static ::jsonjit::schema make_schema(std::shared_ptr<const schema_program> program) {
    ::jsonjit::schema s;
    s.program_ = std::move(program);
    return s;
  }
};

}  // namespace jsonjit::detail
