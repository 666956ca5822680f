// strider/atom/mma.hpp: the warp-level tensor-core instructions (PTX's mma.sync) as atoms
// (docs/atoms.md). An atom's A, B and C/D fragments are thread-value types of 32 threads
// (as_thread_value_t), written from the PTX ISA's fragment tables: `a_layout::element(lane, i)`
// is the C-order index, in the (M, K) tile, of the element lane `lane` holds as its i-th value in
// PTX's register order (a0, a1, ...); B's tile is (K, N) and C's and D's (M, N). Each atom issues
// its instruction on register fragments in device code (`fma`, inline PTX) and has a host twin
// (`host_fma`), the same arithmetic over all 32 lanes' fragments, for a kernel's host twin.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "../static/layout.hpp"
#include "../static/thread_value.hpp"
#include "element_types.hpp"

namespace strider {

namespace detail {
// The fragment tables of the PTX ISA ("Matrix Fragments for mma.m16n8k*"), g = lane / 4 and
// t = lane % 4 as the thread axes (8, 4), the value axes split register order i into its bits.
// m16n8k16, 16-bit A (16 x 16): row g + 8 * ((i >> 1) & 1), column 2t + (i & 1) + 8 * (i >> 2).
using mma_m16n8k16_a = as_thread_value_t<layout<shape<8, 4, 2, 2, 2>, strides<16, 2, 8, 128, 1>>, 3, shape<16, 16>>;
// m16n8k16, 16-bit B (16 x 8): k = 2t + (i & 1) + 8 * (i >> 1), n = g.
using mma_m16n8k16_b = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<1, 16, 64, 8>>, 2, shape<16, 8>>;
// Every m16n8 shape's C and D (16 x 8): row g + 8 * (i >> 1), column 2t + (i & 1).
using mma_m16n8_c = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 2, 64, 1>>, 2, shape<16, 8>>;
// m16n8k8, tf32 A (16 x 8): row g + 8 * (i & 1), column t + 4 * (i >> 1).
using mma_m16n8k8_tf32_a = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 1, 4, 64>>, 2, shape<16, 8>>;
// m16n8k8, tf32 B (8 x 8): k = t + 4i, n = g.
using mma_m16n8k8_tf32_b = as_thread_value_t<layout<shape<8, 4, 2>, strides<1, 8, 32>>, 1, shape<8, 8>>;
// m16n8k32, s8 A (16 x 32): row g + 8 * ((i >> 2) & 1), column 4t + (i & 3) + 16 * (i >> 3).
using mma_m16n8k32_s8_a = as_thread_value_t<layout<shape<8, 4, 2, 2, 4>, strides<32, 4, 16, 256, 1>>, 3, shape<16, 32>>;
// m16n8k32, s8 B (32 x 8): k = 4t + (i & 3) + 16 * (i >> 2), n = g.
using mma_m16n8k32_s8_b = as_thread_value_t<layout<shape<8, 4, 2, 4>, strides<1, 32, 128, 8>>, 2, shape<32, 8>>;

// The register a fragment of Tag lives in: float for f32 (and tf32 C, which is f32), a 32-bit
// integer for s32, and 32 bits of packed elements otherwise (two f16 or bf16, four s8; tf32
// inputs are their float's bits).
template <class Tag>
using mma_register_t = std::conditional_t<std::is_same_v<Tag, f32>, float, std::conditional_t<std::is_same_v<Tag, s32>, std::int32_t, std::uint32_t>>;

// What the host twin accumulates in: double for the float types, int64 for s32.
template <class Tag>
using mma_accumulator_t = std::conditional_t<std::is_same_v<Tag, s32>, std::int64_t, double>;

// One D value of a host twin (mma.sync's and wgmma's): c plus the dot product of row `row` of A
// (row-major, K columns) and column `column` of B (row-major K x N), summed in
// mma_accumulator_t and rounded once to C's type (s32 wraps, as PTX without .satfinite; f16 from
// the double sum, not through float).
template <class C, class TileA, class TileB>
constexpr typename C::host_type host_dot(typename C::host_type c, const TileA& a, const TileB& b, index_t row, index_t column, index_t k, index_t n) {
  const auto at = [](index_t i) { return static_cast<std::size_t>(i); };  // indices are never negative
  mma_accumulator_t<C> sum = static_cast<mma_accumulator_t<C>>(c);
  for (index_t kk = 0; kk < k; ++kk) sum += static_cast<mma_accumulator_t<C>>(a[at(row * k + kk)]) * static_cast<mma_accumulator_t<C>>(b[at(kk * n + column)]);
  if constexpr (std::is_same_v<C, s32>) return static_cast<std::int32_t>(static_cast<std::uint32_t>(sum));
  else if constexpr (std::is_same_v<C, f16>) return C::round(sum);
  else return static_cast<float>(sum);
}

// Each shape's fragments (by its K and input type). A trait rather than template arguments of
// the atoms' base: nvcc 13 cannot print a base's template argument whose type has a class-type
// template argument into its host code (issue 51).
// (The primary template serves element types no atom takes: their refusal is the only error.)
template <index_t K, class A>
struct mma_fragments {
  using a = mma_m16n8k16_a;
  using b = mma_m16n8k16_b;
};
template <>
struct mma_fragments<8, tf32> {
  using a = mma_m16n8k8_tf32_a;
  using b = mma_m16n8k8_tf32_b;
};
template <>
struct mma_fragments<32, s8> {
  using a = mma_m16n8k32_s8_a;
  using b = mma_m16n8k32_s8_b;
};

// The common part of every atom: its shape, element types, fragments, register counts and host
// twin. The instruction itself (`fma`) is each atom's own: inline PTX wants a literal.
template <index_t M, index_t N, index_t K, class A, class B, class C>
struct mma_atom_base {
  // The element types PTX has for the shape, checked first so that a refusal is the only error.
  static_assert(K != 16 || (std::is_same_v<A, B> && (std::is_same_v<A, f16> || std::is_same_v<A, bf16>)),
                "mma_m16n8k16: PTX's m16n8k16 takes A and B of one 16-bit type, f16 or bf16");
  static_assert(K != 16 || std::is_same_v<C, f32> || (std::is_same_v<C, f16> && std::is_same_v<A, f16>),
                "mma_m16n8k16: the accumulator C is f32, or f16 with f16 inputs (PTX has no bf16 form with an f16 accumulator)");
  static_assert(K != 8 || (std::is_same_v<A, tf32> && std::is_same_v<B, tf32> && std::is_same_v<C, f32>),
                "mma_m16n8k8: this atom is the tf32 form, mma_m16n8k8<tf32, tf32, f32>");
  static_assert(K != 32 || (std::is_same_v<A, s8> && std::is_same_v<B, s8> && std::is_same_v<C, s32>),
                "mma_m16n8k32: this atom is the s8 form, mma_m16n8k32<s8, s8, s32>");
  using ALayout = typename mma_fragments<K, A>::a;
  using BLayout = typename mma_fragments<K, A>::b;
  using CLayout = mma_m16n8_c;
  static constexpr index_t m = M, n = N, k = K;
  using a_type = A;
  using b_type = B;
  using c_type = C;
  using d_type = C;
  using a_layout = ALayout;
  using b_layout = BLayout;
  using c_layout = CLayout;
  using d_layout = CLayout;
  /// Each lane's 32-bit registers per operand (elements per register: 32 / bits).
  static constexpr int a_registers = static_cast<int>(ALayout::values) * A::bits / 32;
  static constexpr int b_registers = static_cast<int>(BLayout::values) * B::bits / 32;
  static constexpr int c_registers = static_cast<int>(CLayout::values) * C::bits / 32;
  using a_register = mma_register_t<A>;
  using b_register = mma_register_t<B>;
  using c_register = mma_register_t<C>;
  using d_register = c_register;

  /// One lane's values of each operand, and all 32 lanes' (the host twin's arguments).
  using a_values = std::array<typename A::host_type, ALayout::values>;
  using b_values = std::array<typename B::host_type, BLayout::values>;
  using c_values = std::array<typename C::host_type, CLayout::values>;
  using a_warp = std::array<a_values, 32>;
  using b_warp = std::array<b_values, 32>;
  using c_warp = std::array<c_values, 32>;

  /// The host twin of `fma`: D = A * B + C from every lane's fragments in register order, A and B
  /// as the instruction reads them (A::operand: a tf32 float's lower 13 bits ignored, a float
  /// given for f16 or bf16 taken as the nearest such value), products and sums in double (int64
  /// for s8), each D value rounded once to C's type (the hardware's order of summation is its own: f16 and
  /// f32 results may differ from it in the last place). Example: with lane L's a[i] = 1 where
  /// a_layout::element(L, i) is on the diagonal of (M, K), d equals b's fragments' K rows moved
  /// into C's fragments plus c.
  static constexpr c_warp host_fma(const a_warp& a, const b_warp& b, const c_warp& c) {
    std::array<typename A::host_type, static_cast<std::size_t>(M * K)> tile_a{};
    std::array<typename B::host_type, static_cast<std::size_t>(K * N)> tile_b{};
    const auto at = [](index_t k) { return static_cast<std::size_t>(k); };  // indices and elements are never negative
    for (index_t lane = 0; lane < 32; ++lane) {
      for (index_t i = 0; i < ALayout::values; ++i) tile_a[at(ALayout::element(lane, i))] = A::operand(a[at(lane)][at(i)]);
      for (index_t i = 0; i < BLayout::values; ++i) tile_b[at(BLayout::element(lane, i))] = B::operand(b[at(lane)][at(i)]);
    }
    c_warp d{};
    for (index_t lane = 0; lane < 32; ++lane)
      for (index_t i = 0; i < CLayout::values; ++i) {
        const index_t e = CLayout::element(lane, i);
        d[at(lane)][at(i)] = host_dot<C>(c[at(lane)][at(i)], tile_a, tile_b, e / N, e % N, K, N);
      }
    return d;
  }
};

#ifdef __CUDA_ARCH__
// Where the instruction does not exist (device code for an architecture below sm_80).
[[noreturn]] __device__ inline void mma_needs_sm80(const char* atom) {
  device_refusal_in(atom, "mma.sync of this shape needs sm_80 or later");
}
#endif
}  // namespace detail

/// `mma.sync.aligned.m16n8k16.row.col`: D (16 x 8) = A (16 x 16) * B (16 x 8) + C, per warp. A and
/// B are both f16 or both bf16; C and D are f32, or f16 with f16 inputs (PTX has no bf16 form
/// with an f16 accumulator). CuTe's SM80_16x8x16_F32F16F16F32_TN and its kin.
/// @pre A == B, A is f16 or bf16, C is f32 or (A f16 and C f16); sm_80 or later for `fma`.
/// @example `mma_m16n8k16<f16, f16, f32>::a_layout::element(5, 3)` is 9 * 16 + 3: lane 5 is
///   g = 1, t = 1, and a3 is row g + 8, column 2t + 1.
template <class A, class B, class C>
struct mma_m16n8k16 : detail::mma_atom_base<16, 8, 16, A, B, C> {
  using base = detail::mma_atom_base<16, 8, 16, A, B, C>;
  static constexpr const char* instruction = std::is_same_v<C, f16> ? "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"
                                             : std::is_same_v<A, f16> ? "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
                                                                      : "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";
#ifdef __CUDACC__
  /// The instruction on one lane's registers (every lane of the warp calls it, converged).
  __device__ static void fma(typename base::d_register (&d)[base::c_registers], const std::uint32_t (&a)[4], const std::uint32_t (&b)[2], const typename base::c_register (&c)[base::c_registers]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (std::is_same_v<C, f16>)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};\n"
                   : "=r"(d[0]), "=r"(d[1])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
    else if constexpr (std::is_same_v<A, f16>)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                   : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    else
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                   : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#elif defined(__CUDA_ARCH__)
    (void)d, (void)a, (void)b, (void)c;
    detail::mma_needs_sm80("mma_m16n8k16");
#endif
  }
#endif
};

/// `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`: D (16 x 8) = A (16 x 8) * B (8 x 8) + C
/// with tf32 inputs in float registers. CuTe's SM80_16x8x8_F32TF32TF32F32_TN.
/// @pre A, B are tf32 and C f32; sm_80 or later for `fma`.
/// @example `mma_m16n8k8<tf32, tf32, f32>::b_layout::element(6, 1)` is (2 + 4) * 8 + 1: lane 6
///   is g = 1, t = 2, and b1 is k = t + 4, n = g.
template <class A, class B, class C>
struct mma_m16n8k8 : detail::mma_atom_base<16, 8, 8, A, B, C> {
  using base = detail::mma_atom_base<16, 8, 8, A, B, C>;
  static constexpr const char* instruction = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
#ifdef __CUDACC__
  /// The instruction on one lane's registers (every lane of the warp calls it, converged).
  __device__ static void fma(float (&d)[4], const std::uint32_t (&a)[4], const std::uint32_t (&b)[2], const float (&c)[4]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#elif defined(__CUDA_ARCH__)
    (void)d, (void)a, (void)b, (void)c;
    detail::mma_needs_sm80("mma_m16n8k8");
#endif
  }
#endif
};

/// `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`: D (16 x 8) = A (16 x 32) * B (32 x 8) + C
/// with s8 inputs, four to a register, and s32 accumulators (wrapping). CuTe's
/// SM80_16x8x32_S32S8S8S32_TN.
/// @pre A, B are s8 and C s32; sm_80 or later for `fma`.
/// @example `mma_m16n8k32<s8, s8, s32>::a_layout::element(1, 13)` is 8 * 32 + 21: lane 1
///   is g = 0, t = 1, and a13 is row g + 8, column 4t + 1 + 16.
template <class A, class B, class C>
struct mma_m16n8k32 : detail::mma_atom_base<16, 8, 32, A, B, C> {
  using base = detail::mma_atom_base<16, 8, 32, A, B, C>;
  static constexpr const char* instruction = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
#ifdef __CUDACC__
  /// The instruction on one lane's registers (every lane of the warp calls it, converged).
  __device__ static void fma(std::int32_t (&d)[4], const std::uint32_t (&a)[4], const std::uint32_t (&b)[2], const std::int32_t (&c)[4]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
#elif defined(__CUDA_ARCH__)
    (void)d, (void)a, (void)b, (void)c;
    detail::mma_needs_sm80("mma_m16n8k32");
#endif
  }
#endif
};

}  // namespace strider
