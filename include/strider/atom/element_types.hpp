// strider/atom/element_types.hpp: the element types of the tensor-core instructions, as tags
// (PTX's names: f16, bf16, tf32, f32, s8, u8, e4m3, e5m2, s32), and which C++ element types hold each. A tag
// is a type with no value: it names the instruction's operand type, its width in a register, the
// type the host twin computes with, and the host twin's rounding to its precision.
#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

#include "../util/config.hpp"

namespace strider {

namespace detail {
// Round-to-nearest-even of a float to `kept` mantissa bits (of 23), the exponent range kept
// (bf16, tf32): the bits below are added with their halfway rule and cleared. NaN stays NaN.
constexpr float round_float_mantissa(float x, int kept) {
  if (x != x) return x;
  const int dropped = 23 - kept;
  std::uint32_t u = __builtin_bit_cast(std::uint32_t, x);
  const std::uint32_t half = (std::uint32_t{1} << (dropped - 1)) - 1;
  u += half + ((u >> dropped) & 1u);
  u &= ~((std::uint32_t{1} << dropped) - 1);
  return __builtin_bit_cast(float, u);
}
// Round-to-nearest-even of a double to IEEE half precision (10 mantissa bits, exponents -14 to
// 15, subnormals to 2^-24, past 65504 infinity), returned as the float of the same value: one
// rounding, so an accumulator summed in double is not rounded to float first.
constexpr float round_to_half(double x) {
  if (x != x || x == 0.0) return static_cast<float>(x);
  const double a = x < 0 ? -x : x;
  if (a > 65504.0 * 2) return x < 0 ? -__builtin_huge_valf() : __builtin_huge_valf();
  int exponent = static_cast<int>((__builtin_bit_cast(std::uint64_t, a) >> 52) & 0x7ffu) - 1023;
  if (exponent < -14) exponent = -14;  // half's subnormals share the smallest normal's quantum
  const double quantum = __builtin_bit_cast(double, static_cast<std::uint64_t>(exponent - 10 + 1023) << 52);
  const double q = a / quantum;  // exact: a power of two
  auto n = static_cast<std::int64_t>(q);
  const double rest = q - static_cast<double>(n);
  if (rest > 0.5 || (rest == 0.5 && (n & 1) != 0)) ++n;
  const double r = static_cast<double>(n) * quantum;
  if (r > 65504.0) return x < 0 ? -__builtin_huge_valf() : __builtin_huge_valf();
  return static_cast<float>(x < 0 ? -r : r);
}
// A float with its mantissa cut to `kept` bits (of 23): the bits below cleared, as an
// instruction that reads fewer bits of a register does.
constexpr float truncate_float_mantissa(float x, int kept) {
  if (x != x) return x;
  const std::uint32_t u = __builtin_bit_cast(std::uint32_t, x) & ~((std::uint32_t{1} << (23 - kept)) - 1);
  return __builtin_bit_cast(float, u);
}
// cvt.rn.f16.f32 on the host: the nearest half's bits, ties to even; past 65504 (after rounding)
// infinity; below 2^-14 a subnormal; NaN is 0x7fff, PTX's canonical NaN (as CUDA's own host
// conversion gives it), whatever its sign and payload.
STRIDER_HOST_DEVICE constexpr std::uint16_t half_bits_of(float x) {
  const auto u = __builtin_bit_cast(std::uint32_t, x);
  const std::uint32_t sign = (u >> 16) & 0x8000u;
  const std::uint32_t magnitude = u & 0x7fffffffu;
  if (magnitude > 0x7f800000u) return 0x7fffu;
  if (magnitude >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // rounds past 65504
  if (magnitude < 0x38800000u) {  // below 2^-14: a subnormal half, or zero
    const std::uint32_t shift = 113u - (magnitude >> 23);  // at least 1; the mantissa moves right by shift + 13
    if (shift + 13 > 24) return static_cast<std::uint16_t>(sign);  // below 2^-25: zero
    const std::uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    const std::uint32_t kept = mantissa >> (shift + 13), rest = mantissa & ((1u << (shift + 13)) - 1), half = 1u << (shift + 12);
    return static_cast<std::uint16_t>(sign | (kept + (rest > half || (rest == half && (kept & 1u)) ? 1u : 0u)));
  }
  const std::uint32_t kept = (magnitude - 0x38000000u) >> 13, rest = magnitude & 0x1fffu;
  return static_cast<std::uint16_t>(sign | (kept + (rest > 0x1000u || (rest == 0x1000u && (kept & 1u)) ? 1u : 0u)));
}
// cvt.f32.f16 on the host: exact.
STRIDER_HOST_DEVICE constexpr float half_value_of(std::uint16_t h) {
  const std::uint32_t sign = (std::uint32_t{h} & 0x8000u) << 16, exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return __builtin_bit_cast(float, sign | 0x7f800000u | (mantissa << 13));  // infinity, NaN
  if (exponent != 0) return __builtin_bit_cast(float, sign | ((exponent + 112u) << 23) | (mantissa << 13));
  const float subnormal = static_cast<float>(mantissa) * 0x1p-24f;  // exact
  return sign != 0 ? -subnormal : subnormal;
}
// cvt.rn.bf16.f32 on the host: the upper 16 bits after rounding to nearest even; NaN is 0x7fff.
STRIDER_HOST_DEVICE constexpr std::uint16_t bfloat16_bits_of(float x) {
  const auto u = __builtin_bit_cast(std::uint32_t, x);
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
  return static_cast<std::uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
STRIDER_HOST_DEVICE constexpr float bfloat16_value_of(std::uint16_t b) { return __builtin_bit_cast(float, std::uint32_t{b} << 16); }

// The conversions of a 16-bit tag: bits of a float and back, one at a time or two to a register,
// with the instruction in device code (the same rounding: a host twin writes the kernel's bits)
// and the host's functions above elsewhere and in constant expressions.
template <bool Half>
struct sixteen_bit_conversions {
  /// `cvt.rn.f16.f32` / `cvt.rn.bf16.f32`: the bits of the nearest value, ties to even.
  STRIDER_HOST_DEVICE static constexpr std::uint16_t to_bits(float x) {
#ifdef __CUDA_ARCH__
    if (!__builtin_is_constant_evaluated()) {
      unsigned short h;
      if constexpr (Half) {
        asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
        return h;
      }
#if __CUDA_ARCH__ >= 800  // cvt to .bf16 needs sm_80; before, the host's rounding below
      else {
        asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x));
        return h;
      }
#endif
    }
#endif
    return Half ? half_bits_of(x) : bfloat16_bits_of(x);
  }
  /// The value of the bits, exactly.
  STRIDER_HOST_DEVICE static constexpr float from_bits(std::uint16_t h) { return Half ? half_value_of(h) : bfloat16_value_of(h); }
  /// `cvt.rn.f16x2.f32` / `cvt.rn.bf16x2.f32`: two values in one 32-bit register, `lo` in bits
  /// 0-15 (the register's first element, as the mma fragments and ldmatrix order them).
  STRIDER_HOST_DEVICE static constexpr std::uint32_t pack2(float lo, float hi) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (!__builtin_is_constant_evaluated()) {
      std::uint32_t d;
      if constexpr (Half) asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));  // the first source is the upper half
      else asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));
      return d;
    }
#endif
    return std::uint32_t{to_bits(lo)} | (std::uint32_t{to_bits(hi)} << 16);
  }
  struct pair {
    float lo = 0, hi = 0;
  };
  /// The two values of a packed register, `lo` from bits 0-15.
  STRIDER_HOST_DEVICE static constexpr pair unpack2(std::uint32_t r) {
    return {from_bits(static_cast<std::uint16_t>(r & 0xffffu)), from_bits(static_cast<std::uint16_t>(r >> 16))};
  }
};
}  // namespace detail

/// PTX's `.f16`: IEEE half precision, two to a 32-bit register. The host twin computes in float
/// and `round` gives the nearest half, ties to even: f16::round(1.00048828125f) == 1.0f (halfway
/// between 1 and 1 + 2^-10), f16::round(70000.0f) is infinity. `operand(x)` is what an
/// instruction reads of x in every tag: the value the register can hold (here the nearest half,
/// as packing it would give). `to_bits`, `from_bits`, `pack2` and `unpack2` convert, host and
/// device alike: f16::to_bits(1.0f) == 0x3c00, f16::pack2(1.0f, -2.0f) == 0xc0003c00.
struct f16 : detail::sixteen_bit_conversions<true> {
  static constexpr std::string_view name = "f16";
  static constexpr int bits = 16;
  using host_type = float;
  static constexpr float round(double x) { return detail::round_to_half(x); }
  static constexpr float operand(float x) { return round(x); }
};
/// PTX's `.bf16`: bfloat16 (8 exponent bits, 7 mantissa bits), two to a 32-bit register;
/// converted as f16 is: bf16::to_bits(1.0f) == 0x3f80.
struct bf16 : detail::sixteen_bit_conversions<false> {
  static constexpr std::string_view name = "bf16";
  static constexpr int bits = 16;
  using host_type = float;
  static constexpr float round(float x) { return detail::round_float_mantissa(x, 7); }
  static constexpr float operand(float x) { return round(x); }
};
/// PTX's `.tf32`: a float register of which the instruction reads 10 mantissa bits. `round` is
/// the nearest tf32, ties to even (a conversion the caller may do first); `operand` is what the
/// instruction reads of an unconverted float: the lower 13 bits ignored (PTX ISA: "truncate lower
/// 13 bits of the 32-bit input data"), tf32::operand(1 + 2^-20) == 1.
struct tf32 {
  static constexpr std::string_view name = "tf32";
  static constexpr int bits = 32;
  using host_type = float;
  static constexpr float round(float x) { return detail::round_float_mantissa(x, 10); }
  static constexpr float operand(float x) { return detail::truncate_float_mantissa(x, 10); }
};
/// PTX's `.f32`: IEEE single precision.
struct f32 {
  static constexpr std::string_view name = "f32";
  static constexpr int bits = 32;
  using host_type = float;
  static constexpr float round(float x) { return x; }
  static constexpr float operand(float x) { return x; }
};
/// PTX's `.s8`: signed 8-bit integers, four to a 32-bit register.
struct s8 {
  static constexpr std::string_view name = "s8";
  static constexpr int bits = 8;
  using host_type = std::int8_t;
  static constexpr std::int8_t round(std::int8_t x) { return x; }
  static constexpr std::int8_t operand(std::int8_t x) { return x; }
};
/// PTX's `.u8`: unsigned 8-bit integers, four to a 32-bit register (wgmma's integer forms).
struct u8 {
  static constexpr std::string_view name = "u8";
  static constexpr int bits = 8;
  using host_type = std::uint8_t;
  static constexpr std::uint8_t round(std::uint8_t x) { return x; }
  static constexpr std::uint8_t operand(std::uint8_t x) { return x; }
};
/// PTX's `.e4m3` (FP8: 4 exponent bits of bias 7, 3 mantissa bits, no infinity, largest finite
/// 448, NaN 0x7f) and `.e5m2` (5 exponent bits of bias 15, 2 mantissa bits, IEEE's infinities,
/// largest finite 57344), four to a 32-bit register. The host twin computes with the value as a
/// float; `round` is `cvt.rn.satfinite`: the nearest value, ties to even, past the largest finite
/// (infinity too) the largest finite, NaN kept. e4m3::to_bits(1.0f) == 0x38,
/// e4m3::round(500.0f) == 448, e5m2::to_bits(-2.0f) == 0xc0.
template <int ExponentBits, int MantissaBits>
struct fp8_format {
  static constexpr int bits = 8;
  using host_type = float;
  static constexpr int bias = (1 << (ExponentBits - 1)) - 1;
  // e4m3 keeps exponent field 15 for finite values (only S.1111.111 is NaN); e5m2 reserves 31.
  static constexpr int top_exponent = ExponentBits == 4 ? 15 : 30;
  static constexpr int top_mantissa = ExponentBits == 4 ? 6 : 3;
  static constexpr std::uint8_t nan_bits = 0x7f;
  /// The value of the bits, exactly (NaN for NaN's bits; e5m2's infinities).
  STRIDER_HOST_DEVICE static constexpr float from_bits(std::uint8_t b) {
    const bool negative = (b & 0x80u) != 0;
    const int exponent = (b >> MantissaBits) & ((1 << ExponentBits) - 1), mantissa = b & ((1 << MantissaBits) - 1);
    float magnitude = 0;
    if (ExponentBits == 5 && exponent == 31) magnitude = mantissa == 0 ? __builtin_huge_valf() : __builtin_nanf("");
    else if (ExponentBits == 4 && exponent == 15 && mantissa == 7) magnitude = __builtin_nanf("");
    else {
      const int e = exponent == 0 ? 1 - bias : exponent - bias;  // subnormals share the smallest normal's scale
      const int m = exponent == 0 ? mantissa : mantissa + (1 << MantissaBits);
      magnitude = static_cast<float>(m);
      for (int i = 0; i < MantissaBits; ++i) magnitude /= 2;
      for (int i = 0; i < e; ++i) magnitude *= 2;
      for (int i = 0; i > e; --i) magnitude /= 2;
    }
    return negative ? -magnitude : magnitude;
  }
  /// The largest finite value.
  STRIDER_HOST_DEVICE static constexpr float max_finite() { return from_bits(static_cast<std::uint8_t>((top_exponent << MantissaBits) | top_mantissa)); }
  /// cvt.rn.satfinite on the host: the bits of the nearest value (ties to even), saturated.
  STRIDER_HOST_DEVICE static constexpr std::uint8_t to_bits(float x) {
    if (x != x) return nan_bits;
    const std::uint8_t sign = x < 0 ? 0x80u : 0u;
    double a = x < 0 ? -static_cast<double>(x) : static_cast<double>(x);
    if (a >= static_cast<double>(max_finite())) return static_cast<std::uint8_t>(sign | (top_exponent << MantissaBits) | top_mantissa);
    // The scale of a's quantum: the smallest normal's for subnormals, else a's own exponent.
    int e = 1 - bias;
    double unit = 1;  // 2^e
    for (int i = 0; i < bias - 1; ++i) unit /= 2;
    while (a >= unit * 2) unit *= 2, ++e;
    double q = a / unit;  // in [0, 2): the significand, exact (a power-of-two scale)
    for (int i = 0; i < MantissaBits; ++i) q *= 2;
    auto n = static_cast<int>(q);
    const double rest = q - n;
    if (rest > 0.5 || (rest == 0.5 && (n & 1) != 0)) ++n;
    if (n >= (2 << MantissaBits)) n >>= 1, ++e;  // rounded up to the next binade
    const bool normal = n >= (1 << MantissaBits);
    const int field = normal ? e + bias : 0;
    if (field > top_exponent || (field == top_exponent && (n & ((1 << MantissaBits) - 1)) > top_mantissa))
      return static_cast<std::uint8_t>(sign | (top_exponent << MantissaBits) | top_mantissa);
    return static_cast<std::uint8_t>(sign | (field << MantissaBits) | (n & ((1 << MantissaBits) - 1)));
  }
  static constexpr float round(float x) { return from_bits(to_bits(x)); }
  static constexpr float operand(float x) { return round(x); }
};
struct e4m3 : fp8_format<4, 3> {
  static constexpr std::string_view name = "e4m3";
};
struct e5m2 : fp8_format<5, 2> {
  static constexpr std::string_view name = "e5m2";
};
/// PTX's `.s32`: signed 32-bit integers (an accumulator wraps, as the instruction without
/// `.satfinite` does).
struct s32 {
  static constexpr std::string_view name = "s32";
  static constexpr int bits = 32;
  using host_type = std::int32_t;
  static constexpr std::int32_t round(std::int32_t x) { return x; }
  static constexpr std::int32_t operand(std::int32_t x) { return x; }
};

/// The tag of a C++ element type, where it has one: float is f32, std::int8_t s8, std::int32_t
/// s32, and with <cuda_fp16.h> / <cuda_bf16.h> included first, `__half` f16 and `__nv_bfloat16`
/// bf16. Specialize it for your own 16-bit types (`using type = f16;`).
template <class T>
struct element_tag {};
template <>
struct element_tag<float> { using type = f32; };
template <>
struct element_tag<std::int8_t> { using type = s8; };
template <>
struct element_tag<std::uint8_t> { using type = u8; };
template <>
struct element_tag<std::int32_t> { using type = s32; };
#ifdef __CUDA_FP16_TYPES_EXIST__
template <>
struct element_tag<__half> { using type = f16; };
#endif
#ifdef __CUDA_BF16_TYPES_EXIST__
template <>
struct element_tag<__nv_bfloat16> { using type = bf16; };
#endif

namespace detail {
template <class T, class = void>
inline constexpr bool has_element_tag_v = false;
template <class T>
inline constexpr bool has_element_tag_v<T, std::void_t<typename element_tag<T>::type>> = true;
}  // namespace detail

/// Whether a C++ element type T holds the instruction's Tag: T's element_tag is Tag, or T is
/// float and Tag tf32 (tf32 lives in float registers), or T is std::uint16_t and Tag f16 or bf16,
/// or std::uint8_t and Tag e4m3 or e5m2 (the raw bits).
template <class Tag, class T>
inline constexpr bool holds_element_v = [] {
  using U = std::remove_cv_t<T>;
  if constexpr (detail::has_element_tag_v<U>)
    if constexpr (std::is_same_v<typename element_tag<U>::type, Tag>) return true;
  if constexpr (std::is_same_v<Tag, tf32>) return std::is_same_v<U, float>;
  else if constexpr (std::is_same_v<Tag, f16> || std::is_same_v<Tag, bf16>) return std::is_same_v<U, std::uint16_t>;
  else if constexpr (std::is_same_v<Tag, e4m3> || std::is_same_v<Tag, e5m2>) return std::is_same_v<U, std::uint8_t>;
  else return false;
}();

}  // namespace strider
