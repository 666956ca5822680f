// strider/core/reshape.hpp: the operations that give the same elements in the same C order a new shape: view, reshape (and the copy it makes), flatten, unflatten, ravel.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include "axes.hpp"
#include "rule_helpers.hpp"

namespace strider {

namespace detail {

// The requested shape with its one -1 resolved against `count` elements (PyTorch
// `infer_size`), as a layout value whose strides are still to be found. On a maybe_layout, a count
// that depends on a run-time extent leaves the -1 extent run-time and the element-count checks
// to the run-time pass.
template <class V>
STRIDER_HOST_DEVICE constexpr V infer_shape(const dims& requested, entry_t<V> count, check_caller caller) {
  const index_t* shape = requested.begin();
  V out{};
  out.rank = requested.size();
  index_t given[max_rank] = {};  // the extents but the -1
  std::size_t given_count = 0;
  std::size_t infer_at = max_rank;
  for (std::size_t d = 0; d < out.rank; ++d) {
    out.shape[d] = shape[d];
    if (shape[d] == -1) {
      if (infer_at != max_rank) caller.refuse("only one extent can be -1", {});
      infer_at = d;
    } else if (shape[d] < 0) {
      caller.refuse("extent {} of axis {} is negative", {shape[d], d});
    } else {
      given[given_count++] = shape[d];
    }
  }
  const index_t known = extent_product(given, given_count, caller.name);  // 0 with a 0 among them, in any order
  if (infer_at != max_rank) {
    if (known == 0 && is_known(count)) caller.refuse("cannot infer the -1 extent for {} elements when the others multiply to 0", {known_value(count)});
    if (known == 0) return out;  // the run-time pass refuses it, with the count
    if (count % known != 0) caller.refuse("shape is invalid for {} elements (the other extents multiply to {})", {known_value(count), known});
    out.shape[infer_at] = count / known;
  } else if (count != known) {
    caller.refuse("shape has {} elements but the layout has {}", {known, known_value(count)});
  }
  return out;
}

// Every stride of `out` left to the run-time pass, which decides whether the view exists.
STRIDER_HOST_DEVICE constexpr maybe_bool view_strides_at_run_time(maybe_layout_value& out) {
  for (std::size_t d = 0; d < out.rank; ++d) out.strides[d] = maybe_index::unknown();
  return {false, false};
}

// find_view_strides' refusal: on a maybe_layout, left to the run-time pass when a run-time extent
// was taken as not 1 (see below) or may be 0 (an empty layout views as any shape with no
// elements; `refused_unless_empty` says when that is the only doubt).
STRIDER_HOST_DEVICE constexpr bool view_refusal(index_t, bool, layout_value&, bool*) { return false; }
STRIDER_HOST_DEVICE constexpr maybe_bool view_refusal(maybe_index count, bool assumed, maybe_layout_value& out, bool* refused_unless_empty) {
  if (!count.known && !assumed && refused_unless_empty) *refused_unless_empty = true;
  if (!count.known || assumed) return view_strides_at_run_time(out);
  return false;
}

// PyTorch's computeStride: strides for the shape of `out` that address the elements of `in` in
// the same order, when they exist; writes them and the offset into `out` and returns whether
// they do. Dimensions of the input are grouped into chunks that are contiguous with each other;
// each chunk must be covered exactly by consecutive output dimensions.
//
// On a maybe_layout the answer may be unknown, and the run-time pass decides. Two choices keep the
// static strides right for every value of the run-time extents: a run-time extent next to a
// stride that breaks the chunk is taken as not 1 (were it 1, the run-time pass could merge the
// chunks, which changes only strides of extent-1 axes, which address nothing; a refusal that
// rests on this is left to the run-time pass), and the last chunk takes every remaining output
// axis (the element counts, checked by infer_shape, then make it cover exactly). Any other
// unknown decision leaves every stride to the run-time pass.
template <class V>
STRIDER_HOST_DEVICE constexpr auto find_view_strides(const V& in, V& out, bool* refused_unless_empty = nullptr) {
  using E = entry_t<V>;
  using B = decltype(E{} == E{});
  constexpr bool maybe = !std::is_same_v<E, index_t>;  // a maybe_layout's pass
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  if (in.rank == 0) {
    for (std::size_t d = 0; d < out.rank; ++d) out.strides[d] = 1;
    return B(true);
  }
  const E count = element_count(in, "view");
  if (count == 0) {  // known to be empty: the input's strides for the same shape, else C order
    B same = in.rank == out.rank;
    for (std::size_t d = 0; d < out.rank && in.rank == out.rank; ++d) same = same && in.shape[d] == out.shape[d];
    V c_order = out;
    set_contiguous_strides(c_order, "view");
    for (std::size_t d = 0; d < out.rank; ++d) out.strides[d] = in.rank == out.rank ? pick(same, in.strides[d], c_order.strides[d]) : c_order.strides[d];
    return B(true);
  }
  bool assumed = false;  // a maybe_layout's run-time extent taken as not 1 (see above)
  B result = true;
  std::ptrdiff_t view_d = static_cast<std::ptrdiff_t>(out.rank) - 1;
  E chunk_base_stride = in.strides[in.rank - 1];
  E tensor_numel = 1, view_numel = 1;
  for (std::ptrdiff_t tensor_d = static_cast<std::ptrdiff_t>(in.rank) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel = tensor_numel * in.shape[tensor_d];
    // A product that overflows int64 is no stride of this layout: the chunk ends there, and an
    // extent-1 axis (the only kind such a stride can land on) gets stride 0.
    E chunk_stride = 0;
    B chunk_overflows = false;
    if constexpr (maybe) chunk_overflows = mul_overflows(tensor_numel, chunk_base_stride, &chunk_stride);
    else chunk_overflows = STRIDER_MUL_OVERFLOWS(tensor_numel, chunk_base_stride, &chunk_stride);  // no call: see util/checked.hpp
    B chunk_ends = true;
    if (tensor_d > 0) chunk_ends = in.shape[tensor_d - 1] != 1 && (chunk_overflows || in.strides[tensor_d - 1] != chunk_stride);
    if constexpr (maybe) {
      if (!chunk_ends.known) {
        if (!(chunk_overflows || in.strides[tensor_d - 1] != chunk_stride).known) return view_strides_at_run_time(out);
        chunk_ends = true;  // the strides are apart: only the extent may be 1
        assumed = true;
      }
    }
    if (!chunk_ends) continue;
    while (view_d >= 0) {
      B take = view_numel < tensor_numel || out.shape[view_d] == 1;
      if constexpr (maybe) {
        if (!take.known) {
          if (tensor_d == 0) {
            take = true;
          } else if ((view_numel < tensor_numel).known) {
            // Only whether a run-time extent is 1, which leaves this chunk's count as it is:
            // taken as not 1, the axis falls to the next chunk, whose count it then makes unknown.
            take = false;
          } else {
            return view_strides_at_run_time(out);
          }
        }
      }
      if (!take) break;
      bool step_overflows = false;
      if constexpr (maybe) step_overflows = static_cast<bool>(mul_overflows(view_numel, chunk_base_stride, &out.strides[view_d]));
      else step_overflows = STRIDER_MUL_OVERFLOWS(view_numel, chunk_base_stride, &out.strides[view_d]);
      if (step_overflows) out.strides[view_d] = 0;
      view_numel = view_numel * out.shape[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return view_refusal(count, assumed, out, refused_unless_empty);
    if constexpr (maybe)
      if (!(view_numel == tensor_numel).known && tensor_d > 0) result = B(false, false);  // the run-time pass checks it
    if (tensor_d > 0) {
      chunk_base_stride = in.strides[tensor_d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return view_refusal(count, assumed, out, refused_unless_empty);
  return result;
}

// Whether `op` (reshape, flatten) copies rather than views `in` with the extents of `out`
// (whose strides it finds), which a mixed layout's type must know: a view and a copy are
// different storage. A maybe_layout answers for its non-empty values (an empty one views as
// anything), as its static entries do.
template <class V>
STRIDER_HOST_DEVICE constexpr bool copies(const V& in, V& out, const char* op) {
  if constexpr (std::is_same_v<entry_t<V>, index_t>) {
    return !find_view_strides(in, out);
  } else {
    bool refused_unless_empty = false;
    const auto viewable = find_view_strides(in, out, &refused_unless_empty);
    if (refused_unless_empty) return true;
    // The literal text at each throw: it is the line a compiler shows.
    if (!viewable.known && detail::text_view(op) == "flatten")
      detail::refuse("flatten: whether this is a view or a copy depends on an entry known only at run time; use flatten_t (checked at run time) or copy first");
    if (!viewable.known)
      detail::refuse("reshape: whether this is a view or a copy depends on an entry known only at run time; use view (checked at run time) or copy first");
    return !viewable.value;
  }
}

}  // namespace detail

/// PyTorch `view` (NumPy's no-copy reshape): the same elements in the same C order with a new
/// shape; one extent may be -1. Throws when no strides can express it; `reshape` copies then.
/// @pre `shape` has `l`'s element count (one extent may be -1, inferred) and `l`'s strides can express it
///      without a copy (can_view).
/// @example `contiguous(4, 6).view(2, -1)` is shape (2, 12), strides (12, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L view(const L& l, const dims& shape) {
  const auto& in = l.entries();
  auto out = detail::infer_shape<detail::value_t<L>>(shape, detail::element_count(in, "view"), detail::called_by<detail::op::view>());
  // On a mixed layout's maybe_layout, a refusal for every non-empty value of its run-time entries is
  // a compile error, as reshape_copies says (an empty value views as anything).
  bool refused_unless_empty = false;
  if (static_cast<bool>(!detail::find_view_strides(in, out, &refused_unless_empty)) || refused_unless_empty)
    detail::refuse("view: the requested shape is not compatible with the layout's strides (an axis would span non-contiguous chunks), so it needs a copy: of a tensor view, view its contiguous() copy; of a layout, reshape gives the copy's layout");
  return detail::subset_result(out);
}

/// True when `view(l, shape)` exists; when it does not, `reshape` makes a C-contiguous copy.
/// Throws like `view` for a shape with the wrong element count. (On a mixed layout's maybe_layout,
/// possibly unknown.)
/// @pre `shape` has `l`'s element count (one extent may be -1).
/// @example `contiguous(4, 6)[:, :3].view(12)` is refused: can_view is false there (rows of 3 elements 6
///          apart).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_view(const L& l, const dims& shape) {
  const auto& in = l.entries();
  auto out = detail::infer_shape<detail::value_t<L>>(shape, detail::element_count(in, "view"), detail::called_by<detail::op::view>());
  return detail::find_view_strides(in, out);
}

namespace detail {
// The layout of a copy (reshape's, ravel's): C order from offset 0 in a new storage of `count`
// elements, as many as the input's, so always valid.
template <class V, class E>
STRIDER_HOST_DEVICE constexpr void make_copy_layout(V& out, const E& count, const char* op) {
  out.offset = 0;
  out.storage_size = count;
  set_contiguous_strides(out, op);
}
}  // namespace detail

/// PyTorch/NumPy `reshape`: the view when one exists, otherwise the contiguous layout (offset 0)
/// of the copy that the reshape makes. `can_view` tells which.
/// @pre `shape` has `l`'s element count (one extent may be -1); on a mixed layout, the static entries decide
///      whether it is a view.
/// @example `contiguous(4, 6)[:, :3].reshape(12)` is shape (12,), strides (1,), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L reshape(const L& l, const dims& shape) {
  const auto& in = l.entries();
  const auto count = detail::element_count(in, "reshape");
  auto out = detail::infer_shape<detail::value_t<L>>(shape, count, detail::called_by<detail::op::reshape>());
  if (!detail::copies(in, out, "reshape")) return detail::subset_result(out);
  detail::make_copy_layout(out, count, "reshape");
  return detail::subset_result(out);
}

/// True when `ravel(l)` is a view: when the layout is C-contiguous (PyTorch's is_contiguous,
/// NumPy's C_CONTIGUOUS flag: strides of extent-1 axes aside, an empty layout is). On a mixed
/// layout's maybe_layout, possibly unknown.
/// @pre none.
/// @example `contiguous(4, 6)[1:].ravel()` is shape (18,), strides (1,), offset 6, a view (can_ravel is
///          true).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_ravel(const L& l) { return detail::is_contiguous(l.entries()); }

namespace detail {
// Whether ravel gives a view (can_ravel's answer). On a mixed layout the static entries must
// decide it: the result's type depends on it.
STRIDER_HOST_DEVICE constexpr bool ravel_is_view(bool contiguous) { return contiguous; }
STRIDER_HOST_DEVICE constexpr bool ravel_is_view(maybe_bool contiguous) {
  if (!contiguous.known) detail::refuse("ravel: whether the layout is contiguous (a view) or not (a copy) depends on an entry known only at run time");
  return contiguous.value;
}
}  // namespace detail

/// NumPy `ravel()` (order 'C') and PyTorch `ravel()`: the elements as one axis, a view of a
/// C-contiguous layout, else the contiguous layout (offset 0) of the copy both make, even where
/// a view could express it (`a[:, ::2]`: `reshape(-1)` views it, ravel copies). can_ravel tells
/// which; on a mixed layout the static entries must decide it.
/// @pre none (on a mixed layout, the static entries decide whether it is a view).
/// @example `contiguous(4, 6)[:, ::2].ravel()` is shape (12,), strides (1,), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L ravel(const L& l) {
  if (detail::ravel_is_view(can_ravel(l))) return view(l, dims{-1});
  const auto& in = l.entries();
  const auto count = detail::element_count(in, "ravel");
  auto out = detail::infer_shape<detail::value_t<L>>(dims{-1}, count, detail::called_by<detail::op::ravel>());
  detail::make_copy_layout(out, count, "ravel");
  return detail::subset_result(out);
}

namespace detail {
// The extents of flatten(l, start, end), its axes checked: shape[:start] + (product) +
// shape[end+1:], as a value whose strides are still to be found.
template <class V>
STRIDER_HOST_DEVICE constexpr V flattened_shape(const V& in, index_t start, index_t end) {
  const std::size_t rank = in.rank > 0 ? in.rank : 1;  // rank 0 flattens as one axis of extent 1
  const index_t s = wrap_axis(start, rank), e = wrap_axis(end, rank);
  if (s < 0) detail::refuse("flatten: start_dim {} is out of range for rank {}", start, in.rank);
  if (e < 0) detail::refuse("flatten: end_dim {} is out of range for rank {}", end, in.rank);
  if (s > e) detail::refuse("flatten: start_dim {} comes after end_dim {}", start, end);
  V out{};
  if (in.rank == 0) {
    out.rank = 1;
    out.shape[0] = 1;
    return out;
  }
  for (std::size_t d = 0; d < in.rank; ++d) {
    const auto di = static_cast<index_t>(d);
    if (di < s || di > e) out.shape[out.rank++] = in.shape[d];
    // The merged extent: 0 when one of the axes is empty, whatever the others multiply to.
    if (di == e) {
      entry_t<V> merged[max_rank] = {};  // axes s to e (a layout value's row is no array under nvcc)
      for (index_t k = s; k <= e; ++k) merged[k - s] = in.shape[static_cast<std::size_t>(k)];
      out.shape[out.rank++] = extent_product(merged, static_cast<std::size_t>(e - s + 1), "flatten");
    }
  }
  return out;
}
}  // namespace detail

/// PyTorch `flatten(start_dim, end_dim)` as a view: axes start..end merged into one (rank 0
/// gives shape (1,)). A compile error or layout_error naming the axes when the strides cannot
/// express it (PyTorch copies then; strider's views never do: `reshape` copies).
/// @pre `start` and `end` are axes of `l` with start <= end, and the axes between them nest (can_flatten).
/// @example `contiguous(2, 3, 4).flatten(1)` is shape (2, 12), strides (12, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flatten(const L& l, index_t start = 0, index_t end = -1) {
  auto out = detail::flattened_shape(l.entries(), start, end);
  if (l.rank() > 0 && out.rank == l.rank()) return l;  // one axis: PyTorch returns the input as it is
  bool refused_unless_empty = false;  // on a maybe_layout: refused for every non-empty value (see view)
  if (static_cast<bool>(!detail::find_view_strides(l.entries(), out, &refused_unless_empty)) || refused_unless_empty)
    detail::refuse("flatten: axes {} to {} cannot be merged into one without a copy (their strides do not nest): of a tensor view, flatten its contiguous() copy; of a layout, reshape gives the copy's layout", start, end);
  return detail::subset_result(out);
}

/// True when `flatten(l, start, end)` is a view; when it is not, PyTorch's flatten copies.
/// @pre `start` and `end` are axes of `l`, start <= end.
/// @example `contiguous(2, 3, 4).transpose(1, 2).flatten(1)` is refused: can_flatten is false there.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_flatten(const L& l, index_t start = 0, index_t end = -1) {
  auto out = detail::flattened_shape(l.entries(), start, end);
  return detail::find_view_strides(l.entries(), out);
}

namespace detail {
// reshape_copies and flatten_copies: whether the reshape (the flatten, which then refuses)
// copies; a mixed layout's maybe_layout answers for its non-empty values.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr bool reshape_copies(const L& l, const dims& shape) {
  auto out = infer_shape<value_t<L>>(shape, element_count(l.entries(), "reshape"), called_by<op::reshape>());
  return copies(l.entries(), out, "reshape");
}
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr bool flatten_copies(const L& l, index_t start, index_t end) {
  auto out = flattened_shape(l.entries(), start, end);
  return copies(l.entries(), out, "flatten");
}
}  // namespace detail

/// PyTorch `unflatten(dim, sizes)`: axis `dim` split into axes of these extents (one may be
/// -1, inferred), always a view; strides as PyTorch's view gives them.
/// @pre `dim` is an axis of `l`; `sizes` is not empty and multiplies to its extent (one size may be -1).
/// @example `contiguous(2, 12).unflatten(1, (3, 4))` is shape (2, 3, 4), strides (12, 4, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L unflatten(const L& l, index_t dim, const dims& sizes) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank == 0) detail::refuse("unflatten: a rank-0 layout has no dimension to unflatten");
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("unflatten: dimension {} is out of range for rank {}", dim, in.rank);
  if (sizes.empty()) detail::refuse("unflatten: sizes must be non-empty");
  if (in.rank - 1 + sizes.size() > max_rank) detail::refuse("unflatten: the result's rank would exceed max_rank ({})", max_rank);
  const E n = in.shape[d];
  index_t given[max_rank] = {};  // the sizes but the -1
  std::size_t given_count = 0;
  std::size_t infer_at = max_rank;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1) {
      if (infer_at != max_rank) detail::refuse("unflatten: only one size can be -1");
      infer_at = i;
    } else if (sizes[i] < 0) {
      detail::refuse("unflatten: size {} is negative", sizes[i]);
    } else {
      given[given_count++] = sizes[i];
    }
  }
  const index_t known = detail::extent_product(given, given_count, "unflatten");  // 0 with a 0 among them, in any order
  E inferred = 0;
  if (infer_at != max_rank) {
    if (known == 0) detail::refuse("unflatten: cannot infer the -1 size when the other sizes multiply to 0");
    if (n % known != 0) detail::refuse("unflatten: the sizes multiply to a multiple of {}, which does not divide the extent {} of dimension {}", known, detail::known_value(n), dim);
    inferred = n / known;
  } else if (n != known) {
    detail::refuse("unflatten: the sizes multiply to {}, not the extent {} of dimension {}", known, detail::known_value(n), dim);
  }
  detail::value_t<L> out{};
  for (std::size_t i = 0; i < in.rank; ++i) {
    if (static_cast<index_t>(i) != d) out.shape[out.rank++] = in.shape[i];
    else
      for (std::size_t k = 0; k < sizes.size(); ++k) out.shape[out.rank++] = k == infer_at ? inferred : E(sizes[k]);
  }
  detail::find_view_strides(in, out);  // splitting one axis is always a view
  return detail::subset_result(out);
}

// Under nvcc, the non-template forms of the rules above whose forms are not made from
// core/operation_forms.hpp's list (see operations.hpp).
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr dynamic_layout view(const dynamic_layout& l, const dims& shape) { return view<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr bool can_view(const dynamic_layout& l, const dims& shape) { return can_view<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr dynamic_layout reshape(const dynamic_layout& l, const dims& shape) { return reshape<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr bool can_flatten(const dynamic_layout& l, index_t start = 0, index_t end = -1) { return can_flatten<dynamic_layout>(l, start, end); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout view(const detail::maybe_layout& l, const dims& shape) { return view<detail::maybe_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_view(const detail::maybe_layout& l, const dims& shape) { return can_view<detail::maybe_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout reshape(const detail::maybe_layout& l, const dims& shape) { return reshape<detail::maybe_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_flatten(const detail::maybe_layout& l, index_t start = 0, index_t end = -1) { return can_flatten<detail::maybe_layout>(l, start, end); }
STRIDER_HOST_DEVICE constexpr dynamic_layout ravel(const dynamic_layout& l) { return ravel<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr bool can_ravel(const dynamic_layout& l) { return can_ravel<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout ravel(const detail::maybe_layout& l) { return ravel<detail::maybe_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_ravel(const detail::maybe_layout& l) { return can_ravel<detail::maybe_layout>(l); }
#endif

}  // namespace strider
