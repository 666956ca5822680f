// strider/atom/tiled_copy.hpp: tiled copies (CuTe's TiledCopy), a copy atom issued over a whole
// block tile by every thread of a block, with the access certificate of the instructions they
// issue computed from the same layouts (docs/atoms.md, "Tiled copies"):
// - `make_tiled_copy_a/b<ldmatrix_x4>(mma)`: shared memory to a tiled MMA's A or B fragment by
//   ldmatrix (.x1/.x2/.x4, .trans). The rows each lane points at are derived from the fragment
//   (the atom's register map read backwards), so the registers it loads are the fragment's by
//   construction; `copy` certifies the 16-byte row reads of the shared tile it is given
//   conflict-free, or the build stops naming the lanes.
// - `make_tiled_copy_c<stmatrix_x4>(mma)`: a C fragment (as 16-bit bits) into shared memory by
//   stmatrix, its rows derived and certified alike.
// - `make_tiled_copy<cp_async<16>, T>(tv)`: a thread-value layout of vectors repeated over a block
//   tile, global to shared by cp.async, or between any memory spaces by universal_copy (zeros or
//   nothing past a masked tile's data); `copy` certifies a shared side conflict-free and a global
//   side coalesced where its strides are static, unless the copy names an allowance.
// Every `copy` has its host twin, `host_copy`, which runs the same partitions with the atom's twin.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "../static/access.hpp"
#include "../static/layout.hpp"
#include "../static/thread_value.hpp"
#include "cp_async.hpp"
#include "element_types.hpp"
#include "fragment.hpp"
#include "ldmatrix.hpp"
#include "tiled_mma.hpp"
#include "vector_access.hpp"

namespace strider {

/// What a tiled copy lets pass that its certificate would refuse, named in its type: nothing
/// (`certified`, the default), bank conflicts of its shared side (`allow_bank_conflicts`), or
/// global accesses that touch more sectors than their bytes need (`allow_uncoalesced`). The
/// vectors it issues are checked either way (each one contiguous and aligned where it must be).
enum class copy_allowance { certified, bank_conflicts, uncoalesced };
inline constexpr copy_allowance certified = copy_allowance::certified;
inline constexpr copy_allowance allow_bank_conflicts = copy_allowance::bank_conflicts;
inline constexpr copy_allowance allow_uncoalesced = copy_allowance::uncoalesced;

namespace detail {
// Axes of a layout, most significant first, as a list that may grow past max_rank before
// coalescing.
struct axis_list {
  index_t shape[2 * max_rank + 8] = {};
  index_t stride[2 * max_rank + 8] = {};
  std::size_t count = 0;
  STRIDER_HOST_DEVICE constexpr void push(index_t e, index_t s) {
    shape[count] = e;
    stride[count++] = s;
  }
};
// The axes [first, last) of `l` above the lowest `low` indices (the axes below multiply to
// `low`; an axis that straddles is split), e.g. a fragment's warps above its 32 lanes.
STRIDER_HOST_DEVICE constexpr axis_list axes_above(const layout_value& l, std::size_t first, std::size_t last, index_t low, const char* what) {
  axis_list high;
  index_t below = 1;
  std::size_t d = last;
  while (d > first && below < low) {
    --d;
    const index_t e = l.shape[d], need = low / below;
    if (low % below != 0 || (e > need && e % need != 0))
      refuse("make_tiled_copy: the fragment's {} do not split at {} (an axis of extent {} straddles it)", what, low, e);
    if (e > need) {
      high.push(e / need, l.strides[d] * need);
      below = low;
      break;
    }
    below *= e;
  }
  if (below != low) refuse("make_tiled_copy: the fragment's {} do not split at {}", what, low);
  axis_list out;
  for (std::size_t k = first; k < d; ++k) out.push(l.shape[k], l.strides[k]);
  for (std::size_t k = 0; k < high.count; ++k) out.push(high.shape[k], high.stride[k]);
  return out;
}
// Whether an axis of extent e and stride s moves along one axis of a tile (C order), as
// partition needs: s a multiple of that axis's row and the run within its extent.
STRIDER_HOST_DEVICE constexpr bool along_one_tile_axis(index_t e, index_t s, const dims& tile) {
  const index_t magnitude = s < 0 ? -s : s;
  if (e == 1 || s == 0) return true;
  index_t row = 1;
  for (std::size_t k = tile.size(); k-- > 0;) {
    if (magnitude < row * tile[k]) return magnitude % row == 0 && (magnitude / row) * (e - 1) < tile[k];
    row *= tile[k];
  }
  return false;
}
// Extent-1 axes dropped, neighbours that make one run along one tile axis merged (C order).
STRIDER_HOST_DEVICE constexpr axis_list coalesced_axes(const axis_list& in, const dims& tile) {
  axis_list out;
  for (std::size_t k = 0; k < in.count; ++k) {
    if (in.shape[k] == 1) continue;
    const std::size_t last = out.count - 1;
    if (out.count > 0 && out.stride[last] == in.shape[k] * in.stride[k] && along_one_tile_axis(out.shape[last] * in.shape[k], in.stride[k], tile)) {
      out.shape[last] *= in.shape[k];
      out.stride[last] = in.stride[k];
    } else {
      out.push(in.shape[k], in.stride[k]);
    }
  }
  return out;
}

// A thread-value layout from its thread axes and value axes (each coalesced along one tile axis)
// at `offset` over `tile`, refused past max_rank (`what` names the layout in the message).
STRIDER_HOST_DEVICE constexpr thread_value_value thread_value_from_axes(axis_list threads, axis_list values, index_t offset, const dims& tile, bool is_replicated,
                                                                        const char* what) {
  threads = coalesced_axes(threads, tile);
  values = coalesced_axes(values, tile);
  if (threads.count + values.count > max_rank) refuse("make_tiled_copy: {} needs {} axes, more than max_rank ({})", what, threads.count + values.count, max_rank);
  layout_value l;
  for (std::size_t k = 0; k < threads.count; ++k) l.shape[k] = threads.shape[k], l.strides[k] = threads.stride[k];
  for (std::size_t k = 0; k < values.count; ++k) l.shape[threads.count + k] = values.shape[k], l.strides[threads.count + k] = values.stride[k];
  l.rank = threads.count + values.count;
  l.offset = offset;
  return thread_value_of(l, values.count, tile, is_replicated ? replicated : exactly_once);
}

// The rows of ldmatrix (or stmatrix) over a fragment: lane l (of a warp) gives the address of row
// l % 8 of matrix (l / 8) % M; that row's element c is the one its register side puts in lane L,
// register j, half e, so it is the fragment's element held by lane L as value 2j + e.
//   non-transposed: lane L = 4 row + c / 2, value 2j + c % 2;
//   transposed:     lane L = 4 c + row / 2, value 2j + row % 2.
// The result is a thread-value layout over the fragment's tile: each thread's values are
// (instruction, c), its rows for each of the fragment's chunks of 2M values. The warps' and
// chunks' axes are the fragment's; the lanes' and c's strides are fitted from the fragment and
// the fit is checked at every lane and c, so the rows are the fragment's wherever it holds.
template <int M, bool Transposed>
STRIDER_HOST_DEVICE constexpr index_t matrix_row_element(const thread_value_value& f, index_t lane, index_t c) {
  const index_t l = lane % (8 * M), row = l % 8, j = l / 8;
  const index_t holder = Transposed ? 4 * c + row / 2 : 4 * row + c / 2;
  const index_t value = 2 * j + (Transposed ? row % 2 : c % 2);
  return f.element(holder, value);
}
template <int M, bool Transposed>
STRIDER_HOST_DEVICE constexpr thread_value_value matrix_rows_of(const thread_value_value& f) {
  const std::size_t tr = f.thread_rank();
  if (f.threads() % 32 != 0) refuse("make_tiled_copy: the fragment has {} threads, not whole warps", f.threads());
  if (f.values() % (2 * M) != 0) refuse("make_tiled_copy: {} values per thread do not split into the {} of an .x{} instruction", f.values(), 2 * M, M);
  const axis_list warps = axes_above(f.layout, 0, tr, 32, "threads");
  const axis_list chunks = axes_above(f.layout, tr, f.layout.rank, 2 * M, "values");
  // The lanes' and c's strides, fitted and then checked at every point.
  const index_t base = matrix_row_element<M, Transposed>(f, 0, 0);
  index_t lane_stride[5] = {}, c_stride[3] = {};
  for (int b = 0; b < 5; ++b) lane_stride[b] = matrix_row_element<M, Transposed>(f, index_t{1} << b, 0) - base;
  for (int b = 0; b < 3; ++b) c_stride[b] = matrix_row_element<M, Transposed>(f, 0, index_t{1} << b) - base;
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t c = 0; c < 8; ++c) {
      index_t fitted = base;
      for (int b = 0; b < 5; ++b) fitted += ((lane >> b) & 1) * lane_stride[b];
      for (int b = 0; b < 3; ++b) fitted += ((c >> b) & 1) * c_stride[b];
      if (fitted != matrix_row_element<M, Transposed>(f, lane, c))
        refuse("make_tiled_copy: lane {}'s row element {} is tile element {}, which no layout of the lanes reaches (the fragment is not one ldmatrix places)", lane, c,
               matrix_row_element<M, Transposed>(f, lane, c));
    }
  axis_list threads = warps, values = chunks;
  for (int b = 4; b >= 0; --b) threads.push(2, lane_stride[b]);
  for (int b = 2; b >= 0; --b) values.push(2, c_stride[b]);
  dims tile;
  for (std::size_t d = 0; d < f.tile_rank; ++d) tile.push_back(f.tile_shape[d]);
  return thread_value_from_axes(threads, values, base, tile, f.replicated || M < 4, "the rows' thread-value layout");
}
template <int M, bool Transposed, class Fragment, bool Sixteen_bit = true>
struct matrix_rows_over {
  static constexpr thread_value_value value = matrix_rows_of<M, Transposed>(Fragment::tv_value);
  using type = checked_thread_value_t<value>;
};
template <int M, bool Transposed, class Fragment>
struct matrix_rows_over<M, Transposed, Fragment, false> {  // refused (tiled_copy_element_not_16_bit): the atom's own rows, so that it is the only error
  using type = matrix_rows_tv<M>;
};

template <bool Ok, index_t Bits>
struct tiled_copy_element_not_16_bit {
  static_assert(Ok, "make_tiled_copy: ldmatrix and stmatrix move 16-bit elements; the operand's are tiled_copy_element_not_16_bit<ok, bits> wide");
  static constexpr bool value = Ok;
};
template <class ViewElement, class FragmentElement>
struct tiled_copy_elements_differ {
  static_assert(std::is_same_v<ViewElement, FragmentElement>, "copy: the shared tile's element type is not the fragment's (16-bit bits: std::uint16_t)");
  static constexpr bool value = true;
};
template <bool Same>
struct tiled_copy_tile_differs {
  static_assert(Same, "copy: the tile's shape is not the tiled copy's (the operand's block tile: (TileM, TileK) for A, (TileK, TileN) for B)");
  static constexpr bool value = Same;
};
// Whether a view's static shape is `tile` (its rank and every extent).
template <class V>
STRIDER_HOST_DEVICE constexpr bool view_shape_is(const thread_value_value& tv) {
  constexpr layout_value e = view_entries<V>();
  if (e.rank != tv.tile_rank) return false;
  for (std::size_t d = 0; d < e.rank; ++d)
    if (e.shape[d] != tv.tile_shape[d]) return false;
  return true;
}
// The static layout a view's certificate reads (a swizzled or strided static layout, or a mixed
// one whose only run-time entry is its offset).
template <class V>
using certified_layout_t = typename std::remove_cvref_t<V>::layout_type;

// A static swizzled tile's offsets of a partition, split: thread t's value v lies at L's offset
// b(t) + c(v) (the partition's thread part and value part, before the swizzle), and where no
// thread part shares a bit with a value part, b + c is b ^ c and the swizzle (XORs of bits, so
// linear over XOR) gives swizzle(b) ^ swizzle(c): one swizzle per thread, computed once, and a
// constant per value. Where the parts may share bits (or a part is negative, or the tile is not a
// static swizzled one), `split` is false and the offsets go through the partition as usual.
// Layout is the view's layout type (a view's data() plus the offset is the element).
template <class Layout, class TV>
struct swizzle_split {
  static constexpr bool split = false;
};
template <class L, class S, class TV>
  requires static_layout_type<L>
struct swizzle_split<swizzled_layout<L, S>, TV> {
  // Thread t's part (its first value's offset in L) and value v's (its step from there), before
  // the swizzle.
  static constexpr index_t thread_offset(index_t t) { return flat_index_offset(L::value, unchecked_element(TV::tv_value, t, 0)); }
  static constexpr index_t value_offset(index_t v) { return flat_index_offset(L::value, unchecked_element(TV::tv_value, 0, v)) - thread_offset(0); }
  static constexpr bool plan() {
    index_t thread_bits = 0, value_bits = 0;
    for (index_t t = 0; t < TV::threads; ++t) {
      if (thread_offset(t) < 0) return false;
      thread_bits |= thread_offset(t);
    }
    for (index_t v = 0; v < TV::values; ++v) {
      if (value_offset(v) < 0) return false;
      value_bits |= value_offset(v);
    }
    return (thread_bits & value_bits) == 0;
  }
  static constexpr bool split = plan();
  // The bits any thread's part may have through the swizzle.
  static constexpr index_t swizzled_thread_bits = [] {
    index_t bits = 0;
    for (index_t t = 0; t < TV::threads; ++t) bits |= swizzle_offset(S::value, thread_offset(t));
    return bits;
  }();
  // Value v's part through the swizzle, a constant of the code, as the bits a thread's part may
  // share (XORed) and the rest (added, so that they fold into the address as an immediate).
  template <index_t Value>
  static constexpr index_t value_part = swizzle_offset(S::value, value_offset(Value));
  template <index_t Value>
  static constexpr index_t value_xor = value_part<Value> & swizzled_thread_bits;
  template <index_t Value>
  static constexpr index_t value_add = value_part<Value> & ~swizzled_thread_bits;
  // Thread t's part through the swizzle (the partition's offset, before it).
  STRIDER_HOST_DEVICE static constexpr index_t thread_part(index_t thread) {
    constexpr swizzle_value sw = S::value;  // a local constant: device code cannot read a static member of class type
    return swizzle_offset(sw, partition(L{}, TV{}, thread).offset());
  }
  // The offset of thread t's value Value: swizzle(b) ^ swizzle(c), as (swizzle(b) ^ x) + a.
  template <index_t Value>
  STRIDER_HOST_DEVICE static constexpr index_t offset(index_t thread) {
    constexpr index_t x = value_xor<Value>, a = value_add<Value>;
    return (thread_part(thread) ^ x) + a;
  }
};
}  // namespace detail

/// A tiled copy between shared memory and one operand of a tiled MMA (CuTe's make_tiled_copy_A/B/C
/// with an LDSM or STSM atom): every thread's fragment of the operand's block tile, Atom
/// (ldmatrix<M, Transposed> for A and B, stmatrix for C) issued `instructions` times per thread,
/// instruction q moving the fragment's values [2Mq, 2Mq + 2M). `shared_layout` is the
/// thread-value layout of the rows the lanes point at (values: instruction, then the row's 8
/// elements), derived from the fragment: with it, the registers the instruction moves are the
/// fragment's, whatever the shared tile's layout (`src_layout` and `dst_layout` name the two sides
/// as CuTe does). Which tile
/// layouts it reads correctly is the certificate's to say: `copy` requires each row's 8 elements
/// contiguous and 16-byte aligned in shared memory and the rows conflict-free (docs/atoms.md).
/// No permutation of the MMA is needed for .x4 over B: each lane points at its own row, so the
/// four matrices may sit anywhere in the tile (two atoms along N, whatever the warps between).
/// @pre the operand's elements are 16-bit; the fragment's values per thread a multiple of 2M.
/// @example `make_tiled_copy_b<ldmatrix_x4_trans>(Mma{})` for B stored K x N (N contiguous): four
///   8 x 8 matrices, two atoms along N, per instruction.
template <class Atom, class Mma, char Operand, copy_allowance Allow = certified>
struct tiled_copy_operand {
  static_assert(Operand == 'A' || Operand == 'B' || Operand == 'C', "tiled_copy_operand: the operand is 'A', 'B' or 'C'");
  using atom = Atom;
  using mma = Mma;
  /// C's 16-bit form is f16 (a converted accumulator: convert<f16>(c) or convert<bf16>(c), whose bits
  /// stmatrix moves alike).
  using operand_type = std::conditional_t<Operand == 'A', typename Mma::a_type, std::conditional_t<Operand == 'B', typename Mma::b_type, f16>>;
  using fragment_layout = std::conditional_t<Operand == 'A', typename Mma::a_layout, std::conditional_t<Operand == 'B', typename Mma::b_layout, typename Mma::c_layout>>;
  using fragment_type = std::conditional_t<Operand == 'A', a_fragment_t<Mma>,
                                           std::conditional_t<Operand == 'B', b_fragment_t<Mma>, fragment<std::uint16_t, typename c_fragment_t<Mma>::layout_type>>>;
  static_assert(detail::tiled_copy_element_not_16_bit<operand_type::bits == 16, operand_type::bits>::value);
  static constexpr int matrices = Atom::matrices;
  static constexpr bool transposed = Atom::transposed;
  /// The rows each lane points at: thread t's values (instruction q, element c).
  using shared_layout = typename detail::matrix_rows_over<Atom::matrices, Atom::transposed, fragment_layout, operand_type::bits == 16>::type;
  /// CuTe's names for the two sides: for ldmatrix (A, B) the rows are the source and the fragment
  /// (Mma::a_layout or b_layout) the destination; for stmatrix (C) the other way round.
  using src_layout = std::conditional_t<Operand == 'C', fragment_layout, shared_layout>;
  using dst_layout = std::conditional_t<Operand == 'C', shared_layout, fragment_layout>;
  static constexpr index_t threads = Mma::threads;
  static constexpr index_t instructions = shared_layout::values / 8;
  static constexpr copy_allowance allowance = Allow;
  /// The K block (of Mma::repeats_k) instruction q loads: `copy(tc, tile, f, thread, k)` issues
  /// those of one K block, so that a kernel may load the next while gemm uses this one (A and B).
  STRIDER_HOST_DEVICE static constexpr index_t k_block_of(index_t q) {
    const index_t first = 2 * Atom::matrices * q;
    if constexpr (Operand == 'A') return first / Mma::atom::a_layout::values % Mma::repeats_k;
    else if constexpr (Operand == 'B') return first / (Mma::repeats_n * Mma::atom::b_layout::values);
    else return 0;
  }
};

/// The tiled copies of a tiled MMA's operands: `make_tiled_copy_a<ldmatrix_x4>(Mma{})`.
/// With an allowance: `make_tiled_copy_a<ldmatrix_x4, allow_bank_conflicts>(Mma{})`.
template <class Atom, class Mma, copy_allowance Allow = certified>
using tiled_copy_a_t = tiled_copy_operand<Atom, Mma, 'A', Allow>;
template <class Atom, class Mma, copy_allowance Allow = certified>
using tiled_copy_b_t = tiled_copy_operand<Atom, Mma, 'B', Allow>;
template <class Atom, copy_allowance Allow = certified, class Mma>
STRIDER_HOST_DEVICE constexpr tiled_copy_a_t<Atom, Mma, Allow> make_tiled_copy_a(const Mma&) { return {}; }
template <class Atom, copy_allowance Allow = certified, class Mma>
STRIDER_HOST_DEVICE constexpr tiled_copy_b_t<Atom, Mma, Allow> make_tiled_copy_b(const Mma&) { return {}; }
/// The tiled copy of a tiled MMA's C fragment, converted to 16 bits, into shared memory by
/// stmatrix (CuTe's make_tiled_copy_C with an STSM atom): an epilogue's first half, the second a
/// universal_copy of the shared tile's vectors to global memory. `copy(tc, fragment, shared,
/// thread)` (device, sm_90), `host_copy(tc, fragments, shared)` (twin); the rows certified as
/// ldmatrix's are.
/// @example `copy(make_tiled_copy_c<stmatrix_x4>(Mma{}), convert<f16>(c), c_shared, thread)`.
template <class Atom, class Mma, copy_allowance Allow = certified>
using tiled_copy_c_t = tiled_copy_operand<Atom, Mma, 'C', Allow>;
template <class Atom, copy_allowance Allow = certified, class Mma>
STRIDER_HOST_DEVICE constexpr tiled_copy_c_t<Atom, Mma, Allow> make_tiled_copy_c(const Mma&) { return {}; }

namespace detail {
// copy's checks of a shared tile against an ldmatrix tiled copy: its element type, its shape and
// the certificate of the rows at 16 bytes (8 elements) per lane.
// Whether a row is 8 consecutive offsets of the tile's layout (before its swizzle, which keeps
// 8-element chunks whole where its shift allows: the certificate checks that), with the offsets
// of its first two elements where not. Thread 0's first row answers for every row: the rows'
// layout moves along one tile axis per axis (as partition requires), so a row's offsets are its
// start plus the same steps for every thread and instruction.
struct row_contiguity {
  bool ok = true;
  index_t first = 0, second = 0;
};
template <class V, class S>
STRIDER_HOST_DEVICE constexpr row_contiguity rows_contiguous() {
  constexpr layout_value tile = [] {
    layout_value t = view_entries<V>();
    t.offset = 0;  // a mixed tile's offset is a run-time value; the steps are what count
    return t;
  }();
  constexpr thread_value_value tv = S::tv_value;
  const index_t first = flat_index_offset(tile, unchecked_element(tv, 0, 0));
  for (index_t c = 1; c < 8; ++c)
    if (flat_index_offset(tile, unchecked_element(tv, 0, c)) != first + c) return {false, first, flat_index_offset(tile, unchecked_element(tv, 0, 1))};
  return {};
}
template <index_t First, index_t Second>
struct ldmatrix_row_not_contiguous {
  static_assert(First < 0, "copy: each lane's ldmatrix row must be 8 contiguous 16-bit elements of the shared tile: ldmatrix_row_not_contiguous<lane 0's row's first "
                           "offset, its second's> (the tile runs the other way: the other of ldmatrix and ldmatrix .trans reads it)");
};
template <class TC, class V, class T>
STRIDER_HOST_DEVICE constexpr bool check_matrix_copy() {
  using S = typename TC::shared_layout;
  static_assert(tiled_copy_elements_differ<std::remove_const_t<typename std::remove_cvref_t<V>::element_type>, T>::value);
  static_assert(tiled_copy_tile_differs<view_shape_is<V>(S::tv_value)>::value);
  if constexpr (view_shape_is<V>(S::tv_value)) {
    constexpr row_contiguity r = rows_contiguous<V, S>();
    if constexpr (!r.ok) return sizeof(ldmatrix_row_not_contiguous<r.first, r.second>) == 0;
    else if constexpr (TC::allowance == copy_allowance::bank_conflicts) static_assert(access_t<certified_layout_t<V>, S, 2, 8>::vector_width == 8);  // rows whole, banks allowed
    else static_assert(require_conflict_free_t<certified_layout_t<V>, S, 2, 8>::conflict_free);
  }
  return true;
}
// The first element of thread `thread`'s row for instruction Q: through the swizzle split where
// it holds (one swizzle per thread, a constant per instruction), else through the partition.
template <class TC, index_t Q, class V>
STRIDER_HOST_DEVICE constexpr auto* matrix_row(const V& shared, index_t thread) {
  using split = swizzle_split<certified_layout_t<V>, typename TC::shared_layout>;
  if constexpr (split::split) {
    return shared.data() + split::template offset<8 * Q>(thread);
  } else {
    const auto rows = partition(shared, typename TC::shared_layout{}, thread);
    return &element_at_flat(rows, 8 * Q, std::make_index_sequence<view_rank_v<decltype(rows)>>{});
  }
}
// f.template operator()<I>() for I in [0, N), each I a constant.
template <class F, index_t... I>
STRIDER_HOST_DEVICE constexpr void static_for_each(F&& f, std::integer_sequence<index_t, I...>) {
  (f.template operator()<I>(), ...);
}
template <index_t N, class F>
STRIDER_HOST_DEVICE constexpr void static_for(F&& f) {
  static_for_each(f, std::make_integer_sequence<index_t, N>{});
}
// Instruction q's M registers from a fragment's values [2Mq, 2Mq + 2M), and back.
template <int M, class T, class L>
STRIDER_HOST_DEVICE constexpr void unpack_registers(const std::uint32_t* r, fragment<T, L>& f, index_t q) {
  STRIDER_UNROLL
  for (index_t j = 0; j < M; ++j) store_pair(&f.values[2 * M * q + 2 * j], r[j]);
}
template <int M, class T, class L>
STRIDER_HOST_DEVICE constexpr void pack_registers(const fragment<T, L>& f, index_t q, std::uint32_t* r) {
  STRIDER_UNROLL
  for (index_t j = 0; j < M; ++j) r[j] = load_pair(&f.values[2 * M * q + 2 * j]);
}
}  // namespace detail

#ifdef __CUDACC__
/// CuTe's `copy(tiled_copy, src, dst)` by ldmatrix: thread `thread`'s fragment of the operand from
/// the shared tile `shared` (the operand's block tile, in the MMA's coordinates: (M, K) for A,
/// (K, N) for B), every instruction, or those of K block `k_block` only. Device code (sm_75 or
/// later); host_copy is its twin.
/// @pre shared holds the block tile (its shape the tiled copy's; a static or offset-only mixed
///      layout, 16-byte aligned); every thread of the block calls it.
/// @example `copy(make_tiled_copy_a<ldmatrix_x4>(Mma{}), a_stage, a, threadIdx.x, k)`.
template <class Atom, class Mma, char Op, copy_allowance Allow, class V, class T, class L>
  requires(Op != 'C')
__device__ void copy(const tiled_copy_operand<Atom, Mma, Op, Allow>&, const V& shared, fragment<T, L>& dst, index_t thread, index_t k_block = -1) {
  using TC = tiled_copy_operand<Atom, Mma, Op, Allow>;
  static_assert(std::is_same_v<fragment<T, L>, typename TC::fragment_type>, "copy: the fragment is not the tiled copy's operand's (partition_fragment_a or _b of its MMA)");
  static_assert(detail::check_matrix_copy<TC, V, T>());
  detail::static_for<TC::instructions>([&]<index_t Q>() {
    if (k_block < 0 || TC::k_block_of(Q) == k_block) {
      std::uint32_t r[Atom::matrices];
      Atom::copy(r, detail::matrix_row<TC, Q>(shared, thread));
      detail::unpack_registers<Atom::matrices>(r, dst, Q);
    }
  });
}
#endif

/// The host twin of copy by ldmatrix: every thread's fragment at once (`dst[t]` is thread t's),
/// each warp's instructions by the atom's host_load over its 32 lanes' rows.
/// @pre as copy's; dst holds TC::threads fragments.
/// @example `host_copy(make_tiled_copy_a<ldmatrix_x4>(Mma{}), a_stage, a.data())`.
template <class Atom, class Mma, char Op, copy_allowance Allow, class V, class T, class L>
  requires(Op != 'C')
void host_copy(const tiled_copy_operand<Atom, Mma, Op, Allow>&, const V& shared, fragment<T, L>* dst, index_t k_block = -1) {
  using TC = tiled_copy_operand<Atom, Mma, Op, Allow>;
  static_assert(std::is_same_v<fragment<T, L>, typename TC::fragment_type>, "host_copy: the fragment is not the tiled copy's operand's (partition_fragment_a or _b of its MMA)");
  static_assert(detail::check_matrix_copy<TC, V, T>());
  for (index_t warp = 0; warp < TC::threads / 32; ++warp)
    detail::static_for<TC::instructions>([&]<index_t Q>() {
      if (k_block >= 0 && TC::k_block_of(Q) != k_block) return;
      std::array<const std::uint16_t*, 32> rows{};
      for (index_t lane = 0; lane < 32; ++lane) rows[static_cast<std::size_t>(lane)] = detail::matrix_row<TC, Q>(shared, warp * 32 + lane);
      const auto registers = Atom::host_load(rows);
      for (index_t lane = 0; lane < 32; ++lane) detail::unpack_registers<Atom::matrices>(registers[static_cast<std::size_t>(lane)].data(), dst[warp * 32 + lane], Q);
    });
}

#ifdef __CUDACC__
/// copy of a C fragment (16-bit, converted) into shared memory by stmatrix: thread `thread`'s
/// values, every instruction. Device code (sm_90 or later); host_copy is its twin.
/// @pre shared holds the block's C tile (TileM, TileN), static (or offset-only mixed), 16-byte
///      aligned; every thread of the block calls it.
/// @example `copy(make_tiled_copy_c<stmatrix_x4>(Mma{}), convert<f16>(c), c_shared, threadIdx.x)`.
template <class Atom, class Mma, copy_allowance Allow, class T, class L, class V>
__device__ void copy(const tiled_copy_operand<Atom, Mma, 'C', Allow>&, const fragment<T, L>& src, const V& shared, index_t thread) {
  using TC = tiled_copy_operand<Atom, Mma, 'C', Allow>;
  static_assert(std::is_same_v<fragment<T, L>, typename TC::fragment_type>, "copy: the fragment is not the MMA's C fragment as 16-bit bits (convert<f16>(c))");
  static_assert(detail::check_matrix_copy<TC, V, T>());
  detail::static_for<TC::instructions>([&]<index_t Q>() {
    std::uint32_t r[Atom::matrices];
    detail::pack_registers<Atom::matrices>(src, Q, r);
    Atom::copy(r, detail::matrix_row<TC, Q>(shared, thread));
  });
}
#endif
/// The host twin of the C copy by stmatrix: every thread's fragment (`src[t]`), each warp's
/// instructions by the atom's host_store over its 32 lanes' rows.
/// @pre as copy's; src holds TC::threads fragments.
/// @example `host_copy(make_tiled_copy_c<stmatrix_x4>(Mma{}), c16.data(), c_shared)`.
template <class Atom, class Mma, copy_allowance Allow, class T, class L, class V>
void host_copy(const tiled_copy_operand<Atom, Mma, 'C', Allow>&, const fragment<T, L>* src, const V& shared) {
  using TC = tiled_copy_operand<Atom, Mma, 'C', Allow>;
  static_assert(std::is_same_v<fragment<T, L>, typename TC::fragment_type>, "host_copy: the fragment is not the MMA's C fragment as 16-bit bits (convert<f16>(c))");
  static_assert(detail::check_matrix_copy<TC, V, T>());
  for (index_t warp = 0; warp < TC::threads / 32; ++warp)
    detail::static_for<TC::instructions>([&]<index_t Q>() {
      std::array<std::uint16_t*, 32> rows{};
      typename Atom::registers_t registers{};
      for (index_t lane = 0; lane < 32; ++lane) {
        rows[static_cast<std::size_t>(lane)] = detail::matrix_row<TC, Q>(shared, warp * 32 + lane);
        detail::pack_registers<Atom::matrices>(src[warp * 32 + lane], Q, registers[static_cast<std::size_t>(lane)].data());
      }
      Atom::host_store(rows, registers);
    });
}

// --- vector copies over a block tile (cp.async, universal_copy) -----------------------------

/// CuTe's UniversalCopy of Bytes (4, 8 or 16) per thread: one vector load and one vector store
/// (ld/st .v2/.v4 by load_vector and store_vector), synchronous, from Source to Destination
/// memory; a source vector past a masked tile's data is stored as zeros (zero_fill) or not at all
/// (skip). The same code on the host (its own twin).
/// @pre both addresses aligned to Bytes.
/// @example `tiled_copy<universal_copy<16, memory_space::shared, memory_space::global>, tv, float>`
///   stores a shared tile to global memory as float4s.
template <int Bytes, memory_space Source = memory_space::global, memory_space Destination = memory_space::shared, out_of_bounds OutOfBounds = zero_fill>
struct universal_copy {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "universal_copy: a vector access moves 4, 8 or 16 bytes");
  static constexpr int bytes = Bytes;
  static constexpr out_of_bounds predicated_off = OutOfBounds;
  static constexpr memory_space source = Source, destination = Destination;
  template <class T>
  STRIDER_HOST_DEVICE static void copy(T* dst, const T* src, bool in_bounds) {
    constexpr int n = Bytes / static_cast<int>(sizeof(T));
    if (in_bounds) store_vector(dst, load_vector<n>(src));
    else if constexpr (OutOfBounds == out_of_bounds::zero_fill) store_vector(dst, vector_of<T, n>{});
  }
  template <class T>
  static void host_copy(T* dst, const T* src, bool in_bounds) { copy(dst, src, in_bounds); }
};

namespace detail {
// A thread-value layout over a tile repeated over a larger block tile (each axis a multiple): the
// same threads, each with the repeats (C order) before its own values; strides re-read in the
// block tile's C order.
STRIDER_HOST_DEVICE constexpr index_t rescaled_stride(index_t s, const thread_value_value& tv, const dims& block) {
  const index_t magnitude = s < 0 ? -s : s;
  index_t rest = magnitude, out = 0, block_step = 1;
  index_t digits[max_rank] = {};
  for (std::size_t k = tv.tile_rank; k-- > 0;) {
    digits[k] = rest % tv.tile_shape[k];
    rest /= tv.tile_shape[k];
  }
  for (std::size_t k = tv.tile_rank; k-- > 0;) {
    out += digits[k] * block_step;
    block_step *= block[k];
  }
  return s < 0 ? -out : out;
}
STRIDER_HOST_DEVICE constexpr thread_value_value repeated_over(const thread_value_value& tv, const dims& block) {
  if (block.size() != tv.tile_rank) refuse("make_tiled_copy: the block tile has rank {} and the copy's tile rank {}", block.size(), tv.tile_rank);
  const std::size_t tr = tv.thread_rank();
  axis_list threads, values;
  for (std::size_t d = 0; d < tr; ++d) threads.push(tv.layout.shape[d], rescaled_stride(tv.layout.strides[d], tv, block));
  index_t row[max_rank] = {}, step = 1;
  for (std::size_t k = block.size(); k-- > 0;) {
    if (block[k] % tv.tile_shape[k] != 0) refuse("make_tiled_copy: the block tile's extent {} of axis {} is not a multiple of the copy's {}", block[k], k, tv.tile_shape[k]);
    row[k] = step;
    step *= block[k];
  }
  for (std::size_t k = 0; k < block.size(); ++k) values.push(block[k] / tv.tile_shape[k], tv.tile_shape[k] * row[k]);
  for (std::size_t d = tr; d < tv.layout.rank; ++d) values.push(tv.layout.shape[d], rescaled_stride(tv.layout.strides[d], tv, block));
  return thread_value_from_axes(threads, values, rescaled_stride(tv.layout.offset, tv, block), block, tv.replicated, "the repeated layout");
}
template <class TV, class Block>
struct repeated_tv {
  static constexpr thread_value_value value = repeated_over(TV::tv_value, Block::as_dims());
  using type = checked_thread_value_t<value>;
};
template <index_t Values, index_t Width>
struct tiled_copy_width_does_not_divide {
  static_assert(Values % Width == 0, "make_tiled_copy: the thread-value layout's values per thread are not whole vectors of the atom's width: tiled_copy_width_does_not_divide<values, width>");
  static constexpr bool value = true;
};
// Whether a layout's strides and extents are all static (a global tile that can be certified).
template <class L>
STRIDER_HOST_DEVICE constexpr bool certifiable_tile() {
  if constexpr (static_layout_type<L>) return true;
  else if constexpr (requires { L::static_entries; } && !requires { typename L::partition_layout; }) {
    for (std::size_t d = 0; d < L::static_entries.rank; ++d)
      if (is_dyn_extent(L::static_entries.shape[d]) || L::static_entries.strides[d] == dyn) return false;
    return true;
  } else return false;
}
// One side of a vector copy, certified as its memory space says: a shared tile conflict-free (it
// must be static, swizzled or offset-only mixed), a global one coalesced where its strides are
// static (a masked or run-time-stride tile is not certified).
template <copy_allowance Allow, class Layout, class R, std::size_t Bytes, index_t Width, memory_space Space>
STRIDER_HOST_DEVICE constexpr bool certify_side() {
  constexpr index_t bytes = static_cast<index_t>(Bytes);
  constexpr bool readable = certifiable_tile<Layout>() || swizzled_layout_type<Layout>;
  if constexpr (Space == memory_space::shared) {
    static_assert(readable, "copy: a shared tile must have static extents and strides (the certificate reads them)");
    if constexpr (!readable) return false;
    else if constexpr (Allow == copy_allowance::bank_conflicts) return access_t<Layout, R, bytes, Width>::vector_width == Width;  // vectors checked, banks allowed
    else return require_conflict_free_t<Layout, R, bytes, Width>::conflict_free;
  } else if constexpr (!certifiable_tile<Layout>()) {
    return true;
  } else if constexpr (Allow == copy_allowance::uncoalesced) {
    return access_t<Layout, R, bytes, Width>::vector_width == Width;
  } else {
    return require_coalesced_t<Layout, R, bytes, Width>::coalesced;
  }
}
}  // namespace detail

/// A tiled copy of vectors (CuTe's make_tiled_copy(atom, thread layout, value layout)): TV, a
/// thread-value layout whose each thread's values are whole vectors of the atom's width (Atom's
/// bytes over the element's), repeated over whatever block tile `copy` is given (each axis a
/// multiple of TV's tile): thread t copies its vectors of every repeat. The atom is cp_async<...>
/// (global to shared) or universal_copy<...> (any memory spaces); Allow names what its
/// certificate lets pass.
/// @pre TV's values per thread a multiple of the width; each vector contiguous in both tiles (the
///      certificate says so at compile time for shared memory).
/// @example `make_tiled_copy<cp_async<16, cache_operator::cg>>(thread_value_t<contiguous<32, 4>,
///   contiguous<1, 8>>{})` copies a 128 x 32 tile of halves as 4 repeats of 32 x 32.
template <class Atom, thread_value_type TV, class T, copy_allowance Allow = certified>
struct tiled_copy {
  using atom = Atom;
  using thread_value = TV;
  using element_type = T;
  static constexpr index_t width = Atom::bytes / static_cast<index_t>(sizeof(T));
  static_assert(Atom::bytes % static_cast<index_t>(sizeof(T)) == 0, "make_tiled_copy: the atom's bytes are not whole elements");
  static_assert(detail::tiled_copy_width_does_not_divide<TV::values, width>::value);
  static constexpr index_t threads = TV::threads;
  static constexpr copy_allowance allowance = Allow;
  /// The layout over a block tile of shape Block (a shape<...>): TV repeated over it.
  template <class Block>
  using layout_over = typename detail::repeated_tv<TV, Block>::type;
};
/// `make_tiled_copy<Atom, T>(tv)`: the tiled copy of Atom's vectors of T over TV.
template <class Atom, class T, copy_allowance Allow = certified, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr tiled_copy<Atom, TV, T, Allow> make_tiled_copy(const TV&) { return {}; }

namespace detail {
// The block's static shape as a shape<...> type, from a view's static entries.
template <class V, std::size_t... D>
constexpr auto block_shape_of(std::index_sequence<D...>) {
  constexpr layout_value e = view_entries<V>();
  return shape<e.shape[D]...>{};
}
template <class V>
using block_shape_t = decltype(block_shape_of<V>(std::make_index_sequence<view_rank_v<V>>{}));
// The body of a vector copy, for copy and host_copy: `issue(dst, src, in_bounds)` per vector.
template <class TC, class S, class D, class Issue>
STRIDER_HOST_DEVICE constexpr void vector_copy(const S& src, const D& dst, index_t thread, const Issue& issue) {
  using E = typename TC::element_type;
  static_assert(std::is_same_v<std::remove_const_t<typename std::remove_cvref_t<S>::element_type>, E> &&
                    std::is_same_v<typename std::remove_cvref_t<D>::element_type, E>,
                "copy: the tiles' element types are not the tiled copy's");
  static_assert(static_shape<S>() && static_shape<D>(), "copy: the tiles' shapes must be static (block tiles)");
  using Block = block_shape_t<D>;
  static_assert(std::is_same_v<block_shape_t<S>, Block>, "copy: the source and destination tiles differ in shape");
  using R = typename TC::template layout_over<Block>;
  constexpr index_t w = TC::width;
  static_assert(certify_side<TC::allowance, certified_layout_t<S>, R, sizeof(E), w, TC::atom::source>());
  static_assert(certify_side<TC::allowance, certified_layout_t<D>, R, sizeof(E), w, TC::atom::destination>());
  const auto from = partition(src, R{}, thread);
  const auto to = partition(dst, R{}, thread);
  constexpr auto src_axes = std::make_index_sequence<view_rank_v<decltype(from)>>{};
  constexpr auto dst_axes = std::make_index_sequence<view_rank_v<decltype(to)>>{};
  using split = swizzle_split<certified_layout_t<D>, R>;  // the shared side's offsets, split where they may be
  static_for<R::values / w>([&]<index_t Vector>() {
    constexpr index_t v = Vector * w;
    const bool in_data = in_bounds_at_flat(from, v, src_axes), into_data = in_bounds_at_flat(to, v, dst_axes);
#if defined(NDEBUG) && defined(__CUDA_ARCH__)
    if (__builtin_is_constant_evaluated())
#endif
      // A vector partly in the data would be zero-filled or skipped whole: refused (on the host
      // always; on the device unless NDEBUG, where the host's check of the extents is the one).
      if (in_data != in_bounds_at_flat(from, v + w - 1, src_axes) || into_data != in_bounds_at_flat(to, v + w - 1, dst_axes))
        refuse("copy: a vector of {} elements runs past the masked tile's data (an extent not a multiple of the vector)", w);
    if (!into_data) return;  // a masked destination's vector past its data: nothing written
    E* const into = [&] {
      if constexpr (split::split) return dst.data() + split::template offset<v>(thread);
      else return &element_at_flat(to, v, dst_axes);
    }();
    issue(into, in_data ? &element_at_flat(from, v, src_axes) : from.data(), in_data);
  });
}
}  // namespace detail

#ifdef __CUDACC__
/// CuTe's `copy(tiled_copy, src, dst)` of vectors: thread `thread`'s vectors of the block tile from
/// `src` to `dst` (a tile of a tiling, masked or not, or a shared tile), by the atom's instruction
/// (cp.async: in flight until a wait group covers it); a masked source's vectors past the data
/// are zero-filled or skipped as the atom says, a masked destination's are not written. Each side
/// is certified as the atom's memory space for it says: a shared one conflict-free at the atom's
/// width, a global one coalesced where its strides are static (a masked or run-time-stride tile
/// is not certified), unless the copy names an allowance.
/// @pre both tiles of one static shape, each axis a multiple of the copy's tile; the vectors
///      aligned to the atom's bytes; a masked tile's vectors in or out of the data whole.
/// @example `copy(g2s, p.a.tile(bm, kt), a_stage, threadIdx.x); cp_async_commit_group();`
template <class Atom, class TV, class T, copy_allowance Allow, class S, class D>
__device__ void copy(const tiled_copy<Atom, TV, T, Allow>&, const S& src, const D& dst, index_t thread) {
  detail::vector_copy<tiled_copy<Atom, TV, T, Allow>>(src, dst, thread, [](T* to, const T* from, bool in_bounds) { Atom::copy(to, from, in_bounds); });
}
#endif
/// The host twin of a vector copy: thread `thread`'s vectors by the atom's host_copy.
/// @pre as copy's.
/// @example `for (t = 0; t < 128; ++t) host_copy(g2s, p.a.tile(bm, kt), a_stage, t);`
template <class Atom, class TV, class T, copy_allowance Allow, class S, class D>
void host_copy(const tiled_copy<Atom, TV, T, Allow>&, const S& src, const D& dst, index_t thread) {
  detail::vector_copy<tiled_copy<Atom, TV, T, Allow>>(src, dst, thread, [](T* to, const T* from, bool in_bounds) { Atom::host_copy(to, from, in_bounds); });
}


}  // namespace strider
