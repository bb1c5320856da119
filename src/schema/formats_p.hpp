// The `format` values JSON Schema defines (2020-12 validation §7.3 and the earlier drafts'),
// checked as the RFCs they name define them. Used when format assertion is on. Private.
#pragma once

#include <cstdint>
#include <string_view>

#include "schema/metaschemas_p.hpp"

namespace jsonjit::detail::schema {

enum class format_kind : std::uint8_t {
  none,
  date_time, date, time, duration,
  email, idn_email, hostname, hostname_rfc1123, idn_hostname, ipv4, ipv6,
  uri, uri_reference, iri, iri_reference, uuid, uri_template,
  json_pointer, relative_json_pointer, regex,
};

/// The format `name` names in `d` (none for names `d` does not define: they are ignored).
format_kind format_named(std::string_view name, draft d) noexcept;

/// Whether `text` (valid UTF-8) is a valid instance of `format`.
bool is_valid_format(format_kind format, std::string_view text);

/// "date-time", ... for messages.
std::string_view format_name(format_kind format) noexcept;

}  // namespace jsonjit::detail::schema
