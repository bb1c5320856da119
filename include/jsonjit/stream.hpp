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
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/input.hpp>
#include <jsonjit/output.hpp>
#include <jsonjit/serializer.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

namespace detail {
struct buffer_pool_access;
struct type_info;
}  // namespace detail

/// The buffer size outputs, inputs and the async operations use unless told otherwise.
inline constexpr std::size_t default_buffer_size = 16 * 1024;

/// Buffers shared by every thread: acquire() takes one of at least the size asked (sizes are
/// powers of two from 256 bytes), release() gives it back for the next acquire(). Kept buffers
/// are never freed while the pool lives; the shared pool lives as long as the process.
class buffer_pool {
 public:
  buffer_pool();
  ~buffer_pool();
  buffer_pool(const buffer_pool&) = delete;
  buffer_pool& operator=(const buffer_pool&) = delete;

  /// The pool every output, input, serializer and deserializer uses.
  static buffer_pool& shared() noexcept;

  /// A buffer of at least `size` bytes, or an empty span when memory ran out.
  std::span<char> acquire(std::size_t size) noexcept;
  /// Gives back a buffer acquire() gave (its span, or its data with the size that was asked).
  void release(std::span<char> buffer) noexcept;

  struct usage {
    std::size_t in_use;      ///< bytes handed out and not given back
    std::size_t high_water;  ///< the most bytes in use at once (since reset_high_water)
    std::size_t allocated;   ///< bytes taken from the heap, ever
  };
  usage stats() const noexcept;
  void reset_high_water() noexcept;

 private:
  friend struct detail::buffer_pool_access;
  void release(std::span<char> buffer, bool counted) noexcept;
  struct state;
  state* state_;
};

/// A buffer from a pool, given back when destroyed. Movable.
class pooled_buffer {
 public:
  pooled_buffer() = default;
  explicit pooled_buffer(std::size_t size, buffer_pool& pool = buffer_pool::shared()) noexcept;
  // Inline: an operation's handler (and the buffer in it) moves several times per operation.
  pooled_buffer(pooled_buffer&& other) noexcept : bytes_(std::exchange(other.bytes_, {})), pool_(other.pool_) {}
  pooled_buffer& operator=(pooled_buffer&& other) noexcept {
    if (this != &other) {
      if (!bytes_.empty()) pool_->release(bytes_);
      bytes_ = std::exchange(other.bytes_, {});
      pool_ = other.pool_;
    }
    return *this;
  }
  ~pooled_buffer() {
    if (!bytes_.empty()) pool_->release(bytes_);
  }

  char* data() const noexcept { return bytes_.data(); }
  std::size_t size() const noexcept { return bytes_.size(); }
  bool empty() const noexcept { return bytes_.empty(); }
  /// A buffer of at least `size` bytes instead, its first `kept` bytes copied over. False
  /// (this buffer unchanged) when memory ran out.
  bool grow(std::size_t size, std::size_t kept) noexcept;

 private:
  std::span<char> bytes_;
  buffer_pool* pool_ = nullptr;
};

namespace detail {
/// Owns a T that lives in a pooled buffer (a movable handle to an object that cannot move).
template <class T>
class pooled_unique {
 public:
  template <class... Args>
  explicit pooled_unique(Args&&... args) : memory_(sizeof(T)) {
    if (memory_.empty()) out_of_memory();
    object_ = new (memory_.data()) T(std::forward<Args>(args)...);
  }
  pooled_unique(pooled_unique&& other) noexcept
      : memory_(std::move(other.memory_)), object_(std::exchange(other.object_, nullptr)) {}
  pooled_unique& operator=(pooled_unique&&) = delete;
  ~pooled_unique() {
    if (object_ != nullptr) object_->~T();
  }
  T* operator->() const noexcept { return object_; }
  T& operator*() const noexcept { return *object_; }

 private:
  pooled_buffer memory_;
  T* object_ = nullptr;
};
}  // namespace detail

/// Output to a file descriptor (a file, a pipe, a socket) through one pooled buffer: the
/// window is the buffer, and a full window is written out with write(2) (send(2) without
/// SIGPIPE for sockets; a pipe whose reader has gone raises SIGPIPE unless the program ignores
/// it, as servers do). Partial writes and EINTR are retried; a non-blocking descriptor is
/// waited for with poll(2). A failure (failed(), error_number()) is the writer's sink_failed.
/// The destructor flushes what is pending (errors then go unreported: call flush() to see
/// them). The descriptor stays the caller's.
class fd_output : public output {
 public:
  explicit fd_output(int fd, std::size_t buffer_size = default_buffer_size);
  ~fd_output() override;

  bool flush() override;
  int error_number() const noexcept { return error_number_; }
  std::string failure_reason() const override;

 protected:
  int fd_;
  int error_number_ = 0;

 private:
  bool make_room(std::size_t n) override;
  bool write_out();

  std::int8_t socket_ = -1;  // unknown until the first write
  pooled_buffer buffer_;
};

namespace detail {
/// A file opened by path: its descriptor, or -1 and the errno of the failure.
struct opened_file {
  int fd;
  int error_number;
};
opened_file open_file(const std::filesystem::path& path, bool for_writing) noexcept;
}  // namespace detail

/// Output to a file by path (created, or truncated), never a string that could be JSON text.
/// A file that cannot be opened or written is the writer's sink_failed, its reason naming the
/// path ("out.json: Permission denied"). close() (or the destructor) writes what is pending
/// and closes the file; only close() says whether every byte reached it.
class file_output final : public fd_output {
 public:
  explicit file_output(const std::filesystem::path& path, std::size_t buffer_size = default_buffer_size);
  ~file_output() override;

  /// Flushes and closes the file: false if some write, or closing, failed.
  bool close();
  const std::filesystem::path& path() const noexcept { return path_; }
  std::string failure_reason() const override;

 private:
  file_output(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size);
  std::filesystem::path path_;
};

/// Output to a std::ostream through one pooled buffer (its write() takes full buffers; flush()
/// also flushes the stream). A stream that goes bad is the writer's sink_failed. The
/// destructor writes what is pending.
class ostream_output final : public output {
 public:
  explicit ostream_output(std::ostream& stream, std::size_t buffer_size = default_buffer_size);
  ~ostream_output() override;

  bool flush() override;

 private:
  bool make_room(std::size_t n) override;
  bool write_out();

  std::ostream& stream_;
  pooled_buffer buffer_;
};

/// An input that reads into one pooled buffer, which grows only while a single token is
/// longer than it. Derive and implement read_some() to read another kind of source.
class buffered_input : public input {
 public:
  bool refill(const char* keep) override;

 protected:
  explicit buffered_input(std::size_t buffer_size);
  /// Reads up to `size` bytes into `dest`, waiting until there is at least one: the count, 0
  /// at the end of the input, or -1 on failure (with failed_ and error_number_ set).
  virtual std::ptrdiff_t read_some(char* dest, std::size_t size) = 0;

 private:
  pooled_buffer buffer_;
  bool at_end_ = false;
};

/// Input from a file descriptor (a file, a pipe, a socket) with read(2); EINTR is retried and
/// a non-blocking descriptor is waited for with poll(2). The descriptor stays the caller's;
/// the input reads ahead of what the reader has consumed (up to a buffer).
class fd_input : public buffered_input {
 public:
  explicit fd_input(int fd, std::size_t buffer_size = default_buffer_size);

 protected:
  int fd_;

 private:
  std::ptrdiff_t read_some(char* dest, std::size_t size) override;
};

/// Input from a file by path, never a string that could be JSON text. A file that cannot be
/// opened or read is error_code::input_failed, its reason naming the path ("data.json: No
/// such file or directory"). The file is closed by the destructor.
class file_input final : public fd_input {
 public:
  explicit file_input(const std::filesystem::path& path, std::size_t buffer_size = default_buffer_size);
  ~file_input() override;

  const std::filesystem::path& path() const noexcept { return path_; }
  std::string failure_reason() const override;

 private:
  file_input(detail::opened_file file, const std::filesystem::path& path, std::size_t buffer_size);
  std::filesystem::path path_;
};

/// Input from a std::istream's buffer: takes what the stream has at hand once at least one
/// byte is there (so a reader of an interactive stream is not kept waiting for a full buffer).
/// An exception from the stream, or a stream that goes bad, is a failure.
class istream_input final : public buffered_input {
 public:
  explicit istream_input(std::istream& stream, std::size_t buffer_size = default_buffer_size);

 private:
  std::ptrdiff_t read_some(char* dest, std::size_t size) override;
  std::istream& stream_;
};

/// Text already in memory as an input (one window, nothing to refill): what element_reader
/// and the input overloads read when the text is at hand. The text must outlive the input.
class memory_input final : public input {
 public:
  explicit memory_input(std::string_view text) noexcept {
    begin_ = text.data();
    end_ = text.data() + text.size();
  }
  bool refill(const char* keep) override {
    begin_ = keep;
    return false;
  }
};

namespace detail {
parse_error deserialize_value(const type_descriptor& type, void* target, input& json,
                              const serializer_options& options);
parse_error deserialize_new_value(const type_descriptor& type, void* storage, input& json,
                                  const serializer_options& options);
}  // namespace detail

/// Reads one JSON value, and then the rest of `json` (only whitespace may follow), into an
/// existing object as deserialize_into(T&, std::string_view) does: the same result and the
/// same errors, with positions counted over the whole input.
template <class T>
parse_error deserialize_into(T& target, input& json, const serializer_options& options = serializer_options::defaults()) {
  return detail::deserialize_value(descriptor_of<T>(), &target, json, options);
}

/// A T read from `json` (see deserialize_into above), or the error.
template <class T>
result<T, parse_error> try_deserialize(input& json, const serializer_options& options = serializer_options::defaults()) {
  return detail::read_result<T>([&](void* target, bool is_new) {
    return is_new ? detail::deserialize_new_value(descriptor_of<T>(), target, json, options)
                  : detail::deserialize_value(descriptor_of<T>(), target, json, options);
  });
}

/// A T read from `json`. Throws json_error on failure (aborts without exceptions).
template <class T>
T deserialize(input& json, const serializer_options& options = serializer_options::defaults()) {
  auto r = try_deserialize<T>(json, options);
  if (!r) detail::throw_or_abort(r.error());
  return std::move(*r);
}

namespace detail {
struct serializer_state;
struct incremental_state;
}  // namespace detail

/// Resumable serialization into buffers the caller gives, of any size from one byte:
///
///   jsonjit::serializer s(value, options);
///   while (!s.done()) send(buffer, s.write_some(std::span<char>(buffer, size)));
///   if (s.error()) ...;
///
/// The bytes are exactly serialize()'s, however the output is cut. A value that fits the first
/// buffer (of 1 KiB or more) is written there at once; a larger one runs on a pooled stack of
/// its own (pages touched in proportion to the nesting), writing straight into the caller's
/// buffers and staging only a reservation that does not fit one. No heap allocation per
/// serializer once the pools are warm. `value` and the options must outlive the serializer
/// and stay unchanged while it writes. A serialization that fails midway reports
/// serialize_to's error; the bytes already given out are the caller's to discard.
class serializer {
 public:
  template <class T>
  explicit serializer(const T& value, const serializer_options& options = serializer_options::defaults())
      : serializer(descriptor_of<T>(), &value, options) {}
  serializer(const type_descriptor& type, const void* value, const serializer_options& options);
  // The serializer refers to the value and the options: temporaries would be gone.
  template <class T>
  serializer(const T&& value, const serializer_options& options = serializer_options::defaults()) = delete;
  template <class T>
  serializer(const T& value, serializer_options&& options) = delete;
  serializer(serializer&& other) noexcept
      : type_(other.type_), value_(other.value_), options_(other.options_),
        state_(std::exchange(other.state_, nullptr)), done_(other.done_), error_(std::move(other.error_)) {}
  serializer& operator=(serializer&&) = delete;
  /// Stops a serialization that is not done (the writer unwinds; nothing leaks).
  ~serializer();

  /// Writes the next bytes into `buffer` and returns their count: the whole buffer unless the
  /// JSON ends (or fails) first. Exceptions thrown by converters or getters arrive here.
  std::size_t write_some(std::span<char> buffer);
  /// Every byte has been given out, or the serialization failed.
  bool done() const noexcept;
  /// Why the serialization failed; empty while it has not.
  const parse_error& error() const noexcept;

 private:
  const type_descriptor* type_;
  const void* value_;
  const serializer_options* options_;
  detail::serializer_state* state_ = nullptr;  // once a value does not fit one buffer: the fiber
  bool done_ = false;   // of a value written at once (else the state's)
  parse_error error_;  // of a value written at once
};

namespace detail {
/// What deserializer<T> runs (not a template): reads pieces into a value of `type`.
class incremental_reader {
 public:
  incremental_reader(const type_descriptor& type, void* target, bool is_new, const serializer_options& options);
  incremental_reader(const incremental_reader&) = delete;
  incremental_reader& operator=(const incremental_reader&) = delete;
  ~incremental_reader();
  parse_error write(std::string_view piece);
  parse_error finish();

 private:
  incremental_state* state_;
};
}  // namespace detail

/// Incremental reading of one JSON value from pieces of any size, pushed by the caller:
///
///   jsonjit::deserializer<T> d(options);
///   while (...) if (auto e = d.write(piece)) ...;   // each piece consumed whole
///   if (auto e = d.finish()) ...;                   // the end of the input
///   T v = d.release();
///
/// The value and every error are deserialize<T>'s on the whole text, wherever it is cut; an
/// error is reported by the write() or finish() that finds it and again by every later call.
/// Memory beyond the value: one pooled buffer (bytes of a token cut between pieces are kept,
/// nothing else is copied) and a pooled stack.
template <class T>
class deserializer {
 public:
  explicit deserializer(const serializer_options& options = serializer_options::defaults())
      : core_(descriptor_of<T>(), target(), !std::is_default_constructible_v<T>, options) {}
  explicit deserializer(serializer_options&& options) = delete;  // it refers to the options
  deserializer(const deserializer&) = delete;
  deserializer& operator=(const deserializer&) = delete;
  ~deserializer() {
    if constexpr (!std::is_default_constructible_v<T>) {
      if (built_) std::launder(reinterpret_cast<T*>(storage_))->~T();
    }
  }

  /// Reads `piece`, the next bytes of the input. An empty parse_error unless the JSON so far
  /// is wrong.
  parse_error write(std::string_view piece) { return core_.write(piece); }
  /// The input ends here.
  parse_error finish() {
    parse_error e = core_.finish();
    if constexpr (!std::is_default_constructible_v<T>) built_ = !e;
    return e;
  }
  /// The value, once finish() succeeded (moved out: call it once).
  T release() {
    if constexpr (std::is_default_constructible_v<T>) {
      return std::move(value_);
    } else {
      return std::move(*std::launder(reinterpret_cast<T*>(storage_)));
    }
  }

 private:
  void* target() noexcept {
    if constexpr (std::is_default_constructible_v<T>) {
      return &value_;
    } else {
      return storage_;
    }
  }

  struct empty {};
  [[no_unique_address]] std::conditional_t<std::is_default_constructible_v<T>, T, empty> value_{};
  alignas(T) unsigned char storage_[std::is_default_constructible_v<T> ? 1 : sizeof(T)];
  bool built_ = false;
  detail::incremental_reader core_;
};

/// How a sequence of values is laid out: the elements of one top-level array, or top-level
/// values one after another separated by whitespace (JSON Lines / NDJSON: one per line).
enum class sequence_format : std::uint8_t { array, lines };

namespace detail {
/// What element_reader<T> runs (not a template).
class element_source {
 public:
  element_source(input& in, const serializer_options& options, sequence_format format);
  /// The next element into `target` (a value of `type`): false at the end or on an error.
  bool next(const type_descriptor& type, void* target);
  const parse_error& error() const noexcept { return error_; }
  std::size_t count() const noexcept { return index_; }

 private:
  bool fail(parse_error e);
  bool start(const type_descriptor& type);
  input& in_;
  reader reader_;
  const serializer_options& options_;
  const type_info* info_ = nullptr;  // resolved by the first next()
  sequence_format format_;
  bool started_ = false;
  bool ended_ = false;
  std::size_t index_ = 0;
  parse_error error_;
};
}  // namespace detail

namespace detail {
struct incremental_elements_state;
/// element_source over pieces pushed by the caller (what async element readers run).
class incremental_elements {
 public:
  enum class status : std::uint8_t {
    element,  ///< an element was read into the target
    more,     ///< the pieces so far are used up: write() the next, or finish()
    end,      ///< the sequence ended
    failed,   ///< error() says why
  };
  incremental_elements(const type_descriptor& type, const serializer_options& options, sequence_format format);
  incremental_elements(const incremental_elements&) = delete;
  incremental_elements& operator=(const incremental_elements&) = delete;
  ~incremental_elements();
  /// Reads on into `target` (a value of the type, as element_reader's next) with what it has.
  status next(void* target);
  /// The next piece, continuing the element next() started. The piece's bytes must stay
  /// valid and unchanged until a call returns `more` again.
  status write(std::string_view piece);
  /// The input ends.
  status finish();
  const parse_error& error() const noexcept;
  std::size_t count() const noexcept;

 private:
  incremental_elements_state* state_;
};
}  // namespace detail

/// One element at a time from an input: the elements of a top-level array, or (lines) each
/// top-level value. Memory: the input's buffer plus one element. Elements read exactly as the
/// same text read whole as a std::vector<T> would read them; an error's path names the
/// element's index ("$[12345].Name", for lines too) and its position is in the whole input.
template <class T>
class element_reader {
  static_assert(std::is_default_constructible_v<T>, "element_reader<T> reads into a T it default-constructs");

 public:
  explicit element_reader(input& in, const serializer_options& options = serializer_options::defaults(),
                          sequence_format format = sequence_format::array)
      : source_(in, options, format) {}
  element_reader(input& in, serializer_options&& options, sequence_format format = sequence_format::array) = delete;

  /// The next element, read into `item` (which is reset to T{} first). False at the end of
  /// the sequence or on an error (error()).
  bool next(T& item) {
    item = T{};
    return source_.next(descriptor_of<T>(), &item);
  }
  /// Why reading stopped before the end; empty otherwise.
  const parse_error& error() const noexcept { return source_.error(); }
  /// Elements read so far.
  std::size_t count() const noexcept { return source_.count(); }

 private:
  detail::element_source source_;
};

namespace detail {
/// What element_writer<T> runs (not a template).
class element_sink {
 public:
  element_sink(output& out, const serializer_options& options, sequence_format format);
  parse_error write(const type_descriptor& type, const void* value);
  parse_error finish();

 private:
  parse_error fail(parse_error e);
  output& out_;
  const serializer_options& options_;
  const type_info* info_ = nullptr;  // resolved by the first write()
  sequence_format format_;
  writer writer_;
  bool started_ = false;
  bool finished_ = false;
  std::size_t index_ = 0;
  parse_error error_;
};
}  // namespace detail

/// One element at a time to an output: an array written as serialize(std::vector<T>) writes
/// it (indented too), or (lines) each value followed by a line break. Nothing is flushed until
/// finish(), which closes the array and flushes.
template <class T>
class element_writer {
 public:
  explicit element_writer(output& out, const serializer_options& options = serializer_options::defaults(),
                          sequence_format format = sequence_format::array)
      : sink_(out, options, format) {}
  element_writer(output& out, serializer_options&& options, sequence_format format = sequence_format::array) = delete;

  /// Appends `item`. After an error every later call returns it again.
  parse_error write(const T& item) { return sink_.write(descriptor_of<T>(), &item); }
  /// Ends the sequence and flushes the output.
  parse_error finish() { return sink_.finish(); }

 private:
  detail::element_sink sink_;
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
