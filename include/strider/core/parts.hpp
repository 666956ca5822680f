// strider/core/parts.hpp: the operations that give several views: split, chunk, unbind, tensor_split and NumPy's splits, as layout_parts.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include <cstddef>
#include "indexing.hpp"
#include "rule_helpers.hpp"

namespace strider {

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
/// kind (layout_parts: a dynamic_layout's parts; a mixed layout's maybe_layout for its parts).
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
// a mixed layout's type. One literal message per operation, as above; the caller's refusal
// otherwise (one instantiation per entry type, not per operation: util/error.hpp's check_caller).
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t parts_axis(const L& l, index_t dim, check_caller caller) {
  const index_t d = wrap_axis(dim, l.rank());
  if (d < 0) return -1;
  if (is_known(l.entries().shape[d])) return d;
  const detail::text_view name = caller.name;
  if (name == "split") detail::refuse("split: the number of parts depends on the extent of dimension {}, which is known only at run time", dim);
  if (name == "split_with_sizes") detail::refuse("split_with_sizes: the sizes must sum to the extent of dimension {}, which is known only at run time", dim);
  if (name == "chunk") detail::refuse("chunk: the parts depend on the extent of dimension {}, which is known only at run time", dim);
  if (name == "unbind") detail::refuse("unbind: the number of parts depends on the extent of dimension {}, which is known only at run time", dim);
  caller.refuse("the parts depend on the extent of axis {}, which is known only at run time", {dim});
  return -1;  // not reached: refuse does not return
}
}  // namespace detail

/// PyTorch `split(split_size, dim)`: parts of `split_size` elements along `dim`, the last one
/// smaller when the extent is not a multiple (one empty part for an empty axis).
/// @pre `dim` is an axis of `l`; split_size > 0 (0 only for an empty axis); on a mixed layout, the axis's
///      extent is static.
/// @example `contiguous(5, 2).split(2)[2]` is shape (1, 2), strides (2, 1), offset 8.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> split(const L& l, index_t split_size, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("split: a rank-0 layout has no dimension to split");
  const index_t d = detail::parts_axis(l, dim, detail::called_by<detail::op::split>());
  if (d < 0) detail::refuse("split: dimension {} is out of range for rank {}", dim, l.rank());
  const index_t n = detail::known_value(l.entries().shape[d]);
  if (split_size < 0) detail::refuse("split: split size {} is negative", split_size);
  if (split_size == 0 && n != 0) detail::refuse("split: split size 0 is allowed only for an empty dimension, but dimension {} has extent {}", dim, n);
  const index_t count = split_size == 0 ? 1 : n / split_size + (n % split_size != 0);
  return {l, basic_layout_parts<L>::kind::split, static_cast<std::size_t>(d), split_size, count > 0 ? count : 1};
}

/// PyTorch `split(split_sizes, dim)` with a list (`split_with_sizes`): one part per size, the
/// sizes summing to the extent (at most max_rank sizes).
/// @pre `dim` is an axis of `l`; the sizes are not negative and sum to its extent.
/// @example `contiguous(5, 2).split((1, 4))[1]` is shape (4, 2), strides (2, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> split_with_sizes(const L& l, const dims& split_sizes, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("split_with_sizes: a rank-0 layout has no dimension to split");
  const index_t d = detail::parts_axis(l, dim, detail::called_by<detail::op::split_with_sizes>());
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
/// @pre `dim` is an axis of `l`; chunks > 0.
/// @example `contiguous(5, 2).chunk(2)[1]` is shape (2, 2), strides (2, 1), offset 6.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> chunk(const L& l, index_t chunks, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("chunk: a rank-0 layout has no dimension to chunk");
  const index_t d = detail::parts_axis(l, dim, detail::called_by<detail::op::chunk>());
  if (d < 0) detail::refuse("chunk: dimension {} is out of range for rank {}", dim, l.rank());
  if (chunks <= 0) detail::refuse("chunk: the number of chunks must be positive, got {}", chunks);
  const index_t n = detail::known_value(l.entries().shape[d]);
  if (n == 0) return {l, basic_layout_parts<L>::kind::chunk, static_cast<std::size_t>(d), 0, chunks};
  const index_t size = n / chunks + (n % chunks != 0);
  return {l, basic_layout_parts<L>::kind::chunk, static_cast<std::size_t>(d), size, n / size + (n % size != 0)};
}

/// PyTorch `unbind(dim)`: one part per index of `dim`, which is removed (as select).
/// @pre `dim` is an axis of `l`.
/// @example `contiguous(3, 4).unbind(1)[2]` is shape (3,), strides (4,), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> unbind(const L& l, index_t dim = 0) {
  if (l.rank() == 0) detail::refuse("unbind: a rank-0 layout has no dimension to unbind");
  const index_t d = detail::parts_axis(l, dim, detail::called_by<detail::op::unbind>());
  if (d < 0) detail::refuse("unbind: dimension {} is out of range for rank {}", dim, l.rank());
  return {l, basic_layout_parts<L>::kind::unbind, static_cast<std::size_t>(d), 1, detail::known_value(l.entries().shape[d])};
}

namespace detail {
// tensor_split's and NumPy's splits' parts along axis `dim`: `sections` parts (NumPy's splits:
// of equal extents) or the parts between `indices`, refused in the caller's name.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t sections_axis(const L& l, index_t dim, check_caller caller) {
  if (l.rank() == 0) caller.refuse("a rank-0 layout has no axis to split", {});
  const index_t d = parts_axis(l, dim, caller);
  if (d < 0) caller.refuse("axis {} is out of range for rank {}", {dim, l.rank()});
  return d;
}
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> sections_parts(const L& l, index_t sections, index_t dim, bool equal, check_caller caller) {
  const index_t d = sections_axis(l, dim, caller);
  if (sections <= 0) caller.refuse("the number of sections must be positive, got {}", {sections});
  const index_t n = known_value(l.entries().shape[d]);
  if (equal && n % sections != 0)
    caller.refuse("{} sections do not divide axis {} of extent {} equally (tensor_split or array_split allow that)", {sections, dim, n});
  return {l, basic_layout_parts<L>::kind::sections, static_cast<std::size_t>(d), 0, sections, {}, caller.name};
}
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> indices_parts(const L& l, const dims& indices, index_t dim, check_caller caller) {
  const index_t d = sections_axis(l, dim, caller);
  return {l, basic_layout_parts<L>::kind::indices, static_cast<std::size_t>(d), 0, static_cast<index_t>(indices.size()) + 1, indices, caller.name};
}
// The axis of NumPy's hsplit (1, or 0 of a 1-D layout), vsplit (0) and dsplit (2), whose
// layouts need at least 1, 2 and 3 axes.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t numpy_split_axis(const L& l, std::size_t min_rank, check_caller caller) {
  if (l.rank() < min_rank) caller.refuse("needs rank {} or more, got rank {}", {min_rank, l.rank()});
  const detail::text_view name = caller.name;
  return name == "hsplit" ? (l.rank() > 1 ? 1 : 0) : name == "vsplit" ? 0 : 2;
}
}  // namespace detail

/// PyTorch `tensor_split(sections, dim)`, NumPy `array_split(sections, axis)`: `sections` parts,
/// the first extent % sections of them one element longer (empty ones when sections exceeds
/// the extent).
/// @pre `dim` is an axis of `l`; sections > 0.
/// @example `contiguous(5, 2).tensor_split(3)[2]` is shape (1, 2), strides (2, 1), offset 8.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> tensor_split(const L& l, index_t sections, index_t dim = 0) {
  return detail::sections_parts(l, sections, dim, false, detail::called_by<detail::op::tensor_split>());
}
/// PyTorch `tensor_split(indices, dim)`, NumPy `array_split` and `split` with a list: the
/// parts [0:i0], [i0:i1], ..., [ik:] as Python slices (negative indices from the end, clamped,
/// an index below the previous one an empty part; at most max_rank indices).
/// @pre `dim` is an axis of `l`; any indices (as Python slices, clamped to the axis).
/// @example `contiguous(5, 2).tensor_split((1, 3))[1]` is shape (2, 2), strides (2, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> tensor_split_indices(const L& l, const dims& indices, index_t dim = 0) {
  return detail::indices_parts(l, indices, dim, detail::called_by<detail::op::tensor_split>());
}
/// NumPy `split(sections, axis)`: `sections` parts of equal extent, refused when they cannot be
/// (strider's `split` is PyTorch's, parts of a given size). With indices it is tensor_split_indices.
/// @pre `axis` is an axis of `l`; sections > 0 and divides its extent.
/// @example `contiguous(6, 2).numpy_split(3)[1]` is shape (2, 2), strides (2, 1), offset 4.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> numpy_split(const L& l, index_t sections, index_t axis = 0) {
  return detail::sections_parts(l, sections, axis, true, detail::called_by<detail::op::numpy_split>());
}
/// NumPy/PyTorch `hsplit(sections)`: numpy_split along axis 1 (axis 0 of a 1-D layout).
/// @pre `l` has at least 1 axis; as numpy_split along axis 1 (0 for rank 1).
/// @example `contiguous(2, 6).hsplit(3)[1]` is shape (2, 2), strides (6, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> hsplit(const L& l, index_t sections) {
  const detail::check_caller caller = detail::called_by<detail::op::hsplit>();
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 1, caller), true, caller);
}
/// NumPy/PyTorch `vsplit(sections)`: numpy_split along axis 0 of a layout of at least 2 axes.
/// @pre `l` has at least 2 axes; as numpy_split along axis 0.
/// @example `contiguous(6, 2).vsplit(3)[2]` is shape (2, 2), strides (2, 1), offset 8.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> vsplit(const L& l, index_t sections) {
  const detail::check_caller caller = detail::called_by<detail::op::vsplit>();
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 2, caller), true, caller);
}
/// NumPy/PyTorch `dsplit(sections)`: numpy_split along axis 2 of a layout of at least 3 axes.
/// @pre `l` has at least 3 axes; as numpy_split along axis 2.
/// @example `contiguous(2, 2, 4).dsplit(2)[1]` is shape (2, 2, 2), strides (8, 4, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> dsplit(const L& l, index_t sections) {
  const detail::check_caller caller = detail::called_by<detail::op::dsplit>();
  return detail::sections_parts(l, sections, detail::numpy_split_axis(l, 3, caller), true, caller);
}
/// `hsplit(indices)`: tensor_split_indices along hsplit's axis.
/// @pre `l` has at least 1 axis; as tensor_split_indices along axis 1 (0 for rank 1).
/// @example `contiguous(2, 6).hsplit((2, 5))[1]` is shape (2, 3), strides (6, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> hsplit_indices(const L& l, const dims& indices) {
  const detail::check_caller caller = detail::called_by<detail::op::hsplit>();
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 1, caller), caller);
}
/// `vsplit(indices)`: tensor_split_indices along axis 0 of a layout of at least 2 axes.
/// @pre `l` has at least 2 axes; as tensor_split_indices along axis 0.
/// @example `contiguous(6, 2).vsplit((2,))[1]` is shape (4, 2), strides (2, 1), offset 4.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> vsplit_indices(const L& l, const dims& indices) {
  const detail::check_caller caller = detail::called_by<detail::op::vsplit>();
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 2, caller), caller);
}
/// `dsplit(indices)`: tensor_split_indices along axis 2 of a layout of at least 3 axes.
/// @pre `l` has at least 3 axes; as tensor_split_indices along axis 2.
/// @example `contiguous(2, 2, 4).dsplit((1,))[1]` is shape (2, 2, 3), strides (8, 4, 1), offset 1.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_layout_parts<L> dsplit_indices(const L& l, const dims& indices) {
  const detail::check_caller caller = detail::called_by<detail::op::dsplit>();
  return detail::indices_parts(l, indices, detail::numpy_split_axis(l, 3, caller), caller);
}

}  // namespace strider
