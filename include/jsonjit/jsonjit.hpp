// Everything public in jsonjit. Prefer the narrower headers where compile time matters.
#pragma once

#include <jsonjit/chrono.hpp>
#include <jsonjit/compiled.hpp>
#include <jsonjit/document.hpp>
#include <jsonjit/engine.hpp>
#include <jsonjit/error.hpp>
#include <jsonjit/jit.hpp>
#include <jsonjit/lines.hpp>
#include <jsonjit/meta.hpp>
#include <jsonjit/node.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/patch.hpp>
#include <jsonjit/path.hpp>
#include <jsonjit/pointer.hpp>
#include <jsonjit/reader.hpp>
#include <jsonjit/serializer.hpp>
#include <jsonjit/serializer_options.hpp>
#include <jsonjit/stream.hpp>
#include <jsonjit/transcode.hpp>
#include <jsonjit/uuid.hpp>
#include <jsonjit/version.hpp>
#include <jsonjit/writer.hpp>
