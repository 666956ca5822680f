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
#include "../core/operation_forms.hpp"
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
// The listed operations (core/operation_forms.hpp): `v.narrow(1, 0, 2)` is a view of v's storage
// through `narrow(v.layout(), 1, 0, 2)`; split and its kin give a view_parts.
#define STRIDER_MEMBER_FORM(on, name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  auto name(STRIDER_UNPAREN runtime_parameters) & { return on(self(), strider::name(self().layout() STRIDER_COMMA_BEFORE runtime_arguments)); } \
  auto name(STRIDER_UNPAREN runtime_parameters) const& { return on(self(), strider::name(self().layout() STRIDER_COMMA_BEFORE runtime_arguments)); } \
  void name(STRIDER_UNPAREN runtime_parameters) && requires Owning = delete;
#define STRIDER_VIEW_MEMBER_FORM(...) STRIDER_MEMBER_FORM(on, __VA_ARGS__)
#define STRIDER_PARTS_MEMBER_FORM(...) STRIDER_MEMBER_FORM(parts_on, __VA_ARGS__)
  STRIDER_VIEW_OPERATIONS(STRIDER_VIEW_MEMBER_FORM)
  STRIDER_PARTS_OPERATIONS(STRIDER_PARTS_MEMBER_FORM)
#undef STRIDER_PARTS_MEMBER_FORM
#undef STRIDER_VIEW_MEMBER_FORM
#undef STRIDER_MEMBER_FORM
  // The others, written by hand (core/operation_forms.hpp says why).
  /// Reverses every axis.
  auto flip() & { return on(self(), strider::flip(self().layout())); }
  auto flip() const& { return on(self(), strider::flip(self().layout())); }
  void flip() && requires Owning = delete;
  /// Reverses the given axes.
  auto flip(const dims& axes) & { return on(self(), strider::flip(self().layout(), axes)); }
  auto flip(const dims& axes) const& { return on(self(), strider::flip(self().layout(), axes)); }
  void flip(const dims& axes) && requires Owning = delete;
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
  /// Every axis blocked by its tile extent: which tile, then the element in the tile.
  auto tile(const dims& tile_shape) & { return on(self(), strider::tile(self().layout(), tile_shape)); }
  auto tile(const dims& tile_shape) const& { return on(self(), strider::tile(self().layout(), tile_shape)); }
  void tile(const dims& tile_shape) && requires Owning = delete;
  /// NumPy sliding_window_view, one window extent per axis (read-only when windows overlap).
  auto sliding_window_view(const dims& window) & { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  auto sliding_window_view(const dims& window) const& { return on(self(), strider::sliding_window_view(self().layout(), window)); }
  void sliding_window_view(const dims& window) && requires Owning = delete;
  /// NumPy sliding_window_view over the given axes.
  auto sliding_window_view(const dims& window, const dims& axes) & { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  auto sliding_window_view(const dims& window, const dims& axes) const& { return on(self(), strider::sliding_window_view(self().layout(), window, axes)); }
  void sliding_window_view(const dims& window, const dims& axes) && requires Owning = delete;

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
