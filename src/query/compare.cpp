// match() and search() for every JSONPath engine (RFC 9535 §2.4.6-7).
#include "query/compare_p.hpp"

#include <string>

#include "query/iregexp_p.hpp"

namespace jsonjit::detail::path {

schema::regex_match regex_function(const program& p, const expression& x, const scalar& subject, const scalar& pattern) {
  if (subject.type != json_type::string) return schema::regex_match::not_found;
  std::shared_ptr<const schema::ecma_regex> compiled = x.pattern;
  if (p.expressions[x.children[1]].kind != expression_kind::literal) {
    // A pattern from the input: translated and compiled for this call.
    if (pattern.type != json_type::string) return schema::regex_match::not_found;
    const auto translated = iregexp_to_pcre2(pattern.text, x.function == function_id::match);
    if (!translated) return schema::regex_match::not_found;
    compiled = schema::ecma_regex::compile_pcre2(*translated);
  }
  if (compiled == nullptr) return schema::regex_match::not_found;
  return compiled->search(subject.text);
}

parse_error too_costly_error(const expression& x, std::size_t subject_size) {
  return parse_error{error_info{error_code::query_too_costly}, {},
                     std::string(x.function == function_id::match ? "match" : "search") + "() on a string of " +
                         std::to_string(subject_size) + " bytes"};
}

}  // namespace jsonjit::detail::path
