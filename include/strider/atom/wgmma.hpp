// strider/atom/wgmma.hpp: Hopper's warpgroup tensor-core instructions (PTX's wgmma.mma_async,
// sm_90a) as atoms (docs/hopper.md). A warpgroup is 128 threads (four warps); one instruction
// computes D (64 x N) = A (64 x K) * B (K x N) + D, B always from shared memory through a matrix
// descriptor (gmma_descriptor.hpp), A from shared memory too (the SS form) or from registers (RS).
// The accumulator's fragment and RS's A fragment are thread-value types of 128 threads written
// from the PTX ISA ("Register Fragments and Shared Memory Matrix Layouts" of wgmma):
// `c_layout::element(t, i)` is the C-order index, in the (64, N) tile, of the element thread t
// holds as its i-th value in register order. The legal N, the element types and the operand
// majors are checked where the atom is named; the host twins decode the descriptors as the
// hardware does, so that a kernel's twin checks its descriptors' bits, not an assumption.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "../static/layout.hpp"
#include "../static/thread_value.hpp"
#include "element_types.hpp"
#include "gmma_descriptor.hpp"
#include "mma.hpp"
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#include "wgmma_instructions.hpp"  // sm_90a device code only: no other pass reads its thousand statements
#endif

namespace strider {

namespace detail {
// The accumulator (64 x N), PTX ISA's wgmma D fragment: warp w = t / 32 holds rows 16w..16w+15
// as mma.m16n8's C does for every 8 columns: row 16w + g + 8 * ((i >> 1) & 1), column
// 8 * (i >> 2) + 2 * tq + (i & 1), with g = lane / 4, tq = lane % 4. Thread axes (4, 8, 4), value
// axes (N / 8, 2, 2).
template <index_t N>
using wgmma_c = as_thread_value_t<layout<shape<4, 8, 4, N / 8, 2, 2>, strides<16 * N, N, 2, 8, 8 * N, 1>>, 3, shape<64, N>>;
// RS's A from registers (64 x K), each warp's 16 rows as mma.sync's A of the same K. (Each
// depends on K: a non-dependent fragment would be checked in every includer.)
// 16-bit (k16): row 16w + g + 8 * ((i >> 1) & 1), column 2 tq + (i & 1) + 8 * (i >> 2);
template <index_t K>
struct wgmma_a_of {
  using type = as_thread_value_t<layout<shape<4, 8, 4, 2, 2, 2>, strides<16 * K, K, 2, 8, 8 * K, 1>>, 3, shape<64, K>>;
};
// tf32 (k8): row 16w + g + 8 * (i & 1), column tq + 4 * (i >> 1);
template <index_t K>
  requires(K == 8)
struct wgmma_a_of<K> {
  using type = as_thread_value_t<layout<shape<4, 8, 4, 2, 2>, strides<16 * K, K, 1, 4, 8 * K>>, 2, shape<64, K>>;
};
// 8-bit (k32): row 16w + g + 8 * ((i >> 2) & 1), column 4 tq + (i & 3) + 16 * (i >> 3).
template <index_t K>
  requires(K == 32)
struct wgmma_a_of<K> {
  using type = as_thread_value_t<layout<shape<4, 8, 4, 2, 2, 4>, strides<16 * K, K, 4, 16, 8 * K, 1>>, 3, shape<64, K>>;
};

template <class T>
inline constexpr bool is_fp8_v = std::is_same_v<T, e4m3> || std::is_same_v<T, e5m2>;
template <class T>
inline constexpr bool is_byte_integer_v = std::is_same_v<T, s8> || std::is_same_v<T, u8>;

/// PTX's legal N of wgmma: a multiple of 8 in [8, 256]; the integer forms take 8, 16, 24, then
/// multiples of 16.
STRIDER_HOST_DEVICE constexpr bool wgmma_n_is_legal(index_t n, bool integer) {
  if (n < 8 || n > 256 || n % 8 != 0) return false;
  return !integer || n <= 24 || n % 16 == 0;
}

// The refusals, with their values in the type the compiler prints.
template <index_t N, bool Integer>
struct wgmma_n_not_legal {
  static_assert(N < 0, "wgmma: N must be a multiple of 8 in [8, 256], and for the integer (s8/u8) forms 8, 16, 24 or a multiple of 16: wgmma_n_not_legal<N, integer form>");
};
template <index_t N, bool Integer>
constexpr bool check_wgmma_n() {
  if constexpr (!wgmma_n_is_legal(N, Integer)) return sizeof(wgmma_n_not_legal<N, Integer>) == 0;
  else return true;
}

// The instruction's name, "wgmma.mma_async.sync.aligned.m64n<N>k<K>.<C>.<A>.<B>", as text.
struct instruction_text {
  char text[64] = {};
  int length = 0;
  constexpr void append(const char* s) {
    while (*s != 0) text[length++] = *s++;
  }
  constexpr void append_number(index_t v) {
    char digits[8] = {};
    int count = 0;
    do digits[count++] = static_cast<char>('0' + v % 10), v /= 10;
    while (v > 0);
    while (count > 0) text[length++] = digits[--count];
  }
};
template <index_t N, index_t K, class A, class B, class C>
struct wgmma_name {
  static constexpr instruction_text value = [] {
    instruction_text t;
    t.append("wgmma.mma_async.sync.aligned.m64n");
    t.append_number(N);
    t.append("k");
    t.append_number(K);
    for (const char* type : {C::name.data(), A::name.data(), B::name.data()}) {
      t.append(".");
      t.append(type);
    }
    return t;
  }();
};

// An element of Tag from the host's image of shared memory (little-endian, as the device's).
template <class Tag>
constexpr typename Tag::host_type element_from_bytes(const unsigned char* p) {
  if constexpr (Tag::bits == 8) {
    if constexpr (is_fp8_v<Tag>) return Tag::from_bits(p[0]);
    else return static_cast<typename Tag::host_type>(p[0]);  // s8: the byte's two's complement
  } else if constexpr (Tag::bits == 16) {
    return Tag::from_bits(static_cast<std::uint16_t>(p[0] | (p[1] << 8)));
  } else {
    const std::uint32_t u = std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
    return Tag::operand(__builtin_bit_cast(float, u));
  }
}

#ifdef __CUDA_ARCH__
[[noreturn]] __device__ inline void wgmma_needs_sm90a() {
  device_refusal_in("wgmma", "wgmma.mma_async needs sm_90a (compile with -arch=sm_90a)");
}
#endif

// What every wgmma atom has: its types checked, shape, fragments, registers and name.
template <index_t N, index_t K, class A, class B, class C>
struct wgmma_atom_base {
  static_assert(K != 16 || (std::is_same_v<A, B> && (std::is_same_v<A, f16> || std::is_same_v<A, bf16>)),
                "wgmma_m64nNk16: A and B are one 16-bit type, f16 or bf16");
  static_assert(K != 16 || std::is_same_v<C, f32> || (std::is_same_v<C, f16> && std::is_same_v<A, f16>),
                "wgmma_m64nNk16: the accumulator is f32, or f16 with f16 inputs (PTX has no bf16 form with an f16 accumulator)");
  static_assert(K != 8 || (std::is_same_v<A, tf32> && std::is_same_v<B, tf32> && std::is_same_v<C, f32>),
                "wgmma_m64nNk8: this atom is the tf32 form, wgmma_m64nNk8<N, tf32, tf32, f32>");
  static_assert(K != 32 || (is_fp8_v<A> && is_fp8_v<B> && (std::is_same_v<C, f16> || std::is_same_v<C, f32>)) ||
                    (is_byte_integer_v<A> && is_byte_integer_v<B> && std::is_same_v<C, s32>),
                "wgmma_m64nNk32: A and B are e4m3 or e5m2 with an f16 or f32 accumulator, or s8 or u8 with an s32 accumulator");
  static_assert(check_wgmma_n<N, is_byte_integer_v<A>>());

  static constexpr index_t m = 64, n = N, k = K;
  /// The threads of a warpgroup, which issue the instruction together.
  static constexpr index_t threads = 128;
  using a_type = A;
  using b_type = B;
  using c_type = C;
  using d_type = C;
  /// The accumulator C = D (64 x N), and A's fragment in the RS form (64 x K), 128 threads each.
  using c_layout = wgmma_c<N>;
  using d_layout = c_layout;
  using a_layout = typename wgmma_a_of<K>::type;
  /// Whether an operand may be MN-major in shared memory (PTX's imm-trans: 16-bit types only).
  static constexpr bool mn_major_allowed = A::bits == 16;
  /// Each thread's 32-bit registers: A in the RS form (always 4), and the accumulator.
  static constexpr int a_registers = static_cast<int>(a_layout::values) * A::bits / 32;
  static constexpr int c_registers = static_cast<int>(c_layout::values) * C::bits / 32;
  using c_register = mma_register_t<C>;  // float for f32, packed pairs for f16, int32 for s32
  using d_register = c_register;
  /// The instruction's PTX name.
  static constexpr const char* instruction = wgmma_name<N, K, A, B, C>::value.text;

  /// One thread's values and a warpgroup's (the host twins' arguments), in register order.
  using a_values = std::array<typename A::host_type, a_layout::values>;
  using c_values = std::array<typename C::host_type, c_layout::values>;
  using a_warpgroup = std::array<a_values, 128>;
  using c_warpgroup = std::array<c_values, 128>;

  /// The twin's arithmetic on whole tiles: d = a (64 x K, row-major) * b (K x N, row-major) + c
  /// (scale_d false: + 0), products and sums in double (int64 for s32), each result rounded once
  /// to C's type, into the accumulator's fragments.
  template <class TileA, class TileB>
  static void host_mma_tiles(const TileA& a, const TileB& b, c_warpgroup& d, bool scale_d) {
    const auto at = [](index_t i) { return static_cast<std::size_t>(i); };
    for (index_t t = 0; t < 128; ++t)
      for (index_t i = 0; i < c_layout::values; ++i) {
        const index_t e = c_layout::element(t, i);
        auto& out = d[at(t)][at(i)];
        out = host_dot<C>(scale_d ? out : typename C::host_type{}, a, b, e / N, e % N, K, N);
      }
  }

 private:
  // The (rows x K) operand block a descriptor describes, read from the host's image of shared
  // memory (`shared` of `bytes` bytes, shared address 0 at its first byte), as a row-major
  // (K x rows) tile for B (transposed: b[k * rows + r]) or (rows x K) for A.
  template <class Tag, gmma_major Major>
  static void host_read_block(const unsigned char* shared, std::size_t bytes, gmma_descriptor<Tag, Major> desc, index_t rows, bool transposed, typename Tag::host_type* out) {
    for (index_t r = 0; r < rows; ++r)
      for (index_t kk = 0; kk < K; ++kk) {
        const index_t address = gmma_element_address(desc, r, kk);
        if (address < 0 || static_cast<std::size_t>(address) + static_cast<std::size_t>(Tag::bits / 8) > bytes)
          detail::refuse("wgmma host_fma: the descriptor reaches shared byte {}, past the {} bytes given", address, static_cast<index_t>(bytes));
        out[transposed ? kk * rows + r : r * K + kk] = element_from_bytes<Tag>(shared + address);
      }
  }

 public:
  /// The host twin of the SS form: the warpgroup's D = A * B (+ D when `accumulate`), A's (64 x K)
  /// and B's (N x K) blocks read through their descriptors from the host's image of shared memory
  /// (`shared`, `bytes` long, shared address 0 at its first byte), decoded as the hardware
  /// decodes them (gmma_element_address): a wrong descriptor reads the wrong elements here too.
  /// Products and sums in double (int64 for s32), one rounding to C's type.
  /// @pre the descriptors' addresses lie within `bytes` (else layout_error).
  template <gmma_major MA, gmma_major MB>
  static void host_fma(c_warpgroup& d, const unsigned char* shared, std::size_t bytes, gmma_descriptor<A, MA> a, gmma_descriptor<B, MB> b, bool accumulate = true) {
    static_assert((MA == gmma_major::k && MB == gmma_major::k) || mn_major_allowed, "wgmma: an MN-major operand is only for 16-bit types (PTX's imm-trans)");
    std::array<typename A::host_type, static_cast<std::size_t>(64 * K)> tile_a{};
    std::array<typename B::host_type, static_cast<std::size_t>(K * N)> tile_b{};
    host_read_block(shared, bytes, a, 64, false, tile_a.data());
    host_read_block(shared, bytes, b, N, true, tile_b.data());
    host_mma_tiles(tile_a, tile_b, d, accumulate);
  }
  /// The host twin of the RS form: A from every thread's registers (a_layout's values, each read
  /// as the instruction reads it: A::operand), B through its descriptor as above.
  template <gmma_major MB>
  static void host_fma(c_warpgroup& d, const a_warpgroup& a, const unsigned char* shared, std::size_t bytes, gmma_descriptor<B, MB> b, bool accumulate = true) {
    static_assert(MB == gmma_major::k || mn_major_allowed, "wgmma: an MN-major operand is only for 16-bit types (PTX's imm-trans)");
    std::array<typename A::host_type, static_cast<std::size_t>(64 * K)> tile_a{};
    std::array<typename B::host_type, static_cast<std::size_t>(K * N)> tile_b{};
    for (index_t t = 0; t < 128; ++t)
      for (index_t i = 0; i < a_layout::values; ++i)
        tile_a[static_cast<std::size_t>(a_layout::element(t, i))] = A::operand(a[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
    host_read_block(shared, bytes, b, N, true, tile_b.data());
    host_mma_tiles(tile_a, tile_b, d, accumulate);
  }

#ifdef __CUDACC__
  /// The SS form: every thread of the warpgroup calls it, converged, with its accumulator
  /// registers (c_layout's order); A's and B's blocks come from their descriptors (the majors are
  /// the descriptors' types: PTX's imm-trans-a/b). `accumulate` false computes D = A * B (the
  /// first K block). Issue wgmma_fence() before the first and after writing the registers, and
  /// wgmma_commit_group() / wgmma_wait_group<N>() after.
  template <gmma_major MA, gmma_major MB>
  __device__ static void fma(c_register (&d)[c_registers], gmma_descriptor<A, MA> a, gmma_descriptor<B, MB> b, bool accumulate = true) {
    static_assert((MA == gmma_major::k && MB == gmma_major::k) || mn_major_allowed, "wgmma: an MN-major operand is only for 16-bit types (PTX's imm-trans)");
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
    wgmma_issue<K, C, A, B, 's'>::template issue<N, MA == gmma_major::mn ? 1 : 0, MB == gmma_major::mn ? 1 : 0>(d, a.bits, b.bits, accumulate ? 1u : 0u);
#elif defined(__CUDA_ARCH__)
    (void)d, (void)a, (void)b, (void)accumulate;
    wgmma_needs_sm90a();
#endif
  }
  /// The RS form: A from the thread's four registers (a_layout's values packed in register order:
  /// two 16-bit, one tf32 or four 8-bit values each), B from its descriptor.
  template <gmma_major MB>
  __device__ static void fma(c_register (&d)[c_registers], const std::uint32_t (&a)[4], gmma_descriptor<B, MB> b, bool accumulate = true) {
    static_assert(MB == gmma_major::k || mn_major_allowed, "wgmma: an MN-major operand is only for 16-bit types (PTX's imm-trans)");
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
    wgmma_issue<K, C, A, B, 'r'>::template issue<N, 0, MB == gmma_major::mn ? 1 : 0>(d, a, b.bits, accumulate ? 1u : 0u);
#elif defined(__CUDA_ARCH__)
    (void)d, (void)a, (void)b, (void)accumulate;
    wgmma_needs_sm90a();
#endif
  }
#endif
};
}  // namespace detail

#ifdef __CUDACC__
/// `wgmma.fence.sync.aligned`: orders the warpgroup's register accesses before the wgmma that
/// reads or writes them (before the first wgmma, and after the accumulators were touched).
__device__ inline void wgmma_fence() {
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#elif defined(__CUDA_ARCH__)
  detail::wgmma_needs_sm90a();
#endif
}
/// `wgmma.commit_group.sync.aligned`: the wgmmas issued since the last commit become one group.
__device__ inline void wgmma_commit_group() {
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
#elif defined(__CUDA_ARCH__)
  detail::wgmma_needs_sm90a();
#endif
}
/// `wgmma.wait_group.sync.aligned N`: waits until at most Pending groups are still running (0
/// waits for all). The accumulators of a running group may not be read or written.
/// @pre 0 <= Pending <= 7 (PTX's range; checked at compile time).
template <int Pending>
__device__ inline void wgmma_wait_group() {
  static_assert(Pending >= 0 && Pending <= 7, "wgmma_wait_group: N is in [0, 7] (PTX)");
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(Pending) : "memory");
#elif defined(__CUDA_ARCH__)
  detail::wgmma_needs_sm90a();
#endif
}
#endif

/// `wgmma.mma_async.sync.aligned.m64n<N>k16.<C>.<A>.<B>`: D (64 x N) += A (64 x 16) * B (16 x N)
/// per warpgroup, A and B both f16 or both bf16, C f32 or (f16 inputs) f16. CuTe's
/// SM90_64xNx16_F32F16F16_SS and kin.
/// @pre N a multiple of 8 in [8, 256]; A == B in {f16, bf16}; C f32, or f16 with f16 inputs.
/// @example `wgmma_m64nNk16<64, f16, f16, f32>::c_layout::element(37, 6)` is 25 * 64 + 10:
///   thread 37 is warp 1, lane 5 (g = 1, tq = 1), and value 6 is row 16 + 1 + 8, column 8 + 2.
template <index_t N, class A, class B, class C>
struct wgmma_m64nNk16 : detail::wgmma_atom_base<N, 16, A, B, C> {};

/// `wgmma.mma_async.sync.aligned.m64n<N>k8.f32.tf32.tf32`: tf32 inputs (K-major only), f32 D.
/// @pre N a multiple of 8 in [8, 256]; A, B tf32, C f32.
/// @example `wgmma_m64nNk8<8, tf32, tf32, f32>::a_layout::element(1, 2)` is 0 * 8 + 5: lane 1 is
///   g = 0, tq = 1, and a2 is row g, column tq + 4.
template <index_t N, class A, class B, class C>
struct wgmma_m64nNk8 : detail::wgmma_atom_base<N, 8, A, B, C> {};

/// `wgmma.mma_async.sync.aligned.m64n<N>k32.<C>.<A>.<B>`: 8-bit inputs (K-major only), e4m3/e5m2
/// with an f16 or f32 D, or s8/u8 with an s32 D (wrapping, no .satfinite).
/// @pre A, B in {e4m3, e5m2} and C in {f16, f32}, or A, B in {s8, u8} and C s32; N a multiple
///   of 8 in [8, 256] (integer forms: 8, 16, 24 or a multiple of 16).
/// @example `wgmma_m64nNk32<16, s8, s8, s32>::a_layout::element(1, 13)` is 8 * 32 + 21, as
///   mma_m16n8k32's A: a13 is row g + 8, column 4 tq + 1 + 16.
template <index_t N, class A, class B, class C>
struct wgmma_m64nNk32 : detail::wgmma_atom_base<N, 32, A, B, C> {};

}  // namespace strider
