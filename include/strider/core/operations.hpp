// strider/core/operations.hpp: the view operations, one constexpr function each.
//
// Each is a template over detail::rule_layout (a dynamic_layout, or a mixed layout's pattern of
// entries that may be unknown) and returns a new one describing the same storage; none copies.
// The semantics are NumPy's (negative axes, flip by negative strides, broadcasting) and
// PyTorch's (view, unfold, as_strided). An invalid request throws layout_error whose message
// starts with the operation's name; in a constant expression that throw is the compile error.
#pragma once

#include <utility>

#include "checked.hpp"
#include "dims.hpp"
#include "error.hpp"
#include "layout.hpp"
#include "operation_forms.hpp"

namespace strider {

namespace detail {

// Maps a NumPy axis in [-rank, rank) to [0, rank); returns -1 when it is out of range.
STRIDER_HOST_DEVICE constexpr index_t wrap_axis(index_t axis, std::size_t rank) {
  const auto r = static_cast<index_t>(rank);
  if (axis < -r || axis >= r) return -1;
  return axis < 0 ? axis + r : axis;
}

// The result of an operation that only selects, reorders or repeats elements of its (valid)
// input: extents never negative, every element an element of the input, the element count
// checked by the operation where it can grow, every entry below the rank written. It keeps
// every invariant of a layout, so it is not validated again; static layouts evaluate this in
// the compiler, where validation would be a large part of the cost of each operation.
STRIDER_HOST_DEVICE constexpr dynamic_layout subset_result(const layout_value& v) { return {v, dynamic_layout::unchecked_t{}}; }
STRIDER_HOST_DEVICE constexpr pattern_layout subset_result(const pattern_value& v) { return {v, dynamic_layout::unchecked_t{}}; }

// The value type a rule works on for a layout type: layout_value or pattern_value.
template <class L>
using value_t = std::remove_cvref_t<decltype(std::declval<const L&>().entries())>;

template <class V>
STRIDER_HOST_DEVICE constexpr void remove_axis(V& v, std::size_t axis) {
  for (std::size_t d = axis; d + 1 < v.rank && d + 1 < max_rank; ++d) {  // the bound for g++'s -Wmaybe-uninitialized
    v.shape[d] = v.shape[d + 1];
    v.strides[d] = v.strides[d + 1];
  }
  --v.rank;
  v.shape[v.rank] = 0;
  v.strides[v.rank] = 0;
}

template <class V>
STRIDER_HOST_DEVICE constexpr void insert_axis(V& v, std::size_t axis, entry_t<V> extent, entry_t<V> stride, const char* op) {
  if (v.rank == max_rank) detail::refuse("{}: rank would exceed max_rank ({})", op, max_rank);
  for (std::size_t d = v.rank; d > axis; --d) {
    v.shape[d] = v.shape[d - 1];
    v.strides[d] = v.strides[d - 1];
  }
  v.shape[axis] = extent;
  v.strides[axis] = stride;
  ++v.rank;
}

}  // namespace detail

/// Reorders the axes: result axis i is input axis `axes[i]` (NumPy `transpose(axes)`, PyTorch
/// `permute`). Negative axes count from the end.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L permute(const L& l, const dims& axes) {
  const auto& in = l.entries();
  if (axes.size() != in.rank) detail::refuse("permute: {} axes given for a layout of rank {}", axes.size(), in.rank);
  const index_t* axis = axes.begin();
  detail::value_t<L> out = in;
  bool used[max_rank] = {};
  for (std::size_t i = 0; i < in.rank; ++i) {
    const index_t a = detail::wrap_axis(axis[i], in.rank);
    if (a < 0) detail::refuse("permute: axis {} is out of range for rank {}", axis[i], in.rank);
    if (used[a]) detail::refuse("permute: repeated axis {}", axis[i]);
    used[a] = true;
    out.shape[i] = in.shape[a];
    out.strides[i] = in.strides[a];
  }
  return detail::subset_result(out);
}

/// Swaps two axes (PyTorch `transpose(a, b)`, NumPy `swapaxes`).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L transpose(const L& l, index_t axis_a, index_t axis_b) {
  const auto& in = l.entries();
  const index_t a = detail::wrap_axis(axis_a, in.rank), b = detail::wrap_axis(axis_b, in.rank);
  if (a < 0) detail::refuse("transpose: axis {} is out of range for rank {}", axis_a, in.rank);
  if (b < 0) detail::refuse("transpose: axis {} is out of range for rank {}", axis_b, in.rank);
  detail::value_t<L> out = in;
  const auto extent = out.shape[a], stride = out.strides[a];  // std::swap is a host function to nvcc
  out.shape[a] = out.shape[b];
  out.strides[a] = out.strides[b];
  out.shape[b] = extent;
  out.strides[b] = stride;
  return detail::subset_result(out);
}

namespace detail {
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip_axes(const L& l, const bool (&used)[max_rank]) {
  using E = entry_t<value_t<L>>;
  const auto& in = l.entries();
  value_t<L> out = in;
  overflow_note<E> note;
  for (std::size_t d = 0; d < in.rank; ++d) {
    // An axis not known to be empty is flipped: a mixed layout's static entries describe its
    // non-empty results (docs/mixed.md).
    if (!used[d]) continue;
    if (in.shape[d] == 0) continue;
    // In an empty layout the move may not fit in int64 (the offset stays then: see
    // overflow_note); an axis of one element whose stride has no negation (INT64_MIN) keeps it.
    out.offset = moved_offset(out.offset, in.shape[d] - 1, in.strides[d], note);
    out.strides[d] = stride_product(in.strides[d], E(-1), in.shape[d], in.strides[d], note);
  }
  refuse_used_overflow(note, out, "flip");
  return subset_result(out);
}
}  // namespace detail

/// Reverses the given axes (NumPy `flip(a, axes)`): the stride changes sign and the offset moves
/// to the last element. An empty axis list flips nothing, as NumPy's `axis=()`. An empty axis
/// stays as it is, as in NumPy.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip(const L& l, const dims& axes) {
  const auto& in = l.entries();
  bool used[max_rank] = {};
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const index_t a = detail::wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("flip: axis {} is out of range for rank {}", axes[i], in.rank);
    if (used[a]) detail::refuse("flip: repeated axis {}", axes[i]);
    used[a] = true;
  }
  return detail::flip_axes(l, used);
}

/// Flips every axis (NumPy `flip(a)` with no axis).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip(const L& l) {
  bool all[max_rank] = {};
  for (std::size_t d = 0; d < l.rank(); ++d) all[d] = true;
  return detail::flip_axes(l, all);
}

/// The shape that NumPy's broadcasting rules give to several shapes (right-aligned; an extent
/// of 1 stretches to the other's extent, including 0).
STRIDER_HOST_DEVICE constexpr dims broadcast_shapes(std::initializer_list<dims> shapes) {
  dims out;
  std::size_t rank = 0;
  for (const dims& s : shapes) rank = s.size() > rank ? s.size() : rank;
  for (std::size_t i = 0; i < rank; ++i) out.push_back(1);
  for (const dims& s : shapes) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      const std::size_t d = rank - s.size() + i;
      if (s[i] < 0) detail::refuse("broadcast_shapes: extent {} is negative", s[i]);
      if (s[i] == out[d] || s[i] == 1) continue;
      if (out[d] != 1)
        detail::refuse("broadcast_shapes: extents {} and {} of axis -{} are incompatible", out[d], s[i], rank - d);
      out[d] = s[i];
    }
  }
  return out;
}

/// NumPy `broadcast_to`: aligns the layout to `shape` from the right; new leading axes and
/// stretched extent-1 axes get stride 0 (elements repeat, so the result is not unique).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L broadcast_to(const L& l, const dims& shape) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (shape.size() < in.rank)
    detail::refuse("broadcast_to: target rank {} is smaller than the layout's rank {}", shape.size(), in.rank);
  detail::value_t<L> out{};
  out.rank = shape.size();
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  const std::size_t lead = shape.size() - in.rank;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) detail::refuse("broadcast_to: target extent {} of axis {} is negative", shape[d], d);
    out.shape[d] = shape[d];
    out.strides[d] = 0;  // written, as every entry below the rank (see validate)
    if (d < lead) continue;  // new axis: stride 0
    const E from = in.shape[d - lead];
    if (from != E(shape[d]) && from != 1)
      detail::refuse("broadcast_to: extent {} of axis {} cannot be broadcast to {}", detail::known_value(from), d - lead, shape[d]);
    // NumPy gives stride 0 to every new axis and every axis of extent 1, stretched or not. (A
    // run-time extent broadcast to 1 must be 1.)
    out.strides[d] = detail::pick(from != 1 && E(shape[d]) != 1, in.strides[d - lead], 0);
  }
  detail::element_count(out, "broadcast_to");
  return detail::subset_result(out);
}

namespace detail {

// The requested shape with its one -1 resolved against `count` elements (PyTorch
// `infer_size`), as a layout value whose strides are still to be found. On a pattern, a count
// that depends on a run-time extent leaves the -1 extent run-time and the element-count checks
// to the run-time pass.
template <class V>
STRIDER_HOST_DEVICE constexpr V infer_shape(const dims& requested, entry_t<V> count, const char* op) {
  const index_t* shape = requested.begin();
  V out{};
  out.rank = requested.size();
  index_t given[max_rank] = {};  // the extents but the -1
  std::size_t given_count = 0;
  std::size_t infer_at = max_rank;
  for (std::size_t d = 0; d < out.rank; ++d) {
    out.shape[d] = shape[d];
    if (shape[d] == -1) {
      if (infer_at != max_rank) detail::refuse("{}: only one extent can be -1", op);
      infer_at = d;
    } else if (shape[d] < 0) {
      detail::refuse("{}: extent {} of axis {} is negative", op, shape[d], d);
    } else {
      given[given_count++] = shape[d];
    }
  }
  const index_t known = extent_product(given, given_count, op);  // 0 with a 0 among them, in any order
  if (infer_at != max_rank) {
    if (known == 0 && is_known(count)) detail::refuse("{}: cannot infer the -1 extent for {} elements when the others multiply to 0", op, known_value(count));
    if (known == 0) return out;  // the run-time pass refuses it, with the count
    if (count % known != 0) detail::refuse("{}: shape is invalid for {} elements (the other extents multiply to {})", op, known_value(count), known);
    out.shape[infer_at] = count / known;
  } else if (count != known) {
    detail::refuse("{}: shape has {} elements but the layout has {}", op, known, known_value(count));
  }
  return out;
}

// Every stride of `out` left to the run-time pass, which decides whether the view exists.
STRIDER_HOST_DEVICE constexpr maybe_bool view_strides_at_run_time(pattern_value& out) {
  for (std::size_t d = 0; d < out.rank; ++d) out.strides[d] = maybe_index::unknown();
  return {false, false};
}

// find_view_strides' refusal: on a pattern, left to the run-time pass when a run-time extent
// was taken as not 1 (see below) or may be 0 (an empty layout views as any shape with no
// elements; `refused_unless_empty` says when that is the only doubt).
STRIDER_HOST_DEVICE constexpr bool view_refusal(index_t, bool, layout_value&, bool*) { return false; }
STRIDER_HOST_DEVICE constexpr maybe_bool view_refusal(maybe_index count, bool assumed, pattern_value& out, bool* refused_unless_empty) {
  if (!count.known && !assumed && refused_unless_empty) *refused_unless_empty = true;
  if (!count.known || assumed) return view_strides_at_run_time(out);
  return false;
}

// PyTorch's computeStride: strides for the shape of `out` that address the elements of `in` in
// the same order, when they exist; writes them and the offset into `out` and returns whether
// they do. Dimensions of the input are grouped into chunks that are contiguous with each other;
// each chunk must be covered exactly by consecutive output dimensions.
//
// On a pattern the answer may be unknown, and the run-time pass decides. Two choices keep the
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
  constexpr bool pattern = !std::is_same_v<E, index_t>;
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
  bool assumed = false;  // a pattern's run-time extent taken as not 1 (see above)
  B result = true;
  std::ptrdiff_t view_d = static_cast<std::ptrdiff_t>(out.rank) - 1;
  E chunk_base_stride = in.strides[in.rank - 1];
  E tensor_numel = 1, view_numel = 1;
  for (std::ptrdiff_t tensor_d = static_cast<std::ptrdiff_t>(in.rank) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel = tensor_numel * in.shape[tensor_d];
    // A product that overflows int64 is no stride of this layout: the chunk ends there, and an
    // extent-1 axis (the only kind such a stride can land on) gets stride 0.
    E chunk_stride = 0;
    const auto chunk_overflows = mul_overflows(tensor_numel, chunk_base_stride, &chunk_stride);
    B chunk_ends = true;
    if (tensor_d > 0) chunk_ends = in.shape[tensor_d - 1] != 1 && (chunk_overflows || in.strides[tensor_d - 1] != chunk_stride);
    if constexpr (pattern) {
      if (!chunk_ends.known) {
        if (!(chunk_overflows || in.strides[tensor_d - 1] != chunk_stride).known) return view_strides_at_run_time(out);
        chunk_ends = true;  // the strides are apart: only the extent may be 1
        assumed = true;
      }
    }
    if (!chunk_ends) continue;
    while (view_d >= 0) {
      B take = view_numel < tensor_numel || out.shape[view_d] == 1;
      if constexpr (pattern) {
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
      if (mul_overflows(view_numel, chunk_base_stride, &out.strides[view_d])) out.strides[view_d] = 0;
      view_numel = view_numel * out.shape[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return view_refusal(count, assumed, out, refused_unless_empty);
    if constexpr (pattern)
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
// different storage. A pattern answers for its non-empty values (an empty one views as
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
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L view(const L& l, const dims& shape) {
  const auto& in = l.entries();
  auto out = detail::infer_shape<detail::value_t<L>>(shape, detail::element_count(in, "view"), "view");
  // On a mixed layout's pattern, a refusal for every non-empty value of its run-time entries is
  // a compile error, as reshape_copies says (an empty value views as anything).
  bool refused_unless_empty = false;
  if (static_cast<bool>(!detail::find_view_strides(in, out, &refused_unless_empty)) || refused_unless_empty)
    detail::refuse("view: the requested shape is not compatible with the layout's strides (an axis would span non-contiguous chunks), so it needs a copy: of a tensor view, view its contiguous() copy; of a layout, reshape gives the copy's layout");
  return detail::subset_result(out);
}

/// True when `view(l, shape)` exists; when it does not, `reshape` makes a C-contiguous copy.
/// Throws like `view` for a shape with the wrong element count. (On a mixed layout's pattern,
/// possibly unknown.)
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_view(const L& l, const dims& shape) {
  const auto& in = l.entries();
  auto out = detail::infer_shape<detail::value_t<L>>(shape, detail::element_count(in, "view"), "view");
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
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L reshape(const L& l, const dims& shape) {
  const auto& in = l.entries();
  const auto count = detail::element_count(in, "reshape");
  auto out = detail::infer_shape<detail::value_t<L>>(shape, count, "reshape");
  if (!detail::copies(in, out, "reshape")) return detail::subset_result(out);
  detail::make_copy_layout(out, count, "reshape");
  return detail::subset_result(out);
}

/// NumPy `squeeze(axis)`: removes the given axes, each of which must have extent 1. A rank-0
/// layout accepts axis 0 or -1 and stays as it is, as in NumPy and PyTorch.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L squeeze(const L& l, const dims& axes) {
  const auto& in = l.entries();
  if (in.rank == 0) {
    if (axes.size() > 1) detail::refuse("squeeze: {} axes given for a layout of rank 0 (at most one, 0 or -1)", axes.size());
    if (axes.size() == 1 && detail::wrap_axis(axes[0], 1) < 0) detail::refuse("squeeze: axis {} is out of range for rank 0", axes[0]);
    return l;
  }
  bool drop[max_rank] = {};
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const index_t a = detail::wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("squeeze: axis {} is out of range for rank {}", axes[i], in.rank);
    if (drop[a]) detail::refuse("squeeze: repeated axis {}", axes[i]);
    if (in.shape[a] != 1) detail::refuse("squeeze: axis {} has extent {}, not 1", axes[i], detail::known_value(in.shape[a]));
    drop[a] = true;
  }
  detail::value_t<L> out = in;
  for (std::size_t d = in.rank; d-- > 0;)
    if (drop[d]) detail::remove_axis(out, d);
  return detail::subset_result(out);
}

/// NumPy `squeeze()`: removes every axis of extent 1.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L squeeze(const L& l) {
  detail::value_t<L> out = l.entries();
  for (std::size_t d = out.rank; d-- > 0;) {
    // On a mixed layout the rank of the result must be static: a run-time extent is refused.
    const auto one = out.shape[d] == 1;
    if (!detail::is_known(one)) detail::refuse("squeeze: which axes have extent 1 depends on an extent known only at run time (name the axes to squeeze)");
    if (one) detail::remove_axis(out, d);
  }
  return detail::subset_result(out);
}

/// PyTorch `unsqueeze(axis)` / NumPy `expand_dims`: inserts an axis of extent 1 at `axis`, which
/// may be in [-rank-1, rank]. Its stride is PyTorch's choice (extent * stride of the axis it
/// precedes, or 1 at the end), or the stride of the axis it precedes where that product does
/// not fit in int64; it never affects an offset.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L unsqueeze(const L& l, index_t axis) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  const index_t a = detail::wrap_axis(axis, in.rank + 1);
  if (a < 0) detail::refuse("unsqueeze: axis {} is out of range for rank {} (a new axis goes in [-{}, {}])", axis, in.rank, in.rank + 1, in.rank);
  const auto at = static_cast<std::size_t>(a);
  detail::overflow_note<E> unused;  // an axis of extent 1: never noted
  const E stride = at < in.rank ? detail::stride_product(in.shape[at], in.strides[at], E(1), in.strides[at], unused) : E(1);
  detail::value_t<L> out = in;
  detail::insert_axis(out, at, 1, stride, "unsqueeze");
  return detail::subset_result(out);
}

/// NumPy/PyTorch `diagonal(offset, axis1, axis2)`: removes both axes and appends one that walks
/// their diagonal (offset > 0 above the main diagonal, < 0 below). A diagonal outside the
/// matrix is empty.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L diagonal(const L& l, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank < 2) detail::refuse("diagonal: the layout has rank {}, needs at least 2", in.rank);
  const index_t a = detail::wrap_axis(axis1, in.rank), b = detail::wrap_axis(axis2, in.rank);
  if (a < 0) detail::refuse("diagonal: axis {} is out of range for rank {}", axis1, in.rank);
  if (b < 0) detail::refuse("diagonal: axis {} is out of range for rank {}", axis2, in.rank);
  if (a == b) detail::refuse("diagonal: axis1 and axis2 are the same axis ({})", a);
  const E n1 = in.shape[a], n2 = in.shape[b];
  E length = 0;
  if (offset >= 0) length = detail::max_of(0, detail::min_of(n1, n2 - detail::min_of(offset, n2)));
  else length = detail::max_of(0, detail::min_of(n1 + detail::max_of(offset, -n1), n2));
  detail::value_t<L> out = in;
  detail::overflow_note<E> note;
  // NumPy moves the offset to the diagonal's start whenever that start is inside or at the
  // edge of the matrix, even when the diagonal is empty there. On a run-time extent the start is
  // taken (a mixed layout's static entries describe non-empty results, where it is inside).
  // INT64_MIN is never inside (and has no negation). An empty result whose start does not fit
  // in int64 keeps the input's offset (see overflow_note).
  const auto inside = offset >= 0 ? E(offset) <= n2 : E(offset) >= -n1;
  if (offset != INT64_MIN && (!detail::is_known(inside) || static_cast<bool>(inside)))
    out.offset = offset >= 0 ? detail::moved_offset(out.offset, E(offset), in.strides[b], note)
                             : detail::moved_offset(out.offset, E(-offset), in.strides[a], note);
  // A diagonal of at most one element whose stride sum does not fit takes axis1's stride.
  const E stride = detail::stride_sum(in.strides[a], in.strides[b], length, in.strides[a], note);
  detail::remove_axis(out, static_cast<std::size_t>(detail::max_of(a, b)));
  detail::remove_axis(out, static_cast<std::size_t>(detail::min_of(a, b)));
  detail::insert_axis(out, out.rank, length, stride, "diagonal");
  detail::refuse_used_overflow(note, out, "diagonal");
  return detail::subset_result(out);
}

/// PyTorch `unfold(dim, size, step)`: the sliding-window view. Axis `dim` becomes the window
/// count (extent - size) / step + 1 with stride step * stride, and a new last axis of extent
/// `size` walks each window. A rank-0 layout (dim 0 or -1) gives shape {size}, stride {1}.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L unfold(const L& l, index_t dim, index_t size, index_t step) {
  detail::value_t<L> in = l.entries();
  if (in.rank == 0) {  // PyTorch: a scalar unfolds into the single window [size] (size 0 or 1)
    if (dim != 0 && dim != -1) detail::refuse("unfold: dimension {} is out of range for rank 0", dim);
    if (size < 0) detail::refuse("unfold: size {} is negative", size);
    if (step <= 0) detail::refuse("unfold: step {} must be positive", step);
    if (size > 1) detail::refuse("unfold: size {} is larger than extent 1 of a rank-0 layout", size);
    detail::insert_axis(in, 0, size, 1, "unfold");
    return detail::subset_result(in);
  }
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("unfold: dimension {} is out of range for rank {}", dim, in.rank);
  if (size < 0) detail::refuse("unfold: size {} is negative", size);
  if (step <= 0) detail::refuse("unfold: step {} must be positive", step);
  if (in.shape[d] < size) detail::refuse("unfold: size {} is larger than extent {} of dimension {}", size, detail::known_value(in.shape[d]), dim);
  using E = detail::entry_t<detail::value_t<L>>;
  detail::value_t<L> out = in;
  // Empty windows leave one more (empty) window than elements, which may not fit in int64.
  out.shape[d] = detail::checked_add((in.shape[d] - size) / step, E(1), "unfold");
  // At most one window: where step * stride does not fit, the axis keeps the input's stride.
  detail::overflow_note<E> note;
  out.strides[d] = detail::stride_product(E(step), in.strides[d], out.shape[d], in.strides[d], note);
  detail::insert_axis(out, out.rank, size, in.strides[d], "unfold");
  detail::element_count(out, "unfold");  // overlapping windows can hold more elements than the input
  detail::refuse_used_overflow(note, out, "unfold");
  return detail::subset_result(out);
}

/// PyTorch `movedim(source, destination)` (NumPy `moveaxis`): axis source[i] becomes axis
/// destination[i]; the other axes keep their order in the remaining places. Negative axes count
/// from the end.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L movedim(const L& l, const dims& source, const dims& destination) {
  const std::size_t rank = l.rank();
  if (source.size() != destination.size())
    detail::refuse("movedim: {} source axes but {} destination axes", source.size(), destination.size());
  index_t order[max_rank] = {};
  bool placed[max_rank] = {}, moved[max_rank] = {};
  for (std::size_t i = 0; i < source.size(); ++i) {
    const index_t s = detail::wrap_axis(source[i], rank), d = detail::wrap_axis(destination[i], rank);
    if (s < 0) detail::refuse("movedim: source axis {} is out of range for rank {}", source[i], rank);
    if (d < 0) detail::refuse("movedim: destination axis {} is out of range for rank {}", destination[i], rank);
    if (moved[s]) detail::refuse("movedim: repeated source axis {}", source[i]);
    if (placed[d]) detail::refuse("movedim: repeated destination axis {}", destination[i]);
    moved[s] = placed[d] = true;
    order[d] = s;
  }
  std::size_t next = 0;  // the other axes, in their order, into the free places
  for (std::size_t d = 0; d < rank; ++d) {
    if (placed[d]) continue;
    while (moved[next]) ++next;
    order[d] = static_cast<index_t>(next++);
  }
  dims axes;
  for (std::size_t d = 0; d < rank; ++d) axes.push_back(order[d]);
  return permute(l, axes);
}

namespace detail {
// A branch that shapes a result (which axes it has): a bool on run-time values. On a mixed
// layout's pattern, a compile error when a run-time entry decides it, since the result's type
// cannot depend on a value the compiler does not know.
STRIDER_HOST_DEVICE constexpr bool decided(bool c, const char*, const char*) { return c; }
STRIDER_HOST_DEVICE constexpr bool decided(maybe_bool c, const char* op, const char* what) {
  if (!c.known) detail::refuse("{}: {} depends on an entry known only at run time", op, what);
  return c.value;
}
// Whether an extent is 1; an unknown multiple of N > 1 (dyn_multiple) never is.
STRIDER_HOST_DEVICE constexpr bool is_one(index_t e) { return e == 1; }
STRIDER_HOST_DEVICE constexpr maybe_bool is_one(maybe_index e) { return e.known ? maybe_bool(e.value == 1) : maybe_bool(false, e.value > 1); }
STRIDER_HOST_DEVICE constexpr bool may_be_one(index_t) { return false; }  // on values, a 1 is known and handled
STRIDER_HOST_DEVICE constexpr bool may_be_one(maybe_index e) { return !is_one(e).known; }
STRIDER_HOST_DEVICE constexpr void refuse_lone_run_time_axis(bool lone, const char* op, std::size_t axis, const char* whose) {
  if (lone) detail::refuse("{}: whether axis {} of {} stays an axis depends on its extent, known only at run time (an extent of 1 goes; dyn_multiple<N> with N > 1 rules it out)", op, axis, whose);
}

template <class V>
STRIDER_HOST_DEVICE constexpr V coalesced(const V& in, const char* op) {
  using E = entry_t<V>;
  V out = in;
  out.rank = 0;
  for (std::size_t d = 0; d < in.rank; ++d) {
    if (static_cast<bool>(in.shape[d] == 0)) {  // no element: one empty axis says everything
      out.rank = 1;
      out.shape[0] = 0;
      out.strides[0] = 1;
      for (std::size_t e = 1; e < max_rank; ++e) out.shape[e] = out.strides[e] = 0;
      return out;
    }
  }
  // On a pattern, an axis of run-time extent that nothing merges with would go if the extent
  // were 1, which no type can say: `lone` marks it until an axis merges into it.
  bool lone[max_rank] = {};
  std::size_t lone_axis[max_rank] = {};
  for (std::size_t d = 0; d < in.rank; ++d) {
    if (static_cast<bool>(is_one(in.shape[d]))) continue;
    // Merges into the previous axis when that one steps over exactly this one's elements
    // (outer stride == extent * stride, tested by division: the product may not fit in int64).
    bool merge = false;
    if (out.rank > 0) {
      const E outer = out.strides[out.rank - 1], stride = in.strides[d];
      if (decided(stride == 0, op, "whether two axes merge")) merge = decided(outer == 0, op, "whether two axes merge");
      else merge = decided(outer % stride == 0, op, "whether two axes merge") && decided(outer / stride == in.shape[d], op, "whether two axes merge");
    }
    if (merge) {
      out.shape[out.rank - 1] = out.shape[out.rank - 1] * in.shape[d];  // at most the element count
      out.strides[out.rank - 1] = in.strides[d];
      lone[out.rank - 1] = false;
    } else {
      out.shape[out.rank] = in.shape[d];
      out.strides[out.rank] = in.strides[d];
      lone[out.rank] = may_be_one(in.shape[d]);
      lone_axis[out.rank] = d;
      ++out.rank;
    }
  }
  for (std::size_t e = 0; e < out.rank; ++e) refuse_lone_run_time_axis(lone[e], op, lone_axis[e], "the layout");
  for (std::size_t e = out.rank; e < max_rank; ++e) out.shape[e] = out.strides[e] = 0;
  return out;
}
}  // namespace detail

/// CuTe's `coalesce`, in row-major order: the fewest axes with the same function from the C-order
/// index of an element to its offset. Extent-1 axes go and neighbours that nest (the outer
/// stride is the inner extent times the inner stride) merge. A layout of one element becomes
/// rank 0 (CuTe's `1:0`, which has no rank 0), an empty one `(0,)` with stride 1; the offset and
/// the storage stay. On a mixed layout, which axes merge must be decided by static entries, and
/// an axis of run-time extent must merge with a neighbour or be a dyn_multiple<N> (N > 1): an
/// extent of 1 would remove it. A run-time extent of 0 gives the empty layout of the same type.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L coalesce(const L& l) { return detail::subset_result(detail::coalesced(l.entries(), "coalesce")); }

/// PyTorch `mT`: the last two axes swapped (a batch of matrices transposed). A rank-0 layout is
/// its own transpose, as in PyTorch; rank 1 is refused.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L matrix_transpose(const L& l) {
  if (l.rank() == 0) return l;
  if (l.rank() < 2) detail::refuse("matrix_transpose: needs a matrix or a batch of them (at least 2 axes), got rank {}", l.rank());
  return transpose(l, -2, -1);
}

/// NumPy `.T` and `transpose()` without axes (PyTorch `.T`): the order of the axes reversed.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L reverse_axis_order(const L& l) {
  detail::value_t<L> out = l.entries();
  for (std::size_t i = 0; i < out.rank; ++i) {
    out.shape[i] = l.entries().shape[out.rank - 1 - i];
    out.strides[i] = l.entries().strides[out.rank - 1 - i];
  }
  return detail::subset_result(out);
}

/// PyTorch `t()`: a matrix transposed. A layout of rank 0 or 1 is returned as it is, as in
/// PyTorch; more than 2 axes are refused (matrix_transpose swaps the last two of a batch).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L t(const L& l) {
  if (l.rank() > 2) detail::refuse("t: expects at most 2 axes, got rank {} (transpose or matrix_transpose take more)", l.rank());
  if (l.rank() < 2) return l;
  return transpose(l, 0, 1);
}

/// NumPy `rot90(m, k, axes=(axis1, axis2))`: k quarter turns from axis1 towards axis2, made as
/// NumPy makes it, of flip and transpose: k mod 4 turns; 1 flips axis2 then swaps the two axes,
/// 2 flips both, 3 swaps them then flips axis2. The axes must differ (also as -1 and rank-1),
/// and the layout needs 2 axes.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L rot90(const L& l, index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) {
  const auto rank = static_cast<index_t>(l.rank());
  if (axis1 == axis2 || axis1 - axis2 == rank || axis2 - axis1 == rank)
    detail::refuse("rot90: the axes must be different, got {} and {} for rank {}", axis1, axis2, rank);
  if (detail::wrap_axis(axis1, l.rank()) < 0 || detail::wrap_axis(axis2, l.rank()) < 0)
    detail::refuse("rot90: axes ({}, {}) are out of range for rank {} (rot90 needs 2 axes)", axis1, axis2, rank);
  const index_t turns = (k % 4 + 4) % 4;
  if (turns == 0) return l;
  if (turns == 2) return flip(l, dims{axis1, axis2});
  if (turns == 1) return transpose(flip(l, dims{axis2}), axis1, axis2);
  return flip(transpose(l, axis1, axis2), dims{axis2});
}

/// NumPy `rollaxis(a, axis, start)`: axis `axis` moved to just before the axis now at `start`
/// (start in [-rank, rank]; the other axes keep their order), a permute.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L rollaxis(const L& l, index_t axis, index_t start = 0) {
  const auto rank = static_cast<index_t>(l.rank());
  const index_t a = detail::wrap_axis(axis, l.rank());
  if (a < 0) detail::refuse("rollaxis: axis {} is out of range for rank {}", axis, rank);
  index_t s = start < 0 ? start + rank : start;
  if (s < 0 || s > rank) detail::refuse("rollaxis: start {} is out of range for rank {} (it goes in [-{}, {}])", start, rank, rank, rank);
  if (a < s) --s;
  dims order;  // the axes but a, with a placed at s
  for (index_t d = 0, from = 0; d < rank; ++d) {
    if (from == a) ++from;
    order.push_back(d == s ? a : from++);
  }
  return permute(l, order);
}

/// NumPy `expand_dims(a, axes)`: an extent-1 axis at each of `axes`, which are places in the
/// result (in [-n, n) for a result of rank n, no repeats); none gives the layout as it is. Each
/// is an unsqueeze, in increasing order, with unsqueeze's stride (PyTorch's; NumPy's reshape
/// may choose another stride for an extent-1 axis, which never moves an offset).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L expand_dims(const L& l, const dims& axes) {
  const std::size_t rank = l.rank() + axes.size();
  if (rank > max_rank) detail::refuse("expand_dims: rank {} plus {} axes would exceed max_rank ({})", l.rank(), axes.size(), max_rank);
  bool add[max_rank] = {};
  for (const index_t axis : axes) {
    const index_t a = detail::wrap_axis(axis, rank);
    if (a < 0) detail::refuse("expand_dims: axis {} is out of range for the result's rank {}", axis, rank);
    if (add[a]) detail::refuse("expand_dims: repeated axis {}", axis);
    add[a] = true;
  }
  L out = l;
  for (std::size_t d = 0; d < rank; ++d)
    if (add[d]) out = unsqueeze(out, static_cast<index_t>(d));
  return out;
}

/// True when `ravel(l)` is a view: when the layout is C-contiguous (PyTorch's is_contiguous,
/// NumPy's C_CONTIGUOUS flag: strides of extent-1 axes aside, an empty layout is). On a mixed
/// layout's pattern, possibly unknown.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_ravel(const L& l) { return detail::is_contiguous(l.entries()); }

/// NumPy `ravel()` (order 'C') and PyTorch `ravel()`: the elements as one axis, a view of a
/// C-contiguous layout, else the contiguous layout (offset 0) of the copy both make, even where
/// a view could express it (`a[:, ::2]`: `reshape(-1)` views it, ravel copies). can_ravel tells
/// which; on a mixed layout the static entries must decide it.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L ravel(const L& l) {
  if (detail::decided(can_ravel(l), "ravel", "whether the layout is contiguous (a view) or not (a copy)")) return view(l, dims{-1});
  const auto& in = l.entries();
  const auto count = detail::element_count(in, "ravel");
  auto out = detail::infer_shape<detail::value_t<L>>(dims{-1}, count, "ravel");
  detail::make_copy_layout(out, count, "ravel");
  return detail::subset_result(out);
}

namespace detail {
// NumPy's sliding_window_view over axes[i] with windows window[i]; axes may repeat, each window
// shrinking that axis again.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_windows(const L& l, const dims& window, const dims& axes) {
  using E = entry_t<value_t<L>>;
  const auto& in = l.entries();
  if (in.rank + window.size() > max_rank)
    detail::refuse("sliding_window_view: the result's rank {} would exceed max_rank ({})", in.rank + window.size(), max_rank);
  value_t<L> out = in;
  for (std::size_t i = 0; i < window.size(); ++i) {
    if (window[i] < 0) detail::refuse("sliding_window_view: window extent {} is negative", window[i]);
    const index_t a = wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("sliding_window_view: axis {} is out of range for rank {}", axes[i], in.rank);
    if (E(window[i]) > out.shape[a])
      detail::refuse("sliding_window_view: window extent {} is larger than extent {} of axis {}", window[i], known_value(out.shape[a]), axes[i]);
    // An empty window leaves one more (empty) window than elements, which may not fit in int64.
    out.shape[a] = checked_add(out.shape[a], E(1 - window[i]), "sliding_window_view");
    insert_axis(out, out.rank, E(window[i]), in.strides[a], "sliding_window_view");
  }
  element_count(out, "sliding_window_view");  // overlapping windows hold more elements than the input
  return subset_result(out);
}
}  // namespace detail

/// NumPy `sliding_window_view(x, window_shape, axis)`: every window of extents `window` over
/// `axes` (repeats allowed), the window axes appended in that order.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_window_view(const L& l, const dims& window, const dims& axes) {
  if (window.size() != axes.size())
    detail::refuse("sliding_window_view: {} window extents but {} axes", window.size(), axes.size());
  return detail::sliding_windows(l, window, axes);
}

/// NumPy `sliding_window_view(x, window_shape)`: one window extent per axis.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_window_view(const L& l, const dims& window) {
  if (window.size() != l.rank())
    detail::refuse("sliding_window_view: {} window extents for rank {} (without axes, one per axis)", window.size(), l.rank());
  dims axes;
  for (std::size_t d = 0; d < l.rank(); ++d) axes.push_back(static_cast<index_t>(d));
  return detail::sliding_windows(l, window, axes);
}

/// PyTorch `expand(sizes)`: new leading axes and extent-1 axes stretched, with stride 0; -1
/// keeps an axis as it is (its stride too, unlike NumPy's broadcast_to, which zeroes the stride
/// of every extent-1 axis). Any other extent must match. A new axis of extent 1 gets PyTorch's
/// stride (the next axis's extent times its stride), which never moves an offset.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L expand(const L& l, const dims& sizes) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (sizes.size() < in.rank)
    detail::refuse("expand: {} sizes given for a layout of rank {} (at least as many are needed)", sizes.size(), in.rank);
  if (sizes.size() > max_rank) detail::refuse("expand: rank {} exceeds max_rank ({})", sizes.size(), max_rank);
  detail::value_t<L> out{};
  out.rank = sizes.size();
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  const std::size_t lead = sizes.size() - in.rank;
  for (std::size_t d = sizes.size(); d-- > 0;) {  // last first: a new axis's stride reads the next axis's
    const index_t size = sizes[d];
    E from = 1, stride = 0;
    if (d >= lead) {
      from = in.shape[d - lead];
      stride = in.strides[d - lead];
    } else {
      if (size == -1) detail::refuse("expand: -1 is not allowed for the new leading axis {}", d);
      // Kept only for a new axis of extent 1 (stretched, it is 0), so the next axis's stride
      // where the product does not fit in int64.
      detail::overflow_note<E> unused;
      if (d + 1 < sizes.size()) stride = detail::stride_product(out.shape[d + 1], out.strides[d + 1], E(1), out.strides[d + 1], unused);
    }
    if (size < -1) detail::refuse("expand: size {} of axis {} is negative", size, d);
    if (size == -1) {  // kept as it is (a run-time extent stays run-time, with its stride)
      out.shape[d] = from;
      out.strides[d] = stride;
      continue;
    }
    out.shape[d] = size;
    const auto stretched = E(size) != from;
    if (stretched && from != 1) detail::refuse("expand: size {} of axis {} must match its extent {} (only extent-1 axes expand)", size, d, detail::known_value(from));
    out.strides[d] = detail::pick(stretched, 0, stride);
  }
  detail::element_count(out, "expand");
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
    if (di == e) out.shape[out.rank++] = extent_product(in.shape + s, static_cast<std::size_t>(e - s + 1), "flatten");
  }
  return out;
}
}  // namespace detail

/// PyTorch `flatten(start_dim, end_dim)` as a view: axes start..end merged into one (rank 0
/// gives shape (1,)). A compile error or layout_error naming the axes when the strides cannot
/// express it (PyTorch copies then; strider's views never do: `reshape` copies).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flatten(const L& l, index_t start = 0, index_t end = -1) {
  auto out = detail::flattened_shape(l.entries(), start, end);
  if (l.rank() > 0 && out.rank == l.rank()) return l;  // one axis: PyTorch returns the input as it is
  bool refused_unless_empty = false;  // on a pattern: refused for every non-empty value (see view)
  if (static_cast<bool>(!detail::find_view_strides(l.entries(), out, &refused_unless_empty)) || refused_unless_empty)
    detail::refuse("flatten: axes {} to {} cannot be merged into one without a copy (their strides do not nest): of a tensor view, flatten its contiguous() copy; of a layout, reshape gives the copy's layout", start, end);
  return detail::subset_result(out);
}

/// True when `flatten(l, start, end)` is a view; when it is not, PyTorch's flatten copies.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr auto can_flatten(const L& l, index_t start = 0, index_t end = -1) {
  auto out = detail::flattened_shape(l.entries(), start, end);
  return detail::find_view_strides(l.entries(), out);
}

namespace detail {
// reshape_copies and flatten_copies: whether the reshape (the flatten, which then refuses)
// copies; a mixed layout's pattern answers for its non-empty values.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr bool reshape_copies(const L& l, const dims& shape) {
  auto out = infer_shape<value_t<L>>(shape, element_count(l.entries(), "reshape"), "reshape");
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

/// PyTorch `narrow(dim, start, length)`: elements [start, start + length) of axis `dim`, a view.
/// A negative start counts from the end; out of range is an error, never clamped.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L narrow(const L& l, index_t dim, index_t start, index_t length) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank == 0) detail::refuse("narrow: a rank-0 layout has no dimension to narrow");
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("narrow: dimension {} is out of range for rank {}", dim, in.rank);
  // PyTorch's range for start: the end itself, or an index as maybe_wrap_dim wraps it (an empty
  // axis wraps as one of extent 1, so -1 is its start too).
  const E n = in.shape[d], wrap = detail::max_of(n, 1);
  if (n != start && (E(start) < -wrap || E(start) >= wrap))
    detail::refuse("narrow: start {} is out of range for dimension {} with extent {}", start, dim, detail::known_value(n));
  const E first = start < 0 ? E(start) + wrap : E(start);
  if (length < 0) detail::refuse("narrow: length {} is negative", length);
  if (E(length) > n - first) detail::refuse("narrow: start {} + length {} exceeds extent {} of dimension {}", detail::known_value(first), length, detail::known_value(n), dim);
  detail::value_t<L> out = in;
  out.shape[d] = length;
  detail::overflow_note<E> note;  // an empty result whose offset does not fit keeps the input's
  out.offset = detail::moved_offset(in.offset, first, in.strides[d], note);
  detail::refuse_used_overflow(note, out, "narrow");
  return detail::subset_result(out);
}

/// PyTorch `select(dim, index)`: the elements at `index` of axis `dim`, which is removed (NumPy
/// `a[..., index, ...]`). A negative index counts from the end.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L select(const L& l, index_t dim, index_t index) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank == 0) detail::refuse("select: a rank-0 layout has no dimension to select from");
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("select: dimension {} is out of range for rank {}", dim, in.rank);
  const E n = in.shape[d];
  if (E(index) < -n || E(index) >= n) detail::refuse("select: index {} is out of range for dimension {} with extent {}", index, dim, detail::known_value(n));
  detail::value_t<L> out = in;
  detail::overflow_note<E> note;  // an empty result whose offset does not fit keeps the input's
  out.offset = detail::moved_offset(in.offset, index < 0 ? E(index) + n : E(index), in.strides[d], note);
  detail::remove_axis(out, static_cast<std::size_t>(d));
  detail::refuse_used_overflow(note, out, "select");
  return detail::subset_result(out);
}

// Under nvcc, non-template forms of the rules above that are templates over the layout type (a
// dynamic_layout, or a mixed layout's compile-time pattern): nvcc's front end rejects a call of
// a function template in a template argument (the static aliases), and an unqualified call finds
// these first. Other compilers call the templates.
#ifdef __CUDACC__
// The operations of core/operation_forms.hpp's lists, from their entries (at the end of this file).
// The others: flip and squeeze with and without axes, view's and reshape's, coalesce, ravel.
STRIDER_HOST_DEVICE constexpr dynamic_layout flip(const dynamic_layout& l, const dims& axes) { return flip<dynamic_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flip(const dynamic_layout& l) { return flip<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr dynamic_layout squeeze(const dynamic_layout& l, const dims& axes) { return squeeze<dynamic_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout squeeze(const dynamic_layout& l) { return squeeze<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr dynamic_layout view(const dynamic_layout& l, const dims& shape) { return view<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr bool can_view(const dynamic_layout& l, const dims& shape) { return can_view<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr dynamic_layout reshape(const dynamic_layout& l, const dims& shape) { return reshape<dynamic_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr bool can_flatten(const dynamic_layout& l, index_t start = 0, index_t end = -1) { return can_flatten<dynamic_layout>(l, start, end); }
STRIDER_HOST_DEVICE constexpr dynamic_layout sliding_window_view(const dynamic_layout& l, const dims& window, const dims& axes) { return sliding_window_view<dynamic_layout>(l, window, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout sliding_window_view(const dynamic_layout& l, const dims& window) { return sliding_window_view<dynamic_layout>(l, window); }
STRIDER_HOST_DEVICE constexpr dynamic_layout coalesce(const dynamic_layout& l) { return coalesce<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout flip(const detail::pattern_layout& l, const dims& axes) { return flip<detail::pattern_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout flip(const detail::pattern_layout& l) { return flip<detail::pattern_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout squeeze(const detail::pattern_layout& l, const dims& axes) { return squeeze<detail::pattern_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout squeeze(const detail::pattern_layout& l) { return squeeze<detail::pattern_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout coalesce(const detail::pattern_layout& l) { return coalesce<detail::pattern_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout view(const detail::pattern_layout& l, const dims& shape) { return view<detail::pattern_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_view(const detail::pattern_layout& l, const dims& shape) { return can_view<detail::pattern_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout reshape(const detail::pattern_layout& l, const dims& shape) { return reshape<detail::pattern_layout>(l, shape); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_flatten(const detail::pattern_layout& l, index_t start = 0, index_t end = -1) { return can_flatten<detail::pattern_layout>(l, start, end); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout sliding_window_view(const detail::pattern_layout& l, const dims& window, const dims& axes) { return sliding_window_view<detail::pattern_layout>(l, window, axes); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout sliding_window_view(const detail::pattern_layout& l, const dims& window) { return sliding_window_view<detail::pattern_layout>(l, window); }
STRIDER_HOST_DEVICE constexpr dynamic_layout ravel(const dynamic_layout& l) { return ravel<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr bool can_ravel(const dynamic_layout& l) { return can_ravel<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout ravel(const detail::pattern_layout& l) { return ravel<detail::pattern_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_bool can_ravel(const detail::pattern_layout& l) { return can_ravel<detail::pattern_layout>(l); }
#endif

namespace detail {
// The iterator of a sequence made on access, `parts[i]` for i in [0, size()): the parts of split,
// chunk and unbind, as layouts (layout_parts) or as views (view_parts).
template <class Parts, class Value>
class part_iterator {
 public:
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  constexpr part_iterator() = default;
  STRIDER_HOST_DEVICE constexpr part_iterator(const Parts* parts, index_t i) : parts_(parts), i_(i) {}
  STRIDER_HOST_DEVICE constexpr Value operator*() const { return (*parts_)[i_]; }
  STRIDER_HOST_DEVICE constexpr part_iterator& operator++() { return ++i_, *this; }
  STRIDER_HOST_DEVICE constexpr part_iterator operator++(int) {
    part_iterator old = *this;
    ++i_;
    return old;
  }
  STRIDER_HOST_DEVICE constexpr bool operator==(const part_iterator& other) const { return i_ == other.i_; }

 private:
  const Parts* parts_ = nullptr;
  index_t i_ = 0;
};
}  // namespace detail

/// The views PyTorch's split, chunk and unbind return, one per part: `size()` parts, each made
/// on access (`parts[i]`, negative i from the end as in Python; a range-for visits them in
/// order). Holding the rule rather than a list keeps it free of the heap, so that the static
/// forms compute it in the compiler, and any number of parts costs the same. `L` is the layout
/// kind (layout_parts: a dynamic_layout's parts; a mixed layout's pattern for its parts).
template <detail::rule_layout L>
class basic_layout_parts {
 public:
  // sections: n parts, the first extent % n one element longer (tensor_split by sections and
  // NumPy's splits); indices: parts between the indices, as Python slices (tensor_split at indices).
  enum class kind : unsigned char { split, split_with_sizes, chunk, unbind, sections, indices };

  /// The number of parts.
  STRIDER_HOST_DEVICE constexpr std::size_t size() const { return static_cast<std::size_t>(count_); }
  STRIDER_HOST_DEVICE constexpr bool empty() const { return count_ == 0; }
  /// The operation's name, as in its messages.
  STRIDER_HOST_DEVICE constexpr const char* operation() const {
    if (name_ != nullptr) return name_;
    return kind_ == kind::split ? "split" : kind_ == kind::split_with_sizes ? "split_with_sizes" : kind_ == kind::chunk ? "chunk" : "unbind";
  }

  /// Part `part`; a negative part counts from the end.
  STRIDER_HOST_DEVICE constexpr L operator[](index_t part) const {
    using E = detail::entry_t<detail::value_t<L>>;
    if (part < -count_ || part >= count_) part_out_of_range(part);
    const index_t i = part < 0 ? part + count_ : part;
    detail::value_t<L> out = input_.entries();
    const E stride = out.strides[dim_];
    detail::overflow_note<E> note;  // a part of an empty layout whose offset does not fit keeps the input's
    if (kind_ == kind::unbind) {
      out.offset = detail::moved_offset(out.offset, E(i), stride, note);
      detail::remove_axis(out, dim_);
      detail::refuse_used_overflow(note, out, "unbind");
      return detail::subset_result(out);
    }
    index_t start = 0, length = 0;
    if (kind_ == kind::split_with_sizes) {
      for (index_t j = 0; j < i; ++j) start += sizes_[static_cast<std::size_t>(j)];  // the sizes sum to the extent
      length = sizes_[static_cast<std::size_t>(i)];
    } else if (kind_ == kind::sections) {
      const index_t extent = detail::known_value(out.shape[dim_]);
      const index_t q = extent / count_, r = extent % count_;
      start = i * q + (i < r ? i : r);  // at most the extent
      length = q + (i < r);
    } else if (kind_ == kind::indices) {
      // Python's slice [indices[i - 1]:indices[i]] (0 and the extent at the ends): negative
      // indices count from the end, both ends clamped to [0, extent], an end before the start empty.
      const index_t extent = detail::known_value(out.shape[dim_]);
      const auto clamp = [extent](index_t x) { return x < 0 ? (x + extent < 0 ? 0 : x + extent) : (x > extent ? extent : x); };
      start = i == 0 ? 0 : clamp(sizes_[static_cast<std::size_t>(i - 1)]);
      const index_t end = i + 1 == count_ ? extent : clamp(sizes_[static_cast<std::size_t>(i)]);
      length = end > start ? end - start : 0;
    } else {
      const index_t extent = detail::known_value(out.shape[dim_]);  // static on a mixed layout (parts_axis)
      start = i * part_size_;  // at most the extent
      length = extent - start < part_size_ ? extent - start : part_size_;
    }
    out.shape[dim_] = length;
    out.offset = detail::moved_offset(out.offset, E(start), stride, note);
    detail::refuse_used_overflow(note, out, operation());
    return detail::subset_result(out);
  }

  using iterator = detail::part_iterator<basic_layout_parts, L>;
  STRIDER_HOST_DEVICE constexpr iterator begin() const { return {this, 0}; }
  STRIDER_HOST_DEVICE constexpr iterator end() const { return {this, count_}; }

  // Made by split, split_with_sizes, chunk and unbind, which check their arguments, and by
  // tensor_split and NumPy's splits (their name for messages).
  STRIDER_HOST_DEVICE constexpr basic_layout_parts(const L& input, kind k, std::size_t dim, index_t part_size, index_t count, const dims& sizes = {},
                               const char* name = nullptr)
      : input_(input), kind_(k), dim_(dim), part_size_(part_size), count_(count), sizes_(sizes), name_(name) {}

 private:
  // One literal message per operation, so that a compile error's source line names it.
  STRIDER_HOST_DEVICE constexpr void part_out_of_range(index_t part) const {
    switch (kind_) {
      case kind::split: detail::refuse("split: part {} is out of range for {} parts", part, count_);
      case kind::split_with_sizes: detail::refuse("split_with_sizes: part {} is out of range for {} parts", part, count_);
      case kind::chunk: detail::refuse("chunk: part {} is out of range for {} parts", part, count_);
      case kind::unbind: detail::refuse("unbind: part {} is out of range for {} parts", part, count_);
      case kind::sections:
      case kind::indices: detail::refuse("{}: part {} is out of range for {} parts", name_, part, count_);
    }
  }

  L input_;
  kind kind_;
  std::size_t dim_;
  index_t part_size_;  // split and chunk: the extent of every part but the last
  index_t count_;
  dims sizes_;         // split_with_sizes; indices
  const char* name_;   // sections and indices: the operation's name
};

/// The parts of a dynamic layout.
using layout_parts = basic_layout_parts<dynamic_layout>;

namespace detail {
// The split axis (-1 when out of range), whose extent must be static: the number of parts is in
// a mixed layout's type. One literal message per operation, as above.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t parts_axis(const L& l, index_t dim, const char* op) {
  const index_t d = wrap_axis(dim, l.rank());
  if (d < 0) return -1;
  if (is_known(l.entries().shape[d])) return d;
  const detail::text_view name = op;
  if (name == "split") detail::refuse("split: the number of parts depends on the extent of dimension {}, which is known only at run time", dim);
  if (name == "split_with_sizes") detail::refuse("split_with_sizes: the sizes must sum to the extent of dimension {}, which is known only at run time", dim);
  if (name == "chunk") detail::refuse("chunk: the parts depend on the extent of dimension {}, which is known only at run time", dim);
  if (name == "unbind") detail::refuse("unbind: the number of parts depends on the extent of dimension {}, which is known only at run time", dim);
  detail::refuse("{}: the parts depend on the extent of axis {}, which is known only at run time", op, dim);
}
}  // namespace detail

/// PyTorch `split(split_size, dim)`: parts of `split_size` elements along `dim`, the last one
/// smaller when the extent is not a multiple (one empty part for an empty axis).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> split(const L& l, index_t split_size, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("split: a rank-0 layout has no dimension to split");
  const index_t d = detail::parts_axis(l, dim, "split");
  if (d < 0) detail::refuse("split: dimension {} is out of range for rank {}", dim, l.rank());
  const index_t n = detail::known_value(l.entries().shape[d]);
  if (split_size < 0) detail::refuse("split: split size {} is negative", split_size);
  if (split_size == 0 && n != 0) detail::refuse("split: split size 0 is allowed only for an empty dimension, but dimension {} has extent {}", dim, n);
  const index_t count = split_size == 0 ? 1 : n / split_size + (n % split_size != 0);
  return {l, basic_layout_parts<L>::kind::split, static_cast<std::size_t>(d), split_size, count > 0 ? count : 1};
}

/// PyTorch `split(split_sizes, dim)` with a list (`split_with_sizes`): one part per size, the
/// sizes summing to the extent (at most max_rank sizes).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> split_with_sizes(const L& l, const dims& split_sizes, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("split_with_sizes: a rank-0 layout has no dimension to split");
  const index_t d = detail::parts_axis(l, dim, "split_with_sizes");
  if (d < 0) detail::refuse("split_with_sizes: dimension {} is out of range for rank {}", dim, l.rank());
  const index_t n = detail::known_value(l.entries().shape[d]);
  index_t total = 0;
  for (const index_t s : split_sizes) {
    if (s < 0) detail::refuse("split_with_sizes: size {} is negative", s);
    total = detail::checked_add(total, s, "split_with_sizes");
  }
  if (total != n) detail::refuse("split_with_sizes: the sizes sum to {}, not the extent {} of dimension {}", total, n, dim);
  return {l, basic_layout_parts<L>::kind::split_with_sizes, static_cast<std::size_t>(d), 0, static_cast<index_t>(split_sizes.size()), split_sizes};
}

/// PyTorch `chunk(chunks, dim)`: at most `chunks` parts of ceil(extent / chunks) elements (fewer
/// when the extent runs out first; `chunks` empty parts for an empty axis).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> chunk(const L& l, index_t chunks, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("chunk: a rank-0 layout has no dimension to chunk");
  const index_t d = detail::parts_axis(l, dim, "chunk");
  if (d < 0) detail::refuse("chunk: dimension {} is out of range for rank {}", dim, l.rank());
  if (chunks <= 0) detail::refuse("chunk: the number of chunks must be positive, got {}", chunks);
  const index_t n = detail::known_value(l.entries().shape[d]);
  if (n == 0) return {l, basic_layout_parts<L>::kind::chunk, static_cast<std::size_t>(d), 0, chunks};
  const index_t size = n / chunks + (n % chunks != 0);
  return {l, basic_layout_parts<L>::kind::chunk, static_cast<std::size_t>(d), size, n / size + (n % size != 0)};
}

/// PyTorch `unbind(dim)`: one part per index of `dim`, which is removed (as select).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> unbind(const L& l, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("unbind: a rank-0 layout has no dimension to unbind");
  const index_t d = detail::parts_axis(l, dim, "unbind");
  if (d < 0) detail::refuse("unbind: dimension {} is out of range for rank {}", dim, l.rank());
  return {l, basic_layout_parts<L>::kind::unbind, static_cast<std::size_t>(d), 1, detail::known_value(l.entries().shape[d])};
}

namespace detail {
// tensor_split's and NumPy's splits' parts along axis `dim`: `sections` parts (NumPy's splits:
// of equal extents) or the parts between `indices`. `op` names the operation in messages.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t sections_axis(const L& l, index_t dim, const char* op) {
  if (l.rank() == 0) detail::refuse("{}: a rank-0 layout has no axis to split", op);
  const index_t d = parts_axis(l, dim, op);
  if (d < 0) detail::refuse("{}: axis {} is out of range for rank {}", op, dim, l.rank());
  return d;
}
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> sections_parts(const L& l, index_t sections, index_t dim, const char* op, bool equal) {
  const index_t d = sections_axis(l, dim, op);
  if (sections <= 0) detail::refuse("{}: the number of sections must be positive, got {}", op, sections);
  const index_t n = known_value(l.entries().shape[d]);
  if (equal && n % sections != 0)
    detail::refuse("{}: {} sections do not divide axis {} of extent {} equally (tensor_split or array_split allow that)", op, sections, dim, n);
  return {l, basic_layout_parts<L>::kind::sections, static_cast<std::size_t>(d), 0, sections, {}, op};
}
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> indices_parts(const L& l, const dims& indices, index_t dim, const char* op) {
  const index_t d = sections_axis(l, dim, op);
  return {l, basic_layout_parts<L>::kind::indices, static_cast<std::size_t>(d), 0, static_cast<index_t>(indices.size()) + 1, indices, op};
}
// The axis of NumPy's hsplit (1, or 0 of a 1-D layout), vsplit (0) and dsplit (2), whose
// layouts need at least 1, 2 and 3 axes.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t numpy_split_axis(const L& l, std::size_t min_rank, const char* op) {
  if (l.rank() < min_rank) detail::refuse("{}: needs rank {} or more, got rank {}", op, min_rank, l.rank());
  const detail::text_view name = op;
  return name == "hsplit" ? (l.rank() > 1 ? 1 : 0) : name == "vsplit" ? 0 : 2;
}
}  // namespace detail

/// PyTorch `tensor_split(sections, dim)`, NumPy `array_split(sections, axis)`: `sections` parts,
/// the first extent % sections of them one element longer (empty ones when sections exceeds
/// the extent).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> tensor_split(const L& l, index_t sections, index_t dim = 0) {
  return detail::sections_parts(l, sections, dim, "tensor_split", false);
}
/// PyTorch `tensor_split(indices, dim)`, NumPy `array_split` and `split` with a list: the
/// parts [0:i0], [i0:i1], ..., [ik:] as Python slices (negative indices from the end, clamped,
/// an index below the previous one an empty part; at most max_rank indices).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> tensor_split_indices(const L& l, const dims& indices, index_t dim = 0) {
  return detail::indices_parts(l, indices, dim, "tensor_split");
}
/// NumPy `split(sections, axis)`: `sections` parts of equal extent, refused when they cannot be
/// (strider's `split` is PyTorch's, parts of a given size). With indices it is tensor_split_indices.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> numpy_split(const L& l, index_t sections, index_t axis = 0) {
  return detail::sections_parts(l, sections, axis, "numpy_split", true);
}
/// NumPy/PyTorch `hsplit(sections)`: numpy_split along axis 1 (axis 0 of a 1-D layout).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> hsplit(const L& l, index_t sections) {
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 1, "hsplit"), "hsplit", true);
}
/// NumPy/PyTorch `vsplit(sections)`: numpy_split along axis 0 of a layout of at least 2 axes.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> vsplit(const L& l, index_t sections) {
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 2, "vsplit"), "vsplit", true);
}
/// NumPy/PyTorch `dsplit(sections)`: numpy_split along axis 2 of a layout of at least 3 axes.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> dsplit(const L& l, index_t sections) {
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 3, "dsplit"), "dsplit", true);
}
/// `hsplit(indices)`: tensor_split_indices along hsplit's axis.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> hsplit_indices(const L& l, const dims& indices) {
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 1, "hsplit"), "hsplit");
}
/// `vsplit(indices)`: tensor_split_indices along axis 0 of a layout of at least 2 axes.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> vsplit_indices(const L& l, const dims& indices) {
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 2, "vsplit"), "vsplit");
}
/// `dsplit(indices)`: tensor_split_indices along axis 2 of a layout of at least 3 axes.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> dsplit_indices(const L& l, const dims& indices) {
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 3, "dsplit"), "dsplit");
}


/// PyTorch `as_strided(shape, strides, offset)`: any layout over the same storage, with offsets
/// counted from the start of the storage. It may reach anywhere in the storage the input was cut
/// from, [0, storage_size()), and nowhere outside it; the result keeps that storage.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L as_strided(const L& l, const dims& shape, const dims& strides, index_t offset) {
  if (shape.size() != strides.size())
    detail::refuse("as_strided: shape has {} extents but strides has {} entries", shape.size(), strides.size());
  detail::value_t<L> out{};
  out.rank = shape.size();
  out.offset = offset;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    out.shape[d] = shape[d];
    out.strides[d] = strides[d];
  }
  if (offset < 0) detail::refuse("as_strided: storage offset {} is negative", offset);  // PyTorch refuses even when empty
  out = detail::validate(out, "as_strided");
  // The input's storage may be a run-time value (a mixed layout's view): checked when it is known.
  const auto reach = detail::offset_range_of(out, "as_strided");
  const auto storage = l.entries().storage_size;
  if (reach.count > 0 && reach.max >= storage)
    detail::refuse("as_strided: reaches storage offset {}, outside the input's storage [0, {})", detail::known_value(reach.max), detail::known_value(storage));
  out.storage_size = storage;
  return detail::subset_result(out);
}

/// The same layout over a storage of `storage_size` elements, which must hold every element:
/// what a layout built from extents or strides says about memory that is larger than the
/// elements it reaches (a buffer the caller owns, a tensor's storage), so that as_strided may
/// reach the rest of it.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L with_storage(const L& l, index_t storage_size) {
  using E = detail::entry_t<detail::value_t<L>>;
  if (storage_size < 0) detail::refuse("with_storage: storage size {} is negative", storage_size);
  const auto reach = detail::offset_range_of(l.entries(), "with_storage");
  if (reach.count > 0 && reach.max >= E(storage_size))
    detail::refuse("with_storage: the layout reaches storage offset {}, outside a storage of {} elements", detail::known_value(reach.max), storage_size);
  detail::value_t<L> out = l.entries();
  out.storage_size = storage_size;
  return detail::subset_result(out);
}

#ifdef __CUDACC__  // the non-template forms under nvcc (see above)
STRIDER_HOST_DEVICE constexpr dynamic_layout with_storage(const dynamic_layout& l, index_t storage_size) { return with_storage<dynamic_layout>(l, storage_size); }
STRIDER_HOST_DEVICE constexpr detail::pattern_layout with_storage(const detail::pattern_layout& l, index_t storage_size) { return with_storage<detail::pattern_layout>(l, storage_size); }
#endif

/// PyTorch `as_strided` on a storage of `storage_size` elements (`Tensor.set_(storage, offset,
/// size, stride)`): any layout whose elements lie in [0, storage_size).
STRIDER_HOST_DEVICE constexpr dynamic_layout as_strided(index_t storage_size, const dims& shape, const dims& strides, index_t offset = 0) {
  if (storage_size < 0) detail::refuse("as_strided: storage size {} is negative", storage_size);
  layout_value storage{};  // an empty layout over that storage
  storage.rank = 1;
  storage.shape[0] = 0;
  storage.strides[0] = 1;
  storage.storage_size = storage_size;
  return as_strided(dynamic_layout(storage, dynamic_layout::unchecked_t{}), shape, strides, offset);
}

#ifdef __CUDACC__
// The non-template forms of the listed operations' rules under nvcc (see above); a parts rule
// gives a layout_parts.
#define STRIDER_NVCC_FORMS_nvcc_forms(name, runtime_parameters, runtime_arguments)                                          \
  STRIDER_HOST_DEVICE constexpr auto name(const dynamic_layout& l STRIDER_COMMA_BEFORE runtime_parameters) {      \
    return name<dynamic_layout>(l STRIDER_COMMA_BEFORE runtime_arguments);                                                  \
  }                                                                                                                         \
  STRIDER_HOST_DEVICE constexpr auto name(const detail::pattern_layout& l STRIDER_COMMA_BEFORE runtime_parameters) {       \
    return name<detail::pattern_layout>(l STRIDER_COMMA_BEFORE runtime_arguments);                                          \
  }
#define STRIDER_NVCC_FORMS_nvcc_forms_elsewhere(name, runtime_parameters, runtime_arguments)
#define STRIDER_NVCC_FORMS(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc) \
  STRIDER_NVCC_FORMS_##nvcc(name, runtime_parameters, runtime_arguments)
STRIDER_VIEW_OPERATIONS(STRIDER_NVCC_FORMS)
STRIDER_PARTS_OPERATIONS(STRIDER_NVCC_FORMS)
#undef STRIDER_NVCC_FORMS
#undef STRIDER_NVCC_FORMS_nvcc_forms_elsewhere
#undef STRIDER_NVCC_FORMS_nvcc_forms
#endif

}  // namespace strider
