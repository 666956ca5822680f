// strider/storage/view_members.hpp: the member forms of the view operations on dynamic layouts
// (`v.slice("1:")`, `t.permute({1, 0})`), written once for dynamic views and dynamic tensors as
// the base `detail::dynamic_view_operations` that both inherit. Included by view.hpp, before the
// view type (and only there: it uses view.hpp's declarations above that point).
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../core/dims.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../core/slice.hpp"

namespace strider {

namespace detail {

// The member forms of the view operations on dynamic layouts, written once for dynamic views and
// dynamic tensors (Derived, with as_view() and layout()): each gives a view of Derived's storage
// under the layout function of the same name, of const elements when Derived is const (a const
// tensor). On a temporary tensor (Owning) they are deleted, since the view would dangle; a
// temporary view is fine. The free functions (below) call these.
template <class Derived, bool Owning>
class dynamic_view_operations {
 public:
  /// NumPy basic indexing, `v.slice("1:, ::-1")` is `a[1:, ::-1]`.
  auto slice(std::string_view index) & { return on(self(), strider::slice(self().layout(), index)); }
  auto slice(std::string_view index) const& { return on(self(), strider::slice(self().layout(), index)); }
  void slice(std::string_view index) && requires Owning = delete;
  /// Result axis i is axis axes[i].
  auto permute(const dims& axes) & { return on(self(), strider::permute(self().layout(), axes)); }
  auto permute(const dims& axes) const& { return on(self(), strider::permute(self().layout(), axes)); }
  void permute(const dims& axes) && requires Owning = delete;
  /// Swaps two axes.
  auto transpose(index_t axis_a, index_t axis_b) & { return on(self(), strider::transpose(self().layout(), axis_a, axis_b)); }
  auto transpose(index_t axis_a, index_t axis_b) const& { return on(self(), strider::transpose(self().layout(), axis_a, axis_b)); }
  void transpose(index_t axis_a, index_t axis_b) && requires Owning = delete;
  /// Reverses every axis.
  auto flip() & { return on(self(), strider::flip(self().layout())); }
  auto flip() const& { return on(self(), strider::flip(self().layout())); }
  void flip() && requires Owning = delete;
  /// Reverses the given axes.
  auto flip(const dims& axes) & { return on(self(), strider::flip(self().layout(), axes)); }
  auto flip(const dims& axes) const& { return on(self(), strider::flip(self().layout(), axes)); }
  void flip(const dims& axes) && requires Owning = delete;
  /// NumPy broadcast_to: the result is not unique when an axis is stretched (read-only).
  auto broadcast_to(const dims& shape) & { return on(self(), strider::broadcast_to(self().layout(), shape)); }
  auto broadcast_to(const dims& shape) const& { return on(self(), strider::broadcast_to(self().layout(), shape)); }
  void broadcast_to(const dims& shape) && requires Owning = delete;
  /// PyTorch view: the same elements in C order with a new shape (one extent may be -1).
  /// Throws "view: ..." when the strides cannot express it; then use contiguous().view(...).
  auto view(const dims& shape) & { return on(self(), viewed(shape)); }
  auto view(const dims& shape) const& { return on(self(), viewed(shape)); }
  /// Removes every extent-1 axis.
  auto squeeze() & { return on(self(), strider::squeeze(self().layout())); }
  auto squeeze() const& { return on(self(), strider::squeeze(self().layout())); }
  void squeeze() && requires Owning = delete;
  /// Removes the given extent-1 axes.
  auto squeeze(const dims& axes) & { return on(self(), strider::squeeze(self().layout(), axes)); }
  auto squeeze(const dims& axes) const& { return on(self(), strider::squeeze(self().layout(), axes)); }
  void squeeze(const dims& axes) && requires Owning = delete;
  /// Inserts an extent-1 axis.
  auto unsqueeze(index_t axis) & { return on(self(), strider::unsqueeze(self().layout(), axis)); }
  auto unsqueeze(index_t axis) const& { return on(self(), strider::unsqueeze(self().layout(), axis)); }
  void unsqueeze(index_t axis) && requires Owning = delete;
  /// The diagonal of axes a and b, appended as the last axis.
  auto diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) & { return on(self(), strider::diagonal(self().layout(), offset, axis_a, axis_b)); }
  auto diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) const& { return on(self(), strider::diagonal(self().layout(), offset, axis_a, axis_b)); }
  void diagonal(index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) && requires Owning = delete;
  /// Sliding windows along dim (overlapping, hence read-only, when step < size).
  auto unfold(index_t dim, index_t size, index_t step) & { return on(self(), strider::unfold(self().layout(), dim, size, step)); }
  auto unfold(index_t dim, index_t size, index_t step) const& { return on(self(), strider::unfold(self().layout(), dim, size, step)); }
  void unfold(index_t dim, index_t size, index_t step) && requires Owning = delete;
  /// Axes source[i] moved to places destination[i] (PyTorch movedim, NumPy moveaxis).
  auto movedim(const dims& source, const dims& destination) & { return on(self(), strider::movedim(self().layout(), source, destination)); }
  auto movedim(const dims& source, const dims& destination) const& { return on(self(), strider::movedim(self().layout(), source, destination)); }
  void movedim(const dims& source, const dims& destination) && requires Owning = delete;
  /// Dimension dim split into axes of these sizes (one may be -1).
  auto unflatten(index_t dim, const dims& sizes) & { return on(self(), strider::unflatten(self().layout(), dim, sizes)); }
  auto unflatten(index_t dim, const dims& sizes) const& { return on(self(), strider::unflatten(self().layout(), dim, sizes)); }
  void unflatten(index_t dim, const dims& sizes) && requires Owning = delete;
  /// PyTorch expand: extent-1 axes stretched (stride 0; read-only), -1 keeps an axis.
  auto expand(const dims& sizes) & { return on(self(), strider::expand(self().layout(), sizes)); }
  auto expand(const dims& sizes) const& { return on(self(), strider::expand(self().layout(), sizes)); }
  void expand(const dims& sizes) && requires Owning = delete;
  /// Axes start..end merged into one, as a view (throws when that would copy).
  auto flatten(index_t start = 0, index_t end = -1) & { return on(self(), strider::flatten(self().layout(), start, end)); }
  auto flatten(index_t start = 0, index_t end = -1) const& { return on(self(), strider::flatten(self().layout(), start, end)); }
  void flatten(index_t start = 0, index_t end = -1) && requires Owning = delete;
  /// Elements [start, start + length) of dimension dim.
  auto narrow(index_t dim, index_t start, index_t length) & { return on(self(), strider::narrow(self().layout(), dim, start, length)); }
  auto narrow(index_t dim, index_t start, index_t length) const& { return on(self(), strider::narrow(self().layout(), dim, start, length)); }
  void narrow(index_t dim, index_t start, index_t length) && requires Owning = delete;
  /// Index `index` of dimension dim, which is removed.
  auto select(index_t dim, index_t index) & { return on(self(), strider::select(self().layout(), dim, index)); }
  auto select(index_t dim, index_t index) const& { return on(self(), strider::select(self().layout(), dim, index)); }
  void select(index_t dim, index_t index) && requires Owning = delete;
  /// The fewest axes with the same elements in the same order (CuTe coalesce).
  auto coalesce() & { return on(self(), strider::coalesce(self().layout())); }
  auto coalesce() const& { return on(self(), strider::coalesce(self().layout())); }
  void coalesce() && requires Owning = delete;
  /// CuTe composition: element i is this view's element at index b(i) (b starts at offset 0).
  auto composition(const dynamic_layout& b) & { return on(self(), strider::composition(self().layout(), b)); }
  auto composition(const dynamic_layout& b) const& { return on(self(), strider::composition(self().layout(), b)); }
  void composition(const dynamic_layout& b) && requires Owning = delete;
  /// CuTe logical_divide: which tile, then the tile (the trailing axes of tiler's composition).
  auto logical_divide(const dynamic_layout& tiler) & { return on(self(), strider::logical_divide(self().layout(), tiler)); }
  auto logical_divide(const dynamic_layout& tiler) const& { return on(self(), strider::logical_divide(self().layout(), tiler)); }
  void logical_divide(const dynamic_layout& tiler) && requires Owning = delete;
  /// einops rearrange as a view: rearrange("b (h p) -> b h p", "p=2").
  auto rearrange(std::string_view pattern, std::string_view sizes = {}) & { return on(self(), strider::rearrange(self().layout(), pattern, sizes)); }
  auto rearrange(std::string_view pattern, std::string_view sizes = {}) const& { return on(self(), strider::rearrange(self().layout(), pattern, sizes)); }
  void rearrange(std::string_view pattern, std::string_view sizes = {}) && requires Owning = delete;
  /// Every axis blocked by its tile extent: which tile, then the element in the tile.
  auto tile(const dims& tile_shape) & { return on(self(), strider::tile(self().layout(), tile_shape)); }
  auto tile(const dims& tile_shape) const& { return on(self(), strider::tile(self().layout(), tile_shape)); }
  void tile(const dims& tile_shape) && requires Owning = delete;
  /// The last two axes swapped (PyTorch mT).
  auto matrix_transpose() & { return on(self(), strider::matrix_transpose(self().layout())); }
  auto matrix_transpose() const& { return on(self(), strider::matrix_transpose(self().layout())); }
  void matrix_transpose() && requires Owning = delete;
  /// The order of the axes reversed (NumPy .T).
  auto reverse_axis_order() & { return on(self(), strider::reverse_axis_order(self().layout())); }
  auto reverse_axis_order() const& { return on(self(), strider::reverse_axis_order(self().layout())); }
  void reverse_axis_order() && requires Owning = delete;
  /// NumPy sliding_window_view, one window extent per axis (read-only when windows overlap).
  auto sliding_window_view(const dims& window) & { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  auto sliding_window_view(const dims& window) const& { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  void sliding_window_view(const dims& window) && requires Owning = delete;
  /// NumPy sliding_window_view over the given axes.
  auto sliding_window_view(const dims& window, const dims& axes) & { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  auto sliding_window_view(const dims& window, const dims& axes) const& { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  void sliding_window_view(const dims& window, const dims& axes) && requires Owning = delete;
  /// PyTorch split: parts of split_size elements along dim.
  auto split(index_t split_size, index_t dim = 0) & { return parts_on(self(), strider::split(self().layout(), split_size, dim)); }
  auto split(index_t split_size, index_t dim = 0) const& { return parts_on(self(), strider::split(self().layout(), split_size, dim)); }
  void split(index_t split_size, index_t dim = 0) && requires Owning = delete;
  /// PyTorch split with a list of part sizes.
  auto split_with_sizes(const dims& split_sizes, index_t dim = 0) & { return parts_on(self(), strider::split_with_sizes(self().layout(), split_sizes, dim)); }
  auto split_with_sizes(const dims& split_sizes, index_t dim = 0) const& { return parts_on(self(), strider::split_with_sizes(self().layout(), split_sizes, dim)); }
  void split_with_sizes(const dims& split_sizes, index_t dim = 0) && requires Owning = delete;
  /// PyTorch chunk: at most `chunks` parts along dim.
  auto chunk(index_t chunks, index_t dim = 0) & { return parts_on(self(), strider::chunk(self().layout(), chunks, dim)); }
  auto chunk(index_t chunks, index_t dim = 0) const& { return parts_on(self(), strider::chunk(self().layout(), chunks, dim)); }
  void chunk(index_t chunks, index_t dim = 0) && requires Owning = delete;
  /// PyTorch unbind: one part per index of dim, which is removed.
  auto unbind(index_t dim = 0) & { return parts_on(self(), strider::unbind(self().layout(), dim)); }
  auto unbind(index_t dim = 0) const& { return parts_on(self(), strider::unbind(self().layout(), dim)); }
  void unbind(index_t dim = 0) && requires Owning = delete;
  /// PyTorch t(): a matrix transposed (rank 0 and 1 as they are).
  auto t() & { return on(self(), strider::t(self().layout())); }
  auto t() const& { return on(self(), strider::t(self().layout())); }
  void t() && requires Owning = delete;
  /// NumPy rot90: k quarter turns from axis1 towards axis2.
  auto rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) & { return on(self(), strider::rot90(self().layout(), k, axis1, axis2)); }
  auto rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) const& { return on(self(), strider::rot90(self().layout(), k, axis1, axis2)); }
  void rot90(index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) && requires Owning = delete;
  /// NumPy rollaxis: axis moved to just before the axis at start.
  auto rollaxis(index_t axis, index_t start = 0) & { return on(self(), strider::rollaxis(self().layout(), axis, start)); }
  auto rollaxis(index_t axis, index_t start = 0) const& { return on(self(), strider::rollaxis(self().layout(), axis, start)); }
  void rollaxis(index_t axis, index_t start = 0) && requires Owning = delete;
  /// NumPy expand_dims: an extent-1 axis at each of axes (places in the result).
  auto expand_dims(const dims& axes) & { return on(self(), strider::expand_dims(self().layout(), axes)); }
  auto expand_dims(const dims& axes) const& { return on(self(), strider::expand_dims(self().layout(), axes)); }
  void expand_dims(const dims& axes) && requires Owning = delete;
  /// PyTorch tensor_split (NumPy array_split): `sections` parts, the first ones one longer.
  auto tensor_split(index_t sections, index_t dim = 0) & { return parts_on(self(), strider::tensor_split(self().layout(), sections, dim)); }
  auto tensor_split(index_t sections, index_t dim = 0) const& { return parts_on(self(), strider::tensor_split(self().layout(), sections, dim)); }
  void tensor_split(index_t sections, index_t dim = 0) && requires Owning = delete;
  /// PyTorch tensor_split at indices: the parts between them, as Python slices.
  auto tensor_split_indices(const dims& indices, index_t dim = 0) & { return parts_on(self(), strider::tensor_split_indices(self().layout(), indices, dim)); }
  auto tensor_split_indices(const dims& indices, index_t dim = 0) const& { return parts_on(self(), strider::tensor_split_indices(self().layout(), indices, dim)); }
  void tensor_split_indices(const dims& indices, index_t dim = 0) && requires Owning = delete;
  /// NumPy split: `sections` parts of equal extent.
  auto numpy_split(index_t sections, index_t axis = 0) & { return parts_on(self(), strider::numpy_split(self().layout(), sections, axis)); }
  auto numpy_split(index_t sections, index_t axis = 0) const& { return parts_on(self(), strider::numpy_split(self().layout(), sections, axis)); }
  void numpy_split(index_t sections, index_t axis = 0) && requires Owning = delete;
  /// NumPy hsplit: numpy_split along axis 1 (0 of a 1-D view).
  auto hsplit(index_t sections) & { return parts_on(self(), strider::hsplit(self().layout(), sections)); }
  auto hsplit(index_t sections) const& { return parts_on(self(), strider::hsplit(self().layout(), sections)); }
  void hsplit(index_t sections) && requires Owning = delete;
  /// NumPy vsplit: numpy_split along axis 0.
  auto vsplit(index_t sections) & { return parts_on(self(), strider::vsplit(self().layout(), sections)); }
  auto vsplit(index_t sections) const& { return parts_on(self(), strider::vsplit(self().layout(), sections)); }
  void vsplit(index_t sections) && requires Owning = delete;
  /// NumPy dsplit: numpy_split along axis 2.
  auto dsplit(index_t sections) & { return parts_on(self(), strider::dsplit(self().layout(), sections)); }
  auto dsplit(index_t sections) const& { return parts_on(self(), strider::dsplit(self().layout(), sections)); }
  void dsplit(index_t sections) && requires Owning = delete;
  /// NumPy hsplit at indices.
  auto hsplit_indices(const dims& indices) & { return parts_on(self(), strider::hsplit_indices(self().layout(), indices)); }
  auto hsplit_indices(const dims& indices) const& { return parts_on(self(), strider::hsplit_indices(self().layout(), indices)); }
  void hsplit_indices(const dims& indices) && requires Owning = delete;
  /// NumPy vsplit at indices.
  auto vsplit_indices(const dims& indices) & { return parts_on(self(), strider::vsplit_indices(self().layout(), indices)); }
  auto vsplit_indices(const dims& indices) const& { return parts_on(self(), strider::vsplit_indices(self().layout(), indices)); }
  void vsplit_indices(const dims& indices) && requires Owning = delete;
  /// NumPy dsplit at indices.
  auto dsplit_indices(const dims& indices) & { return parts_on(self(), strider::dsplit_indices(self().layout(), indices)); }
  auto dsplit_indices(const dims& indices) const& { return parts_on(self(), strider::dsplit_indices(self().layout(), indices)); }
  void dsplit_indices(const dims& indices) && requires Owning = delete;
  /// Any layout within the storage the view's layout knows, [0, storage_size()).
  auto as_strided(const dims& shape, const dims& strides, index_t offset) & { return on(self(), strider::as_strided(self().layout(), shape, strides, offset)); }
  auto as_strided(const dims& shape, const dims& strides, index_t offset) const& { return on(self(), strider::as_strided(self().layout(), shape, strides, offset)); }
  void as_strided(const dims& shape, const dims& strides, index_t offset) && requires Owning = delete;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  // Derived's storage under `layout`, as a view (of const elements for a const tensor).
  template <class Self>
  using element_of = typename decltype(std::declval<Self&>().as_view())::element_type;
  template <class Self>
  static auto on(Self& self, const dynamic_layout& layout) {
    return tensor_view<element_of<Self>, dynamic_layout>(self.as_view().data(), layout, within_checked_t{});
  }
  template <class Self>
  static auto parts_on(Self& self, const layout_parts& parts) {
    return view_parts<element_of<Self>>(self.as_view().data(), parts);
  }
  dynamic_layout viewed(const dims& shape) const {
    if (!can_view(self().layout(), shape))
      detail::refuse("view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
    return strider::view(self().layout(), shape);
  }
};

}  // namespace detail

}  // namespace strider
