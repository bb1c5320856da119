// deserializer<T>: the stream reading of stream_read.cpp runs on a fiber over an input whose
// refill waits for the caller's next piece. The reader reads a piece where it lies; only the
// bytes of a token cut by a piece's end are copied (into a carry buffer, followed by a chunk of
// the next piece so the token can be completed), and reading goes back into the piece itself
// as soon as it is past the copied bytes.
#include <jsonjit/stream.hpp>

#include <algorithm>
#include <cstring>
#include <exception>

#include "serializer/front_door_p.hpp"
#include "stream/fiber_p.hpp"
#include "stream/pooled_object_p.hpp"

namespace jsonjit::detail {

struct incremental_state final : input {
  incremental_state(const type_descriptor& type, void* target, bool is_new, const serializer_options& options)
      : type_(type), target_(target), is_new_(is_new), options_(options) {}

  static void run(void* self) noexcept {
    auto* s = static_cast<incremental_state*>(self);
#if defined(__cpp_exceptions)
    try {
      s->error_ = s->read();
    } catch (...) {
      s->exception_ = std::current_exception();
    }
#else
    s->error_ = s->read();
#endif
  }

  parse_error read() {
    return is_new_ ? deserialize_new_value(type_, target_, *this, options_)
                   : deserialize_value(type_, target_, *this, options_);
  }

  bool refill(const char* keep) override {
    const auto kept = static_cast<std::size_t>(end_ - keep);
    if (in_carry_) {
      // Past the carried bytes, in the copy of the piece's first chunk: back into the piece.
      const char* chunk = end_ - copied_;
      if (keep >= chunk && next_ < piece_end_) {
        begin_ = next_ - (end_ - keep);
        end_ = next_ = piece_end_;
        in_carry_ = false;
        return true;
      }
      std::memmove(carry_.data(), keep, kept);
    } else if (kept != 0) {
      // The piece is used up and will be gone: its last, unfinished token is carried.
      if (carry_.size() < kept && !carry_.grow(kept, 0)) return fail();
      std::memcpy(carry_.data(), keep, kept);
    }
    begin_ = carry_.data();
    end_ = begin_ + kept;
    in_carry_ = true;
    copied_ = 0;
    while (next_ == piece_end_) {
      if (stopping_) return fail();
      if (ended_) return false;
      fiber_.suspend();  // until write() brings the next piece, or finish()
    }
    if (kept == 0) {  // nothing carried: read the piece where it lies
      begin_ = next_;
      end_ = next_ = piece_end_;
      in_carry_ = false;
      return true;
    }
    // The cut token and a chunk of the piece, together; a token longer than the carry
    // buffer's half makes it grow.
    if (carry_.size() < 2 * kept && !carry_.grow(std::max(2 * kept, carry_.size() * 2), kept)) return fail();
    copied_ = std::min(carry_.size() - kept, static_cast<std::size_t>(piece_end_ - next_));
    std::memcpy(carry_.data() + kept, next_, copied_);
    next_ += copied_;
    begin_ = carry_.data();
    end_ = begin_ + kept + copied_;
    return true;
  }

  bool fail() noexcept {
    failed_ = true;
    return false;
  }

  /// Runs the reading with `piece` until it needs the next one or is done.
  parse_error feed(std::string_view piece) {
    if (fiber_.finished()) return error_;
    next_ = piece.data();
    piece_end_ = piece.data() + piece.size();
    fiber_.resume();
    // Nothing may point into the piece now: the reading either finished or waits in refill,
    // with what it keeps copied out.
    next_ = piece_end_ = nullptr;
#if defined(__cpp_exceptions)
    if (exception_) std::rethrow_exception(std::exchange(exception_, nullptr));
#endif
    return fiber_.finished() ? error_ : success();
  }

  void stop() noexcept {
    if (!fiber_.started() || fiber_.finished()) return;
    stopping_ = true;
    fiber_.resume();
  }

  const type_descriptor& type_;
  void* target_;
  bool is_new_;
  const serializer_options& options_;
  fiber fiber_{&run, this};
  pooled_buffer carry_{1024};
  const char* next_ = nullptr;       // the current piece's bytes not yet in the window
  const char* piece_end_ = nullptr;
  bool in_carry_ = false;            // the window is in carry_ (else in the piece)
  std::size_t copied_ = 0;           // the window's last bytes copied from the piece at next_ - copied_
  bool ended_ = false;
  bool stopping_ = false;
  parse_error error_;
#if defined(__cpp_exceptions)
  std::exception_ptr exception_;
#endif
};

incremental_reader::incremental_reader(const type_descriptor& type, void* target, bool is_new,
                                       const serializer_options& options)
    : state_(pooled_new<incremental_state>(type, target, is_new, options)) {
  if (state_ == nullptr) out_of_memory();
}

incremental_reader::~incremental_reader() {
  state_->stop();
  pooled_delete(state_);
}

parse_error incremental_reader::write(std::string_view piece) {
  if (piece.empty() && state_->fiber_.started()) return state_->fiber_.finished() ? state_->error_ : success();
  return state_->feed(piece);
}

parse_error incremental_reader::finish() {
  state_->ended_ = true;
  return state_->feed({});
}

bool incremental_reader::finished() const noexcept {
  return state_->fiber_.finished();
}

}  // namespace jsonjit::detail
