// piece_input's refill (see piece_input_p.hpp).
#include "stream/piece_input_p.hpp"

#include <algorithm>
#include <cstring>

namespace jsonjit::detail {

bool piece_input::refill(const char* keep) {
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
    fiber_.suspend();  // until the next piece is given, or the end
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

}  // namespace jsonjit::detail
