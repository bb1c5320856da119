// An input fed with pieces the caller pushes, read on a fiber: the reader reads a piece where
// it lies; only the bytes of a token cut by a piece's end are copied (into a carry buffer,
// followed by a chunk of the next piece so the token can be completed), and reading goes back
// into the piece itself as soon as it is past the copied bytes. When a piece is used up,
// refill suspends the fiber until the next one (or the end). Private to the library.
#pragma once

#include <jsonjit/input.hpp>
#include <jsonjit/stream.hpp>

#include <string_view>

#include "stream/fiber_p.hpp"

namespace jsonjit::detail {

class piece_input final : public input {
 public:
  explicit piece_input(fiber& reading) : fiber_(reading) {}

  bool refill(const char* keep) override;

  /// The next piece, before the fiber is resumed. It must stay valid until the fiber next
  /// waits in refill (then nothing points into it any more).
  void give(std::string_view piece) noexcept {
    next_ = piece.data();
    piece_end_ = piece.data() + piece.size();
  }
  /// No more pieces: refill reports the end of the input.
  void end() noexcept { ended_ = true; }
  /// refill fails from now on (the reading is being stopped).
  void stop() noexcept { stopping_ = true; }
  /// The fiber waits for the next piece: the last one is used up.
  bool waiting() const noexcept { return next_ == piece_end_; }

 private:
  bool fail() noexcept {
    failed_ = true;
    return false;
  }

  fiber& fiber_;
  pooled_buffer carry_{1024};
  const char* next_ = nullptr;  // the current piece's bytes not yet in the window
  const char* piece_end_ = nullptr;
  bool in_carry_ = false;   // the window is in carry_ (else in the piece)
  std::size_t copied_ = 0;  // the window's last bytes, copied from the piece at next_ - copied_
  bool ended_ = false;
  bool stopping_ = false;
};

}  // namespace jsonjit::detail
