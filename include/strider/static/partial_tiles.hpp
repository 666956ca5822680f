// strider/static/partial_tiles.hpp: the masked tilings of tile_t<L, masked, T...> (docs/algebra.md,
// "Partial tiles"). A masked_layout is the padded tiled layout plus the real extents: it says
// which elements exist (in_bounds) and refuses the others (element access, checked unless
// NDEBUG). It is no layout of the view operations (those would lose the mask): its views are
// masked_views (strider/storage/masked_view.hpp).
#pragma once

#include "operations.hpp"
#include "runtime_index.hpp"  // select<Dim>(l, i), narrow<Dim, Length>(l, start) on a tile's layout

namespace strider {

namespace detail {
// An index outside the data of a masked tiling: a layout_error, or in device code a trap.
[[noreturn]] STRIDER_HOST_DEVICE inline void masked_index_out_of_data() {
  detail::refuse("masked: the element is past the data (check in_bounds first)");
}
// The padded layout with its K leading axes selected at 0 (the type of a mixed tiling's tile).
template <std::size_t K, class X>
constexpr auto select_leading(const X& x) {
  if constexpr (K == 0) return x;
  else return select_leading<K - 1>(select<0, 0>(x));
}
template <class Padded, std::size_t R, layout_value StaticTile>
struct masked_tile_type {
  using type = static_layout<StaticTile>;
};
template <class Padded, std::size_t R, layout_value StaticTile>
  requires(!static_layout_type<Padded>)
struct masked_tile_type<Padded, R, StaticTile> {
  using type = decltype(select_leading<R>(std::declval<const Padded&>()));
};
}  // namespace detail

namespace detail {
struct no_flag {};
}  // namespace detail

/// One tile of a masked tiling: the tile's layout (static where the tiled layout's strides are)
/// and how many of its indices along each axis are in the data (`valid()`, at most the tile
/// extent; 0 for a tile wholly past the data, which only an index left unchecked under NDEBUG
/// gives). Element (r...) exists when every r is below its
/// valid extent (`in_bounds(r...)`). `select<Dim>(m, i)` and `narrow<Dim, Length>(m, start)`
/// (below) cut it further and keep the mask; a rank-0 one (a select of a rank-1 tile) has no
/// valid extents and says by a flag whether its one element is data (`in_bounds()`).
template <class TileLayout, std::size_t R>
class masked_tile_layout {
 public:
  using tile_layout = TileLayout;
  static constexpr std::size_t rank = R;

  /// `valid`'s negative entries count as 0 (no index of that axis is data); each at most the
  /// tile's extent.
  STRIDER_HOST_DEVICE constexpr masked_tile_layout(const TileLayout& tile, const index_array<R>& valid) : tile_(tile) {
    STRIDER_UNROLL
    for (std::size_t d = 0; d < R; ++d) valid_[d] = detail::max_of(valid[d], 0);
    if constexpr (R == 0) element_in_data_ = true;
  }
  /// Rank 0: the one element, and whether it is data.
  STRIDER_HOST_DEVICE constexpr masked_tile_layout(const TileLayout& tile, bool element_in_data)
    requires(R == 0)
      : tile_(tile), valid_{}, element_in_data_(element_in_data) {}
  STRIDER_HOST_DEVICE constexpr const TileLayout& layout() const { return tile_; }
  /// Per axis, the number of indices in the data (0 to the tile extent).
  STRIDER_HOST_DEVICE constexpr const index_array<R>& valid() const { return valid_; }
  template <std::integral... I>
    requires(sizeof...(I) == R)
  STRIDER_HOST_DEVICE constexpr bool in_bounds(I... index) const {
    if constexpr (R == 0) {
      return element_in_data_;
    } else {
      const index_t i[] = {static_cast<index_t>(index)...};
      bool in = true;
      STRIDER_UNROLL
      for (std::size_t d = 0; d < R; ++d) in = in && detail::index_below(i[d], valid_[d]);  // valid_ >= 0: one comparison
      return in;
    }
  }
  /// Storage offset of element (r...), which must be in the data (checked unless NDEBUG).
  template <std::integral... I>
    requires(sizeof...(I) == R)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
#ifdef NDEBUG
    if (__builtin_is_constant_evaluated())
#endif
      if (!in_bounds(index...)) detail::masked_index_out_of_data();
    // Rank 0: the offset itself (a rank-0 mixed layout's operator() leaves an unused array, a
    // warning under -Wextra and nvcc).
    if constexpr (R == 0 && mixed_layout_type<TileLayout>) {
      return tile_.offset();
    } else if constexpr (R == 0) {
      constexpr index_t offset = TileLayout::offset;  // a local constant, which device code can read
      return offset;
    } else {
      return tile_(index...);
    }
  }

 private:
  TileLayout tile_;
  index_array<R> valid_{};  // each >= 0
  // Rank 0 only (a higher rank says it by valid_): whether the one element is data.
  [[no_unique_address]] std::conditional_t<R == 0, bool, detail::no_flag> element_in_data_{};
};

namespace detail {
// Axis D's entries of the padded tiling of l by a tile of extent T (core's `tiled` with the count
// rounded up, for the entries Padded holds): the tile count and step on axis D, the tile's stride
// on axis r + D. The padded layout's storage is its span (derived, not held).
// With Steps, the tile's strides are step_entry's (equal where a tile has an element): for the
// tiles' own layouts.
template <class Padded, std::size_t D, index_t T, bool Steps, class L>
STRIDER_HOST_DEVICE constexpr void padded_axis_entries(index_t* held, const L& l) {
  constexpr std::size_t r = L::rank;
  constexpr entry_slots slots = runtime_slots<Padded>;
  if constexpr (slots.shape[D] >= 0) held[slots.shape[D]] = ceil_div(extent_entry<D>(l), T);
  if constexpr (slots.strides[D] >= 0) held[slots.strides[D]] = tile_step(stride_entry<D>(l), T);
  if constexpr (slots.strides[r + D] >= 0) held[slots.strides[r + D]] = Steps ? step_entry<D>(l) : stride_entry<D>(l);
  static_assert(slots.shape[r + D] < 0 && slots.storage_size < 0, "tile<masked>: the tile extents are static and the padded storage is its span");
}
template <class Padded, mask_value M, bool Steps, class L, std::size_t... D>
STRIDER_HOST_DEVICE constexpr Padded padded_tiling(const L& l, std::index_sequence<D...>) {
  constexpr entry_slots slots = runtime_slots<Padded>;
  index_t held[Padded::dynamic_count + 1] = {};
  (padded_axis_entries<Padded, D, M.tile[D], Steps>(held, l), ...);
  if constexpr (slots.offset >= 0) held[slots.offset] = offset_entry(l);
  return Padded{Padded::from_held(held)};  // a tiled_layout: an aggregate over its base layout
}
}  // namespace detail

/// `tile_t<L, masked, T...>` where a tile does not divide its axis: the layout L of the data
/// (`data_layout()`, all it holds: the run-time entries of L), read as its padded tiling
/// (`padded_layout`, `padded()`: which tile, then the element in the tile; the tile count rounded
/// up) with L's extents as the mask (`extents()`). Element (t..., r...) exists when
/// `t_d * T_d + r_d < extent_d` on every axis (`in_bounds`); `tile(t...)` (or `tile_at(m, t...)`)
/// is one tile, a masked_tile_layout that knows how much of it is data. Everything is computed
/// from L's entries, so that a kernel builds a masked tiling for free.
/// Example: `tile<masked, 4, 8>(contiguous<dyn, dyn>(10, 37))` has tile counts (3, 5); its
/// tile (2, 4) starts at offset 2 * 4 * 37 + 4 * 8 and has valid (2, 5).
template <class L, class Padded, detail::mask_value M>
class masked_layout {
 public:
  using data_layout_type = L;
  using padded_layout = Padded;
  /// The rank of the tiled layout L; the masked layout has twice as many axes.
  static constexpr std::size_t tiled_rank = M.rank;
  static constexpr std::size_t rank = Padded::rank;
  static constexpr std::size_t tile_rank = Padded::tile_rank;
  static constexpr std::size_t rest_rank = Padded::rest_rank;
  static constexpr index_array<tiled_rank> tile_shape = detail::first<tiled_rank>(M.tile);
  /// L's extents, dyn where they are run-time values.
  static constexpr index_array<tiled_rank> static_extents = detail::first<tiled_rank>(M.extents);
  static constexpr bool is_static = static_layout_type<L>;

  /// A static tiling: everything is known.
  constexpr masked_layout()
    requires is_static
  = default;
  /// The masked tiling of `data` (tile<masked, T...>(data) makes one), on the host and in device
  /// code.
  STRIDER_HOST_DEVICE constexpr explicit masked_layout(const L& data)
    requires(!is_static)
      : data_(data) {
#ifndef __CUDA_ARCH__
    // The padded tiling's offsets must be computed in int64 (its padding never read, so it may
    // lie outside the storage): core's rule refuses one that is not. Device code skips it (no
    // allocation's padded span comes near int64).
    dims tile_extents;
    for (std::size_t d = 0; d < tiled_rank; ++d) tile_extents.push_back(M.tile[d]);
    (void)detail::tiled(data.dynamic(), tile_extents, true, true);
#endif
  }
  STRIDER_HOST_DEVICE constexpr explicit masked_layout(const L&)
    requires is_static
  {}

  /// The layout of the data (L).
  STRIDER_HOST_DEVICE constexpr L data_layout() const {
    if constexpr (is_static) return L{};
    else return data_;
  }
  /// The padded tiling (its storage its padded span).
  STRIDER_HOST_DEVICE constexpr Padded padded() const {
    if constexpr (is_static) return Padded{};
    else return detail::padded_tiling<Padded, M, false>(data_layout(), std::make_index_sequence<tiled_rank>{});
  }
  /// L's extents: the data.
  STRIDER_HOST_DEVICE constexpr index_array<tiled_rank> extents() const { return extents_of(std::make_index_sequence<tiled_rank>{}); }
  /// The number of tiles along each axis (rounded up).
  STRIDER_HOST_DEVICE constexpr index_array<tiled_rank> tile_counts() const {
    constexpr index_array<tiled_rank> tile = tile_shape;  // a local constant: device code cannot read the static member
    const index_array<tiled_rank> e = extents();
    index_array<tiled_rank> out{};
    for (std::size_t d = 0; d < tiled_rank; ++d) out[d] = detail::ceil_div(e[d], tile[d]);
    return out;
  }
  /// Whether element (t..., r...) (tile t, element r of it) is in the data.
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr bool in_bounds(I... index) const {
    constexpr index_array<tiled_rank> tile = tile_shape;  // a local constant: device code cannot read the static member
    const index_array<tiled_rank> e = extents();
    const index_t i[] = {static_cast<index_t>(index)..., 0};
    for (std::size_t d = 0; d < tiled_rank; ++d) {
      const index_t t = i[d], r = i[tiled_rank + d];
      if (t < 0 || r < 0 || r >= tile[d] || t >= detail::ceil_div(e[d], tile[d])) return false;
      if (r >= e[d] - t * tile[d]) return false;  // t * tile < extent: no overflow, as t * tile + r could
    }
    return true;
  }
  /// Storage offset of element (t..., r...), which must be in the data (checked unless NDEBUG):
  /// L's offset of element t * T + r.
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
#ifdef NDEBUG
    if (__builtin_is_constant_evaluated())
#endif
      if (!in_bounds(index...)) detail::masked_index_out_of_data();
    const index_t i[] = {static_cast<index_t>(index)..., 0};
    return offset_of(i, std::make_index_sequence<tiled_rank>{});
  }
  /// The storage offset of tile (t...)'s first element, relative to the layout's offset.
  template <std::integral... I>
    requires(sizeof...(I) == tiled_rank)
  STRIDER_HOST_DEVICE constexpr index_t tile_offset(I... tile_index) const {
    constexpr index_array<tiled_rank> shape = tile_shape;  // a local constant: device code cannot read the static member
    const index_t t[] = {static_cast<index_t>(tile_index)..., 0};
    index_array<tiled_rank> start{};
    for (std::size_t d = 0; d < tiled_rank; ++d) start[d] = t[d] * shape[d];
    return start_offset(start.data(), std::make_index_sequence<tiled_rank>{});
  }
  /// Tile (t...): its layout (tile_offset(t...) from this one's first element) and how much of
  /// it is data. Each t in [0, tile count), checked unless NDEBUG (as tile_at's indices).
  template <std::integral... I>
    requires(sizeof...(I) == tiled_rank)
  STRIDER_HOST_DEVICE constexpr auto tile(I... tile_index) const {
    return tile_with_offset(tile_index...).tile;
  }
  /// Tile (t...) and tile_offset(t...) at once (what a masked view's tile needs: each tile
  /// start computed once).
  template <std::integral... I>
    requires(sizeof...(I) == tiled_rank)
  STRIDER_HOST_DEVICE constexpr auto tile_with_offset(I... tile_index) const {
    constexpr index_array<tiled_rank> shape = tile_shape;  // a local constant: device code cannot read the static member
    const index_array<tiled_rank> e = extents();
    const index_t t[] = {static_cast<index_t>(tile_index)..., 0};
    index_array<tiled_rank> start{}, valid{};
    for (std::size_t d = 0; d < tiled_rank; ++d) {
#ifdef NDEBUG
      if (__builtin_is_constant_evaluated())  // as tile_at's index: checked unless NDEBUG
#endif
        detail::check_index("tile_at", t[d], static_cast<index_t>(d), detail::ceil_div(e[d], shape[d]));
      // At least 1 for a tile in range (t * shape < extent); 0 or less past the data (the tile
      // makes it 0), which only an unchecked index (NDEBUG) gives: in_bounds is false there too.
      start[d] = t[d] * shape[d];
      const index_t left = e[d] - start[d];
      valid[d] = left < shape[d] ? left : shape[d];
    }
    struct result {
      masked_tile_layout<tile_layout_type, tiled_rank> tile;
      index_t offset;
    };
    return result{masked_tile_layout<tile_layout_type, tiled_rank>(first_tile(), valid), start_offset(start.data(), std::make_index_sequence<tiled_rank>{})};
  }

 private:
  template <std::size_t... D>
  STRIDER_HOST_DEVICE constexpr index_array<tiled_rank> extents_of(std::index_sequence<D...>) const {
    return {detail::extent_entry<D>(data_layout())...};
  }
  // The offset of the element at index start[d] along each axis (a tile's first: t * tile
  // extent), relative to L's offset: an element's offset for a tile in range.
  template <std::size_t... D>
  STRIDER_HOST_DEVICE constexpr index_t start_offset(const index_t* start, std::index_sequence<D...>) const {
    return (index_t{0} + ... + (start[D] * detail::step_entry<D>(data_layout())));
  }
  template <std::size_t... D>
  STRIDER_HOST_DEVICE constexpr index_t offset_of(const index_t* i, std::index_sequence<D...>) const {
    return (detail::offset_entry(data_layout()) + ... + ((i[D] * tile_extent<D>() + i[tiled_rank + D]) * detail::step_entry<D>(data_layout())));
  }
  template <std::size_t D>
  STRIDER_HOST_DEVICE static constexpr index_t tile_extent() {
    constexpr index_t extent = M.tile[D];  // a local constant: device code reads no host object
    return extent;
  }

  // A static tiling's tile: the tile axes of the padded layout, at its offset (also when there
  // is no tile, where select would refuse index 0).
  static constexpr layout_value static_tile_value() {
    layout_value v{};
    if constexpr (static_layout_type<Padded>) {
      v = Padded::value;
      v.rank = tiled_rank;
      for (std::size_t d = 0; d < tiled_rank; ++d) {
        v.shape[d] = Padded::value.shape[tiled_rank + d];
        v.strides[d] = Padded::value.strides[tiled_rank + d];
      }
    }
    return v;
  }
  using tile_layout_type = typename detail::masked_tile_type<Padded, tiled_rank, static_tile_value()>::type;
  // Tile 0's layout: the padded layout's tile axes at its offset (its entries copied, for a
  // mixed tiling).
  STRIDER_HOST_DEVICE constexpr auto first_tile() const {
    if constexpr (is_static) return tile_layout_type{};
    else {
      const Padded steps = detail::padded_tiling<Padded, M, true>(data_layout(), std::make_index_sequence<tiled_rank>{});
      return detail::runtime_index_result<tile_layout_type, 0, tiled_rank>(steps, detail::offset_entry(data_layout()), std::make_index_sequence<tiled_rank>{});
    }
  }

  [[no_unique_address]] std::conditional_t<is_static, detail::no_flag, L> data_{};
};

/// `tile_at(m, t...)`: tile (t...) of a masked tiling, as `tile_at` takes one of an exact or padded
/// tiling (`m.tile(t...)`: a masked_tile_layout), so that switching a tiling's policy keeps the
/// calls. Each t in [0, tile count), checked unless NDEBUG.
/// Example: `tile_at(tile<masked, 4, 8>(contiguous<dyn, dyn>(10, 37)), 2, 4).valid()` is (2, 5).
template <class L, class P, detail::mask_value M, std::integral... I>
  requires(sizeof...(I) == M.rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const masked_layout<L, P, M>& m, I... tile_index) {
  return m.tile(tile_index...);
}

namespace detail {
template <class T>
inline constexpr bool is_masked_layout_v = false;
template <class L, class P, mask_value M>
inline constexpr bool is_masked_layout_v<masked_layout<L, P, M>> = true;
template <class T>
inline constexpr bool is_masked_tile_layout_v = false;
template <class TL, std::size_t R>
inline constexpr bool is_masked_tile_layout_v<masked_tile_layout<TL, R>> = true;
}  // namespace detail

namespace detail {
// Axis Dim of a rank-R tile (negative from the end, as select and narrow take it).
template <index_t Dim, std::size_t R>
STRIDER_HOST_DEVICE constexpr std::size_t masked_axis() {
  static_assert(Dim >= -static_cast<index_t>(R) && Dim < static_cast<index_t>(R), "select/narrow on a masked tile: Dim is not an axis of the tile");
  return static_cast<std::size_t>(Dim < 0 ? Dim + static_cast<index_t>(R) : Dim);
}
}  // namespace detail

/// `select<Dim>(m, i)` on one masked tile: index i of axis Dim (run-time, in [0, tile extent):
/// checked as select on a layout checks it, a layout_error or a device trap unless NDEBUG; a bad
/// index that is not checked still selects no data), the axis removed, keeping the
/// mask: the other axes keep their valid extents when i is data along Dim (i < valid[Dim]);
/// otherwise nothing of the result is data (every valid extent 0). The layout is
/// `select<Dim>(m.layout(), i)`'s (static/runtime_index.hpp). A rank-1 tile gives rank 0, whose
/// `in_bounds()` says whether its one element is data.
/// Example: tile (2, 4) of a 4 x 8 masked tiling of a 10 x 37 matrix has valid (2, 5) (rows 8-9,
/// columns 32-36); `select<0>(t, 1)` is row 9, columns 32-39, valid (5); `select<0>(t, 3)` (row
/// 11) has valid (0); `select<0>(t, 4)` is an error (the tile has 4 rows).
template <index_t Dim, class TL, std::size_t R>
  requires(R > 0)
STRIDER_HOST_DEVICE constexpr auto select(const masked_tile_layout<TL, R>& m, index_t index) {
  constexpr std::size_t d = detail::masked_axis<Dim, R>();
  const auto layout = select<Dim>(m.layout(), index);  // checks the index against the tile's extent
  using S = std::remove_cvref_t<decltype(layout)>;
  // index >= 0 too: where the index is not checked (NDEBUG), a bad one still selects no data.
  const bool in_data = index >= 0 && index < m.valid()[d];
  if constexpr (R == 1) {
    return masked_tile_layout<S, 0>(layout, in_data);
  } else {
    index_array<R - 1> valid{};
    for (std::size_t k = 0, out = 0; k < R; ++k)
      if (k != d) valid[out++] = in_data ? m.valid()[k] : 0;
    return masked_tile_layout<S, R - 1>(layout, valid);
  }
}

/// `narrow<Dim, Length>(m, start)` on one masked tile: indices [start, start + Length) of axis
/// Dim (start at run time, in [0, tile extent - Length]: checked as narrow on a layout checks
/// it; a bad start that is not checked still admits no element past the data), keeping
/// the mask: valid[Dim] becomes `clamp(valid[Dim] - start, 0, Length)`, the others stay. The
/// layout is `narrow<Dim, Length>(m.layout(), start)`'s.
/// Example: for the tile t of valid (2, 5) above (4 x 8), `narrow<1, 4>(t, 2)` is columns 34-37,
/// valid (2, 3); `narrow<1, 4>(t, 4)` (columns 36-39) has valid (2, 1); `narrow<0, 2>(t, 2)`
/// (rows 10-11) has valid (0, 5): no element is data.
template <index_t Dim, index_t Length, class TL, std::size_t R>
  requires(R > 0)
STRIDER_HOST_DEVICE constexpr auto narrow(const masked_tile_layout<TL, R>& m, index_t start) {
  constexpr std::size_t d = detail::masked_axis<Dim, R>();
  const auto layout = narrow<Dim, Length>(m.layout(), start);  // checks start against the tile's extent
  index_array<R> valid = m.valid();
  const index_t left = valid[d] - start;
  // start < 0: no data (where start is not checked, NDEBUG, a bad one still admits none).
  valid[d] = start < 0 || left < 0 ? 0 : left < Length ? left : Length;
  return masked_tile_layout<std::remove_cvref_t<decltype(layout)>, R>(layout, valid);
}

namespace detail {
// Axis D's run-time entries of R, the exact tiling of l by a tile of extent T (core's `tiled`):
// the tile count, the step between tiles and the tile's stride, from l's entries. An extent the
// type does not know T divides is checked as the rule checks it (a trap with the message in
// device code).
template <class R, std::size_t D, index_t T, class L>
STRIDER_HOST_DEVICE constexpr void exact_axis_entries(index_t* held, const L& l) {
  constexpr std::size_t r = L::rank;
  constexpr entry_slots slots = runtime_slots<R>;
  if constexpr (slots.shape[D] >= 0) {
    constexpr index_t mark = L::static_entries.shape[D];
    constexpr bool divides = is_dyn_extent(mark) && multiple_of_mark(mark) % T == 0;  // dyn_multiple<N>, T dividing N
    const index_t extent = extent_entry<D>(l);
    if constexpr (!divides) {
      if (extent % T != 0) {
#if defined(__CUDA_ARCH__) && defined(NDEBUG)
        __trap();  // a release kernel: the trap without its message, whose printf costs every caller local memory and calls
#else
        // core's `tiled` refusal, word for word; its text on the refusing line, as the compile error shows it
        refuse("tile: tile extent {} does not divide extent {} of axis {} (the padded and masked tilings round the tile count up)", T, extent, D);
#endif
      }
    }
    held[slots.shape[D]] = extent / T;
  }
  if constexpr (slots.strides[D] >= 0) held[slots.strides[D]] = tile_step(stride_entry<D>(l), T);
  if constexpr (slots.strides[r + D] >= 0) held[slots.strides[r + D]] = stride_entry<D>(l);
}
template <class R, index_t... T, class L, std::size_t... D>
STRIDER_HOST_DEVICE constexpr R exact_tiling(const L& l, std::index_sequence<D...>) {
  constexpr entry_slots slots = runtime_slots<R>;
  constexpr index_t tile[] = {T...};
  index_t held[R::dynamic_count + 1] = {};
  (exact_axis_entries<R, D, tile[D]>(held, l), ...);
  if constexpr (slots.offset >= 0) held[slots.offset] = offset_entry(l);
  if constexpr (slots.storage_size >= 0) held[slots.storage_size] = storage_entry(l);
  return R{R::from_held(held)};
}
// Whether tile_t<L, P, T...> is exact: the policy is, or every tile divides its extent as the
// type knows it (then it is tile_t<L, T...>).
template <class L, tile_policy P, index_t... T>
inline constexpr bool tiles_exactly_v = tile_type<L, tile_request_of<P, T...>()>::exact;
// Whether tile_t<L, T...> of a mixed L is its exact tiling, computed from L's entries alone.
template <class R, class L, std::size_t Tiles>
inline constexpr bool exact_tiling_of_v = mixed_layout_type<R> && requires { R::tile_rank; } && Tiles == L::rank && R::rank == 2 * L::rank;
}  // namespace detail

/// The exact tiling of a mixed layout object: its run-time entries from l's, as cheap in device
/// code as on the host (no dynamic rule, no division past the tile counts).
template <index_t... T, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto tile(const L& l) {
  using R = tile_t<L, T...>;
  if constexpr (detail::exact_tiling_of_v<R, L, sizeof...(T)>) return detail::exact_tiling<R, T...>(l, std::make_index_sequence<L::rank>{});
  else return detail::algebra_layout_from<R>(tile(l.dynamic(), dims{T...}));
}

/// The layout function forms with a policy: `tile<padded, 16, 64>(l)`, `tile<masked, 16, 64>(l)`
/// (`tile<exact, ...>` is `tile<...>`), for static and mixed layouts.
template <tile_policy P, index_t... T, class L>
  requires(static_layout_type<L> || mixed_layout_type<L>)
STRIDER_HOST_DEVICE constexpr auto tile(const L& l) {
  using R = tile_t<L, P, T...>;
  if constexpr (static_layout_type<L> && !detail::is_masked_layout_v<R>) return R{};
  else if constexpr (static_layout_type<L>) return R{};  // a static layout's masked tiling knows its extents
  else if constexpr (detail::tiles_exactly_v<L, P, T...> && detail::exact_tiling_of_v<R, L, sizeof...(T)>) return tile<T...>(l);  // exact: from l's entries
  else if constexpr (!detail::is_masked_layout_v<R>) return detail::algebra_layout_from<R>(tile(l.dynamic(), dims{T...}, P));
  else return R(l);  // it holds l's entries: free in device code
}

}  // namespace strider
