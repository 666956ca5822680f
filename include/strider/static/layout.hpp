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

namespace detail {

template <class T>
inline constexpr bool is_static_layout_v = false;
template <layout_value V>
inline constexpr bool is_static_layout_v<static_layout<V>> = true;

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
  index_t offset = v.offset;
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
        throw layout_error("index: index {} is out of range for axis {} with extent {}", indices[d], d, v.shape[d]);
#endif
      }
    offset += indices[d] * v.strides[d];
  }
  return offset;
}

// True when `to` is the layout `from` over at most as much storage: what a layout may reach only
// shrinks, so a view converts that way safely. (Views, not the layouts themselves: a converting
// constructor in every static_layout costs each layout of a chain compiler memory.)
constexpr bool narrows_storage(const layout_value& from, const layout_value& to) {
  if (from.rank != to.rank || from.offset != to.offset || to.storage_size > from.storage_size) return false;
  for (std::size_t d = 0; d < from.rank; ++d)
    if (from.shape[d] != to.shape[d] || from.strides[d] != to.strides[d]) return false;
  return true;
}

}  // namespace detail

/// The extents or strides of a static layout (`L::shape`, `L::strides`): a `std::array<index_t,
/// N>` in everything but name (indexing, size, iteration, structured bindings, comparison with
/// and conversion to std::array), whose element access is also usable in CUDA device code, where
/// std::array's is not (nvcc does not let device code call the standard library's constexpr
/// functions without --expt-relaxed-constexpr).
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

  constexpr operator std::array<index_t, N>() const {
    std::array<index_t, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = elements[i];
    return out;
  }
  friend constexpr bool operator==(const index_array&, const index_array&) = default;
  friend constexpr bool operator==(const index_array& a, const std::array<index_t, N>& b) {
    for (std::size_t i = 0; i < N; ++i)
      if (a.elements[i] != b[i]) return false;
    return true;
  }
};

/// Structured bindings: `auto [rows, cols] = L::shape;`.
template <std::size_t I, std::size_t N>
STRIDER_HOST_DEVICE constexpr const index_t& get(const index_array<N>& a) { return a.elements[I]; }
template <std::size_t I, std::size_t N>
STRIDER_HOST_DEVICE constexpr index_t& get(index_array<N>& a) { return a.elements[I]; }

namespace detail {
template <std::size_t N>
constexpr index_array<N> first(const index_t (&values)[max_rank]) {
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
  static constexpr dynamic_layout dynamic() { return {V, dynamic_layout::unchecked_t{}}; }

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

/// Compile-time extents, as in `layout<shape<3, 4>, strides<4, 1>>`.
template <index_t... E>
struct shape {
  static constexpr std::size_t rank = sizeof...(E);
  static constexpr std::array<index_t, rank> values = {E...};
  static constexpr dims as_dims() { return dims{E...}; }
};

/// Compile-time strides, in elements.
template <index_t... S>
struct strides {
  static constexpr std::size_t rank = sizeof...(S);
  static constexpr std::array<index_t, rank> values = {S...};
  static constexpr dims as_dims() { return dims{S...}; }
};

/// Compile-time axes, as in `movedim_t<L, axes<0, 1>, axes<2, 3>>`.
template <index_t... A>
struct axes {
  static constexpr std::size_t size = sizeof...(A);
  static constexpr dims as_dims() { return dims{A...}; }
};

/// The general static layout: any shape, strides and storage offset (checked: no element at
/// a negative offset, sizes within int64).
template <class Shape, class Strides, index_t Offset = 0>
using layout = static_layout<dynamic_layout(Shape::as_dims(), Strides::as_dims(), Offset).value()>;

/// Row-major (C order) layout at offset 0: `contiguous<3, 4>` has strides {4, 1}.
template <index_t... E>
using contiguous = static_layout<dynamic_layout::contiguous(dims{E...}).value()>;

/// Column-major (Fortran order) layout at offset 0: `column_major<3, 4>` has strides {1, 3}.
template <index_t... E>
using column_major = static_layout<dynamic_layout::column_major(dims{E...}).value()>;

}  // namespace strider

template <std::size_t N>
struct std::tuple_size<strider::index_array<N>> : std::integral_constant<std::size_t, N> {};
template <std::size_t I, std::size_t N>
struct std::tuple_element<I, strider::index_array<N>> {
  using type = strider::index_t;
};
