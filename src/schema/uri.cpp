#include "schema/uri_p.hpp"

#include <cstddef>

namespace jsonjit::detail::schema {
namespace {

bool is_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}
char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
char upper(char c) noexcept {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

int hex_value(char c) noexcept {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_unreserved(char c) noexcept {
  return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

/// RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
bool is_scheme(std::string_view text) noexcept {
  if (text.empty() || !is_alpha(text[0])) return false;
  for (char c : text) {
    if (!is_alpha(c) && !is_digit(c) && c != '+' && c != '-' && c != '.') return false;
  }
  return true;
}

/// RFC 3986 §5.2.3.
std::string merge(const uri_reference& base, std::string_view reference_path) {
  if (base.authority && base.path.empty()) return "/" + std::string(reference_path);
  const std::size_t slash = base.path.rfind('/');
  if (slash == std::string::npos) return std::string(reference_path);
  return base.path.substr(0, slash + 1) + std::string(reference_path);
}

/// §6.2.2.1 and §6.2.2.2: percent-encodings of unreserved characters decoded, the others'
/// hex digits in upper case. A "%" without two hex digits after it is kept as it is.
std::string normalized_encoding(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      const char decoded = static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      if (is_unreserved(decoded)) {
        out += decoded;
      } else {
        out += '%';
        out += upper(text[i + 1]);
        out += upper(text[i + 2]);
      }
      i += 2;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

uri_reference uri_reference::parse(std::string_view text) {
  uri_reference uri;
  // The fragment: everything after the first "#".
  if (const std::size_t hash = text.find('#'); hash != std::string_view::npos) {
    uri.fragment = std::string(text.substr(hash + 1));
    text = text.substr(0, hash);
  }
  // The query: everything after the first "?" (before the fragment).
  if (const std::size_t question = text.find('?'); question != std::string_view::npos) {
    uri.query = std::string(text.substr(question + 1));
    text = text.substr(0, question);
  }
  // A scheme ends at the first ":" when no "/" comes before it.
  if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    const std::string_view candidate = text.substr(0, colon);
    if (candidate.find('/') == std::string_view::npos && is_scheme(candidate)) {
      uri.scheme = std::string(candidate);
      text = text.substr(colon + 1);
    }
  }
  if (text.substr(0, 2) == "//") {
    text = text.substr(2);
    const std::size_t end = text.find('/');
    uri.authority = std::string(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end);
  }
  uri.path = std::string(text);
  return uri;
}

std::string uri_reference::str() const {
  std::string out;
  if (scheme) out += *scheme + ":";
  if (authority) out += "//" + *authority;
  out += path;
  if (query) out += "?" + *query;
  if (fragment) out += "#" + *fragment;
  return out;
}

uri_reference uri_reference::without_fragment() const {
  uri_reference uri = *this;
  uri.fragment.reset();
  return uri;
}

std::string remove_dot_segments(std::string_view in) {
  // RFC 3986 §5.2.4, step by step: the input buffer is consumed from its front.
  std::string out;
  while (!in.empty()) {
    if (in.substr(0, 3) == "../") {
      in.remove_prefix(3);
    } else if (in.substr(0, 2) == "./") {
      in.remove_prefix(2);
    } else if (in.substr(0, 3) == "/./") {
      in.remove_prefix(2);
    } else if (in == "/.") {
      in = "/";
    } else if (in.substr(0, 4) == "/../" || in == "/..") {
      in = in.size() == 3 ? std::string_view("/") : in.substr(3);
      const std::size_t last = out.rfind('/');
      out.erase(last == std::string::npos ? 0 : last);
    } else if (in == "." || in == "..") {
      in = {};
    } else {
      // The first segment, with its leading "/" if any, up to the next "/".
      const std::size_t next = in.find('/', in[0] == '/' ? 1 : 0);
      out += in.substr(0, next);
      in = next == std::string_view::npos ? std::string_view() : in.substr(next);
    }
  }
  return out;
}

uri_reference resolve(const uri_reference& base, const uri_reference& reference) {
  uri_reference target;
  if (reference.scheme) {
    target.scheme = reference.scheme;
    target.authority = reference.authority;
    target.path = remove_dot_segments(reference.path);
    target.query = reference.query;
  } else {
    if (reference.authority) {
      target.authority = reference.authority;
      target.path = remove_dot_segments(reference.path);
      target.query = reference.query;
    } else {
      if (reference.path.empty()) {
        target.path = base.path;
        target.query = reference.query ? reference.query : base.query;
      } else {
        target.path =
            remove_dot_segments(reference.path[0] == '/' ? reference.path : merge(base, reference.path));
        target.query = reference.query;
      }
      target.authority = base.authority;
    }
    target.scheme = base.scheme;
  }
  target.fragment = reference.fragment;
  return target;
}

std::string normalized(const uri_reference& uri) {
  uri_reference n;
  if (uri.scheme) {
    n.scheme = std::string();
    for (char c : *uri.scheme) *n.scheme += lower(c);
  }
  if (uri.authority) {
    // The host is case-insensitive; the user information before an "@" is not.
    const std::size_t at = uri.authority->rfind('@');
    const std::size_t host = at == std::string::npos ? 0 : at + 1;
    n.authority = uri.authority->substr(0, host);
    for (char c : normalized_encoding(std::string_view(*uri.authority).substr(host)))
      *n.authority += lower(c);
  }
  n.path = remove_dot_segments(normalized_encoding(uri.path));
  if (uri.query) n.query = normalized_encoding(*uri.query);
  if (uri.fragment && !uri.fragment->empty()) n.fragment = normalized_encoding(*uri.fragment);
  return n.str();
}

}  // namespace jsonjit::detail::schema
