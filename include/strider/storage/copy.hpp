// strider/storage/copy.hpp: copies between views, tensors and raw strided storage.
//
//   copy(src, dst)                                   dst = src, src broadcast to dst's shape
//   copy_to_contiguous(src, out)                     src's elements in C order into out
//   copy_strided(src, src_layout, dst, dst_layout)   dst[dst_layout(i...)] = src[src_layout(i...)]
//
// All three run the copy engine (engine/copy_engine.hpp) on a plan made from the two layouts
// (engine/copy_plan.hpp): rows contiguous in both layouts are memcpy'd, transposes go through
// SIMD tiles, large destinations are written with streaming stores, and large copies can be
// split between threads (copy_options); element types of one size and alignment share one
// instantiation of the engine (copied_as_t). Source and destination may overlap in memory (the
// copy then goes through a temporary, as NumPy's copyto does). benchmarks/README.md has figures.
// A swizzled layout (static/swizzled.hpp) is copied element by element through a temporary.
#pragma once

#include <span>
#include <type_traits>
#include <vector>

#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../engine/copy_engine.hpp"
#include "../static/layout.hpp"
#include "view.hpp"

namespace strider {

namespace detail {
// copy's source broadcast to its destination's shape; a source that does not broadcast is
// refused as "copy: ..." with both shapes, then broadcast_to's detail (NumPy's copyto names the
// two shapes too). A compile error for static layouts, so the check is constexpr.
constexpr dynamic_layout copy_source(const dynamic_layout& src, const dynamic_layout& dst) {
  const layout_value& s = src.value();
  const layout_value& d = dst.value();
  if (s.rank > d.rank)
    throw layout_error("copy: source shape {} cannot be broadcast to destination shape {}: the destination's rank {} is smaller than the source's rank {}", shape_text(s), shape_text(d), d.rank, s.rank);
  const std::size_t lead = d.rank - s.rank;
  for (std::size_t k = 0; k < s.rank; ++k)
    if (s.shape[k] != d.shape[lead + k] && s.shape[k] != 1)
      throw layout_error("copy: source shape {} cannot be broadcast to destination shape {}: extent {} of axis {} cannot be broadcast to {}", shape_text(s), shape_text(d), s.shape[k], k, d.shape[lead + k]);
  return broadcast_to(src, dst.shape());
}

// The C-order layout of L's shape, and S broadcast to D's shape for copy: the core functions, lifted.
template <static_layout_type L>
using contiguous_like_t = static_layout<dynamic_layout::contiguous(L::dynamic().shape()).value()>;
template <static_layout_type S, static_layout_type D>
using broadcast_like_t = static_layout<copy_source(S::dynamic(), D::dynamic()).value()>;

// copy through a swizzled layout (static/swizzled.hpp), whose offsets are no strided plan: the
// source's elements in C order into a temporary (so that the two may overlap), then into the
// destination in C order. The shapes must be equal (broadcast_to the source's view first).
template <class SV, class DV>
void copy_elements(const SV& s, const DV& d) {
  bool same = s.rank() == d.rank();
  for (std::size_t k = 0; same && k < s.rank(); ++k) same = s.extent(k) == d.extent(k);
  if (!same)
    throw layout_error("copy: source shape {} and destination shape {} differ: a swizzled layout is copied element by element, without broadcasting (broadcast_to the source first)",
                       tuple_text(dims(s.shape())), tuple_text(dims(d.shape())));
  std::vector<typename SV::value_type> elements;
  elements.reserve(static_cast<std::size_t>(s.size()));
  walk_offsets(s.layout(), [&](index_t offset) { elements.push_back(s.data()[offset]); });
  std::size_t k = 0;
  walk_offsets(d.layout(), [&](index_t offset) { d.data()[offset] = elements[k++]; });
}
}  // namespace detail

/// Copies every element of a strided layout into another of the same shape:
/// `dst[dst_layout(i...)] = src[src_layout(i...)]` for every logical index.
///
/// Throws `layout_error` when the shapes differ (broadcast the source first with
/// `broadcast_to`) or when the destination is not unique. Source and destination may overlap
/// in memory (the copy then goes through a temporary). `options.threads` > 1 splits large
/// copies between that many threads.
template <class T>
void copy_strided(const T* src, const dynamic_layout& src_layout, T* dst, const dynamic_layout& dst_layout, copy_options options = {}) {
  const copy_plan plan = make_copy_plan(src_layout.value(), dst_layout.value(), sizeof(T));
  detail::copy_engine::run(plan, src, dst, options);
}

/// The same with static layouts: the plan is computed by the compiler, and a copy between
/// different shapes or into a non-unique destination does not compile.
template <class T, static_layout_type S, static_layout_type D>
void copy_strided(const T* src, S, T* dst, D, copy_options options = {}) {
  static constexpr copy_plan plan = make_copy_plan(std::remove_cvref_t<S>::value, std::remove_cvref_t<D>::value, sizeof(T));
  detail::copy_engine::run(plan, src, dst, options);
}

/// Copies src into dst element by element (`dst(i...) = src(i...)`), src broadcast to dst's
/// shape (NumPy's copyto). Views or tensors, static or dynamic layouts, of the same element type;
/// src and dst may overlap. dst must be unique: a compile error for a static layout that is not,
/// layout_error "write: ..." for a dynamic one. A source that does not broadcast to dst's shape
/// is refused likewise, as "copy: source shape (2,) cannot be broadcast to destination shape
/// (3,): extent 2 of axis 0 cannot be broadcast to 3".
template <detail::view_source S, detail::view_source D>
void copy(S&& src, D&& dst, copy_options options = {}) {
  const auto s = src.as_view();
  const auto d = dst.as_view();
  using SV = decltype(s);
  using DV = decltype(d);
  static_assert(!std::is_const_v<typename DV::element_type>, "copy: the destination is read-only (a view of const elements)");
  static_assert(std::is_same_v<typename SV::value_type, typename DV::value_type>, "copy: source and destination element types differ");
  using SL = typename SV::layout_type;
  using DL = typename DV::layout_type;
  if constexpr (swizzled_layout_type<SL> || swizzled_layout_type<DL>) {
    if constexpr (detail::refuses_writes<DL>) {
      static_assert(!detail::refuses_writes<DL>, "write: the destination layout is not unique (elements share storage, as after broadcast_to or an overlapping unfold or as_strided)");
    } else {
      if (!d.is_unique()) detail::refuse_not_writable();
      detail::copy_elements(s, d);
    }
  } else if constexpr (static_layout_type<SL> && static_layout_type<DL>) {
    if constexpr (!DL::is_unique) {
      static_assert(DL::is_unique, "write: the destination layout is not unique (elements share storage, as after broadcast_to or an overlapping unfold or as_strided)");
    } else {
      copy_strided(s.data(), detail::broadcast_like_t<SL, DL>{}, d.data(), DL{}, options);
    }
  } else {
    const dynamic_layout dl = detail::to_dynamic(d.layout());
    if (!dl.is_unique()) detail::refuse_not_writable();
    copy_strided(s.data(), detail::copy_source(detail::to_dynamic(s.layout()), dl), d.data(), dl, options);
  }
}

/// Writes src's elements in C order to out[0, src.size()), which the caller provides.
template <detail::view_source S>
void copy_to_contiguous(S&& src, typename detail::view_of_t<S>::value_type* out, copy_options options = {}) {
  const auto s = src.as_view();
  using L = typename decltype(s)::layout_type;
  if constexpr (swizzled_layout_type<L>) {
    index_t k = 0;
    detail::walk_offsets(s.layout(), [&](index_t offset) { out[k++] = s.data()[offset]; });
  } else if constexpr (static_layout_type<L>) {
    copy_strided(s.data(), L{}, out, detail::contiguous_like_t<L>{}, options);
  } else {
    copy_strided(s.data(), detail::to_dynamic(s.layout()), out, dynamic_layout::contiguous(s.shape()), options);
  }
}

/// The same into a span, checked: layout_error "copy_to_contiguous: ..." when it is too small.
template <detail::view_source S>
void copy_to_contiguous(S&& src, std::span<typename detail::view_of_t<S>::value_type> out, copy_options options = {}) {
  const index_t needed = src.as_view().size();
  if (static_cast<index_t>(out.size()) < needed)
    throw layout_error("copy_to_contiguous: the output has {} elements but the view has {}", out.size(), needed);
  copy_to_contiguous(src, out.data(), options);
}

}  // namespace strider
