// JSON over files, pipes, sockets and iostreams, in bounded memory, with both engines.
//
//   jsonjit::file_output out(path);                   // or fd_output(fd), ostream_output(std::cout)
//   jsonjit::serialize_to(value, out, options);        // one buffer, however large the value
//   jsonjit::file_input in(path);                      // or fd_input(fd), istream_input(std::cin)
//   T v = jsonjit::deserialize<T>(in, options);        // never the whole document in memory
//
//   jsonjit::serializer s(value, options);             // resumable: the caller's buffer,
//   while (!s.done()) send(buffer, s.write_some(buffer));   // of any size from one byte
//
//   jsonjit::deserializer<T> d(options);               // pieces of any size, pushed
//   d.write(piece); ...; d.finish(); T v = d.release();
//
//   jsonjit::element_reader<T> elements(in, options);  // a top-level array, or JSON Lines
//   while (elements.next(item)) use(item);
//   jsonjit::element_writer<T> w(out, options);       // "[a,b,...]" or "a\nb\n..."
//
// Buffers come from one thread-safe pool (buffer_pool), so steady-state streaming allocates
// nothing. Writing stops only where the writer's window is full (a flush, or the caller's
// buffer); a stopped serialization continues exactly there, whatever the engine and however
// deep the value: the writer runs on a stack of its own that is switched out and back in. The
// bytes, values and errors (code, line, column, byte offset, JSON path) are those of the
// whole-text functions in serializer.hpp, wherever the input or output is split.
//
// This header gathers four, one concern each, to include alone where compile time matters:
// buffer_pool.hpp (the pool), io.hpp (outputs and inputs over descriptors, files, iostreams
// and memory), stream_serializer.hpp (deserializing from an input, the resumable serializer,
// the incremental deserializer) and elements.hpp (element_reader, element_writer).
#pragma once

#include <jsonjit/buffer_pool.hpp>
#include <jsonjit/elements.hpp>
#include <jsonjit/io.hpp>
#include <jsonjit/stream_serializer.hpp>
