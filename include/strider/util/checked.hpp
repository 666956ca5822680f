// strider/util/checked.hpp: int64 arithmetic that reports overflow instead of wrapping.
#pragma once

#include <cstdint>

#include "config.hpp"
#include "error.hpp"

namespace strider::detail {

// a + b and a * b into *r, true when the exact result does not fit in int64. The compilers'
// builtins where they are constant expressions; nvcc's front end does not evaluate them in
// constant expressions, so CUDA translation units use the portable form (tested against the
// builtins in runtime_tests).
STRIDER_HOST_DEVICE constexpr bool portable_add_overflows(index_t a, index_t b, index_t* r) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return true;
  *r = a + b;
  return false;
}

STRIDER_HOST_DEVICE constexpr bool portable_mul_overflows(index_t a, index_t b, index_t* r) {
  if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a) : (b > 0 ? a < INT64_MIN / b : a != 0 && b < INT64_MAX / a)) return true;
  *r = a * b;
  return false;
}

// The two checks as macros, which checked_add, checked_mul and extent_product use directly:
// every static layout's checks call them, and a call level costs the compilers' constant
// evaluators (benchmarks/compile_time).
#ifdef __CUDACC__
#define STRIDER_ADD_OVERFLOWS portable_add_overflows
#define STRIDER_MUL_OVERFLOWS portable_mul_overflows
#else
#define STRIDER_ADD_OVERFLOWS __builtin_add_overflow
#define STRIDER_MUL_OVERFLOWS __builtin_mul_overflow
#endif
STRIDER_HOST_DEVICE constexpr bool add_overflows(index_t a, index_t b, index_t* r) { return STRIDER_ADD_OVERFLOWS(a, b, r); }
STRIDER_HOST_DEVICE constexpr bool mul_overflows(index_t a, index_t b, index_t* r) { return STRIDER_MUL_OVERFLOWS(a, b, r); }

// Overflow of a size, stride or offset is an error (never undefined behaviour); `op` names
// the operation that asked, so the message starts like every other.
STRIDER_HOST_DEVICE constexpr index_t checked_add(index_t a, index_t b, const char* op) {
  index_t r = 0;
  if (STRIDER_ADD_OVERFLOWS(a, b, &r)) detail::refuse("{}: int64 overflow computing {} + {}", op, a, b);
  return r;
}

STRIDER_HOST_DEVICE constexpr index_t checked_mul(index_t a, index_t b, const char* op) {
  index_t r = 0;
  if (STRIDER_MUL_OVERFLOWS(a, b, &r)) detail::refuse("{}: int64 overflow computing {} * {}", op, a, b);
  return r;
}

STRIDER_HOST_DEVICE constexpr index_t checked_neg(index_t a, const char* op) { return checked_mul(a, -1, op); }

// The greatest common divisor of |a| and |b| (0 when both are 0). Precondition: neither is
// INT64_MIN, which has no magnitude in int64. Example: gcd_of(-12, 18) == 6.
STRIDER_HOST_DEVICE constexpr index_t gcd_of(index_t a, index_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0) {
    const index_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

// The count of tiles of `b` that cover `a` elements, rounded up, without forming a + b - 1 (which
// overflows for extents near INT64_MAX). Precondition: a >= 0, b > 0. Example: ceil_div(10, 4) == 3.
// (Unsigned: a division by a constant power of two is then one shift, with no sign fix-up.)
STRIDER_HOST_DEVICE constexpr index_t ceil_div(index_t a, index_t b) {
  const auto ua = static_cast<unsigned long long>(a), ub = static_cast<unsigned long long>(b);
  return static_cast<index_t>(ua / ub + (ua % ub != 0 ? 1 : 0));
}

// 0 <= i < n in one unsigned comparison (a negative i wraps past any n). Precondition: n >= 0.
// Example: index_below(-1, 4) == false, index_below(3, 4) == true.
STRIDER_HOST_DEVICE constexpr bool index_below(index_t i, index_t n) { return static_cast<unsigned long long>(i) < static_cast<unsigned long long>(n); }

// std::min and std::max without <algorithm> (which would double the core's include cost).
STRIDER_HOST_DEVICE constexpr index_t min_of(index_t a, index_t b) { return b < a ? b : a; }
STRIDER_HOST_DEVICE constexpr index_t max_of(index_t a, index_t b) { return a < b ? b : a; }

// Sorts values[0, n) in ascending order (heapsort: no recursion, no allocation, O(n log n) in
// the compilers' constant evaluators too).
STRIDER_HOST_DEVICE constexpr void sort_ascending(index_t* values, index_t n) {
  const auto sift_down = [values](index_t root, index_t end) {
    while (2 * root + 1 < end) {
      index_t child = 2 * root + 1;
      if (child + 1 < end && values[child] < values[child + 1]) ++child;
      if (!(values[root] < values[child])) return;
      const index_t t = values[root];
      values[root] = values[child];
      values[child] = t;
      root = child;
    }
  };
  for (index_t start = n / 2; start-- > 0;) sift_down(start, n);
  for (index_t end = n; end-- > 1;) {
    const index_t t = values[0];
    values[0] = values[end];
    values[end] = t;
    sift_down(0, end);
  }
}

}  // namespace strider::detail
