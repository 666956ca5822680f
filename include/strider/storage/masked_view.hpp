// strider/storage/masked_view.hpp: views of partial tiles (docs/algebra.md, "Partial tiles"):
// `tile<masked, T...>(view)` and `tile<padded, T...>(view)`.
#pragma once

#include "view.hpp"

namespace strider {

/// A view through a masked_layout (a masked tiling) or a masked_tile_layout (one tile of it):
/// a pointer and the layout. It reads and writes only elements in the data: `in_bounds(i...)`
/// says which those are, and element access checks it (unless NDEBUG; a trap in device code).
/// `tile(t...)` of a masked tiling is tile t, a masked view that keeps the mask, and on a tile
/// `select<Dim>(t, i)`, `narrow<Dim, Length>(t, start)` and `partition(t, tv, thread)` (below)
/// keep it too. No other view
/// operation takes a masked view: its padded layout reaches past the data.
template <class T, class ML>
class masked_view {
 public:
  using element_type = T;
  using layout_type = ML;
  static constexpr std::size_t rank = ML::rank;

  STRIDER_HOST_DEVICE constexpr masked_view(T* data, const ML& layout) : data_(data), layout_(layout) {}
  STRIDER_HOST_DEVICE constexpr T* data() const { return data_; }
  STRIDER_HOST_DEVICE constexpr const ML& layout() const { return layout_; }

  /// Whether element (i...) is in the data.
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr bool in_bounds(I... index) const { return layout_.in_bounds(index...); }
  /// Element (i...), which must be in the data.
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr T& operator()(I... index) const { return data_[layout_(index...)]; }

  /// A masked tiling's extents (the data) and tile counts (rounded up).
  STRIDER_HOST_DEVICE constexpr auto extents() const
    requires requires(const ML& l) { l.extents(); }
  { return layout_.extents(); }
  STRIDER_HOST_DEVICE constexpr auto tile_counts() const
    requires requires(const ML& l) { l.tile_counts(); }
  { return layout_.tile_counts(); }
  /// A tile's valid extents: how many indices along each axis are in the data.
  STRIDER_HOST_DEVICE constexpr auto valid() const
    requires requires(const ML& l) { l.valid(); }
  { return layout_.valid(); }

  /// Tile (t...) of a masked tiling, as a masked view.
  template <std::integral... I>
    requires requires(const ML& l, I... i) { l.tile_with_offset(i...); }
  STRIDER_HOST_DEVICE constexpr auto tile(I... tile_index) const {
    const auto t = layout_.tile_with_offset(tile_index...);
    return masked_view<T, std::remove_cvref_t<decltype(t.tile)>>(data_ + t.offset, t.tile);
  }

 private:
  T* data_;
  ML layout_;
};

/// `tile_at(tiles, t...)`: tile (t...) of a masked tiling view (`tile<masked, T...>(v)`), a masked
/// view that keeps the mask, as `tile_at` gives a tile of an exact or padded tiling: a kernel
/// switches a tiling's policy without rewriting its calls. Each t in [0, tile count) (checked
/// unless NDEBUG).
/// Example: for a 10 x 37 view v, `tile_at(tile<masked, 4, 8>(v), 2, 4)` is rows 8-11, columns
/// 32-39, valid (2, 5).
template <class T, class L, class P, detail::mask_value M, std::integral... I>
  requires(sizeof...(I) == M.rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const masked_view<T, masked_layout<L, P, M>>& v, I... tile_index) {
  return v.tile(tile_index...);
}

/// `select<Dim>(t, i)` on a masked tile view (one tile of `tile<masked, T...>(v)`, from
/// `.tile(...)`, or a view made from one): index i of axis Dim (in [0, tile extent), checked as
/// select<Dim>(view, i) checks it: a layout_error, or a trap in device code, unless NDEBUG;
/// unchecked, a bad index selects no data), the axis removed, the mask kept: when i is past the
/// data along Dim (i >= valid()[Dim]) no element of the result is data. Selecting the last axis
/// gives rank 0: `in_bounds()` and `operator()()`.
/// Example: for a 10 x 37 view v, `auto t = tile<masked, 4, 8>(v).tile(2, 4)` (rows 8-11,
/// columns 32-39; valid (2, 5)); `auto row = select<0>(t, 1)` is row 9: `row.in_bounds(4)`
/// (column 36) is true, `row.in_bounds(5)` false; `select<0>(t, 2).in_bounds(0)` is false (row
/// 10 is past the data); `select<0>(row, 4)()` is v(9, 36).
template <index_t Dim, class T, class TL, std::size_t R>
  requires(R > 0)
STRIDER_HOST_DEVICE constexpr auto select(const masked_view<T, masked_tile_layout<TL, R>>& v, index_t index) {
  const auto m = select<Dim>(v.layout(), index);
  return masked_view<T, std::remove_cvref_t<decltype(m)>>(v.data(), m);
}
/// `narrow<Dim, Length>(t, start)` on a masked tile view: indices [start, start + Length) of axis
/// Dim (start in [0, tile extent - Length], checked as narrow<Dim, Length>(view, start) checks
/// it; unchecked, a bad start admits no element past the data), the mask kept: valid()[Dim]
/// becomes `clamp(valid()[Dim] - start, 0, Length)`.
/// Example: for t above (valid (2, 5)), `auto r = narrow<0, 2>(t, 1)` is rows 9-10, valid (1, 5):
/// `r.in_bounds(0, 4)` is true (v(9, 36)), `r.in_bounds(1, 0)` false (row 10); a kernel thread
/// takes its rows of a block tile so: `narrow<0, RowsPerThread>(t, threadIdx.y * RowsPerThread)`.
template <index_t Dim, index_t Length, class T, class TL, std::size_t R>
  requires(R > 0)
STRIDER_HOST_DEVICE constexpr auto narrow(const masked_view<T, masked_tile_layout<TL, R>>& v, index_t start) {
  const auto m = narrow<Dim, Length>(v.layout(), start);
  return masked_view<T, std::remove_cvref_t<decltype(m)>>(v.data(), m);
}

/// `partition(t, TV{}, thread)` on a masked tile view: one thread's values (as partition of a
/// tile view gives them), a masked view whose `in_bounds(w...)` says which are in the data; the
/// thread is checked as on a tile view. A kernel's tail tile: `if (mine.in_bounds(i, j)) ...`.
template <class T, class TL, std::size_t R, thread_value_type TV>
  requires(R > 0)
STRIDER_HOST_DEVICE constexpr auto partition(const masked_view<T, masked_tile_layout<TL, R>>& v, TV tv, index_t thread) {
  const auto m = partition(v.layout(), tv, thread);
  return masked_view<T, std::remove_cvref_t<decltype(m)>>(v.data(), m);
}

/// Every axis blocked by its tile extent T..., by a policy: `tile<exact, T...>(x)` is
/// `tile<T...>(x)`; `tile<padded, T...>(x)` rounds the tile count up and needs storage that holds
/// the padded span (refused otherwise: at compile time for a static view); `tile<masked,
/// T...>(x)` is a masked_view (exact, a plain view, where every tile divides its axis).
template <tile_policy P, index_t... T, detail::view_source X>
  requires detail::borrowable<X> && (detail::static_source<X> || detail::mixed_source<X>)
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) {
  const auto v = x.as_view();
  using V = decltype(v);
  using E = typename V::element_type;
  using L = typename V::layout_type;
  using R = tile_t<L, P, T...>;
  if constexpr (detail::is_masked_layout_v<R>) {
    return masked_view<E, R>(v.data(), tile<P, T...>(v.layout()));
  } else if constexpr (detail::tiles_exactly_v<L, P, T...> && !detail::static_source<X>) {
    return tile<T...>(v);  // exact (every tile divides as the type knows): the same elements and storage
  } else if constexpr (detail::static_source<X>) {
    static_assert(R::storage_size <= L::storage_size,
                  "tile<padded>: the padded tiles reach past the view's storage (allocate the padded span, or tile<masked>)");
    return detail::with_layout<R>(x);
  } else {
    const auto layout = tile<P, T...>(v.layout());
    if (layout.storage_size() > v.storage_size())
      detail::refuse("tile<padded>: the padded tiles reach {} elements, past the view's storage of {} (allocate the padded span, or tile<masked>)",
                     layout.storage_size(), v.storage_size());
    return tensor_view<E, std::remove_cvref_t<decltype(layout)>>(v.data(), layout, detail::within_checked_t{});
  }
}

/// A dynamic view's tiles by a policy: exact or padded (the padded span must be in the view's
/// storage); a dynamic layout carries no mask, so `masked` is refused here.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tile(X&& x, const dims& tile_shape, tile_policy policy) {
  if (policy == tile_policy::masked) throw layout_error("tile: masked tiles need a static or mixed layout (a dynamic layout carries no mask); use padded");
  const auto v = x.as_view();
  const dynamic_layout layout = tile(v.layout(), tile_shape, policy);
  if (layout.storage_size() > v.storage_size())
    throw layout_error("tile<padded>: the padded tiles reach {} elements, past the view's storage of {} (allocate the padded span)", layout.storage_size(),
                       v.storage_size());
  return tensor_view<typename decltype(v)::element_type, dynamic_layout>(v.data(), layout, detail::within_checked_t{});
}

}  // namespace strider
