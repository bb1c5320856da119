#include "dom/structural_parse_p.hpp"

#include "dom/tape_builder_p.hpp"

namespace jsonjit::detail {

bool parse_structural(tape_builder&, std::string_view, const document_options&) { return false; }

}  // namespace jsonjit::detail
