// jsonjit::serializer: a value that fits the caller's first buffer is written there at once;
// otherwise serialize_to runs on a fiber into an output whose window is the caller's buffer
// where a reservation fits there, else a staging buffer; when the window is full the fiber
// stops inside make_room, and the next write_some continues it right there.
// Either engine, a converter or the interpreter inside compiled code: all of it stops and
// continues the same way, at the cost of one stack switch.
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <cstring>
#include <exception>

#include "model/type_info_p.hpp"
#include "serializer/front_door_p.hpp"
#include "stream/fiber_p.hpp"
#include "stream/pooled_object_p.hpp"

namespace jsonjit::detail {

struct serializer_state final : output {
  serializer_state(const type_info& info, const void* value, const serializer_options& options)
      : info_(info), value_(value), options_(options) {}

  bool flush() override { return true; }  // write_some hands the bytes out

  // Called by the writer on the fiber: waits for a window of `n` bytes.
  bool make_room(std::size_t n) override {
    needed_ = n;
    fiber_.suspend();
    if (stopping_) failed_ = true;
    return !stopping_;
  }

  static void run(void* self) noexcept {
    auto* s = static_cast<serializer_state*>(self);
    // serialize_to into this output (write_some hands the bytes out, so no flush).
    run_carrying([s] { s->error_ = write_value(s->info_, s->value_, *s, s->options_, false); }, s->exception_);
  }

  std::size_t write_some(std::span<char> buffer) {
    char* const out = buffer.data();
    const std::size_t capacity = buffer.size();
    std::size_t copied = 0;
    for (;;) {
      if (staged_ < pos_) {  // bytes waiting in the staging buffer go first
        const std::size_t n = std::min(static_cast<std::size_t>(pos_ - staged_), capacity - copied);
        std::memcpy(out + copied, staged_, n);
        staged_ += n;
        copied += n;
        if (staged_ < pos_) return handed_out(copied);
      }
      if (fiber_.finished()) {
        done_ = true;
        if (!error_) info_.size_hint.store(total_ + copied, std::memory_order_relaxed);
        rethrow_carried(exception_);
        return copied;
      }
      if (copied == capacity) return handed_out(copied);
      // The next bytes go straight into the caller's buffer when the reservation the writer
      // waits for fits there; else into the staging buffer — exactly that reservation for
      // buffers of a usual size (so the next call is direct again), all of it for tiny ones.
      const std::size_t room = capacity - copied;
      const bool direct = capacity >= small_buffer && room >= needed_;
      char* start;
      if (direct) {
        start = out + copied;
        limit_ = out + capacity;
      } else {
        // Made on first need: a serialization that fits the caller's buffers never has one.
        const std::size_t wanted = capacity >= small_buffer ? needed_ : std::max(needed_, default_buffer_size);
        if (staging_.size() < wanted && !staging_.grow(wanted, 0)) return stop_for_memory(copied);
        start = staging_.data();
        limit_ = start + (capacity >= small_buffer ? needed_ : staging_.size());
      }
      staged_ = pos_ = start;
      fiber_.resume();
      if (direct) {
        copied += static_cast<std::size_t>(pos_ - start);
        staged_ = pos_;
      }
    }
  }

  std::size_t handed_out(std::size_t n) noexcept {
    total_ += n;
    return n;
  }

  /// Unwinds a serialization that has not finished: the waiting make_room fails, and the
  /// writer returns through every frame as on any failed write.
  void stop() noexcept {
    if (!fiber_.started() || fiber_.finished()) return;
    stopping_ = true;
    fiber_.resume();
  }

  /// No memory for a staging buffer that large: the serialization fails as on a failed sink.
  std::size_t stop_for_memory(std::size_t copied) {
    stop();
    error_ = at_root({error_code::sink_failed});
    done_ = true;
    return copied;
  }

  static constexpr std::size_t small_buffer = 256;

  const type_info& info_;
  const void* value_;
  const serializer_options& options_;
  fiber fiber_{&run, this};
  pooled_buffer staging_;
  char* staged_ = nullptr;  // staging bytes [staged_, pos_) not yet handed out
  std::size_t needed_ = 0;  // the room the writer waits for
  std::size_t total_ = 0;   // bytes handed out by earlier calls
  bool stopping_ = false;
  bool done_ = false;
  parse_error error_;
  std::exception_ptr exception_;
};

}  // namespace jsonjit::detail

namespace jsonjit {
namespace {

/// The caller's buffer as the whole output: a value that needs more room fails to fit.
class fixed_output final : public output {
 public:
  explicit fixed_output(std::span<char> buffer) noexcept {
    pos_ = buffer.data();
    limit_ = buffer.data() + buffer.size();
  }
  bool flush() override { return true; }
  bool make_room(std::size_t) override {
    failed_ = true;
    return false;
  }
};

/// Buffers from this size are tried at once, without a fiber (a value that does not fit has
/// wasted at most that much work, once).
constexpr std::size_t at_once_minimum = 1024;

}  // namespace

serializer::serializer(const type_descriptor& type, const void* value, const serializer_options& options)
    : type_(&type), value_(value), options_(&options) {}

serializer::~serializer() {
  if (state_ == nullptr) return;
  state_->stop();
  detail::pooled_delete(state_);
}

std::size_t serializer::write_some(std::span<char> buffer) {
  if (done() || buffer.empty()) return 0;
  if (state_ == nullptr) {
    const detail::type_info* info = detail::resolve(*type_, *options_, error_);
    if (info == nullptr) {  // no description: nothing to write
      done_ = true;
      return 0;
    }
    // Most values fit one buffer: written there, with no state and no fiber — unless the last
    // value of the type was larger than this buffer (the attempt would be wasted work).
    if (buffer.size() >= at_once_minimum && info->size_hint.load(std::memory_order_relaxed) <= buffer.size()) {
      fixed_output out(buffer);
      done_ = true;  // also if a converter throws
      error_ = detail::write_value(*info, value_, out, *options_, false);
      if (!out.failed()) return static_cast<std::size_t>(out.pos() - buffer.data());
      done_ = false;  // larger than the buffer: nothing was handed out, start over on a fiber
      error_ = {};
    }
    state_ = detail::pooled_new<detail::serializer_state>(*info, value_, *options_);
    if (state_ == nullptr) detail::out_of_memory();
  }
  return state_->write_some(buffer);
}

bool serializer::done() const noexcept {
  return state_ != nullptr ? state_->done_ : done_;
}

const parse_error& serializer::error() const noexcept {
  return state_ != nullptr ? state_->error_ : error_;
}

}  // namespace jsonjit
