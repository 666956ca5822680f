// strider/static/layout.hpp: layouts as types. A static layout is `static_layout<V>` for a
// layout value V; every property is a compile-time constant computed by the core functions.
#pragma once

#include <array>
#ifdef __CUDACC__
#include <cstdio>  // printf in device code
#endif
#include <concepts>
#include <type_traits>
#include <utility>

#include "../core/layout.hpp"

namespace strider {

template <layout_value V>
struct static_layout;
template <class L, class Swizzle>
struct swizzled_layout;  // static/swizzled.hpp

namespace detail {

template <class L>
inline constexpr bool is_swizzled_v = false;
template <class L, class S>
inline constexpr bool is_swizzled_v<swizzled_layout<L, S>> = true;

template <class T>
inline constexpr bool is_static_layout_v = false;
template <layout_value V>
inline constexpr bool is_static_layout_v<static_layout<V>> = V.storage_size >= 0;

// An index known to the compiler: std::integral_constant, hana::integral_constant, ...
template <class T>
concept static_index = requires {
  { T::value } -> std::convertible_to<index_t>;
} && std::integral<std::remove_cvref_t<decltype(T::value)>>;


// The offset of element (index...) of v: a template of the index count only, so it is
// instantiated once per rank instead of once per static layout (a member would be). A loop over
// the indices rather than a fold of calls: cheaper in the compiler's constant evaluator, and the
// same code once optimized (benchmarks/indexing_callgrind.sh). In CUDA device code, which cannot
// throw, a bad run-time index (unless NDEBUG) prints the message and stops the kernel; in a
// constant expression it is a compile error everywhere.
#ifdef __CUDA_ARCH__
// Device code cannot throw; in a constant expression, a call to this non-constexpr function is
// the compile error (the host pass of the same file reports the message with its values).
__device__ inline void index_is_out_of_range() {}
#endif

template <class... I>
STRIDER_HOST_DEVICE constexpr index_t static_offset(const layout_value& v, I... index) {
  const index_t indices[] = {index..., 0};  // the 0 keeps the array non-empty for rank 0
  // One loop that checks and sums, in unsigned arithmetic: in an empty layout no index is in
  // range, and the earlier axes' terms need not fit in int64 there (the refusal discards them).
  std::uint64_t offset = static_cast<std::uint64_t>(v.offset);
  for (std::size_t d = 0; d < sizeof...(I); ++d) {
#ifdef NDEBUG
    if (__builtin_is_constant_evaluated())
#endif
      if (indices[d] < 0 || indices[d] >= v.shape[d]) {
#ifdef __CUDA_ARCH__
        if (__builtin_is_constant_evaluated()) index_is_out_of_range();  // not constexpr: the compile error names it
        printf("strider: index: index %lld is out of range for axis %llu with extent %lld\n", static_cast<long long>(indices[d]),
               static_cast<unsigned long long>(d), static_cast<long long>(v.shape[d]));
        __trap();
#else
        detail::refuse("index: index {} is out of range for axis {} with extent {}", indices[d], d, v.shape[d]);
#endif
      }
    offset += static_cast<std::uint64_t>(indices[d]) * static_cast<std::uint64_t>(v.strides[d]);
  }
  return static_cast<index_t>(offset);
}

// True when `to` is the layout `from` over at most as much storage: what a layout may reach only
// shrinks, so a view converts that way safely. (Views, not the layouts themselves: a converting
// constructor in every static_layout costs each layout of a chain compiler memory.)
STRIDER_HOST_DEVICE constexpr bool narrows_storage(const layout_value& from, const layout_value& to) {
  if (from.rank != to.rank || from.offset != to.offset || to.storage_size > from.storage_size) return false;
  for (std::size_t d = 0; d < from.rank; ++d)
    if (from.shape[d] != to.shape[d] || from.strides[d] != to.strides[d]) return false;
  return true;
}

}  // namespace detail

/// The extents or strides of a static layout (`L::shape`, `L::strides`): what a `std::array<
/// index_t, N>` offers (indexing, size, iteration, structured bindings, comparison with and
/// conversion to std::array), with element access usable in CUDA device code too, where
/// std::array's is not (nvcc does not let device code call the standard library's constexpr
/// functions without --expt-relaxed-constexpr). Not a std::array: a function template over
/// `std::array<index_t, N>` does not deduce from it; pass `L::shape.array()`.
template <std::size_t N>
struct index_array {
  index_t elements[N == 0 ? 1 : N];  // public: an aggregate, as std::array

  STRIDER_HOST_DEVICE constexpr index_t& operator[](std::size_t i) { return elements[i]; }
  STRIDER_HOST_DEVICE constexpr const index_t& operator[](std::size_t i) const { return elements[i]; }
  STRIDER_HOST_DEVICE static constexpr std::size_t size() { return N; }
  STRIDER_HOST_DEVICE static constexpr bool empty() { return N == 0; }
  STRIDER_HOST_DEVICE constexpr index_t* data() { return elements; }
  STRIDER_HOST_DEVICE constexpr const index_t* data() const { return elements; }
  STRIDER_HOST_DEVICE constexpr index_t* begin() { return elements; }
  STRIDER_HOST_DEVICE constexpr const index_t* begin() const { return elements; }
  STRIDER_HOST_DEVICE constexpr index_t* end() { return elements + N; }
  STRIDER_HOST_DEVICE constexpr const index_t* end() const { return elements + N; }

  // std::array's members are host functions to nvcc: it is built and read here without them
  // (an aggregate initialization; its bytes read as an index_array), so that the conversion and
  // the comparison also hold in device code.
  STRIDER_HOST_DEVICE constexpr operator std::array<index_t, N>() const {
    return [this]<std::size_t... I>(std::index_sequence<I...>) { return std::array<index_t, N>{elements[I]...}; }(std::make_index_sequence<N>{});
  }
  /// The same as a std::array, for a function template over `std::array<index_t, N>` (which does
  /// not deduce N through the conversion above): `first(L::shape.array())`.
  STRIDER_HOST_DEVICE constexpr std::array<index_t, N> array() const { return *this; }
  friend constexpr bool operator==(const index_array&, const index_array&) = default;
  friend STRIDER_HOST_DEVICE constexpr bool operator==(const index_array& a, const std::array<index_t, N>& b) {
    if constexpr (N == 0) return true;
    else return a == __builtin_bit_cast(index_array, b);
  }
};

/// Structured bindings: `auto [rows, cols] = L::shape;`.
template <std::size_t I, std::size_t N>
STRIDER_HOST_DEVICE constexpr const index_t& get(const index_array<N>& a) { return a.elements[I]; }
template <std::size_t I, std::size_t N>
STRIDER_HOST_DEVICE constexpr index_t& get(index_array<N>& a) { return a.elements[I]; }

namespace detail {
template <std::size_t N, class Row>  // Row: index_t[max_rank] or a layout value's row (util/config.hpp)
STRIDER_HOST_DEVICE constexpr index_array<N> first(const Row& values) {
  index_array<N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = values[i];
  return out;
}
}  // namespace detail

/// True for the layout types of the static API.
template <class L>
concept static_layout_type = detail::is_static_layout_v<std::remove_cvref_t<L>>;

/// A layout known to the compiler. Every member is a constant expression; the type itself is
/// empty, so a kernel holding one pays nothing for it. Equal layouts are the same type.
template <layout_value V>
struct static_layout {
  /// The layout as a value, for the run-time API.
  static constexpr layout_value value = V;
  static constexpr std::size_t rank = V.rank;
  static constexpr index_array<rank> shape = detail::first<rank>(V.shape);
  static constexpr index_array<rank> strides = detail::first<rank>(V.strides);
  static constexpr index_t offset = V.offset;
  static constexpr index_t size = detail::element_count(V, "size");
  static constexpr bool is_contiguous = detail::is_contiguous(V);
  static constexpr bool is_unique = detail::is_unique(V);
  static constexpr index_t min_offset = detail::min_offset(V);
  static constexpr index_t max_offset = detail::max_offset(V);
  static constexpr index_t required_span = size == 0 ? 0 : max_offset + 1;
  /// Elements of the storage the layout was cut from (at least required_span): views keep their
  /// input's, and as_strided_t may reach anywhere in it.
  static constexpr index_t storage_size = V.storage_size;

  /// The same layout as a run-time value.
  STRIDER_HOST_DEVICE static constexpr dynamic_layout dynamic() { return {V, dynamic_layout::unchecked_t{}}; }
  /// Extent and stride of one axis (axis < rank; throws otherwise), as on every layout.
  STRIDER_HOST_DEVICE static constexpr index_t extent(std::size_t axis) { return dynamic().extent(axis); }
  STRIDER_HOST_DEVICE static constexpr index_t stride(std::size_t axis) { return dynamic().stride(axis); }

  /// Storage offset of element (i...): one index per axis, each in [0, extent). In a constant
  /// expression a bad index is a compile error; at run time it is checked unless NDEBUG.
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
#ifdef __CUDA_ARCH__
    constexpr layout_value v = V;  // a local constant: device code cannot read the host's template parameter object
    return detail::static_offset(v, static_cast<index_t>(index)...);
#else
    return detail::static_offset(V, static_cast<index_t>(index)...);
#endif
  }

  /// With compile-time indices (`std::integral_constant`, `hana::llong_c<2>`, `2_c`), an index
  /// out of range is always a compile error. (Not for rank 0, where `L{}()` would otherwise be
  /// ambiguous with the overload above.)
  template <detail::static_index... I>
    requires(sizeof...(I) == rank && rank > 0)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I...) const {
    constexpr index_t result = detail::static_offset(V, static_cast<index_t>(I::value)...);
    return result;
  }
};

namespace detail {
// Where each run-time entry of a mixed layout value is held: extents, then strides, then the
// offset, then the storage size; -1 for a static entry.
struct entry_slots {
  int shape[max_rank] = {}, strides[max_rank] = {};
  int offset = -1, storage_size = -1;
  std::size_t count = 0;
};
// The run-time extents that dyn_multiple<N> marks are multiples of N.
STRIDER_HOST_DEVICE constexpr void check_multiples(const layout_value& type_entries, const layout_value& v, check_caller caller) {
  for (std::size_t d = 0; d < v.rank; ++d) {
    const index_t multiple = is_dyn_extent(type_entries.shape[d]) ? multiple_of_mark(type_entries.shape[d]) : 1;
    if (v.shape[d] % multiple != 0) caller.refuse("extent {} of axis {} is not a multiple of {} (dyn_multiple)", {v.shape[d], d, multiple});
  }
}

STRIDER_HOST_DEVICE constexpr entry_slots slots_of(const layout_value& v) {
  entry_slots s;
  int next = 0;
  for (std::size_t d = 0; d < v.rank; ++d) s.shape[d] = is_dyn_extent(v.shape[d]) ? next++ : -1;
  // A contiguous or column-major type computes its run-time strides: no entry holds them.
  for (std::size_t d = 0; d < v.rank; ++d) s.strides[d] = v.strides[d] == dyn && !derives_strides(v) ? next++ : -1;
  s.offset = v.offset == dyn ? next++ : -1;
  s.storage_size = v.storage_size == dyn ? next++ : -1;
  s.count = static_cast<std::size_t>(next);
  return s;
}
struct unchecked_entries_t {};

}  // namespace detail

/// A layout some of whose entries are known only at run time: `contiguous<dyn, 3, 224, 224>`,
/// `mixed_layout<V>` (below) for a value V with `dyn` entries.
/// The entries the compiler knows are constants of the type (`static_shape`, `static_strides`,
/// `static_offset`, with `dyn` where an entry is run-time); the object holds only the others,
/// one index_t each. Every operation that has a static form takes it and keeps static every
/// entry its static inputs decide (docs/mixed.md). A mixed layout with no run-time entry left is
/// a static_layout.
/// A property of a mixed layout as its static entries decide it.
enum class static_answer { no, yes, at_run_time };

namespace detail {
STRIDER_HOST_DEVICE constexpr static_answer answer(maybe_bool b) { return !b.known ? static_answer::at_run_time : b.value ? static_answer::yes : static_answer::no; }
}  // namespace detail

// A partial specialization of static_layout rather than a class of its own: the aliases then
// name `static_layout<value>` whatever the value, and only a layout that is used is asked which
// it is (one comparison), not every intermediate layout of a chain.
template <layout_value V>
  requires(V.storage_size < 0)
struct static_layout<V> {
  /// The layout value of the static entries, `dyn` for each run-time entry (and a negative
  /// storage size: see detail::required_span_storage).
  static constexpr layout_value static_entries = V;
  /// The former name of static_entries ("pattern" is the einops pattern's word).
  [[deprecated("use static_entries")]] static constexpr layout_value pattern = V;
  static constexpr std::size_t rank = V.rank;
  static constexpr index_array<rank> static_shape = detail::first<rank>(V.shape);
  static constexpr index_array<rank> static_strides = detail::first<rank>(V.strides);
  static constexpr index_t static_offset = V.offset;
  /// The number of run-time entries the object holds.
  static constexpr std::size_t dynamic_count = detail::slots_of(V).count;
  /// Whether the layout is C-contiguous, where the static entries decide it (a run-time extent
  /// of 0 makes any layout contiguous, so `no` needs the extents static).
  static constexpr static_answer static_is_contiguous = detail::answer(detail::is_contiguous(detail::maybe_layout::of(V).entries()));
  /// Whether no two elements share storage, where the static entries decide it: `yes` when the
  /// moving axes nest (each steps over what the smaller ones reach: a run-time extent only on
  /// the outermost) or the type computes its strides (`contiguous<...>`, `column_major<...>`: C
  /// or Fortran order of any extents), `no` when an axis of static extent > 1 has stride 0 and no
  /// extent can be 0; otherwise `at_run_time` (is_unique()).
  static constexpr static_answer static_is_unique =
      detail::derives_strides(V) ? static_answer::yes  // C or Fortran order of its extents: never two elements at one offset
                                 : detail::answer(detail::is_unique(detail::maybe_layout::of(V).entries()));
  /// The storage elements reached from offset 0 (max_offset + 1, 0 when empty), or `dyn`.
  static constexpr index_t static_required_span = [] {
    const detail::maybe_index span = detail::required_span_of(detail::maybe_layout::of(V).entries(), "layout");
    return span.known ? span.value : dyn;
  }();

  /// From the run-time entries in order: extents, then strides, then the offset (then the
  /// storage size, for a view's layout type that carries one). Checked as any layout is
  /// (layout_error "layout: ..."; in device code a trap, and under NDEBUG no check, as for an
  /// index). A `contiguous<...>` or `column_major<...>` type takes its run-time extents only and
  /// computes its strides: `contiguous<4, dyn>(3)` has strides (3, 1).
  template <std::integral... I>
    requires(sizeof...(I) == dynamic_count)
  STRIDER_HOST_DEVICE constexpr explicit static_layout(I... entries) : entries_{static_cast<index_t>(entries)...} {
#if defined(__CUDA_ARCH__) && defined(NDEBUG)
    // Device code under NDEBUG takes the entries as given, as it takes an index: the check would
    // cost a kernel more than its work (the host and a debug build check them).
    if (!__builtin_is_constant_evaluated()) return;
#endif
    const layout_value full = full_value();
    const detail::check_caller caller = detail::called_by<detail::op::layout>();
    detail::validate(full, caller);
    if constexpr (has_multiples) detail::check_multiples(V, full, caller);
  }

  /// The layout whose run-time entries are those of `full` (a rule's result, valid, with this
  /// type's static entries wherever it is not empty). Not checked.
  STRIDER_HOST_DEVICE static constexpr static_layout from_value(const layout_value& full) {
    constexpr detail::entry_slots held = static_layout::slots;  // a local copy: device code reads no host array at run time
    static_layout out(detail::unchecked_entries_t{});
    for (std::size_t d = 0; d < rank; ++d) {
      if (held.shape[d] >= 0) out.entries_[held.shape[d]] = full.shape[d];
      if (held.strides[d] >= 0) out.entries_[held.strides[d]] = full.strides[d];
    }
    if (held.offset >= 0) out.entries_[held.offset] = full.offset;
    if (held.storage_size >= 0) out.entries_[held.storage_size] = full.storage_size;
    return out;
  }

  /// The whole layout value, every entry filled in.
  STRIDER_HOST_DEVICE constexpr layout_value value() const {
    layout_value v = full_value();
    if (V.storage_size == detail::required_span_storage || detail::derives_strides(V)) {
      const detail::offset_range r = detail::offset_range_of(v, "layout");
      v.storage_size = r.count == 0 ? 0 : r.max + 1;
    }
    return v;
  }
  /// The same layout as a dynamic_layout.
  STRIDER_HOST_DEVICE constexpr dynamic_layout dynamic() const { return {value(), dynamic_layout::unchecked_t{}}; }
  /// The run-time entries, in the constructor's order.
  STRIDER_HOST_DEVICE constexpr const index_t* dynamic_entries() const { return entries_; }

  /// Extent and stride of one axis (axis < rank; throws otherwise).
  // Extents and strides read the entries alone: dynamic() would also derive the storage span.
  STRIDER_HOST_DEVICE constexpr index_t extent(std::size_t axis) const { return unchecked_dynamic().extent(axis); }
  STRIDER_HOST_DEVICE constexpr index_t stride(std::size_t axis) const { return unchecked_dynamic().stride(axis); }
  STRIDER_HOST_DEVICE constexpr index_t offset() const { return entry_at<slots.offset, V.offset>(); }
  STRIDER_HOST_DEVICE constexpr dims shape() const { return unchecked_dynamic().shape(); }
  STRIDER_HOST_DEVICE constexpr dims strides() const { return unchecked_dynamic().strides(); }
  STRIDER_HOST_DEVICE constexpr index_t size() const { return detail::element_count(full_value(), "size"); }
  STRIDER_HOST_DEVICE constexpr index_t storage_size() const { return value().storage_size; }
  STRIDER_HOST_DEVICE constexpr index_t required_span() const { return dynamic().required_span(); }
  STRIDER_HOST_DEVICE constexpr index_t min_offset() const { return dynamic().min_offset(); }
  STRIDER_HOST_DEVICE constexpr index_t max_offset() const { return dynamic().max_offset(); }
  STRIDER_HOST_DEVICE constexpr bool is_contiguous() const { return dynamic().is_contiguous(); }
  STRIDER_HOST_DEVICE constexpr bool is_unique() const { return dynamic().is_unique(); }

  /// Storage offset of element (i...): static extents and strides are constants of the code.
  /// Checked as a static layout's (a layout_error at run time unless NDEBUG).
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
    return offset_of(std::make_index_sequence<rank>{}, static_cast<index_t>(index)...);
  }

  // --- run-time indices (static/runtime_index.hpp): reads and a construction that device code
  // can make. Axis D's extent and stride, the storage size, and the layout holding `held` (the
  // run-time entries in the constructor's order, storage size included), unchecked.
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t axis_extent() const { return extent_at<D>(); }
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t axis_stride() const { return stride_at<D>(); }
  // Axis D's stride as an element's offset uses it: stride_at's value wherever the layout has an
  // element (a computed stride skips the guard of an extent 0, where no element is).
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t axis_step() const { return step_at<D>(); }
  STRIDER_HOST_DEVICE constexpr index_t held_storage_size() const {
    if constexpr (slots.storage_size >= 0) {
      return entries_[slots.storage_size];
    } else {  // the required span, as value() derives it
      return span_of(std::make_index_sequence<rank>{});
    }
  }
  STRIDER_HOST_DEVICE static constexpr static_layout from_held(const index_t* held) {
    static_layout out(detail::unchecked_entries_t{});
    for (std::size_t k = 0; k < dynamic_count; ++k) out.entries_[k] = held[k];
    return out;
  }
  // --- end of the run-time index block

  friend STRIDER_HOST_DEVICE constexpr bool operator==(const static_layout& a, const static_layout& b) {
    for (std::size_t k = 0; k < dynamic_count; ++k)
      if (a.entries_[k] != b.entries_[k]) return false;
    return true;
  }

 private:
  static constexpr detail::entry_slots slots = detail::slots_of(V);
  static constexpr bool has_multiples = [] {
    bool any = false;
    for (std::size_t d = 0; d < V.rank; ++d) any = any || (V.shape[d] > dyn && detail::is_dyn_extent(V.shape[d]));
    return any;
  }();
  STRIDER_HOST_DEVICE constexpr explicit static_layout(detail::unchecked_entries_t) {}
  template <std::size_t... D>
  STRIDER_HOST_DEVICE constexpr index_t span_of(std::index_sequence<D...>) const {
    const bool empty = ((extent_at<D>() == 0) || ... || false);
    const index_t max = (offset() + ... + (stride_at<D>() > 0 ? (extent_at<D>() - 1) * stride_at<D>() : 0));
    return empty ? 0 : max + 1;
  }

  STRIDER_HOST_DEVICE constexpr dynamic_layout unchecked_dynamic() const { return {full_value(), dynamic_layout::unchecked_t{}}; }
  STRIDER_HOST_DEVICE constexpr layout_value full_value() const {
    constexpr detail::entry_slots held = static_layout::slots;  // a local copy, as in from_value
    layout_value v = V;
    for (std::size_t d = 0; d < rank; ++d) {
      if (held.shape[d] >= 0) v.shape[d] = entries_[held.shape[d]];
      if (held.strides[d] >= 0) v.strides[d] = entries_[held.strides[d]];
    }
    if constexpr (held.offset >= 0) v.offset = entries_[held.offset];
    if constexpr (held.storage_size >= 0) v.storage_size = entries_[held.storage_size];
    else v.storage_size = 0;  // the required span (validate)
    if constexpr (V.storage_size == detail::row_major_storage) detail::set_contiguous_strides(v, "contiguous");
    if constexpr (V.storage_size == detail::column_major_storage) detail::set_column_major_strides(v, "column_major");
    return v;
  }
  // An entry: held at run time in slot Slot, or the constant Static (a template argument, which
  // device code reads, where it cannot read the template parameter object V).
  template <int Slot, index_t Static>
  STRIDER_HOST_DEVICE constexpr index_t entry_at() const {
    if constexpr (Slot >= 0) return entries_[Slot];
    else return Static;
  }
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t extent_at() const { return entry_at<slots.shape[D], V.shape[D]>(); }
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t stride_at() const {
    // A computed stride (a contiguous or column-major type): the next inner axis's stride times
    // its extent, as set_contiguous_strides gives for a layout with elements (the only kind an
    // index reaches).
    if constexpr (V.strides[D] == dyn && V.storage_size == detail::row_major_storage) {
      const index_t e = extent_at<D + 1>();
      return stride_at<D + 1>() * (e > 1 ? e : 1);
    } else if constexpr (V.strides[D] == dyn && V.storage_size == detail::column_major_storage) {
      const index_t e = extent_at<D - 1>();
      return stride_at<D - 1>() * (e > 1 ? e : 1);
    } else {
      return entry_at<slots.strides[D], V.strides[D]>();
    }
  }
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t step_at() const {
    if constexpr (V.strides[D] == dyn && V.storage_size == detail::row_major_storage) return step_at<D + 1>() * extent_at<D + 1>();
    else if constexpr (V.strides[D] == dyn && V.storage_size == detail::column_major_storage) return step_at<D - 1>() * extent_at<D - 1>();
    else return stride_at<D>();
  }
  template <std::size_t D>
  STRIDER_HOST_DEVICE constexpr index_t checked_index(index_t i) const {
#ifdef NDEBUG
    if (__builtin_is_constant_evaluated())
#endif
      if (i < 0 || i >= extent_at<D>()) {
#ifdef __CUDA_ARCH__
        printf("strider: index: index %lld is out of range for axis %llu with extent %lld\n", static_cast<long long>(i),
               static_cast<unsigned long long>(D), static_cast<long long>(extent_at<D>()));
        __trap();
#else
        detail::refuse("index: index {} is out of range for axis {} with extent {}", i, D, extent_at<D>());
#endif
      }
    return i;
  }
  template <std::size_t... D, class... I>
  STRIDER_HOST_DEVICE constexpr index_t offset_of(std::index_sequence<D...>, I... index) const {
    // Every index checked first (the comma fold runs in order), then the sum: see static_offset.
    [[maybe_unused]] const index_t checked[] = {checked_index<D>(index)..., 0};  // unread at rank 0
    if constexpr (detail::derives_strides(V)) return (offset() + ... + (checked[D] * step_at<D>()));
    else return (offset() + ... + (checked[D] * stride_at<D>()));  // no call more per axis: the constant evaluators charge each
  }

  index_t entries_[dynamic_count] = {};
};

/// The type of a layout with run-time entries (`dyn` in V): `contiguous<dyn, 3>` is one.
template <layout_value V>
using mixed_layout = static_layout<V>;

namespace detail {
template <class T>
inline constexpr bool is_mixed_layout_v = false;
template <layout_value V>
inline constexpr bool is_mixed_layout_v<static_layout<V>> = V.storage_size < 0;
}  // namespace detail

/// True for layouts some of whose entries are run-time values (`contiguous<dyn, 3>`).
template <class L>
concept mixed_layout_type = detail::is_mixed_layout_v<std::remove_cvref_t<L>>;

/// The compile-time entries of a static or mixed layout type, `dyn` where an entry is run-time:
/// a mixed layout's `static_shape`, `static_strides` and `static_offset`, a static layout's
/// `shape`, `strides` and `offset`. (Static layouts do not carry the `static_*` members
/// themselves: every member of static_layout costs each layout type of a chain compile time.)
template <class L>
inline constexpr index_array<L::rank> static_shape_v = [] {
  if constexpr (mixed_layout_type<L>) return L::static_shape;
  else return L::shape;
}();
template <class L>
inline constexpr index_array<L::rank> static_strides_v = [] {
  if constexpr (mixed_layout_type<L>) return L::static_strides;
  else return L::strides;
}();
template <class L>
inline constexpr index_t static_offset_v = [] {
  if constexpr (mixed_layout_type<L>) return L::static_offset;
  else return L::offset;
}();

/// Compile-time extents, as in `layout<shape<3, 4>, strides<4, 1>>`.
template <index_t... E>
struct shape {
  static constexpr std::size_t rank = sizeof...(E);
  static constexpr std::array<index_t, rank> values = {E...};
  STRIDER_HOST_DEVICE static constexpr dims as_dims() { return dims{E...}; }
};

/// Compile-time strides, in elements.
template <index_t... S>
struct strides {
  static constexpr std::size_t rank = sizeof...(S);
  static constexpr std::array<index_t, rank> values = {S...};
  STRIDER_HOST_DEVICE static constexpr dims as_dims() { return dims{S...}; }
};

/// Compile-time axes, as in `movedim_t<L, axes<0, 1>, axes<2, 3>>`.
template <index_t... A>
struct axes {
  static constexpr std::size_t size = sizeof...(A);
  STRIDER_HOST_DEVICE static constexpr dims as_dims() { return dims{A...}; }
};

/// The general static layout: any shape, strides and storage offset (checked: no element at
/// a negative offset, sizes within int64).
template <class Shape, class Strides, index_t Offset = 0>
using layout = static_layout<detail::general_layout_value(Shape::as_dims(), Strides::as_dims(), Offset)>;

/// Row-major (C order) layout at offset 0: `contiguous<3, 4>` has strides {4, 1}.
/// `contiguous<dyn, 3, 8>` has a run-time batch and static strides (a mixed layout).
template <index_t... E>
using contiguous = static_layout<detail::contiguous_layout_value(dims{E...})>;

/// Column-major (Fortran order) layout at offset 0: `column_major<3, 4>` has strides {1, 3}.
template <index_t... E>
using column_major = static_layout<detail::column_major_layout_value(dims{E...})>;

namespace detail {
STRIDER_HOST_DEVICE constexpr layout_value layout_cast_value(const layout_value& type_entries, const dynamic_layout& d) {
  const layout_value& in = d.value();
  if (in.rank != type_entries.rank) detail::refuse("layout_cast: the layout has rank {} but the type has rank {}", in.rank, type_entries.rank);
  // Extents first, then strides, then the offset: a stride that disagrees is most often the
  // consequence of an extent that does, and the extent is what to name.
  for (std::size_t a = 0; a < in.rank; ++a)
    if (!is_dyn_extent(type_entries.shape[a]) && type_entries.shape[a] != in.shape[a]) detail::refuse("layout_cast: axis {} has extent {} but the type says {}", a, in.shape[a], type_entries.shape[a]);
  for (std::size_t a = 0; a < in.rank; ++a)
    if (type_entries.strides[a] != dyn && type_entries.strides[a] != in.strides[a]) detail::refuse("layout_cast: axis {} has stride {} but the type says {}", a, in.strides[a], type_entries.strides[a]);
  if (type_entries.offset != dyn && type_entries.offset != in.offset) detail::refuse("layout_cast: the offset is {} but the type says {}", in.offset, type_entries.offset);
  check_multiples(type_entries, in, called_by<op::layout_cast>());
  return in;
}
}  // namespace detail

/// A dynamic_layout (from DLPack, say) as the static or mixed layout type L: every static entry
/// of L is checked (layout_error "layout_cast: axis N ..." names the first that disagrees), and
/// the run-time ones are taken from `d`. A static L's storage_size must not exceed the storage
/// `d` knows: `layout_cast<slice_t<contiguous<1000>, ":2">>(dynamic_layout::contiguous({2}))` is
/// refused, since as_strided on the result could reach 1000 elements.
template <class L>
  requires static_layout_type<L> || mixed_layout_type<L>
STRIDER_HOST_DEVICE constexpr L layout_cast(const dynamic_layout& d) {
  if constexpr (mixed_layout_type<L>) {
    const L out = L::from_value(detail::layout_cast_value(L::static_entries, d));
    if constexpr (detail::derives_strides(L::static_entries)) {
      // A contiguous or column-major type computes its run-time strides: `d` must have them
      // (on every axis that moves, as is_contiguous asks).
      const layout_value want = out.value(), &in = d.value();
      for (std::size_t a = 0; a < in.rank; ++a)
        if (in.shape[a] > 1 && in.strides[a] != want.strides[a])
          detail::refuse("layout_cast: axis {} has stride {} but the type's {} order gives {}", a, in.strides[a],
                             L::static_entries.storage_size == detail::row_major_storage ? "C" : "Fortran", want.strides[a]);
    }
    return out;
  } else {
    detail::layout_cast_value(L::value, d);
    // The type's storage, which as_strided may reach, must be storage the layout knows.
    if (d.storage_size() < L::storage_size) detail::refuse("layout_cast: the layout knows a storage of {} elements but the type's storage_size is {}", d.storage_size(), L::storage_size);
    return L{};
  }
}

}  // namespace strider

template <std::size_t N>
struct std::tuple_size<strider::index_array<N>> : std::integral_constant<std::size_t, N> {};
template <std::size_t I, std::size_t N>
struct std::tuple_element<I, strider::index_array<N>> {
  using type = strider::index_t;
};
