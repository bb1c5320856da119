// Async JSON over Boost.Asio streams (TCP and local sockets, pipes, files, SSL streams: any
// AsyncWriteStream / AsyncReadStream), with any completion token (use_awaitable, deferred,
// as_tuple, redirect_error, callbacks, use_future). Not included by jsonjit.hpp.
//
//   co_await jsonjit::async_serialize(socket, value, options, asio::use_awaitable);
//   T v = co_await jsonjit::async_deserialize<T>(socket, options, asio::use_awaitable);
//   jsonjit::async_element_reader<T, tcp::socket> r(socket, options);   // or sequence_format::lines
//   while (co_await r.async_next(item, asio::use_awaitable)) use(item);
//
// Writing fills one pooled buffer with the resumable serializer and writes it with
// asio::async_write, buffer after buffer; reading hands each async_read_some's bytes to the
// incremental reader. Memory is the buffer and the serializer's or reader's pooled state, the
// same for a value of any size, and nothing is allocated per operation once the pools are warm.
// I/O errors are the stream's; JSON errors are codes of jsonjit's error category
// (make_error_code(jsonjit::error_code)), and the overloads taking a parse_error& also give the
// position and path. Exceptions thrown by converters propagate out of the handler's invocation.
//
// Cancellation (per-operation cancellation slots; e.g. a timer raced with awaitable_operators)
// reaches the read or write in progress, which completes with operation_aborted; the writer or
// reader unwinds and releases its buffers. The stream is then in the middle of a value: what
// was written is an incomplete JSON text, what was read is gone, and an async_element_reader
// reports operation_aborted from then on. Close the stream (or resynchronize at the protocol's
// level) after a cancelled operation.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/write.hpp>
#include <boost/system/error_code.hpp>

#include <jsonjit/detail/export.hpp>
#include <jsonjit/stream.hpp>

JSONJIT_EXPORT_BEGIN
namespace jsonjit {

/// The error category of jsonjit's error codes ("jsonjit"; messages are jsonjit::message's).
inline const boost::system::error_category& json_category() noexcept {
  // Boost's categories have a protected non-virtual destructor by design (they are static).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnon-virtual-dtor"
  struct category final : boost::system::error_category {
    const char* name() const noexcept override { return "jsonjit"; }
    std::string message(int code) const override {
      return std::string(jsonjit::message(static_cast<jsonjit::error_code>(code)));
    }
  };
#pragma GCC diagnostic pop
  static const category instance;
  return instance;
}

inline boost::system::error_code make_error_code(jsonjit::error_code code) noexcept {
  return {static_cast<int>(code), json_category()};
}

}  // namespace jsonjit

template <>
struct boost::system::is_error_code_enum<jsonjit::error_code> : std::true_type {};

namespace jsonjit {
namespace detail {

template <class Stream>
using default_token_t = boost::asio::default_completion_token_t<typename Stream::executor_type>;

/// A JSON error as the stream's error code, reported in full where the caller asked.
inline boost::system::error_code json_failure(const parse_error& error, parse_error* report) {
  if (report != nullptr) *report = error;
  return make_error_code(error.info.code);
}

template <class Stream>
struct async_serialize_op {
  Stream& stream;
  pooled_unique<serializer> writer;  // a handle: the operation moves several times per write
  pooled_buffer buffer;
  parse_error* report;

  template <class Self>
  void operator()(Self& self, boost::system::error_code ec = {}, std::size_t = 0) {
    // A cancellation that came between two writes (no write was in progress to abort).
    if (!ec && self.cancelled() != boost::asio::cancellation_type::none) ec = boost::asio::error::operation_aborted;
    if (!ec) {
      if (buffer.empty()) return self.complete(make_error_code(error_code::sink_failed));
      if (const std::size_t n = writer->write_some({buffer.data(), buffer.size()}); n != 0) {
        return boost::asio::async_write(stream, boost::asio::buffer(buffer.data(), n), std::move(self));
      }
      if (writer->error()) ec = json_failure(writer->error(), report);
    }
    self.complete(ec);
  }
};

template <class T, class Stream>
struct async_deserialize_op {
  Stream& stream;
  pooled_unique<deserializer<T>> reading;
  pooled_buffer buffer;
  parse_error* report;
  bool started = false;

  template <class Self>
  void operator()(Self& self, boost::system::error_code ec = {}, std::size_t n = 0) {
    if (started) {
      parse_error e = reading->write({buffer.data(), n});
      if (!e && ec == boost::asio::error::eof) {
        e = reading->finish();
        if (!e) return self.complete({}, reading->release());
      }
      if (e) return self.complete(json_failure(e, report), T{});
      if (ec) return self.complete(ec, T{});
    }
    if (buffer.empty()) return self.complete(make_error_code(error_code::input_failed), T{});
    if (self.cancelled() != boost::asio::cancellation_type::none) {  // between two reads
      return self.complete(boost::asio::error::operation_aborted, T{});
    }
    started = true;
    stream.async_read_some(boost::asio::buffer(buffer.data(), buffer.size()), std::move(self));
  }
};

}  // namespace detail

/// Writes `value` as JSON to `stream`, buffer after buffer (the bytes of serialize()).
/// Completes with `void(boost::system::error_code)`. `value` and `options` must outlive the
/// operation.
template <class AsyncWriteStream, class T, class CompletionToken = detail::default_token_t<AsyncWriteStream>>
auto async_serialize(AsyncWriteStream& stream, const T& value, const serializer_options& options,
                     CompletionToken&& token = {}) {
  return boost::asio::async_compose<CompletionToken, void(boost::system::error_code)>(
      detail::async_serialize_op<AsyncWriteStream>{stream, detail::pooled_unique<serializer>(value, options),
                                                   pooled_buffer(default_buffer_size), nullptr},
      token, stream);
}

/// As above; a JSON error is also given whole (position and path) in `error`.
template <class AsyncWriteStream, class T, class CompletionToken = detail::default_token_t<AsyncWriteStream>>
auto async_serialize(AsyncWriteStream& stream, const T& value, const serializer_options& options, parse_error& error,
                     CompletionToken&& token = {}) {
  return boost::asio::async_compose<CompletionToken, void(boost::system::error_code)>(
      detail::async_serialize_op<AsyncWriteStream>{stream, detail::pooled_unique<serializer>(value, options),
                                                   pooled_buffer(default_buffer_size), &error},
      token, stream);
}

/// Reads one JSON value of type T from `stream` until the end of its input (only whitespace
/// may follow the value), as deserialize<T> reads a whole text: the same value and errors.
/// Completes with `void(boost::system::error_code, T)` (T{} on failure).
template <class T, class AsyncReadStream, class CompletionToken = detail::default_token_t<AsyncReadStream>>
auto async_deserialize(AsyncReadStream& stream, const serializer_options& options, CompletionToken&& token = {}) {
  static_assert(std::is_default_constructible_v<T>, "async_deserialize<T> completes with T{} on failure");
  return boost::asio::async_compose<CompletionToken, void(boost::system::error_code, T)>(
      detail::async_deserialize_op<T, AsyncReadStream>{stream, detail::pooled_unique<deserializer<T>>(options),
                                                       pooled_buffer(default_buffer_size), nullptr},
      token, stream);
}

/// As above; a JSON error is also given whole (position and path) in `error`.
template <class T, class AsyncReadStream, class CompletionToken = detail::default_token_t<AsyncReadStream>>
auto async_deserialize(AsyncReadStream& stream, const serializer_options& options, parse_error& error,
                       CompletionToken&& token = {}) {
  static_assert(std::is_default_constructible_v<T>, "async_deserialize<T> completes with T{} on failure");
  return boost::asio::async_compose<CompletionToken, void(boost::system::error_code, T)>(
      detail::async_deserialize_op<T, AsyncReadStream>{stream, detail::pooled_unique<deserializer<T>>(options),
                                                       pooled_buffer(default_buffer_size), &error},
      token, stream);
}

/// One element at a time from an async stream: the elements of a top-level array, or (lines)
/// each top-level value, read as element_reader reads them. One async_next at a time.
template <class T, class AsyncReadStream>
class async_element_reader {
  static_assert(std::is_default_constructible_v<T>, "async_element_reader<T> reads into a T it default-constructs");

 public:
  async_element_reader(AsyncReadStream& stream, const serializer_options& options,
                       sequence_format format = sequence_format::array, std::size_t buffer_size = default_buffer_size)
      : stream_(stream), elements_(descriptor_of<T>(), options, format), buffer_(buffer_size) {}
  async_element_reader(AsyncReadStream&, serializer_options&&, sequence_format = sequence_format::array,
                       std::size_t = default_buffer_size) = delete;  // it refers to the options

  /// Reads the next element into `item` (reset to T{} first). Completes with
  /// `void(boost::system::error_code, bool)`: true with an element, false at the end of the
  /// sequence (no error) or on an error (a JSON error's code; error() has it whole).
  template <class CompletionToken = detail::default_token_t<AsyncReadStream>>
  auto async_next(T& item, CompletionToken&& token = {}) {
    return boost::asio::async_compose<CompletionToken, void(boost::system::error_code, bool)>(next_op{this, &item},
                                                                                               token, stream_);
  }

  /// The JSON error that ended the sequence, if one did.
  const parse_error& error() const noexcept { return elements_.error(); }
  /// Elements read so far.
  std::size_t count() const noexcept { return elements_.count(); }

 private:
  using status = detail::incremental_elements::status;

  struct next_op {
    async_element_reader* reader;
    T* item;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::system::error_code ec = {}, std::size_t n = 0) {
      async_element_reader& r = *reader;
      status s;
      if (!started) {
        started = true;
        if (r.broken_) return self.complete(r.broken_, false);
        if (r.buffer_.empty()) return self.complete(make_error_code(error_code::input_failed), false);
        *item = T{};
        s = r.elements_.next(item);
      } else if (n != 0) {
        s = r.elements_.write({r.buffer_.data(), n});
      } else if (ec == boost::asio::error::eof) {
        s = r.elements_.finish();
      } else {
        r.broken_ = ec;
        return self.complete(ec, false);
      }
      switch (s) {
        case status::element: return self.complete({}, true);
        case status::end: return self.complete({}, false);
        case status::failed: return self.complete(make_error_code(r.elements_.error().info.code), false);
        case status::more: break;
      }
      if (self.cancelled() != boost::asio::cancellation_type::none) {  // between two reads
        r.broken_ = boost::asio::error::operation_aborted;
        return self.complete(r.broken_, false);
      }
      r.stream_.async_read_some(boost::asio::buffer(r.buffer_.data(), r.buffer_.size()), std::move(self));
    }
  };

  AsyncReadStream& stream_;
  detail::incremental_elements elements_;
  pooled_buffer buffer_;
  boost::system::error_code broken_;  // a read failed (or was cancelled): the sequence is lost
};

}  // namespace jsonjit
JSONJIT_EXPORT_END
