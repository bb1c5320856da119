// What the interpreter reads instances from, all as one token stream: the token reader (text
// in memory or arriving from an `input`), and documents and nodes walked as if read. Private.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <jsonjit/document.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/schema.hpp>

#include "text/number_p.hpp"

namespace jsonjit::detail::schema {

/// Instance text read by the token reader. Comments, where allowed, are skipped.
class text_source {
 public:
  /// `buffer` holds unescaped strings (the caller's, so that it keeps its capacity).
  text_source(std::string_view json, const reader_options& options, std::string& buffer)
      : reader_(json, adjusted(options)), buffer_(buffer) {}
  text_source(input& source, const reader_options& options, std::string& buffer)
      : reader_(source, adjusted(options)), buffer_(buffer) {}

  bool next() { return reader_.read(); }
  token_type token() const noexcept { return reader_.token(); }
  /// A string's or property name's text unescaped, a number's text as written. Valid until
  /// the next call of next() or text().
  std::string_view text() {
    if (!reader_.value_is_escaped()) return reader_.value();
    buffer_.resize(reader_.value().size());
    const result<std::size_t> size = reader_.copy_string(buffer_);
    return {buffer_.data(), size.value_or(0)};
  }
  text_position position() const noexcept {
    return {reader_.token_line(), reader_.token_column(), reader_.token_offset()};
  }
  /// On a start token: to its end token.
  bool skip() { return reader_.skip(); }
  const error_info& error() const noexcept { return reader_.error(); }

 private:
  static reader_options adjusted(reader_options options) {
    if (options.comments == comment_handling::allow) options.comments = comment_handling::skip;
    options.allow_multiple_values = false;
    return options;
  }
  reader reader_;
  std::string& buffer_;
};

/// A value already parsed (a document's element, or a node) walked as tokens. Positions are
/// zero: a parsed value keeps none.
template <class Value>  // element, or const node*
class tree_source {
 public:
  explicit tree_source(Value root) : root_(root) {}

  bool next() {
    if (!started_) {
      started_ = true;
      set_value(root_);
    } else if (token_ == token_type::start_object || token_ == token_type::start_array) {
      open();
    } else {
      advance();
    }
    return token_ != token_type::none;
  }
  token_type token() const noexcept { return token_; }
  std::string_view text() {
    if (token_ == token_type::property_name) return name_;
    if (token_ == token_type::string) return string_of(current_);
    if (token_ == token_type::number) return number_text_of(current_);
    return {};
  }
  text_position position() const noexcept { return {}; }
  bool skip() {
    token_ = token_ == token_type::start_object ? token_type::end_object : token_type::end_array;
    return true;
  }
  const error_info& error() const noexcept { return error_; }

 private:
  // The members or elements of an open container, walked in place (no copy of the children).
  template <class V>
  struct ranges {
    using members = object_range;
    using elements = array_range;
    static members members_of(const element& v) { return v.members(); }
    static elements elements_of(const element& v) { return v.elements(); }
    static element value_of_member(const member& m) { return m.value; }
    static element value_of_element(const element& e) { return e; }
  };
  template <class V>
  struct ranges<V*> {
    using members = decltype(std::declval<const node&>().members());
    using elements = decltype(std::declval<const node&>().elements());
    static members members_of(const node* v) { return v->members(); }
    static elements elements_of(const node* v) { return v->elements(); }
    template <class M>
    static const node* value_of_member(const M& m) { return &m.value; }
    template <class E>
    static const node* value_of_element(const E& e) { return &e; }
  };
  using member_range = typename ranges<Value>::members;
  using element_range = typename ranges<Value>::elements;
  using member_iterator = decltype(std::declval<member_range&>().begin());
  using element_iterator = decltype(std::declval<element_range&>().begin());
  struct level {
    member_range members;
    element_range elements;
    member_iterator next_member{}, members_end{};
    element_iterator next_element{}, elements_end{};
    bool is_object = false;
    bool named = false;  // an object's property name given, its value next
  };

  static json_type type_of(const element& v) { return v.type(); }
  static json_type type_of(const node* v) { return v->type(); }
  static std::string_view string_of(const element& v) { return v.get_string().value_or(std::string_view()); }
  static std::string_view string_of(const node* v) { return v->get_string().value_or(std::string_view()); }
  static bool bool_of(const element& v) { return v.get_bool().value_or(false); }
  static bool bool_of(const node* v) { return v->get_bool().value_or(false); }
  std::string_view format_number(const element& v) { return format_number_of(v); }
  std::string_view format_number(const node* v) { return format_number_of(*v); }
  template <class V>
  std::string_view format_number_of(const V& v) {
    char* end = number_;
    if (v.is_int64()) {
      end = format_int64(number_, *v.get_int64());
    } else if (v.is_uint64()) {
      end = format_uint64(number_, *v.get_uint64());
    } else {
      end = format_double(number_, *v.get_double());
      // A double written "1" would read as an integer where the text decides (draft-04):
      // it was "1.0" or "1e0" in its text, so it keeps a fraction.
      if (std::string_view(number_, static_cast<std::size_t>(end - number_)).find_first_of(".eE") == std::string_view::npos) {
        *end++ = '.';
        *end++ = '0';
      }
    }
    return {number_, static_cast<std::size_t>(end - number_)};
  }
  std::string_view number_text_of(const element& v) {
    const std::string_view text = v.number_text();
    return text.empty() ? format_number(v) : text;
  }
  std::string_view number_text_of(const node* v) { return format_number(v); }

  void set_value(const Value& v) {
    current_ = v;
    switch (type_of(v)) {
      case json_type::null: token_ = token_type::null; break;
      case json_type::boolean: token_ = bool_of(v) ? token_type::true_value : token_type::false_value; break;
      case json_type::number: token_ = token_type::number; break;
      case json_type::string: token_ = token_type::string; break;
      case json_type::array: token_ = token_type::start_array; break;
      case json_type::object: token_ = token_type::start_object; break;
      case json_type::undefined: token_ = token_type::none; break;
    }
  }
  void open() {
    using r = ranges<Value>;
    level& l = levels_.emplace_back(level{r::members_of(current_), r::elements_of(current_)});
    l.is_object = token_ == token_type::start_object;
    l.next_member = l.members.begin();
    l.members_end = l.members.end();
    l.next_element = l.elements.begin();
    l.elements_end = l.elements.end();
    advance();
  }
  void advance() {
    using r = ranges<Value>;
    if (levels_.empty()) {
      token_ = token_type::none;
      return;
    }
    level& l = levels_.back();
    if (l.is_object && l.named) {
      l.named = false;
      const auto& m = *l.next_member;
      ++l.next_member;
      set_value(r::value_of_member(m));
    } else if (l.is_object ? l.next_member == l.members_end : l.next_element == l.elements_end) {
      token_ = l.is_object ? token_type::end_object : token_type::end_array;
      levels_.pop_back();
    } else if (l.is_object) {
      const auto& m = *l.next_member;
      name_ = m.name;
      token_ = token_type::property_name;
      l.named = true;
    } else {
      const auto& e = *l.next_element;
      ++l.next_element;
      set_value(r::value_of_element(e));
    }
  }

  Value root_;
  Value current_{};
  bool started_ = false;
  token_type token_ = token_type::none;
  std::string_view name_;
  std::vector<level> levels_;
  char number_[max_number_chars];
  error_info error_{};
};

}  // namespace jsonjit::detail::schema
