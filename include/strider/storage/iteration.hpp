// strider/storage/iteration.hpp: visiting every element of a view or tensor.
//
//   for_each(v, f)                   f(element) in logical order (row-major: last axis fastest)
//   for_each_indexed(v, f)           f(index, element) in logical order
//   for_each_in_storage_order(v, f)  f(element) by ascending storage offset
//   static_for_each(v, f)            f(element) in logical order, fully unrolled (small static)
//   fill(v, value)                   every element = value
//   for (auto& x : v), begin(v)      iterators in logical order (ranges: views and tensors)
//
// Elements are passed by reference: `T&` for a mutable view, `const T&` for a const one and for
// a static layout that is not unique. A mutable view of a dynamic layout that is not unique
// throws layout_error "write: ..." before visiting anything (iterate as_const() to read it).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "../util/heap_array.hpp"
#include "view.hpp"

namespace strider {

namespace detail {

// Calls the caller's function: a __device__ lambda in device code, a host one on the host.
STRIDER_CALLS_CALLER
template <class F, class... A>
STRIDER_HOST_DEVICE constexpr void call_caller(F& f, A&&... a) {
  f(static_cast<A&&>(a)...);
}

// Logical-order walk of a static layout: nested loops over constant extents and strides, which
// the compiler unrolls or vectorizes as it would a hand-written loop. visit(offset).
STRIDER_CALLS_CALLER
template <static_layout_type L, std::size_t D = 0, class Visit>
STRIDER_HOST_DEVICE constexpr void static_walk(index_t offset, Visit& visit) {
  if constexpr (D == L::rank) {
    visit(offset);
  } else {
    for (index_t i = 0; i < L::shape[D]; ++i) static_walk<L, D + 1>(offset + i * L::strides[D], visit);
  }
}

// The same over a mixed layout: a loop per axis, each extent and stride a constant where the
// type has it and the layout's held entry otherwise (no layout value in memory, no division).
STRIDER_CALLS_CALLER
template <std::size_t D = 0, mixed_layout_type L, class Visit>
STRIDER_HOST_DEVICE constexpr void mixed_walk(const L& l, index_t offset, Visit& visit) {
  if constexpr (D == L::rank) {
    visit(offset);
  } else {
    const index_t n = l.template axis_extent<D>(), step = l.template axis_stride<D>();
    for (index_t i = 0; i < n; ++i, offset += step) mixed_walk<D + 1>(l, offset, visit);
  }
}

// A mixed layout's element count from its extents, constants where static (the layout is valid:
// it fits in int64).
template <mixed_layout_type L, std::size_t... D>
STRIDER_HOST_DEVICE constexpr index_t mixed_size(const L& l, std::index_sequence<D...>) {
  return (index_t{1} * ... * l.template axis_extent<D>());
}

// The same with the multi-index: visit(index, offset).
STRIDER_CALLS_CALLER
template <static_layout_type L, std::size_t D = 0, class Visit>
STRIDER_HOST_DEVICE constexpr void static_walk_indexed(index_array<L::rank>& index, index_t offset, Visit& visit) {
  if constexpr (D == L::rank) {
    visit(static_cast<const index_array<L::rank>&>(index), offset);
  } else {
    for (index[D] = 0; index[D] < L::shape[D]; ++index[D])
      static_walk_indexed<L, D + 1>(index, offset + index[D] * L::strides[D], visit);
  }
}

// Storage order. When the axes that move (extent > 1, stride != 0) nest (sorted by |stride|, each
// steps over everything the smaller ones reach), looping over them from the largest |stride| to
// the smallest, each walked towards higher offsets, visits strictly increasing offsets; zero-stride
// axes, looped innermost in their logical order, repeat each offset with the copies in logical
// order. Otherwise (interleaved axes, e.g. from as_strided or unfold) the offsets are sorted.
inline void storage_walk(const layout_value& v, const auto& visit) {
  const index_t count = detail::element_count(v, "for_each_in_storage_order");
  if (count == 0) return;
  const moving_axes m = sorted_moving_axes(v);
  if (m.nested) {
    layout_value loops{};  // largest stride outermost, then the zero-stride axes in logical order
    loops.offset = min_offset(v, "for_each_in_storage_order");  // every moving axis walked upwards
    for (std::size_t i = m.count; i-- > 0; ++loops.rank) {
      loops.shape[loops.rank] = m.extent[i];
      loops.strides[loops.rank] = m.stride[i];
    }
    for (std::size_t d = 0; d < v.rank; ++d) {
      if (v.shape[d] == 1 || v.strides[d] != 0) continue;
      loops.shape[loops.rank] = v.shape[d];
      loops.strides[loops.rank] = 0;
      ++loops.rank;
    }
    for_each_offset(loops, visit);
    return;
  }
  const heap_array<index_t> offsets(static_cast<std::size_t>(count), heap_array<index_t>::for_overwrite_t{});
  index_t n = 0;
  for_each_offset(v, [&](index_t offset) { offsets[static_cast<std::size_t>(n++)] = offset; });
  sort_ascending(offsets.get(), count);
  for (index_t k = 0; k < count; ++k) visit(offsets[static_cast<std::size_t>(k)]);
}

// The offset of element k (in C order) of a static layout, a swizzled one's through its swizzle.
template <class L>
STRIDER_HOST_DEVICE constexpr index_t static_flat_offset(std::size_t k) {
  if constexpr (swizzled_layout_type<L>) return swizzle_offset(L::swizzle, flat_index_offset(L::layout_type::value, k));
  else return flat_index_offset(L::value, k);
}

// The view to iterate, and a refusal when it may not be written.
template <class X>
STRIDER_HOST_DEVICE constexpr auto iteration_view(X& x) {
  auto v = x.as_view();
  using V = decltype(v);
  if constexpr (!V::is_static && !std::is_const_v<typename V::element_type>) {
    if constexpr (!proven_unique<typename V::layout_type>())  // else nothing to test at run time
      if (!v.is_unique()) refuse_not_writable();
  }
  return v;
}

}  // namespace detail

/// Calls `f(element)` for every element of a view or tensor in logical (row-major) order. For a
/// static layout the loops have constant bounds and strides (as fast as a hand-written loop).
STRIDER_CALLS_CALLER
template <detail::view_source X, class F>
STRIDER_HOST_DEVICE constexpr void for_each(X&& x, F&& f) {
  const auto v = detail::iteration_view(x);
  using V = decltype(v);
  using R = typename V::reference;
  auto* const data = v.data();
  auto visit = [&](index_t offset) { detail::call_caller(f, static_cast<R>(data[offset])); };
  if constexpr (swizzled_layout_type<typename V::layout_type>) detail::walk_offsets(v.layout(), visit);
  else if constexpr (V::is_static) detail::static_walk<typename V::layout_type>(V::offset(), visit);
  else if constexpr (mixed_layout_type<typename V::layout_type>) {
    if constexpr (V::layout_type::static_is_contiguous == static_answer::yes) {  // one run of size() offsets: one loop
      const index_t first = v.layout().offset(), n = detail::mixed_size(v.layout(), std::make_index_sequence<V::layout_type::rank>{});
      for (index_t k = 0; k < n; ++k) visit(first + k);
    } else {
      detail::mixed_walk(v.layout(), v.layout().offset(), visit);
    }
  }
  else detail::for_each_offset(v.layout().value(), visit);
}

/// Calls `f(index, element)` for every element in logical order; index is a
/// `index_array<rank>` (which converts to a std::array; `.array()` gives one) for a static
/// layout, a `dims` for a dynamic one.
STRIDER_CALLS_CALLER
template <detail::view_source X, class F>
STRIDER_HOST_DEVICE constexpr void for_each_indexed(X&& x, F&& f) {
  const auto v = detail::iteration_view(x);
  using V = decltype(v);
  using R = typename V::reference;
  auto* const data = v.data();
  if constexpr (swizzled_layout_type<typename V::layout_type>) {
    detail::walk_elements(v.layout(), [&](const dims& i, index_t offset) { detail::call_caller(f, i, static_cast<R>(data[offset])); });
  } else if constexpr (V::is_static) {
    using L = typename V::layout_type;
    index_array<L::rank> index{};
    auto visit = [&](const index_array<L::rank>& i, index_t offset) { detail::call_caller(f, i, static_cast<R>(data[offset])); };
    detail::static_walk_indexed<L>(index, L::offset, visit);
  } else {
    detail::for_each_element(v.layout().value(), [&](const dims& i, index_t offset) { detail::call_caller(f, i, static_cast<R>(data[offset])); });
  }
}

/// Calls `f(element)` for every element by ascending storage offset (the order of the memory
/// itself, whatever the axes' order and signs). Every logical element is visited once: in a
/// layout that is not unique, the elements that share a storage offset follow each other, in
/// logical order, so the same storage element is seen several times. Layouts whose axes
/// interleave (from as_strided or unfold) are visited through a sorted list of offsets
/// (allocates 8 bytes per element); the others directly.
template <detail::view_source X, class F>
void for_each_in_storage_order(X&& x, F&& f) {
  const auto v = detail::iteration_view(x);
  using V = decltype(v);
  using R = typename V::reference;
  auto* const data = v.data();
  if constexpr (swizzled_layout_type<typename V::layout_type>) {  // the swizzled offsets, sorted
    // index_t, spelled through the view so that nothing here is compiled until a swizzled view
    // asks for it.
    std::vector<decltype(v.size())> offsets;
    offsets.reserve(static_cast<std::size_t>(v.size()));
    detail::walk_offsets(v.layout(), [&](index_t offset) { offsets.push_back(offset); });
    std::stable_sort(offsets.begin(), offsets.end());
    for (const index_t offset : offsets) f(static_cast<R>(data[offset]));
  } else {
    detail::storage_walk(detail::to_layout_value(v.layout()), [&](index_t offset) { f(static_cast<R>(data[offset])); });
  }
}

/// Calls `f(element)` for every element of a small static view or tensor in logical order, fully
/// unrolled: one call per element with its storage offset a constant, no loop. At most max_unrolled_size elements; use for_each beyond that. For compile-time
/// indices as well, see for_each_index in strider/hana.hpp.
STRIDER_CALLS_CALLER
template <detail::static_source X, class F>
STRIDER_HOST_DEVICE constexpr void static_for_each(X&& x, F&& f) {
  const auto v = x.as_view();
  using V = decltype(v);
  using L = typename V::layout_type;
  using R = typename V::reference;
  static_assert(L::size <= max_unrolled_size, "static_for_each: too many elements to unroll (more than max_unrolled_size); use for_each");
  auto* const data = v.data();
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (detail::call_caller(f, static_cast<R>(data[std::integral_constant<index_t, detail::static_flat_offset<L>(K)>::value])), ...);
  }(std::make_index_sequence<static_cast<std::size_t>(L::size)>{});
}

/// Sets every element of a view or tensor to `value` (refused for a layout that is not unique).
template <detail::view_source X>
STRIDER_HOST_DEVICE constexpr void fill(X&& x, const typename detail::view_of_t<X>::value_type& value) {
  if constexpr (detail::refuses_writes<typename detail::view_of_t<X>::layout_type>) {
    static_assert(detail::always_false<X>, "write: the layout is not unique (elements share storage); it cannot be filled");
  } else {
    for_each(x, [&](auto& element) { element = value; });
  }
}

// --- iterators: views and tensors as ranges -----------------------------------------------------

namespace detail {
// The layout an element_iterator walks: a copy of a dynamic one; for a static layout nothing,
// its value being a constant (so that a step along the last axis compiles to an add and a
// compare).
template <class L>
struct iterator_layout {
  layout_value value{};
  const layout_value& get() const { return value; }
};
template <static_layout_type L>
struct iterator_layout<L> {
  STRIDER_HOST_DEVICE static constexpr const layout_value& get() { return L::value; }
};
}  // namespace detail

/// A forward iterator over the elements of a layout L (a static layout type, or dynamic_layout)
/// in logical (row-major) order: the core's odometer (next_index) over the layout, never
/// referring to the view it came from. `R` is the element reference (`T&` or `const T&`).
template <class R, class L = dynamic_layout>
class element_iterator {
 public:
  using value_type = std::remove_cvref_t<R>;
  using difference_type = std::ptrdiff_t;
  using reference = R;
  using pointer = std::remove_reference_t<R>*;

  element_iterator() = default;
  /// Element `position` of the layout's logical order: 0 (begin) or the size (end).
  element_iterator(pointer data, const layout_value& layout, index_t position)
    requires(!static_layout_type<L>)
      : data_(data), layout_{layout}, offset_(layout.offset), position_(position) {}
  element_iterator(pointer data, index_t position)
    requires static_layout_type<L>
      : data_(data), offset_(L::offset), position_(position) {}

  reference operator*() const { return data_[offset_]; }
  pointer operator->() const { return data_ + offset_; }
  element_iterator& operator++() {
    ++position_;
    // Along the last axis without the odometer's loop: the common step, a few instructions.
    const layout_value& v = layout_.get();
    const std::size_t last = v.rank - 1;
    if (v.rank > 0 && index_[last] + 1 < v.shape[last]) {
      ++index_[last];
      offset_ += v.strides[last];
    } else {
      detail::next_index(v, v.rank, index_, offset_);
    }
    return *this;
  }
  element_iterator operator++(int) {
    element_iterator before = *this;
    ++*this;
    return before;
  }
  friend bool operator==(const element_iterator& a, const element_iterator& b) { return a.position_ == b.position_; }

 private:
  pointer data_ = nullptr;
  [[no_unique_address]] detail::iterator_layout<L> layout_{};
  index_t index_[max_rank] = {};
  index_t offset_ = 0, position_ = 0;
};

namespace detail {
// A static layout whose elements are consecutive in storage iterates with plain pointers: a
// range-for over it is the raw pointer loop.
template <class L>
constexpr bool pointer_iterable = false;
template <static_layout_type L>
constexpr bool pointer_iterable<L> = L::is_contiguous && L::is_unique;

template <class X>
STRIDER_HOST_DEVICE constexpr auto iterator_at(X& x, bool end) {
  const auto v = iteration_view(x);
  using V = std::remove_const_t<decltype(v)>;
  using L = typename V::layout_type;
  using R = typename V::reference;
  static_assert(!swizzled_layout_type<L>, "begin: a view of a swizzled layout is not a range (its offsets are no strided walk); visit its elements with for_each or for_each_indexed");
  if constexpr (pointer_iterable<L>) {
    std::remove_reference_t<R>* first = v.data() + L::offset;
    return end ? first + L::size : first;
  } else if constexpr (static_layout_type<L>) {
    return element_iterator<R, L>(v.data(), end ? L::size : 0);
  } else {
    return element_iterator<R>(v.data(), to_layout_value(v.layout()), end ? v.size() : 0);
  }
}
}  // namespace detail

/// The first element of a view or tensor in logical (row-major) order, as std::begin: with
/// end(), a view or tensor is a range (`for (auto& x : v)`, <algorithm>, std::ranges on an
/// lvalue). Elements are `T&`, or `const T&` for a const view or tensor and for a static layout
/// that is not unique; a mutable view of a dynamic layout that is not unique throws "write: ...".
/// A static contiguous layout iterates with plain pointers; other layouts with element_iterator.
/// (Lvalues only, as std::ranges::begin asks; a range-for over a temporary binds it to one. The
/// const overloads are what std::ranges::begin finds for const ones.)
template <detail::view_source X>
STRIDER_HOST_DEVICE constexpr auto begin(X& x) { return detail::iterator_at(x, false); }
template <detail::view_source X>
STRIDER_HOST_DEVICE constexpr auto begin(const X& x) { return detail::iterator_at(x, false); }
/// One past the last element, as std::end.
template <detail::view_source X>
STRIDER_HOST_DEVICE constexpr auto end(X& x) { return detail::iterator_at(x, true); }
template <detail::view_source X>
STRIDER_HOST_DEVICE constexpr auto end(const X& x) { return detail::iterator_at(x, true); }

}  // namespace strider
