// JSONPath over JSON text: the text is read by the reference parser into a document the
// selector keeps, recording where each value's bytes are (by tape word); the interpreter
// selects from the document; each selected element leads back to its bytes. Exactly the
// document's semantics and node-list order, with the input's own bytes for each value.
#include <jsonjit/path.hpp>

#include <limits>

#include "dom/element_access_p.hpp"
#include "dom/reader_parse_p.hpp"
#include "dom/tape_builder_p.hpp"
#include "query/evaluate_p.hpp"
#include "query/jit_p.hpp"
#include "query/stream_p.hpp"

namespace jsonjit {
namespace {

/// The parser's hook: each value's first byte and end, in the word its value starts at.
struct recorded_spans {
  std::vector<std::uint64_t>& spans;

  void begin(std::uint32_t word, std::uint64_t offset) {
    if (spans.size() <= word) spans.resize(std::max<std::size_t>(word + 1, 2 * spans.size()));
    spans[word] = offset << 32;
  }
  void end(std::uint32_t word, std::uint64_t end) noexcept { spans[word] |= end; }
};

}  // namespace

path_selector::path_selector(const json_path& query, const document_options& options)
    : program_(query.program_), options_(options) {
  selected_.query_ = program_;
  if (program_->native != nullptr) native_ = std::make_unique<detail::path::native_run>();
  // (A document rejecting repeated names would need every object's names remembered.)
  if (options.duplicates == duplicate_properties::allow && detail::path::stream_engine::unsupported(*program_).empty()) {
    stream_ = std::make_unique<detail::path::stream_engine>(*program_);
  }
}

path_selector::path_selector(path_selector&&) noexcept = default;
path_selector& path_selector::operator=(path_selector&&) noexcept = default;
path_selector::~path_selector() = default;

result<std::optional<path_match>, parse_error> path_selector::select_first(std::string_view json) {
  std::optional<path_match> first;
  auto keep = [&first](const path_match& m) {
    if (!first) first = m;
  };
  if (parse_error failed = run(json, 0, 1, &call<decltype(keep)>, &keep, true)) return failed;
  return first;
}

parse_error path_selector::run(std::string_view json, std::size_t base, std::size_t line, callback f, void* on_match,
                               bool first_only) {
  const bool too_large = json.size() > std::numeric_limits<std::uint32_t>::max() - 8;  // (the document's limit)
  const std::vector<detail::path::text_match>* found = nullptr;
  if (!too_large) {
    if (native_ != nullptr && program_->native->run(json, options_, *native_, selected_.steps_, first_only)) {
      found = &native_->selected;
    } else if (stream_ != nullptr && stream_->run(json, options_, selected_.steps_, first_only)) {
      found = &stream_->selected();
    }
  }
  if (found == nullptr) return select_through_document(json, base, line, f, on_match);
  const std::vector<detail::path::text_match>& selected = *found;
  selected_.values_.clear();
  selected_.at_.resize(selected.size());
  for (std::size_t i = 0; i < selected.size(); ++i) selected_.at_[i] = selected[i].step;
  path_match match;
  match.line_ = line;
  match.list_ = &selected_;
  for (std::size_t i = 0; i < selected.size(); ++i) {
    match.json_ = json.substr(selected[i].begin, selected[i].end - selected[i].begin);
    match.offset_ = base + selected[i].begin;
    match.index_ = i;
    f(on_match, match);
  }
  return {};
}

parse_error path_selector::select_through_document(std::string_view json, std::size_t base, std::size_t line,
                                                   callback f, void* on_match) {
  tape_builder out(doc_, options_);
  if (json.size() > std::numeric_limits<std::uint32_t>::max() - 8) {
    return out.fail({error_code::input_too_large, 0, 1, 1, false});
  }
  out.reserve(json);
  recorded_spans recorder{spans_};
  if (parse_error failed = detail::parse_with_reader(out, json, options_, recorder)) {
    failed.info.offset += base;
    failed.info.line += line - 1;
    return failed;
  }
  if (parse_error failed = detail::path::select_into(*program_, doc_.root(), selected_)) return failed;
  path_match match;
  match.line_ = line;
  match.list_ = &selected_;
  for (std::size_t i = 0; i < selected_.size(); ++i) {
    const std::uint64_t span = spans_[detail::element_access::word(selected_[i])];
    const auto begin = static_cast<std::size_t>(span >> 32), end = static_cast<std::size_t>(span & 0xFFFFFFFF);
    match.json_ = json.substr(begin, end - begin);
    match.offset_ = base + begin;
    match.index_ = i;
    f(on_match, match);
  }
  return {};
}

parse_error path_selector::run_lines(std::string_view lines, callback f, void* on_match) {
  std::size_t line = 1;
  for (std::size_t at = 0; at < lines.size(); ++line) {
    const std::size_t feed = lines.find('\n', at);
    const std::size_t end = feed == std::string_view::npos ? lines.size() : feed;
    const std::string_view text = lines.substr(at, end - at);
    if (text.find_first_not_of(" \t\r") != std::string_view::npos) {
      if (parse_error failed = run(text, at, line, f, on_match)) return failed;
    }
    at = end + 1;
  }
  return {};
}

}  // namespace jsonjit
