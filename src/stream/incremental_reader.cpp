// deserializer<T> and async element reading: the stream reading of stream_read.cpp (or an
// element_source) runs on a fiber over a piece_input, whose refill waits for the caller's
// next piece.
#include <jsonjit/stream.hpp>

#include <exception>

#include "serializer/front_door_p.hpp"
#include "stream/fiber_p.hpp"
#include "stream/piece_input_p.hpp"
#include "stream/pooled_object_p.hpp"

namespace jsonjit::detail {

struct incremental_state {
  incremental_state(const type_descriptor& type, void* target, bool is_new, const serializer_options& options)
      : type_(type), target_(target), is_new_(is_new), options_(options) {}

  static void run(void* self) noexcept {
    auto* s = static_cast<incremental_state*>(self);
    run_carrying([s] { s->error_ = s->read(); }, s->exception_);
  }

  parse_error read() {
    return is_new_ ? deserialize_new_value(type_, target_, input_, options_)
                   : deserialize_value(type_, target_, input_, options_);
  }

  /// Runs the reading with `piece` until it needs the next one or is done.
  parse_error feed(std::string_view piece) {
    if (fiber_.finished()) return error_;
    input_.give(piece);
    // Runs until the reading is done or waits in refill with what it keeps copied out:
    // nothing points into the piece afterwards.
    fiber_.resume();
    rethrow_carried(exception_);
    return fiber_.finished() ? error_ : success();
  }

  void stop() noexcept {
    if (!fiber_.started() || fiber_.finished()) return;
    input_.stop();
    fiber_.resume();
  }

  const type_descriptor& type_;
  void* target_;
  bool is_new_;
  const serializer_options& options_;
  fiber fiber_{&run, this};
  piece_input input_{fiber_};
  parse_error error_;
  std::exception_ptr exception_;
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
  state_->input_.end();
  return state_->feed({});
}

}  // namespace jsonjit::detail

namespace jsonjit::detail {

struct incremental_elements_state {
  using status = incremental_elements::status;

  incremental_elements_state(const type_descriptor& type, const serializer_options& options, sequence_format format)
      : type_(type), source_(input_, options, format) {}

  static void run(void* self) noexcept {
    auto* s = static_cast<incremental_elements_state*>(self);
    run_carrying(
        [s] {
          while (s->source_.next(s->type_, s->target_)) {
            s->element_read_ = true;
            s->fiber_.suspend();  // the element is the caller's; the next call continues here
          }
        },
        s->exception_);
  }

  /// Continues the reading until an element is read, more input is needed or it ends.
  status resume() {
    fiber_.resume();
    rethrow_carried(exception_);
    if (fiber_.finished()) return source_.error() ? status::failed : status::end;
    return std::exchange(element_read_, false) ? status::element : status::more;
  }

  void stop() noexcept {
    if (!fiber_.started() || fiber_.finished()) return;
    input_.stop();
    fiber_.resume();
  }

  const type_descriptor& type_;
  fiber fiber_{&run, this};
  piece_input input_{fiber_};
  element_source source_;
  void* target_ = nullptr;
  bool element_read_ = false;
  std::exception_ptr exception_;
};

incremental_elements::incremental_elements(const type_descriptor& type, const serializer_options& options,
                                           sequence_format format)
    : state_(pooled_new<incremental_elements_state>(type, options, format)) {
  if (state_ == nullptr) out_of_memory();
}

incremental_elements::~incremental_elements() {
  if (state_ == nullptr) return;
  state_->stop();
  pooled_delete(state_);
}

incremental_elements::status incremental_elements::next(void* target) {
  if (state_->fiber_.finished()) return state_->source_.error() ? status::failed : status::end;
  state_->target_ = target;
  return state_->resume();
}

incremental_elements::status incremental_elements::write(std::string_view piece) {
  if (state_->fiber_.finished()) return state_->source_.error() ? status::failed : status::end;
  state_->input_.give(piece);
  return state_->resume();
}

incremental_elements::status incremental_elements::finish() {
  state_->input_.end();
  return write({});
}

const parse_error& incremental_elements::error() const noexcept {
  return state_->source_.error();
}

std::size_t incremental_elements::count() const noexcept {
  return state_->source_.count();
}

}  // namespace jsonjit::detail
