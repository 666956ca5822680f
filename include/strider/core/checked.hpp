// strider/core/checked.hpp: int64 arithmetic that reports overflow instead of wrapping.
#pragma once

#include "config.hpp"
#include "error.hpp"

namespace strider::detail {

// Overflow of a size, stride or offset is an error (never undefined behaviour); `op` names
// the operation that asked, so the message starts like every other.
constexpr index_t checked_add(index_t a, index_t b, const char* op) {
  index_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throw layout_error("{}: int64 overflow computing {} + {}", op, a, b);
  return r;
}

constexpr index_t checked_mul(index_t a, index_t b, const char* op) {
  index_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw layout_error("{}: int64 overflow computing {} * {}", op, a, b);
  return r;
}

constexpr index_t checked_neg(index_t a, const char* op) { return checked_mul(a, -1, op); }

}  // namespace strider::detail
