// strider/core/swizzle.hpp: CuTe's XOR swizzle of element offsets (docs/access.md). A swizzle
// <B, M, S> takes the B bits of an offset that start at bit M + S and XORs them into the B bits
// that start at bit M, so that the rows of a shared-memory tile land in different banks. It is
// its own inverse (|S| >= B keeps the bits it reads apart from the bits it changes), it maps each
// aligned block of 2^(B + M + |S|) offsets onto itself, and it keeps runs of 2^M offsets
// together (a vector of 2^M elements stays one vector).
#pragma once

#include "../util/config.hpp"
#include "../util/error.hpp"

namespace strider {

/// A swizzle as a value: B bits XORed from bit M + S down to bit M (S > 0), or from bit M up to
/// bit M + |S| (S < 0), CuTe's Swizzle<B, M, S>.
struct swizzle_value {
  int bits = 0;   // B: how many bits are XORed (0: the identity)
  int base = 0;   // M: the lowest bit changed (S > 0); runs of 2^M offsets stay together
  int shift = 0;  // S: how far the bits read lie above (S > 0) or below (S < 0) the bits changed
  friend constexpr bool operator==(const swizzle_value&, const swizzle_value&) = default;
};

namespace detail {
// Preconditions of a swizzle (CuTe's static_asserts), and a bound that keeps every shift defined.
STRIDER_HOST_DEVICE constexpr void check_swizzle(const swizzle_value& s) {
  if (s.bits < 0 || s.base < 0) detail::refuse("swizzle: B = {} and M = {} must not be negative", s.bits, s.base);
  // Each term is bounded before the sum, so neither -S nor B + M + |S| can overflow int.
  if (s.bits > 40 || s.base > 40 || s.shift > 40 || s.shift < -40)
    detail::refuse("swizzle: B = {}, M = {} and S = {} must each lie within 40 bits (B + M + |S| <= 40)", s.bits, s.base, s.shift);
  const int reach = s.shift < 0 ? -s.shift : s.shift;
  if (reach < s.bits) detail::refuse("swizzle: |S| = {} is less than B = {}: the bits read would overlap the bits changed, and the swizzle would not be its own inverse", reach, s.bits);
  if (s.bits + s.base + reach > 40) detail::refuse("swizzle: B + M + |S| = {} is more than 40 bits", s.bits + s.base + reach);
}
}  // namespace detail

/// The swizzled offset: with mask = 2^B - 1, `o ^ (((o >> (M + S)) & mask) << M)` for S >= 0 and
/// `o ^ (((o >> M) & mask) << (M - S))` for S < 0 (CuTe's definition).
/// @pre o >= 0 (an offset from the storage start), and `s` meets CuTe's conditions (|S| >= B,
///      B + M + |S| <= 40).
/// @example swizzle<3, 3, 3> (2-byte elements, 16-byte chunks) maps offset 64 (row 1 of a
///          64-element row-major tile, column 0) to 72 (column 8).
STRIDER_HOST_DEVICE constexpr index_t swizzle_offset(swizzle_value s, index_t o) {
  const index_t mask = (index_t{1} << s.bits) - 1;
  if (s.shift >= 0) return o ^ (((o >> (s.base + s.shift)) & mask) << s.base);
  return o ^ (((o >> s.base) & mask) << (s.base - s.shift));
}

/// The offset whose swizzle is `o`: the swizzle itself (it is an involution).
/// @pre as swizzle_offset's.
/// @example swizzle<3, 3, 3> maps 72 back to 64.
STRIDER_HOST_DEVICE constexpr index_t unswizzle_offset(swizzle_value s, index_t o) { return swizzle_offset(s, o); }

/// The swizzle's period in elements, 2^(B + M + |S|): it maps each aligned block of that many
/// offsets onto itself, so a swizzled tile's storage must start aligned to `period * element
/// bytes` (CuTe's requirement too) for its offsets to be the ones the hardware sees.
/// @pre as swizzle_offset's.
/// @example swizzle<3, 3, 3> has period 2^9 = 512 elements (1 KiB of 2-byte elements).
STRIDER_HOST_DEVICE constexpr index_t swizzle_period(swizzle_value s) {
  return index_t{1} << (s.bits + s.base + (s.shift < 0 ? -s.shift : s.shift));
}

/// A swizzle known to the compiler: `swizzle<3, 3, 3>{}(64) == 72`. S defaults to B, as CuTe's.
template <int B, int M, int S = B>
struct swizzle {
  static constexpr swizzle_value value = [] {
    detail::check_swizzle({B, M, S});
    return swizzle_value{B, M, S};
  }();
  static constexpr int bits = B, base = M, shift = S;
  static constexpr index_t period = swizzle_period(value);
  STRIDER_HOST_DEVICE constexpr index_t operator()(index_t o) const { return swizzle_offset(value, o); }
  STRIDER_HOST_DEVICE static constexpr index_t apply(index_t o) { return swizzle_offset(value, o); }
  STRIDER_HOST_DEVICE static constexpr index_t inverse(index_t o) { return unswizzle_offset(value, o); }
};

}  // namespace strider
