// strider/interop/eigen.hpp: strider views as Eigen objects and Eigen objects as strider views.
//
//   as_eigen(v)             a rank-2 view as an Eigen::Map of a matrix with the view's strides
//                           (any strides: negative and zero ones too, which Eigen's run-time
//                           Stride accepts); compile-time sizes and strides for a static layout
//   as_eigen_tensor(v)      a C-contiguous view as an Eigen::TensorMap (row-major)
//   from_eigen(m)           a matrix, Map, Block or Ref (anything with data() and strides), or a
//                           Tensor or TensorMap, as a tensor_view of a dynamic layout
//
// A view whose elements share storage (broadcast, overlapping windows) maps to a read-only Map.
// Needs Eigen 3.4 (Debian: libeigen3-dev); strider itself does not.
#pragma once

#include <Eigen/Core>
#include <unsupported/Eigen/CXX11/Tensor>

#include <array>
#include <climits>
#include <cstddef>
#include <type_traits>

#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../util/text.hpp"
#include "../static/layout.hpp"
#include "../storage/memory.hpp"
#include "../storage/tensor.hpp"  // tensor_view::contiguous(), which the refusals below advise

namespace strider {

namespace detail {

// A compile-time extent or stride for Eigen: the value where Eigen can hold it as one (an int
// that is not one of Eigen's markers: Dynamic is -1, and a stride of 0 means "the default"),
// Eigen::Dynamic otherwise.
constexpr int eigen_extent(index_t e) { return e >= 0 && e <= INT_MAX ? static_cast<int>(e) : Eigen::Dynamic; }
constexpr int eigen_stride(index_t s) { return s > 0 && s <= INT_MAX ? static_cast<int>(s) : Eigen::Dynamic; }

// Row-major, except for a single column: Eigen has no row-major column vector, and a column's
// storage order does not matter (its only stride is then the inner one).
template <index_t Rows, index_t Cols, index_t RowStride, index_t ColStride>
struct eigen_shape {
  static constexpr bool column = Cols == 1 && Rows != 1;
  static constexpr int order = column ? Eigen::ColMajor : Eigen::RowMajor;
  static constexpr int outer = eigen_stride(column ? ColStride : RowStride);
  static constexpr int inner = eigen_stride(column ? RowStride : ColStride);
};

template <class V>
constexpr void check_eigen_writable(const V& v, const char* op) {
  if constexpr (!V::is_static && !std::is_const_v<typename V::element_type>)
    if (!v.is_unique())
      throw layout_error("{}: the layout is not unique (elements share storage), so a writable Eigen object would alias them; map as_const() of the view", op);
}

template <class L, std::size_t N>
constexpr std::size_t tensor_map_rank() {
  if constexpr (static_layout_type<L>) return static_cast<std::size_t>(L::rank);
  else return N;
}

}  // namespace detail

/// A rank-2 view as an `Eigen::Map` of a matrix with the view's strides (read-only when the view
/// is, or when its elements share storage). A static layout gives compile-time rows, columns and
/// positive strides; a dynamic one Eigen::Dynamic everywhere (a layout_error for another rank).
template <class T, view_layout L>
auto as_eigen(const tensor_view<T, L>& v) {
  if constexpr (static_layout_type<L>) {
    static_assert(L::rank == 2, "as_eigen: Eigen's Map is a matrix; the view must have rank 2");
    using S = detail::eigen_shape<L::shape[0], L::shape[1], L::strides[0], L::strides[1]>;
    using E = std::conditional_t<L::is_unique, T, const T>;
    using M = Eigen::Matrix<std::remove_const_t<T>, detail::eigen_extent(L::shape[0]), detail::eigen_extent(L::shape[1]), S::order>;
    using Map = Eigen::Map<std::conditional_t<std::is_const_v<E>, const M, M>, Eigen::Unaligned, Eigen::Stride<S::outer, S::inner>>;
    const index_t outer = S::column ? L::strides[1] : L::strides[0], inner = S::column ? L::strides[0] : L::strides[1];
    return Map(v.data() + L::offset, L::shape[0], L::shape[1], Eigen::Stride<S::outer, S::inner>(outer, inner));
  } else {
    if (v.rank() != 2) throw layout_error("as_eigen: Eigen's Map is a matrix; the view has rank {}, not 2", v.rank());
    detail::check_eigen_writable(v, "as_eigen");
    using M = Eigen::Matrix<std::remove_const_t<T>, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using Map = Eigen::Map<std::conditional_t<std::is_const_v<T>, const M, M>, Eigen::Unaligned, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>>;
    return Map(v.data() + v.offset(), v.extent(0), v.extent(1), Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>(v.stride(0), v.stride(1)));
  }
}

/// A C-contiguous view of rank N as an `Eigen::TensorMap` of a row-major Tensor (TensorMap has no
/// strides: anything else is a compile error for a static layout, a layout_error for a dynamic
/// one; copy it with contiguous() first). N is the view's rank for a static layout and must be
/// given for a dynamic one: `as_eigen_tensor<3>(v)`.
template <std::size_t N = 0, class T, view_layout L>
auto as_eigen_tensor(const tensor_view<T, L>& v) {
  constexpr std::size_t rank = detail::tensor_map_rank<L, N>();
  static_assert(rank > 0, "as_eigen_tensor: give the rank of a dynamic view, as_eigen_tensor<3>(v)");
  if constexpr (static_layout_type<L>) {
    static_assert(N == 0 || N == L::rank, "as_eigen_tensor: N differs from the view's rank");
    static_assert(L::is_contiguous, "as_eigen_tensor: Eigen's TensorMap has no strides; the view must be C-contiguous (copy it with contiguous())");
  } else {
    if (v.rank() != rank) throw layout_error("as_eigen_tensor: the view has rank {}, not {}", v.rank(), rank);
    if (!v.is_contiguous())
      throw layout_error("as_eigen_tensor: Eigen's TensorMap has no strides; the view (strides {}) must be C-contiguous (copy it with contiguous())",
                         detail::tuple_text(v.strides()));
  }
  std::array<Eigen::Index, rank> extents{};
  for (std::size_t d = 0; d < rank; ++d) extents[d] = static_cast<Eigen::Index>(v.shape()[d]);
  using Tensor = Eigen::Tensor<std::remove_const_t<T>, static_cast<int>(rank), Eigen::RowMajor>;
  return Eigen::TensorMap<std::conditional_t<std::is_const_v<T>, const Tensor, Tensor>>(v.data() + v.offset(), extents);
}

namespace detail {
template <class E>
concept eigen_dense = requires(E& e) {
  e.data();
  e.rows();
  e.cols();
  e.innerStride();
  e.outerStride();
  std::remove_cvref_t<E>::IsRowMajor;
};
template <class E>
concept eigen_tensor = requires(E& e) {
  e.data();
  e.dimensions();
  std::remove_cvref_t<E>::Layout;
} && !eigen_dense<E>;
}  // namespace detail

/// An Eigen matrix, Map, Block or Ref (an lvalue) as a view of a dynamic layout: shape (rows,
/// cols), strides from its inner and outer strides and storage order. Const when it is. A Map
/// with a negative stride reaches below data(): the view's storage starts at its lowest element,
/// as from_dlpack's does. Its memory is checked as every view's (storage/memory.hpp): layout_error
/// "from_eigen: ..." for addresses outside the address space or a misaligned data().
template <detail::eigen_dense E>
  requires std::is_lvalue_reference_v<E&&>
auto from_eigen(E&& m) {
  using D = std::remove_cvref_t<E>;
  using T = std::remove_pointer_t<decltype(m.data())>;
  const index_t inner = m.innerStride(), outer = m.outerStride();
  const dims shape{m.rows(), m.cols()};
  const dims strides = D::IsRowMajor ? dims{outer, inner} : dims{inner, outer};
  for (std::size_t d = 0; d < 2; ++d)
    if (shape[d] < 0) throw layout_error("from_eigen: extent {} of axis {} is negative", shape[d], d);
  const detail::placed_layout placed = detail::place_layout(shape, strides, 0, "from_eigen");  // element (0, 0) at data()
  return tensor_view<T, dynamic_layout>(detail::placed_start(m.data(), placed, "from_eigen"), placed.layout, detail::within_checked_t{});
}

/// An Eigen Tensor or TensorMap (an lvalue) as a view of a dynamic layout, in its storage order
/// (Eigen's default is column-major).
template <detail::eigen_tensor E>
  requires std::is_lvalue_reference_v<E&&>
auto from_eigen(E&& t) {
  using D = std::remove_cvref_t<E>;
  const auto& extents = t.dimensions();
  dims shape;
  for (std::size_t d = 0; d < extents.size(); ++d) shape.push_back(static_cast<index_t>(extents[d]));
  const dynamic_layout layout = static_cast<int>(D::Layout) == static_cast<int>(Eigen::RowMajor) ? dynamic_layout::contiguous(shape)
                                                                                                    : dynamic_layout::column_major(shape);
  using T = std::remove_pointer_t<decltype(t.data())>;
  detail::check_memory(t.data(), layout.storage_size(), detail::unknown_size, "from_eigen");
  return tensor_view<T, dynamic_layout>(t.data(), layout, detail::within_checked_t{});
}

}  // namespace strider
