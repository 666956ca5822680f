// strider/atom/tiled_mma.hpp: an MMA atom tiled over a block tile by a grid of warps (CuTe's
// TiledMMA), its per-thread fragments of A, B and C as thread-value types, and the checks that a
// kernel's own fragments are the instruction's (docs/atoms.md).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../core/thread_value.hpp"
#include "../static/layout.hpp"
#include "../static/thread_value.hpp"
#include "element_types.hpp"
#include "mma.hpp"

namespace strider {

namespace detail {
// Where a warp-grid axis moves an operand's tile: along its rows, its columns, or not at all (the
// operand is the same for every warp along it: A along N, B along M).
enum class warp_moves { rows, columns, nothing };

// The TV value of one operand of a tiled MMA: the warp-grid axes (WM, WN) and the atom's thread
// axes, then the repeats along the tile's rows and columns and the atom's value axes, over a
// (rows, columns) block tile. An atom's stride s (a C-order index in its r x c tile) is the
// move (s / c, s % c), rescaled to the block tile's columns; axes of extent 1 are dropped and
// neighbours that make one run along one tile axis are merged (one axis), so that the result fits
// max_rank.
STRIDER_HOST_DEVICE constexpr thread_value_value tiled_fragment(const thread_value_value& atom, index_t rows, index_t columns, index_t warps_m, index_t warps_n, warp_moves m_moves, warp_moves n_moves) {
  const index_t r = atom.tile_shape[0], c = atom.tile_shape[1];
  const auto step = [&](warp_moves w) -> index_t { return w == warp_moves::rows ? r * columns : w == warp_moves::columns ? c : 0; };
  const auto warps_along = [&](warp_moves w) { return (m_moves == w ? warps_m : 1) * (n_moves == w ? warps_n : 1); };
  const index_t row_warps = warps_along(warp_moves::rows), column_warps = warps_along(warp_moves::columns);
  index_t shape[2][max_rank + 2] = {}, stride[2][max_rank + 2] = {};
  std::size_t count[2] = {0, 0};
  const auto add = [&](int group, index_t extent, index_t s) {
    if (extent == 1) return;
    // One run with the axis before, if the run still moves along one tile axis (as partition
    // needs): down whole rows, or within a row.
    const bool along_one_axis = s % columns == 0 || (count[group] > 0 && shape[group][count[group] - 1] * extent * s <= columns);
    if (count[group] > 0 && stride[group][count[group] - 1] == extent * s && along_one_axis) {
      shape[group][count[group] - 1] *= extent;
      stride[group][count[group] - 1] = s;
      return;
    }
    shape[group][count[group]] = extent;
    stride[group][count[group]++] = s;
  };
  const auto rescale = [&](index_t s) { return (s / c) * columns + s % c; };
  add(0, warps_m, step(m_moves));
  add(0, warps_n, step(n_moves));
  const std::size_t atom_threads = atom.layout.rank - atom.value_rank;
  for (std::size_t d = 0; d < atom_threads; ++d) add(0, atom.layout.shape[d], rescale(atom.layout.strides[d]));
  add(1, rows / (r * row_warps), r * row_warps * columns);
  add(1, columns / (c * column_warps), c * column_warps);
  for (std::size_t d = atom_threads; d < atom.layout.rank; ++d) add(1, atom.layout.shape[d], rescale(atom.layout.strides[d]));
  dims s, t;
  for (int g = 0; g < 2; ++g)
    for (std::size_t d = 0; d < count[g]; ++d) {
      s.push_back(shape[g][d]);
      t.push_back(stride[g][d]);
    }
  const bool replicated_over_warps = (m_moves == warp_moves::nothing && warps_m > 1) || (n_moves == warp_moves::nothing && warps_n > 1);
  return thread_value_of(dynamic_layout(s, t, 0).value(), count[1], dims{rows, columns}, replicated_over_warps ? replicated : exactly_once);
}

// tiled_fragment's value as a class's member, from integers and the atom's TV type (cheap for nvcc
// 13's front end in a dependent context, where a call in a class template's member costs it
// hundreds of MB).
template <class AtomLayout, index_t Rows, index_t Columns, index_t WarpsM, index_t WarpsN, warp_moves MMoves, warp_moves NMoves>
struct tiled_fragment_of {
  static constexpr thread_value_value value = tiled_fragment(AtomLayout::tv_value, Rows, Columns, WarpsM, WarpsN, MMoves, NMoves);
  using type = checked_thread_value_t<value>;
};

// The refusal of a block tile the atom and warps do not divide: the compiler prints
// "tiled_mma_tile_does_not_divide<'N', 60, 16>" (the axis, the tile's extent, the atom's extent
// times the warps along it).
template <char Axis, index_t TileExtent, index_t AtomTimesWarps>
struct tiled_mma_tile_does_not_divide {
  static_assert(Axis == 0, "tiled_mma: the block tile's extent along M, N and K must be a multiple of the atom's times the warps along it: tiled_mma_tile_does_not_divide<axis, tile extent, atom extent x warps>");
};
template <index_t WarpsM, index_t WarpsN>
struct tiled_mma_warps_not_positive {
  static_assert(WarpsM < 0, "tiled_mma: the warp grid's extents must be positive: tiled_mma_warps_not_positive<warps along M, warps along N>");
};
template <index_t WM, index_t WN, index_t TM, index_t TN, index_t TK, index_t M, index_t N, index_t K>
constexpr bool check_tiled_mma() {
  if constexpr (WM < 1 || WN < 1) return sizeof(tiled_mma_warps_not_positive<WM, WN>) == 0;
  else if constexpr (TM < 1 || TM % (M * WM) != 0) return sizeof(tiled_mma_tile_does_not_divide<'M', TM, M * WM>) == 0;
  else if constexpr (TN < 1 || TN % (N * WN) != 0) return sizeof(tiled_mma_tile_does_not_divide<'N', TN, N * WN>) == 0;
  else if constexpr (TK < 1 || TK % K != 0) return sizeof(tiled_mma_tile_does_not_divide<'K', TK, K>) == 0;
  else return true;
}

// The refusal of an operand whose C++ element type is not the instruction's: the compiler prints
// "mma_operand_element_type_differs<'A', float, strider::f16>".
template <char Operand, class Element, class Tag>
struct mma_operand_element_type_differs {
  static_assert(Operand == 0, "tiled_mma: the tensor's element type does not hold the instruction's element type: mma_operand_element_type_differs<operand, the tensor's element type, the instruction's type>");
};
// C may also be stored as f16 or bf16 bits (an epilogue's `copy(convert<f16>(c), partition_c(...))`).
template <char Operand, class Tag, class X>
STRIDER_HOST_DEVICE constexpr bool check_operand_element() {
  if constexpr (requires(const X& x) { typename X::value_type; x.data(); }) {  // a view
    using E = typename X::value_type;
    constexpr bool converted_c = Operand == 'C' && std::is_same_v<std::remove_cv_t<E>, std::uint16_t>;
    if constexpr (!holds_element_v<Tag, E> && !converted_c) return sizeof(mma_operand_element_type_differs<Operand, E, Tag>) == 0;
  }
  return true;
}

// The refusal of a fragment that is not the instruction's, naming the first lane (thread) and
// register (value) where they differ and both elements as (row, column) of the tile:
// "fragment_differs<5, 3, 9, 3, 1, 11>": lane 5's register 3 should hold (9, 3), holds (1, 11).
template <index_t Lane, index_t Register, index_t ExpectedRow, index_t ExpectedColumn, index_t ActualRow, index_t ActualColumn>
struct fragment_differs {
  static_assert(Lane < 0, "require_fragment: the fragment differs from the instruction's: fragment_differs<lane, register, the instruction's row, column, the fragment's row, column>");
};
template <index_t ExpectedThreads, index_t ExpectedValues, index_t ExpectedRows, index_t ExpectedColumns, index_t Threads, index_t Values, index_t Rows, index_t Columns>
struct fragment_shape_differs {
  static_assert(ExpectedThreads < 0, "require_fragment: the fragment's threads, values or tile differ from the instruction's: fragment_shape_differs<the instruction's threads, values, tile rows, tile columns, the fragment's threads, values, tile rows, tile columns>");
};
struct fragment_comparison {
  bool same_shape = true;
  index_t lane = -1, value = -1, expected = 0, actual = 0;
};
STRIDER_HOST_DEVICE constexpr fragment_comparison compare_fragments(const thread_value_value& expected, const thread_value_value& actual) {
  fragment_comparison r;
  if (expected.threads() != actual.threads() || expected.values() != actual.values() || expected.tile_rank != 2 || actual.tile_rank != 2 ||
      expected.tile_shape[0] != actual.tile_shape[0] || expected.tile_shape[1] != actual.tile_shape[1]) {
    r.same_shape = false;
    return r;
  }
  // element(t, v) is a thread part plus a value part, so the difference of the two fragments is
  // d(t, 0) + d(0, v) - d(0, 0): it is zero everywhere when d(0, v) == d(0, 0) for every v and
  // d(t, 0) == d(0, 0) for every t, and the first pair in (thread, value) order where it is not is
  // in thread 0's values or at value 0 of a later thread. Threads + values elements, not their
  // product: a 128-row tile's fragments compare within every compiler's constant-evaluation limit.
  const auto differs = [&](index_t t, index_t v) {
    if (expected.element(t, v) == actual.element(t, v)) return false;
    r.lane = t, r.value = v, r.expected = expected.element(t, v), r.actual = actual.element(t, v);
    return true;
  };
  for (index_t v = 0; v < expected.values(); ++v)
    if (differs(0, v)) return r;
  for (index_t t = 1; t < expected.threads(); ++t)
    if (differs(t, 0)) return r;
  return r;
}
template <class Expected, class Actual>
constexpr auto checked_fragment() {
  constexpr thread_value_value e = Expected::tv_value, a = Actual::tv_value;
  constexpr fragment_comparison r = compare_fragments(e, a);
  if constexpr (!r.same_shape)
    return fragment_shape_differs<e.threads(), e.values(), e.tile_shape[0], e.tile_rank == 2 ? e.tile_shape[1] : 1, a.threads(), a.values(), a.tile_shape[0], a.tile_rank == 2 ? a.tile_shape[1] : 1>{};
  else if constexpr (r.lane >= 0)
    return fragment_differs<r.lane, r.value, r.expected / e.tile_shape[1], r.expected % e.tile_shape[1], r.actual / e.tile_shape[1], r.actual % e.tile_shape[1]>{};
  else return Actual{};
}
}  // namespace detail

/// `require_fragment_t<Expected, Actual>`: Actual, a thread-value type of a 2-D tile (a kernel's
/// own fragment layout), when each of its threads holds as each value the element Expected (an
/// instruction's fragment: `mma_m16n8k16<f16, f16, f32>::a_layout`) says; otherwise the build
/// stops naming the first lane and register where they differ and both elements.
/// @pre both are thread-value types over 2-D tiles (a differing count of threads or values, or
///      tile, is refused as fragment_shape_differs).
/// @example require_fragment_t<mma_m16n8k16<f16, f16, f32>::c_layout, as_thread_value_t<layout<
///   shape<8, 4, 2, 2>, strides<8, 2, 64, 1>>, 2, shape<16, 8>>> is the second type.
template <thread_value_type Expected, thread_value_type Actual>
using require_fragment_t = decltype(detail::checked_fragment<Expected, Actual>());

namespace detail {
// The thread rank of a composed fragment: the leading axes whose extents multiply to the
// fragment's thread count (composition may split an axis, never merge a thread axis with a value
// axis: the refusal otherwise).
STRIDER_HOST_DEVICE constexpr std::size_t leading_axes_of(const layout_value& l, index_t threads) {
  index_t n = 1;
  for (std::size_t d = 0; d <= l.rank; ++d) {
    if (n == threads) return d;
    if (d == l.rank || n > threads) break;
    n *= l.shape[d];
  }
  detail::refuse("compose_fragment: the placed layout's leading axes do not multiply to the fragment's {} threads (a thread axis merged with a value axis)", threads);
}
// A struct with the value as a named member: nvcc 13 spells `composed_fragment<...>::value` in
// its host code, where a call's result as a template argument would be an undeclared `__T58`.
template <class Placement, class TV, class Tile>
struct composed_fragment {
  static constexpr layout_value composed = composition(rule_value<Placement>, rule_value<TV>).value();
  static constexpr thread_value_value value =
      thread_value_of(composed, composed.rank - leading_axes_of(composed, TV::threads), Tile::as_dims(), TV::is_replicated ? replicated : exactly_once);
  using type = checked_thread_value_t<value>;
};
}  // namespace detail

/// `compose_fragment_t<Placement, TV, Tile>`: an atom's fragment TV (over its own tile) placed in
/// a tile of shape Tile: Placement maps each element of TV's tile (its shape, C order) to its
/// C-order index in Tile, and the result holds, for each thread and value, the placed element
/// (composition_t<Placement, TV>, checked as a thread-value type over Tile). CuTe's composition
/// of a TV layout with a tile.
/// @pre Placement's shape has TV's tile's element count; the result covers Tile as TV covers its own.
/// @example ldmatrix.x4 with matrix j at rows 8 (j % 2), columns 8 (j / 2) of a 16 x 16 tile
///   (Placement layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>): its registers are exactly
///   mma_m16n8k16's A fragment (docs/atoms.md).
template <class Placement, thread_value_type TV, class Tile>
using compose_fragment_t = typename detail::composed_fragment<Placement, TV, Tile>::type;

/// An MMA atom tiled over a block tile of (TileM, TileN, TileK) by a grid of WarpsM x WarpsN
/// warps (CuTe's TiledMMA with an atom layout of warps): `tiled_mma<mma_m16n8k16<f16, f16, f32>,
/// shape<2, 2>, shape<64, 32, 16>>`. Warp w = wm * WarpsN + wn (thread w * 32 + lane) computes
/// the atom tiles (wm + WarpsM * i, wn + WarpsN * j) of C, so each thread's C values are, in order,
/// the repeats along M, then along N, then the atom's registers; its A values the repeats along
/// M, then K, then the registers; B's along K, then N. Threads along N share A (replicated),
/// threads along M share B.
/// @pre WarpsM, WarpsN >= 1; TileM a multiple of m * WarpsM, TileN of n * WarpsN, TileK of k
///      (refused as tiled_mma_tile_does_not_divide<axis, extent, atom extent x warps>).
/// @example with mma_m16n8k16 over shape<32, 16, 16> and one warp, thread 0 holds C elements
///   (0, 0), (0, 1), (8, 0), (8, 1), then (0, 8), (0, 9), ... of the second atom along N.
template <class Atom, class Warps, class Tile>
struct tiled_mma {
  using atom = Atom;
  static constexpr auto warps = Warps::as_dims();
  static constexpr auto tile = Tile::as_dims();
  static_assert(warps.size() == 2 && tile.size() == 3, "tiled_mma: Warps is shape<warps along M, warps along N> and Tile shape<M, N, K>");
  static constexpr index_t warps_m = warps[0], warps_n = warps[1];
  static constexpr index_t tile_m = tile[0], tile_n = tile[1], tile_k = tile[2];
  // The refusal, apart from what the layouts below read, so that it is the only error.
  static_assert(detail::check_tiled_mma<warps_m, warps_n, tile_m, tile_n, tile_k, Atom::m, Atom::n, Atom::k>());
  static constexpr bool divides = warps_m >= 1 && warps_n >= 1 && tile_m >= 1 && tile_n >= 1 && tile_k >= 1 && tile_m % (Atom::m * warps_m) == 0 &&
                                  tile_n % (Atom::n * warps_n) == 0 && tile_k % Atom::k == 0;
  static constexpr index_t threads = 32 * warps_m * warps_n;
  /// How many atoms each warp issues along M, N and K per block tile.
  static constexpr index_t repeats_m = divides ? tile_m / (Atom::m * warps_m) : 0;
  static constexpr index_t repeats_n = divides ? tile_n / (Atom::n * warps_n) : 0;
  static constexpr index_t repeats_k = divides ? tile_k / Atom::k : 0;
  using a_type = typename Atom::a_type;
  using b_type = typename Atom::b_type;
  using c_type = typename Atom::c_type;

 private:
  // The extents the layouts are built over: the block's, or the atom's where the block is refused
  // (so that the refusal is the only error).
  static constexpr index_t rows_m = divides ? tile_m : Atom::m, columns_n = divides ? tile_n : Atom::n, depth_k = divides ? tile_k : Atom::k;
  static constexpr index_t grid_m = divides ? warps_m : 1, grid_n = divides ? warps_n : 1;

 public:
  /// Each thread's values of the (TileM, TileK) tile of A, the (TileK, TileN) tile of B and the
  /// (TileM, TileN) tile of C, as thread-value types (checked: every element held).
  using a_layout = typename detail::tiled_fragment_of<typename Atom::a_layout, rows_m, depth_k, grid_m, grid_n, detail::warp_moves::rows, detail::warp_moves::nothing>::type;
  using b_layout = typename detail::tiled_fragment_of<typename Atom::b_layout, depth_k, columns_n, grid_m, grid_n, detail::warp_moves::nothing, detail::warp_moves::columns>::type;
  using c_layout = typename detail::tiled_fragment_of<typename Atom::c_layout, rows_m, columns_n, grid_m, grid_n, detail::warp_moves::rows, detail::warp_moves::columns>::type;

  /// One thread's values of a tile of A, B or C (a view or a layout; its shape the block tile's):
  /// `partition(tile, a_layout{}, thread)`, a view's element type checked against the atom's
  /// (mma_operand_element_type_differs<'A', float, strider::f16>; C may also be 16-bit bits, for
  /// a converted fragment's store). CuTe's partition_A/B/C.
  template <class X>
  STRIDER_HOST_DEVICE static constexpr auto partition_a(const X& view, index_t thread) {
    static_assert(detail::check_operand_element<'A', a_type, X>());
    return partition(view, a_layout{}, thread);
  }
  template <class X>
  STRIDER_HOST_DEVICE static constexpr auto partition_b(const X& view, index_t thread) {
    static_assert(detail::check_operand_element<'B', b_type, X>());
    return partition(view, b_layout{}, thread);
  }
  template <class X>
  STRIDER_HOST_DEVICE static constexpr auto partition_c(const X& view, index_t thread) {
    static_assert(detail::check_operand_element<'C', c_type, X>());
    return partition(view, c_layout{}, thread);
  }
};

}  // namespace strider
