// The registers and stack slots of the functions schema_emitter generates (schema validators
// and JSONPath queries), beside the convention every generated function has (x86_function_p.hpp):
// shared by the emitter and the code templates it copies. Private to src/engines/jit/emit/.
#pragma once

#include "engines/jit/emit/x86_64/x86_function_p.hpp"

namespace jsonjit::detail::jit::schema_frame {

constexpr x86::Gp start_reg = x86::rbx;         // the value's start
constexpr x86::Gp entries_reg = x86::r15;       // members or items counted
constexpr x86::Mem seen = stack_slot(0);        // bit i: watched name i was met
constexpr x86::Mem counter = stack_slot(1);
constexpr x86::Mem next_tried = stack_slot(2);  // the declared property to try next
constexpr x86::Mem entry_depth = stack_slot(3);  // the context's depth when the function began
constexpr x86::Mem evaluated = stack_slot(4);    // a tracking function's mask of entries evaluated
constexpr x86::Mem callers_mask = stack_slot(5);  // a tracking function's: where its mask goes
// The same two slots in a function that does not track: the member name being looked up.
constexpr x86::Mem name_start = stack_slot(4);
constexpr x86::Mem name_size = stack_slot(5);

}  // namespace jsonjit::detail::jit::schema_frame
