// strider/atom/fragment.hpp: register fragments (CuTe's register tensors from
// partition_fragment_A/B/C), the copies between a thread's partition of a tile and its fragment,
// element-type conversion of fragments, and `gemm`, every atom of a tiled MMA's block tile issued
// from the fragments, with its host twin (docs/atoms.md, "Fragments and gemm").
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "../static/layout.hpp"
#include "element_types.hpp"
#include "mma.hpp"
#include "tiled_mma.hpp"

namespace strider {

/// The element a fragment of a tag holds: f16 and bf16 as their bits (std::uint16_t), tf32 and f32
/// as float, s8 as std::int8_t, s32 as std::int32_t; views of the operands hold the same types.
template <class Tag>
using fragment_element_t = std::conditional_t<Tag::bits == 16, std::uint16_t,
                                              std::conditional_t<std::is_same_v<Tag, s8>, std::int8_t, std::conditional_t<std::is_same_v<Tag, s32>, std::int32_t, float>>>;

namespace detail {
template <index_t Size, index_t Storage, bool Unique, index_t Offset>
struct fragment_layout_not_compact {
  static_assert(Size == Storage && Unique && Offset == 0,
                "fragment: the layout must be compact (each slot of its storage one element, at offset 0), as contiguous<...> is");
  static constexpr bool value = true;
};
// Two 16-bit elements as one 32-bit word (the first in the lowest bits, as PTX packs them), and
// back. Outside constant evaluation it is one 4-byte access, so that the compiler keeps a
// fragment of 16-bit elements in 32-bit registers (with 2-byte accesses only, each element takes a
// register of its own: a loop's f16 accumulators twice the registers).
STRIDER_HOST_DEVICE constexpr std::uint32_t load_pair(const std::uint16_t* e) {
  if (__builtin_is_constant_evaluated()) return static_cast<std::uint32_t>(e[0]) | (static_cast<std::uint32_t>(e[1]) << 16);
  std::uint32_t r = 0;
  __builtin_memcpy(&r, e, sizeof r);
  return r;
}
STRIDER_HOST_DEVICE constexpr void store_pair(std::uint16_t* e, std::uint32_t r) {
  if (__builtin_is_constant_evaluated()) {
    e[0] = static_cast<std::uint16_t>(r & 0xffffu);
    e[1] = static_cast<std::uint16_t>(r >> 16);
    return;
  }
  __builtin_memcpy(e, &r, sizeof r);
}
// A fragment's offset of (i...): each index times its axis's stride, the strides constants of
// the code (a fragment is indexed in every unrolled step of gemm and the copies: a layout_value
// read per index would cost the device compiler seconds), each index checked unless NDEBUG.
template <class L, std::size_t D>
inline constexpr index_t fragment_stride = L::value.strides[D];
template <class L, std::size_t D>
inline constexpr index_t fragment_extent = L::value.shape[D];
[[noreturn]] STRIDER_HOST_DEVICE __attribute__((noinline)) inline void fragment_index_out_of_range(index_t index, std::size_t axis, index_t extent) {
  refuse("fragment: index {} is out of range for axis {} with extent {}", index, axis, extent);
}
template <class L, std::size_t... D, class... I>
STRIDER_HOST_DEVICE constexpr index_t fragment_offset(std::index_sequence<D...>, I... index) {
#ifdef NDEBUG
  if (__builtin_is_constant_evaluated())
#endif
    ((index < 0 || index >= fragment_extent<L, D> ? fragment_index_out_of_range(index, D, fragment_extent<L, D>) : void()), ...);
  return (index_t{0} + ... + (index * fragment_stride<L, D>));
}
}  // namespace detail

/// A register fragment: `fragment<T, L>` holds L's elements of type T in an array, element (i...)
/// at L's offset of (i...). L is static and compact (contiguous<...> in practice), so that with
/// constant indices (unrolled loops) every element is a register and no local memory is used.
/// CuTe's register Tensor (make_tensor<T>(shape)). Value-initialized (`fragment<...> f{}`) it
/// holds zeros; `f[v]` is element v in storage order.
/// @pre L a static layout, compact: unique, offset 0, storage_size == size.
/// @example `fragment<float, contiguous<2, 4>> f{}; f(1, 2) = 3.0f;` sets f[6].
template <class T, class L>
struct fragment {
  static_assert(static_layout_type<L>, "fragment: the layout must be a static layout type (contiguous<...>)");
  static_assert(detail::fragment_layout_not_compact<L::size, L::storage_size, L::is_unique, L::offset>::value);
  using element_type = T;
  using layout_type = L;
  static constexpr index_t size = L::size;
  static constexpr std::size_t rank = L::rank;

  T values[static_cast<std::size_t>(size)];

  template <class... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr T& operator()(I... index) { return values[detail::fragment_offset<L>(std::make_index_sequence<rank>{}, static_cast<index_t>(index)...)]; }
  template <class... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr const T& operator()(I... index) const {
    return values[detail::fragment_offset<L>(std::make_index_sequence<rank>{}, static_cast<index_t>(index)...)];
  }
  STRIDER_HOST_DEVICE constexpr T& operator[](index_t v) { return values[v]; }
  STRIDER_HOST_DEVICE constexpr const T& operator[](index_t v) const { return values[v]; }
  /// Every element set to `value`.
  STRIDER_HOST_DEVICE constexpr void fill(const T& value) {
    STRIDER_UNROLL
    for (index_t v = 0; v < size; ++v) values[v] = value;
  }
};

namespace detail {
// A view's static entries: a static layout's value, a mixed one's static entries, a masked
// partition's partition layout's (its extents are the partition's; which values are in the data
// is in_bounds's).
template <class L>
STRIDER_HOST_DEVICE constexpr layout_value static_entries_of() {
  if constexpr (requires { typename L::partition_layout; }) return static_entries_of<typename L::partition_layout>();
  else if constexpr (requires { typename L::swizzle_type; }) return static_entries_of<typename L::layout_type>();  // a swizzle moves offsets, not the shape
  else if constexpr (requires { typename L::tile_layout; }) return static_entries_of<typename L::tile_layout>();      // a masked tile: its full tile's
  else if constexpr (requires { L::static_entries; }) return L::static_entries;
  else return L::value;
}
template <class V>
STRIDER_HOST_DEVICE constexpr layout_value view_entries() { return static_entries_of<typename std::remove_cvref_t<V>::layout_type>(); }
// Element v (C order over the view's static shape) of a view, or whether a masked one holds it:
// the index of axis D is v / (the extents after D), modulo extent D, each divisor a constant.
struct flat_divisors {
  index_t divisor[max_rank] = {}, extent[max_rank] = {};
};
template <class V>
STRIDER_HOST_DEVICE constexpr flat_divisors divisors_of() {
  constexpr layout_value e = view_entries<V>();
  flat_divisors out;
  index_t step = 1;
  for (std::size_t d = e.rank; d-- > 0;) {
    out.divisor[d] = step;
    out.extent[d] = e.shape[d];
    step *= e.shape[d];
  }
  return out;
}
template <class V, std::size_t... D>
STRIDER_HOST_DEVICE constexpr decltype(auto) element_at_flat(const V& view, index_t v, std::index_sequence<D...>) {
  constexpr flat_divisors f = divisors_of<V>();  // a local constant: device code cannot read a static member
  return view(v / f.divisor[D] % f.extent[D]...);
}
template <class V, std::size_t... D>
STRIDER_HOST_DEVICE constexpr bool in_bounds_at_flat(const V& view, index_t v, std::index_sequence<D...>) {
  if constexpr (requires { view.in_bounds(index_t(D)...); }) {
    constexpr flat_divisors f = divisors_of<V>();
    return view.in_bounds(v / f.divisor[D] % f.extent[D]...);
  } else {
    (void)view, (void)v;
    return true;
  }
}
template <class V>
STRIDER_HOST_DEVICE constexpr bool static_shape() {
  constexpr layout_value e = view_entries<V>();
  for (std::size_t d = 0; d < e.rank; ++d)
    if (e.shape[d] < 0) return false;
  return true;
}
template <class V>
STRIDER_HOST_DEVICE constexpr index_t partition_size() {
  constexpr layout_value e = view_entries<V>();
  index_t n = 1;
  for (std::size_t d = 0; d < e.rank; ++d) n *= e.shape[d];
  return n;
}
template <class V>
inline constexpr std::size_t view_rank_v = view_entries<V>().rank;
template <index_t ViewSize, index_t FragmentSize>
struct fragment_copy_sizes_differ {
  static_assert(ViewSize == FragmentSize, "copy: the view and the fragment hold different numbers of elements");
  static constexpr bool value = true;
};
template <class ViewElement, class FragmentElement>
struct fragment_copy_elements_differ {
  static_assert(std::is_same_v<ViewElement, FragmentElement>,
                "copy: the view's and the fragment's element types differ (convert the fragment first: convert<f16>(f))");
  static constexpr bool value = true;
};
template <class V, class F>
STRIDER_HOST_DEVICE constexpr bool check_fragment_copy() {
  static_assert(static_shape<V>(), "copy: the view's shape must be static (a partition of a thread-value layout)");
  static_assert(fragment_copy_sizes_differ<(static_shape<V>() ? partition_size<V>() : F::size), F::size>::value);
  static_assert(fragment_copy_elements_differ<std::remove_const_t<typename std::remove_cvref_t<V>::element_type>, typename F::element_type>::value);
  return true;
}
}  // namespace detail

/// CuTe's `copy(src, dst)` from a thread's partition of a tile to its register fragment: element v
/// of the fragment (storage order) is element v of the view in C order over the view's static
/// shape, which for tiled_mma's partitions is the fragment's value order. A masked view's
/// elements outside the data read as zero (T{}).
/// @pre the view's shape static, its size the fragment's, its element type the fragment's.
/// @example `copy(Mma::partition_a(a_tile, thread), a)` with `auto a = Mma::partition_fragment_a()`.
template <class V, class T, class L>
  requires requires { typename std::remove_cvref_t<V>::layout_type; }
STRIDER_HOST_DEVICE constexpr void copy(const V& src, fragment<T, L>& dst) {
  static_assert(detail::check_fragment_copy<V, fragment<T, L>>());
  constexpr auto axes = std::make_index_sequence<detail::view_rank_v<V>>{};
  STRIDER_UNROLL
  for (index_t v = 0; v < fragment<T, L>::size; ++v) dst.values[v] = detail::in_bounds_at_flat(src, v, axes) ? static_cast<T>(detail::element_at_flat(src, v, axes)) : T{};
}
/// `copy(fragment, dst)`: the fragment's elements stored to a thread's partition (the epilogue), in
/// the same order; a masked view's elements outside the data are skipped.
/// @pre as copy to a fragment.
/// @example `copy(c, Mma::partition_c(c_tile, thread))`.
template <class T, class L, class V>
  requires requires { typename std::remove_cvref_t<V>::layout_type; }
STRIDER_HOST_DEVICE constexpr void copy(const fragment<T, L>& src, const V& dst) {
  static_assert(detail::check_fragment_copy<V, fragment<T, L>>());
  constexpr auto axes = std::make_index_sequence<detail::view_rank_v<V>>{};
  STRIDER_UNROLL
  for (index_t v = 0; v < fragment<T, L>::size; ++v)
    if (detail::in_bounds_at_flat(dst, v, axes)) detail::element_at_flat(dst, v, axes) = src.values[v];
}

/// A fragment's elements as another tag's (f32 accumulators to f16 or bf16 bits, FA2's P as the
/// next A operand, an epilogue's C): pairs through To::pack2 (cvt.rn.f16x2.f32 on the device),
/// bit-identical on the host; to f32 from 16-bit bits exactly (from_bits).
/// @pre From's elements are float and To is f16 or bf16, or From's are 16-bit bits and To is f32.
/// @example `convert<f16>(c)` of a fragment<float, contiguous<4>> holding 1, 2, 3, 4 holds 0x3c00,
///          0x4000, 0x4200, 0x4400.
template <class To, class T, class L>
STRIDER_HOST_DEVICE constexpr fragment<fragment_element_t<To>, L> convert(const fragment<T, L>& from) {
  static_assert(std::is_same_v<T, float> && To::bits == 16, "convert<To>: converts a fragment of floats to f16 or bf16 (convert<f32, From>(f) converts back)");
  fragment<fragment_element_t<To>, L> out{};
  constexpr index_t n = fragment<T, L>::size;
  STRIDER_UNROLL
  for (index_t v = 0; v + 1 < n; v += 2) {
    detail::store_pair(&out.values[v], To::pack2(from.values[v], from.values[v + 1]));
  }
  if constexpr (n % 2 == 1) out.values[n - 1] = To::to_bits(from.values[n - 1]);
  return out;
}
/// `convert<f32, From>(f)`: a fragment of From's bits (f16 or bf16) as floats, exactly.
/// @pre From is f16 or bf16 and the fragment holds std::uint16_t.
/// @example `convert<f32, f16>(f)` of bits 0x3c00 holds 1.0f.
template <class To, class From, class L>
  requires std::is_same_v<To, f32>
STRIDER_HOST_DEVICE constexpr fragment<float, L> convert(const fragment<std::uint16_t, L>& from) {
  static_assert(From::bits == 16, "convert<f32, From>: From is f16 or bf16");
  fragment<float, L> out{};
  STRIDER_UNROLL
  for (index_t v = 0; v < fragment<std::uint16_t, L>::size; ++v) out.values[v] = From::from_bits(from.values[v]);
  return out;
}

namespace detail {
// One atom's registers from a fragment's elements [first, first + elements), as PTX packs them
// (the first element in the lowest bits), and back.
template <class Tag, class E>
STRIDER_HOST_DEVICE constexpr mma_register_t<Tag> register_of(const E* e) {
  if constexpr (Tag::bits == 16) return load_pair(e);
  else if constexpr (Tag::bits == 8)
    return static_cast<std::uint32_t>(static_cast<std::uint8_t>(e[0])) | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(e[1])) << 8) |
           (static_cast<std::uint32_t>(static_cast<std::uint8_t>(e[2])) << 16) | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(e[3])) << 24);
  else if constexpr (std::is_same_v<mma_register_t<Tag>, std::uint32_t>) return __builtin_bit_cast(std::uint32_t, e[0]);  // tf32: the float's bits (std::bit_cast is host-only under nvcc)
  else return e[0];
}
template <class Tag, class E>
STRIDER_HOST_DEVICE constexpr void elements_of(const mma_register_t<Tag>& r, E* e) {
  if constexpr (Tag::bits == 16) store_pair(e, r);
  else e[0] = r;
}
// A fragment element as the host twin's value, and back.
template <class Tag, class E>
constexpr typename Tag::host_type host_value_of(const E& e) {
  if constexpr (Tag::bits == 16) return Tag::from_bits(e);
  else return e;
}
template <class Tag>
constexpr fragment_element_t<Tag> element_of_host(const typename Tag::host_type& x) {
  if constexpr (Tag::bits == 16) return Tag::to_bits(x);
  else return x;
}
}  // namespace detail

/// The register fragments of a tiled MMA (CuTe's partition_fragment_A/B/C): each thread's values
/// of A as (repeats_m, repeats_k, the atom's A values), of B as (repeats_k, repeats_n, the atom's
/// B values), of C as (repeats_m, repeats_n, the atom's C values), in the order of the partitions
/// `Mma::partition_a/b/c` (so that `copy` moves them), of fragment_element_t of the operand tags.
/// Zero-initialized.
/// @pre Mma a tiled_mma.
/// @example for `tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>`,
///          `partition_fragment_c(Mma{})` is a `fragment<float, contiguous<2, 2, 4>>`.
template <class Mma>
using a_fragment_t = fragment<fragment_element_t<typename Mma::a_type>, contiguous<Mma::repeats_m, Mma::repeats_k, Mma::atom::a_layout::values>>;
template <class Mma>
using b_fragment_t = fragment<fragment_element_t<typename Mma::b_type>, contiguous<Mma::repeats_k, Mma::repeats_n, Mma::atom::b_layout::values>>;
template <class Mma>
using c_fragment_t = fragment<fragment_element_t<typename Mma::c_type>, contiguous<Mma::repeats_m, Mma::repeats_n, Mma::atom::c_layout::values>>;
template <class Mma>
STRIDER_HOST_DEVICE constexpr a_fragment_t<Mma> partition_fragment_a(const Mma&) { return {}; }
template <class Mma>
STRIDER_HOST_DEVICE constexpr b_fragment_t<Mma> partition_fragment_b(const Mma&) { return {}; }
template <class Mma>
STRIDER_HOST_DEVICE constexpr c_fragment_t<Mma> partition_fragment_c(const Mma&) { return {}; }

namespace detail {
// Which of a thread's From values holds the tile element of each of its To values, and the first
// place where none does: the same permutation for every thread, or the thread, value and element
// that break it.
template <std::size_t N>
struct retile_plan {
  index_t source[N] = {};
  bool ok = true;
  index_t thread = 0, value = 0, element = 0;
};
template <thread_value_value From, thread_value_value To>
STRIDER_HOST_DEVICE constexpr retile_plan<static_cast<std::size_t>(To.values())> plan_retile() {
  constexpr index_t from_values = From.values(), to_values = To.values();
  retile_plan<static_cast<std::size_t>(to_values)> plan;
  for (index_t t = 0; t < To.threads() && plan.ok; ++t) {
    index_t held[static_cast<std::size_t>(from_values)] = {};
    for (index_t w = 0; w < from_values; ++w) held[w] = unchecked_element(From, t, w);
    for (index_t v = 0; v < to_values && plan.ok; ++v) {
      const index_t e = unchecked_element(To, t, v);
      index_t found = -1;
      for (index_t w = 0; w < from_values && found < 0; ++w)
        if (held[w] == e) found = w;
      if (found < 0 || (t > 0 && found != plan.source[v])) plan = {{}, false, t, v, e};
      else plan.source[v] = found;
    }
  }
  return plan;
}
template <bool Ok, index_t Thread, index_t Value, index_t Element>
struct retile_element_not_held {
  static_assert(Ok, "retile: the destination's value (Thread, Value) is tile element Element, which that thread's source values do not hold at the "
                    "register every thread uses: retile_element_not_held<ok, thread, value, element>");
  static constexpr bool value = Ok;
};
template <bool Same>
struct retile_tiles_differ {
  static_assert(Same, "retile: the two thread-value layouts are over tiles of different shapes, or of different thread counts");
  static constexpr bool value = Same;
};
}  // namespace detail

/// CuTe's retiling of an accumulator as the next MMA's operand (FlashAttention's P = softmax(S)
/// as the A operand of P V): the thread's values of the tile that From holds (a tiled MMA's
/// c_layout), rearranged as To holds them (the next one's a_layout), when each thread holds the
/// same elements under both, so that it is a permutation of its own registers, the same for every
/// thread; proven at compile time, or the build stops naming the first thread, value and element
/// it fails at (retile_element_not_held). No data moves between threads.
/// @pre From and To thread-value types over tiles of one shape, with the same threads; the
///      fragment holds From's values in value order (a partition_fragment_c); Out, the result's
///      layout (contiguous<To::values> unless given), holds To's values in value order.
/// @example `retile<Mma1::c_layout, Mma2::a_layout>(convert<f16>(s))` for tiled_mma<mma_m16n8k16<
///          f16, f16, f32>, shape<4, 1>, shape<64, 64, 16>> and <..., shape<64, 64, 64>>.
template <thread_value_type From, thread_value_type To, class Out = contiguous<To::values>, class T, class L>
STRIDER_HOST_DEVICE constexpr fragment<T, Out> retile(const fragment<T, L>& from) {
  static_assert(detail::retile_tiles_differ<From::tile_shape == To::tile_shape && From::threads == To::threads>::value);
  static_assert(fragment<T, L>::size == From::values, "retile: the fragment does not hold From's values (one per value of a thread)");
  constexpr auto plan = detail::plan_retile<From::tv_value, To::tv_value>();
  static_assert(detail::retile_element_not_held<plan.ok, plan.thread, plan.value, plan.element>::value);
  fragment<T, Out> out{};
  static_assert(fragment<T, Out>::size == To::values, "retile: the result's layout does not hold To's values");
  STRIDER_UNROLL
  for (index_t v = 0; v < To::values; ++v) out.values[v] = from.values[plan.source[v]];
  return out;
}
/// `retile_as_a<Next, Mma>(c)`: Mma's accumulator fragment (or its convert<f16>) as Next's A
/// fragment, for `gemm(Next{}, retile_as_a<Next, Mma>(p), v, o)`.
/// @pre Mma's C tile is Next's A tile (Next::tile_m == Mma::tile_m, Next::tile_k == Mma::tile_n);
///      as retile.
/// @example FlashAttention-2: `gemm(pv_mma{}, retile_as_a<pv_mma, qk_mma>(convert<f16>(s)), v, o)`.
template <class Next, class Mma, class T, class L>
STRIDER_HOST_DEVICE constexpr fragment<T, typename a_fragment_t<Next>::layout_type> retile_as_a(const fragment<T, L>& c) {
  return retile<typename Mma::c_layout, typename Next::a_layout, typename a_fragment_t<Next>::layout_type>(c);
}

#ifdef __CUDACC__
namespace detail {
// gemm's atoms of K block k: repeats_m x repeats_n mma.sync.
template <class Mma>
__device__ void gemm_k_block(const a_fragment_t<Mma>& a, const b_fragment_t<Mma>& b, c_fragment_t<Mma>& c, index_t k) {
  using atom = typename Mma::atom;
  // Elements per register: a register's elements are consecutive values of the atom.
  constexpr index_t a_per = atom::a_layout::values / atom::a_registers, b_per = atom::b_layout::values / atom::b_registers,
                    c_per = atom::c_layout::values / atom::c_registers;
  STRIDER_UNROLL
  for (index_t i = 0; i < Mma::repeats_m; ++i)
    STRIDER_UNROLL
    for (index_t j = 0; j < Mma::repeats_n; ++j) {
      typename atom::a_register ar[atom::a_registers];
      typename atom::b_register br[atom::b_registers];
      typename atom::c_register cr[atom::c_registers];
      STRIDER_UNROLL
      for (int r = 0; r < atom::a_registers; ++r) ar[r] = register_of<typename Mma::a_type>(&a(i, k, r * a_per));
      STRIDER_UNROLL
      for (int r = 0; r < atom::b_registers; ++r) br[r] = register_of<typename Mma::b_type>(&b(k, j, r * b_per));
      STRIDER_UNROLL
      for (int r = 0; r < atom::c_registers; ++r) cr[r] = register_of<typename Mma::c_type>(&c(i, j, r * c_per));
      atom::fma(cr, ar, br, cr);
      STRIDER_UNROLL
      for (int r = 0; r < atom::c_registers; ++r) elements_of<typename Mma::c_type>(cr[r], &c(i, j, r * c_per));
    }
}
}  // namespace detail

/// CuTe's `gemm(mma, a, b, c)`: C += A * B over the block tile's K step, every atom the thread's
/// warp issues (repeats_m x repeats_n x repeats_k mma.sync), its registers packed from the
/// fragments as PTX reads them; with `k_block`, only the atoms of that K block (of repeats_k), so
/// that a kernel can load block k + 1 while the tensor cores work on k. Device code (sm_80 or
/// later); `host_gemm` is its twin.
/// @pre the fragments are Mma's (partition_fragment_a/b/c); k_block -1 (all) or below repeats_k.
/// @example `gemm(Mma{}, a, b, c)` after `copy(Mma::partition_a(tile_a, t), a)` and the same for b.
template <class Mma>
__device__ void gemm(const Mma&, const a_fragment_t<Mma>& a, const b_fragment_t<Mma>& b, c_fragment_t<Mma>& c, index_t k_block = -1) {
  if (k_block >= 0) {
    detail::gemm_k_block<Mma>(a, b, c, k_block);  // k_block a constant in an unrolled loop: its fragments' registers
    return;
  }
  STRIDER_UNROLL
  for (index_t k = 0; k < Mma::repeats_k; ++k) detail::gemm_k_block<Mma>(a, b, c, k);
}
#endif

/// The host twin of gemm: every thread's fragments at once (`a[t]` is thread t's, t <
/// Mma::threads), each warp's atoms run by the atom's host_fma over its 32 lanes in gemm's order
/// (all K blocks, or `k_block`'s).
/// @pre each pointer holds Mma::threads fragments.
/// @example `host_gemm(Mma{}, a.data(), b.data(), c.data())` with std::vector<a_fragment_t<Mma>> a(Mma::threads).
template <class Mma>
void host_gemm(const Mma&, const a_fragment_t<Mma>* a, const b_fragment_t<Mma>* b, c_fragment_t<Mma>* c, index_t k_block = -1) {
  using atom = typename Mma::atom;
  using A = typename Mma::a_type;
  using B = typename Mma::b_type;
  using C = typename Mma::c_type;
  constexpr index_t av = atom::a_layout::values, bv = atom::b_layout::values, cv = atom::c_layout::values;
  const auto at = [](index_t x) { return static_cast<std::size_t>(x); };
  for (index_t warp = 0; warp < Mma::threads / 32; ++warp)
    for (index_t k = 0; k < Mma::repeats_k; ++k)
      for (index_t i = 0; i < Mma::repeats_m; ++i)
        for (index_t j = 0; j < Mma::repeats_n; ++j) {
          if (k_block >= 0 && k != k_block) continue;
          typename atom::a_warp aw{};
          typename atom::b_warp bw{};
          typename atom::c_warp cw{};
          for (index_t lane = 0; lane < 32; ++lane) {
            const index_t t = warp * 32 + lane;
            for (index_t v = 0; v < av; ++v) aw[at(lane)][at(v)] = detail::host_value_of<A>(a[t](i, k, v));
            for (index_t v = 0; v < bv; ++v) bw[at(lane)][at(v)] = detail::host_value_of<B>(b[t](k, j, v));
            for (index_t v = 0; v < cv; ++v) cw[at(lane)][at(v)] = detail::host_value_of<C>(c[t](i, j, v));
          }
          const typename atom::c_warp d = atom::host_fma(aw, bw, cw);
          for (index_t lane = 0; lane < 32; ++lane)
            for (index_t v = 0; v < cv; ++v) c[warp * 32 + lane](i, j, v) = detail::element_of_host<C>(d[at(lane)][at(v)]);
        }
}

}  // namespace strider
