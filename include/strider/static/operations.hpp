// strider/static/operations.hpp: every view operation on static layouts. Each alias is one line
// over the core function of the same name: the compiler runs the run-time code, and a failing
// check in it is the compile error. Over 600 lines: an alias and its documentation per operation
// (the function forms come from core/operation_forms.hpp's list).
#pragma once

#include <tuple>
#include <utility>

#include "../core/algebra.hpp"
#include "../core/algebra_helpers.hpp"
#include "../core/operation_forms.hpp"
#include "../core/operations.hpp"
#include "../core/rearrange.hpp"
#include "../core/slice.hpp"
#include "../util/fixed_string.hpp"
#include "layout.hpp"

namespace strider {

namespace detail {
// The run-time value of a layout type, read from its template argument, so that the class
// static_layout<V> is not instantiated for the intermediate layouts of a chain. The aliases take
// `class L` rather than a constrained parameter and read `rule_value<L>`: a constraint and a
// remove_cvref per layout type cost g++ about 0.3 M instructions per alias (a fifth of a
// permute_t), while the specialization below is the whole cost for a plain layout type.
// Anything else (a cv- or reference-qualified layout, or not a layout) takes the primary
// template, which strips the qualifiers or stops with a message naming the problem.
// A swizzled layout: the message, then its layout's value, so that the rule does not refuse too.
template <class L>
consteval dynamic_layout value_of_layout_type() {
  if constexpr (is_swizzled_v<std::remove_cvref_t<L>>) {
    static_assert(!is_swizzled_v<std::remove_cvref_t<L>>,
                  "strider: the type aliases take strided layouts; a swizzled_t takes view operations on a view of it (slice<\"...\">(v) keeps the swizzle), or as swizzled_t<op_t<L, ...>, S>");
    return std::remove_cvref_t<L>::layout_type::dynamic();
  } else {
    static_assert(is_static_layout_v<std::remove_cvref_t<L>>, "strider: a static layout type (contiguous<...>, column_major<...>, layout<...> or an operation's result) is expected here");
    if constexpr (is_static_layout_v<std::remove_cvref_t<L>>) return std::remove_cvref_t<L>::dynamic();
    else return {};
  }
}
template <class L>
constexpr dynamic_layout rule_value = value_of_layout_type<L>();
// A mixed layout (negative storage size) gives its maybe_layout: the rules run on it at compile time,
// over entries that may be unknown. Chosen by a class of a bool, not by a constraint, which g++
// would check (and remember) for every layout of every chain.
template <bool Mixed>
struct rule_input {
  using type = dynamic_layout;
};
template <>
struct rule_input<true> {
  using type = maybe_layout;
};
template <layout_value V>
constexpr typename rule_input<(V.storage_size < 0)>::type rule_value<static_layout<V>>{V, dynamic_layout::unchecked_t{}};
}  // namespace detail

// --- type aliases -----------------------------------------------------------------------------

/// NumPy basic indexing: `slice_t<L, "1:, ::-1">` is `a[1:, ::-1]`.
template <class L, fixed_string Index>
using slice_t = static_layout<slice(detail::rule_value<L>, Index.view()).value()>;

/// `permute_t<L, 2, 0, 1>`: result axis i is axis P[i] of L.
template <class L, index_t... P>
using permute_t = static_layout<permute(detail::rule_value<L>, dims{P...}).value()>;

/// Swaps axes A and B.
template <class L, index_t A, index_t B>
using transpose_t = static_layout<transpose(detail::rule_value<L>, A, B).value()>;

/// Reverses the given axes; with none, every axis.
template <class L, index_t... Axes>
using flip_t = static_layout<(sizeof...(Axes) == 0 ? flip(detail::rule_value<L>)
                                                   : flip(detail::rule_value<L>, dims{Axes...}))
                                 .value()>;

/// NumPy `broadcast_to(L, (E...))`.
template <class L, index_t... E>
using broadcast_to_t = static_layout<broadcast_to(detail::rule_value<L>, dims{E...}).value()>;

/// PyTorch `view(E...)`; one extent may be -1. Fails to compile when no view exists.
template <class L, index_t... E>
using view_t = static_layout<view(detail::rule_value<L>, dims{E...}).value()>;

/// The view when one exists, otherwise the contiguous layout of the copy (see reshape_copies).
template <class L, index_t... E>
using reshape_t = static_layout<reshape(detail::rule_value<L>, dims{E...}).value()>;

/// True when `reshape_t<L, E...>` is a copy rather than a view of L's storage.
template <class L, index_t... E>
inline constexpr bool reshape_copies = detail::reshape_copies(detail::rule_value<L>, dims{E...});

/// Removes the given extent-1 axes; with none, every extent-1 axis.
template <class L, index_t... Axes>
using squeeze_t = static_layout<(sizeof...(Axes) == 0 ? squeeze(detail::rule_value<L>)
                                                      : squeeze(detail::rule_value<L>, dims{Axes...}))
                                    .value()>;

/// Inserts an extent-1 axis at Axis.
template <class L, index_t Axis>
using unsqueeze_t = static_layout<unsqueeze(detail::rule_value<L>, Axis).value()>;

/// NumPy `diagonal(Offset, A, B)`, the diagonal appended as the last axis.
template <class L, index_t Offset = 0, index_t A = 0, index_t B = 1>
using diagonal_t = static_layout<diagonal(detail::rule_value<L>, Offset, A, B).value()>;

/// PyTorch `unfold(Dim, Size, Step)`: sliding windows along Dim, window axis appended.
template <class L, index_t Dim, index_t Size, index_t Step>
using unfold_t = static_layout<unfold(detail::rule_value<L>, Dim, Size, Step).value()>;

/// PyTorch `movedim(source, destination)`, NumPy `moveaxis`: `movedim_t<L, axes<0>, axes<2>>`.
template <class L, class Source, class Destination>
using movedim_t = static_layout<movedim(detail::rule_value<L>, Source::as_dims(), Destination::as_dims()).value()>;

/// PyTorch `unflatten(Dim, (E...))`: axis Dim split into E... (one may be -1).
template <class L, index_t Dim, index_t... E>
using unflatten_t = static_layout<unflatten(detail::rule_value<L>, Dim, dims{E...}).value()>;

/// PyTorch `expand(E...)`: extent-1 and new leading axes stretched (stride 0); -1 keeps an axis.
template <class L, index_t... E>
using expand_t = static_layout<expand(detail::rule_value<L>, dims{E...}).value()>;

/// PyTorch `flatten(Start, End)` as a view (a compile error naming the axes when it would copy).
template <class L, index_t Start = 0, index_t End = -1>
using flatten_t = static_layout<flatten(detail::rule_value<L>, Start, End).value()>;

/// True when PyTorch's flatten of these axes would copy (flatten_t then does not compile).
template <class L, index_t Start = 0, index_t End = -1>
inline constexpr bool flatten_copies = detail::flatten_copies(detail::rule_value<L>, Start, End);

/// PyTorch `narrow(Dim, Start, Length)`: elements [Start, Start + Length) of axis Dim.
template <class L, index_t Dim, index_t Start, index_t Length>
using narrow_t = static_layout<narrow(detail::rule_value<L>, Dim, Start, Length).value()>;

/// PyTorch `select(Dim, Index)`: index Index of axis Dim, which is removed.
template <class L, index_t Dim, index_t Index>
using select_t = static_layout<select(detail::rule_value<L>, Dim, Index).value()>;

/// CuTe's `coalesce` in row-major order: the fewest axes with the same index-to-offset function;
/// with a profile (group sizes, static layouts), each group of axes on its own.
template <class L, index_t... Profile>
using coalesce_t = static_layout<detail::coalesce_by(detail::rule_value<L>, dims{Profile...}).value()>;

// --- the layout algebra (CuTe's, in row-major order; core/algebra.hpp) --------------------------

/// A static or mixed layout whose trailing `tile_rank` axes are one tile and whose leading
/// `rest_rank` axes say which tile: the result of logical_divide_t, logical_product_t and tile_t.
/// It is the layout `static_layout<V.layout>` (its base) in every other respect: every operation
/// takes it. A mixed one is made from a base layout object: `L{base}` (an aggregate).
template <detail::tiled_value V>
struct tiled_layout : static_layout<V.layout> {
  static constexpr std::size_t tile_rank = V.tile_rank;
  static constexpr std::size_t rest_rank = V.layout.rank - V.tile_rank;
};
template <detail::tiled_value V>
  requires(V.layout.storage_size < 0)
struct tiled_layout<V> : static_layout<V.layout> {
  static constexpr std::size_t tile_rank = V.tile_rank;
  static constexpr std::size_t rest_rank = V.layout.rank - V.tile_rank;
  /// The base's, or `yes` for the exact tiling of a layout proven unique: the same elements, each
  /// once, though the run-time strides no longer show it (tile_t<contiguous<dyn, dyn>, 64, 64>).
  static constexpr static_answer static_is_unique = V.unique_by_source ? static_answer::yes : static_layout<V.layout>::static_is_unique;
};

namespace detail {
template <tiled_value V>
inline constexpr bool is_static_layout_v<tiled_layout<V>> = V.layout.storage_size >= 0;
template <tiled_value V>
inline constexpr bool is_mixed_layout_v<tiled_layout<V>> = V.layout.storage_size < 0;
template <tiled_value V>
constexpr typename rule_input<(V.layout.storage_size < 0)>::type rule_value<tiled_layout<V>>{V.layout, dynamic_layout::unchecked_t{}};
}  // namespace detail

/// CuTe's `composition(A, B)`: the layout `i -> A(B(i))`, B's offsets read as A's C-order indices.
template <class A, class B>
using composition_t = static_layout<composition(detail::rule_value<A>, detail::rule_value<B>).value()>;

/// CuTe's `complement(L, N)`: the offsets of [0, N) that L does not reach, as a layout;
/// `complement_t<L>` is CuTe's one-argument complement (up to the span of L's axes).
template <class L, index_t... N>
  requires(sizeof...(N) <= 1)
using complement_t = static_layout<complement(detail::rule_value<L>, N...).value()>;

/// CuTe's `right_inverse(L)`: the largest R with L(R(i)) == i.
template <class L>
using right_inverse_t = static_layout<right_inverse(detail::rule_value<L>).value()>;

/// CuTe's `left_inverse(L)`: an R with R(L(i)) == i.
template <class L>
using left_inverse_t = static_layout<left_inverse(detail::rule_value<L>).value()>;

/// CuTe's `Tile<B0, B1, ...>` (make_tile of static layouts), a tiler by mode: `composition_t`, the
/// divides and the products take it in place of a second layout, axis d of L with its own layout
/// B_d (strider's axis 0 is CuTe's last mode). Static layouts only; see make_tile.
/// @example `zipped_divide_t<contiguous<8, 8>, make_tile_t<layout<shape<2>, strides<1>>,
///          layout<shape<4>, strides<2>>>>` is `(4, 2, 2, 4):(16, 1, 8, 2)` with tile_rank 2.
template <class... Modes>
struct make_tile_t {
  static constexpr std::size_t rank = sizeof...(Modes);
};
namespace detail {
template <class... Modes>
constexpr layout_tile rule_value<make_tile_t<Modes...>> = make_tile(rule_value<Modes>...);
template <class T>
inline constexpr bool is_make_tile_v = false;
template <class... Modes>
inline constexpr bool is_make_tile_v<make_tile_t<Modes...>> = true;
}  // namespace detail
/// What composition, the divides and the products take as their second argument: a static layout
/// or a make_tile_t of static layouts.
template <class T>
concept static_tiler = static_layout_type<T> || detail::is_make_tile_v<std::remove_cvref_t<T>>;

/// CuTe's `logical_divide(L, T)`, flattened: which tile, then the tile (`tile_rank` axes); by a
/// make_tile_t, each axis's pair together (tile_rank 0).
template <class L, class T>
using logical_divide_t = tiled_layout<detail::tiled_value_of(detail::divide(detail::rule_value<L>, detail::rule_value<T>))>;

/// CuTe's `logical_product(A, B)`, flattened: B's repetitions of A, then A (`tile_rank` axes); by
/// a make_tile_t, each axis's pair together (tile_rank 0).
template <class A, class B>
using logical_product_t = tiled_layout<detail::tiled_value_of(detail::product(detail::rule_value<A>, detail::rule_value<B>))>;

/// CuTe's divides and products by their other names: by a tiler layout, flattened, zipped, tiled
/// and flat are the logical ones (CuTe nests their modes differently; core/algebra_helpers.hpp);
/// by a make_tile_t, every axis's tile count (or repetitions) first, then the tiles (`tile_rank`).
template <class L, class T>
using zipped_divide_t = tiled_layout<detail::tiled_value_of(detail::zipped_divide_tiled(detail::rule_value<L>, detail::rule_value<T>))>;
template <class L, class T>
using tiled_divide_t = zipped_divide_t<L, T>;
template <class L, class T>
using flat_divide_t = zipped_divide_t<L, T>;
template <class A, class B>
using zipped_product_t = tiled_layout<detail::tiled_value_of(detail::zipped_product_tiled(detail::rule_value<A>, detail::rule_value<B>))>;
template <class A, class B>
using tiled_product_t = zipped_product_t<A, B>;
template <class A, class B>
using flat_product_t = zipped_product_t<A, B>;

// The rest of CuTe's algebra (core/algebra_helpers.hpp), over static layouts.
/// CuTe's `filter(L)`: without stride-0 and extent-1 axes, coalesced.
template <static_layout_type L>
using filter_t = static_layout<filter(detail::rule_value<L>).value()>;
/// CuTe's `upcast<N>(L)`: L read in units of N elements.
template <static_layout_type L, index_t N>
using upcast_t = static_layout<upcast(detail::rule_value<L>, N).value()>;
/// CuTe's `downcast<N>(L)`: L read in parts of 1/N element.
template <static_layout_type L, index_t N>
using downcast_t = static_layout<downcast(detail::rule_value<L>, N).value()>;
/// CuTe's `recast_layout<From, To>(L)`: L of From elements read as To elements.
template <static_layout_type L, class From, class To>
using recast_layout_t = static_layout<recast_layout(detail::rule_value<L>, sizeof(From), sizeof(To)).value()>;
/// CuTe's `max_common_vector(A, B)`: how many leading elements A and B hold at the same offsets.
template <static_layout_type A, static_layout_type B>
inline constexpr index_t max_common_vector_v = max_common_vector(detail::rule_value<A>, detail::rule_value<B>);
/// CuTe's `max_common_layout(A, B)`: B's indices of those elements.
template <static_layout_type A, static_layout_type B>
using max_common_layout_t = static_layout<max_common_layout(detail::rule_value<A>, detail::rule_value<B>).value()>;
/// CuTe's `make_ordered_layout(Shape, Order)`: `ordered_layout_t<shape<2, 3>, 0, 1>` is the
/// compact layout whose strides grow in the order given (here column_major<2, 3>).
template <class Shape, index_t... Order>
using ordered_layout_t = static_layout<make_ordered_layout(dims(Shape::values), dims{Order...}).value()>;
/// CuTe's `make_identity_layout(Shape)` as strider's layouts map to integers: contiguous over
/// Shape, each offset the index's C-order rank (unravel_index gives the index back).
template <class Shape>
using identity_layout_t = static_layout<make_identity_layout(dims(Shape::values)).value()>;
/// CuTe's `tile_to_shape(Block, Shape, Order)`: the block repeated to fill Shape, flattened.
template <static_layout_type Block, class Shape, index_t... Order>
using tile_to_shape_t = static_layout<tile_to_shape(detail::rule_value<Block>, dims(Shape::values), dims{Order...}).value()>;

// --- partial tiles: tile_t<L, policy, T...> (docs/algebra.md, "Partial tiles") ---------------
namespace detail {
// tile_t's arguments: an optional policy first, then one extent per axis.
struct tile_request {
  tile_policy policy = tile_policy::exact;
  index_t extents[max_rank] = {};
  std::size_t rank = 0;
  STRIDER_HOST_DEVICE constexpr dims shape() const {
    dims out;
    for (std::size_t d = 0; d < rank; ++d) out.push_back(extents[d]);
    return out;
  }
};
template <auto... A>
STRIDER_HOST_DEVICE constexpr tile_request tile_request_of() {
  tile_request r;
  std::size_t position = 0;
  const auto take = [&](auto a) {
    if constexpr (std::is_same_v<decltype(a), tile_policy>) {
      if (position != 0) detail::refuse("tile: the policy (exact, padded or masked) comes first, before the tile extents");
      r.policy = a;
    } else {
      static_assert(std::is_integral_v<decltype(a)>, "tile: the arguments are a policy (exact, padded, masked) and integer tile extents");
      if (r.rank == max_rank) detail::refuse("tile: more than max_rank ({}) tile extents", max_rank);
      r.extents[r.rank++] = static_cast<index_t>(a);
    }
    ++position;
  };
  (take(A), ...);
  return r;
}
// True when every tile extent divides its axis as the type knows it (a static extent, or a
// dyn_multiple<N> mark that the tile divides): padded and masked are then exact.
template <class V>
STRIDER_HOST_DEVICE constexpr bool tile_divides(const V& in, const dims& tile_shape) {
  if (tile_shape.size() != in.rank) return true;  // exact's error names it
  for (std::size_t d = 0; d < in.rank; ++d)
    if (tile_shape[d] <= 0 || !static_cast<bool>(in.shape[d] % tile_shape[d] == index_t(0))) return false;
  return true;
}
// The real extents of a masked tiling (dyn where the layout's is a run-time value) and its tile.
struct mask_value {
  std::size_t rank = 0;
  row_of<index_t> extents = {};  // index_t[max_rank] (util/config.hpp)
  row_of<index_t> tile = {};
  friend constexpr bool operator==(const mask_value&, const mask_value&) = default;
};
template <class V>
STRIDER_HOST_DEVICE constexpr mask_value mask_of(const V& in, const dims& tile_shape) {
  mask_value m;
  m.rank = in.rank;
  for (std::size_t d = 0; d < in.rank; ++d) {
    if constexpr (std::is_same_v<V, layout_value>) m.extents[d] = in.shape[d];
    else m.extents[d] = in.shape[d].known ? in.shape[d].value : strider::dyn;
    m.tile[d] = tile_shape[d];
  }
  return m;
}
}  // namespace detail
template <class L, class Padded, detail::mask_value M>
class masked_layout;
namespace detail {
// A tiled mixed value whose run-time storage size becomes its required span (derived, not held).
STRIDER_HOST_DEVICE constexpr tiled_value with_derived_span(tiled_value v) {
  if (v.layout.storage_size == dyn) v.layout.storage_size = required_span_storage;
  return v;
}
template <class L, tile_request R>
struct tile_type {
  static constexpr bool exact = R.policy == tile_policy::exact || tile_divides(rule_value<L>.entries(), R.shape());
  // A named value, not the call, as the template argument: nvcc 13 writes the call into its host
  // code with the request unnamed ('__T8' was not declared) when a kernel argument names tile_t.
  static constexpr tiled_value padded_value = [] {
    tiled_value v = tiled_value_of(tiled(rule_value<L>, R.shape(), !exact, R.policy == tile_policy::masked));
    if constexpr (requires { L::static_is_unique; }) v.unique_by_source = exact && L::static_is_unique == static_answer::yes;
    return v;
  }();
  using padded_type = tiled_layout<padded_value>;
  // A masked tiling's padded layout has its padded span as storage, derived from its entries
  // where they are run-time (not held: device code builds the tiling from the entries alone).
  static constexpr tiled_value masked_padded_value = with_derived_span(padded_value);
  using type = std::conditional_t<exact || R.policy == tile_policy::padded, padded_type,
                                  masked_layout<L, tiled_layout<masked_padded_value>, mask_of(rule_value<L>.entries(), R.shape())>>;
};
}  // namespace detail

/// Every axis blocked by its tile extent: `tile_t<contiguous<8, 8>, 2, 4>` has shape (4, 2, 2, 4).
/// An optional policy comes first: `tile_t<L, padded, 16, 64>` rounds the tile count up,
/// `tile_t<L, masked, 16, 64>` is a masked_layout (strider/storage/partial_tiles.hpp); where
/// every tile divides its extent (static, or a dyn_multiple<N> that it divides) both are exact.
template <class L, auto... T>
using tile_t = typename detail::tile_type<L, detail::tile_request_of<T...>()>::type;

/// einops' `rearrange` as a view: `rearrange_t<L, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=2, p2=2">`.
/// A maybe_layout that would need a copy is a compile error (see rearrange_copies).
template <class L, fixed_string Pattern, fixed_string Sizes = "">
using rearrange_t = static_layout<rearrange(detail::rule_value<L>, Pattern.view(), Sizes.view()).value()>;

/// True when `rearrange_t<L, Pattern, Sizes>` would need a copy rather than a view.
template <class L, fixed_string Pattern, fixed_string Sizes = "">
inline constexpr bool rearrange_copies = detail::rearrange_copies(detail::rule_value<L>, Pattern.view(), Sizes.view());

/// The widest vector load (in elements) of a layout of `Bytes`-byte elements over a base pointer
/// aligned to `Alignment` bytes (see strider::vector_width). For a mixed layout, the widest load
/// that every non-empty value of its run-time entries allows; `vector_width(l, Bytes, Alignment)`
/// of the object gives its own.
template <class L, index_t Bytes, index_t Alignment>
inline constexpr index_t vector_width_v = vector_width(detail::rule_value<L>, Bytes, Alignment);

/// PyTorch `mT`: the last two axes swapped.
template <class L>
using matrix_transpose_t = static_layout<matrix_transpose(detail::rule_value<L>).value()>;

/// NumPy `.T` (and `transpose()` without axes): the order of the axes reversed.
template <class L>
using reverse_axis_order_t = static_layout<reverse_axis_order(detail::rule_value<L>).value()>;

/// PyTorch `t()`: a matrix transposed; rank 0 and 1 as they are, more axes refused.
template <class L>
using t_t = static_layout<t(detail::rule_value<L>).value()>;

/// NumPy `rot90(m, K, axes=(A, B))`: K quarter turns from axis A towards axis B (flip and transpose).
template <class L, index_t K = 1, index_t A = 0, index_t B = 1>
using rot90_t = static_layout<rot90(detail::rule_value<L>, K, A, B).value()>;

/// NumPy `rollaxis(a, Axis, Start)`: axis Axis moved to just before the axis at Start.
template <class L, index_t Axis, index_t Start = 0>
using rollaxis_t = static_layout<rollaxis(detail::rule_value<L>, Axis, Start).value()>;

/// NumPy `expand_dims(a, (Axes...))`: an extent-1 axis at each of Axes (places in the result).
template <class L, index_t... Axes>
using expand_dims_t = static_layout<expand_dims(detail::rule_value<L>, dims{Axes...}).value()>;

/// NumPy/PyTorch `ravel()`: one axis, a view of a C-contiguous L, else the copy's layout (see
/// ravel_copies).
template <class L>
using ravel_t = static_layout<ravel(detail::rule_value<L>).value()>;

/// True when `ravel_t<L>` is a copy rather than a view of L's storage (L is not C-contiguous).
template <class L>
inline constexpr bool ravel_copies = !detail::ravel_is_view(can_ravel(detail::rule_value<L>));

namespace detail {
template <class L, class Window, class Axes>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view_of() {
  if constexpr (std::is_void_v<Axes>) return sliding_window_view(rule_value<L>, Window::as_dims());
  else return sliding_window_view(rule_value<L>, Window::as_dims(), Axes::as_dims());
}
}  // namespace detail

/// NumPy `sliding_window_view(x, window_shape, axis)`: `sliding_window_view_t<L, shape<3, 3>>`
/// (one window extent per axis) or `sliding_window_view_t<L, shape<3>, axes<1>>`.
template <class L, class Window, class Axes = void>
using sliding_window_view_t = static_layout<detail::sliding_window_view_of<L, Window, Axes>().value()>;

// split, chunk and unbind give several layouts: `X_part_t<..., Part>` is one of them (what a
// kernel usually wants, at the cost of one view), `X_t<...>` all of them as a std::tuple (for
// structured bindings), which costs one view per part.

/// Part Part of PyTorch `split(Size, Dim)` (parts of Size elements, the last one smaller).
template <class L, index_t Size, index_t Dim, index_t Part>
using split_part_t = static_layout<split(detail::rule_value<L>, Size, Dim)[Part].value()>;
/// Part Part of PyTorch `split((Sizes...), Dim)`, Sizes a shape<...> of part sizes.
template <class L, class Sizes, index_t Dim, index_t Part>
using split_with_sizes_part_t = static_layout<split_with_sizes(detail::rule_value<L>, Sizes::as_dims(), Dim)[Part].value()>;
/// Part Part of PyTorch `chunk(Chunks, Dim)`.
template <class L, index_t Chunks, index_t Dim, index_t Part>
using chunk_part_t = static_layout<chunk(detail::rule_value<L>, Chunks, Dim)[Part].value()>;
/// Part Part of PyTorch `unbind(Dim)`: index Part of axis Dim, which is removed.
template <class L, index_t Dim, index_t Part>
using unbind_part_t = static_layout<unbind(detail::rule_value<L>, Dim)[Part].value()>;
/// Part Part of PyTorch `tensor_split(Sections, Dim)` (NumPy `array_split`).
template <class L, index_t Sections, index_t Dim, index_t Part>
using tensor_split_part_t = static_layout<tensor_split(detail::rule_value<L>, Sections, Dim)[Part].value()>;
/// Part Part of PyTorch `tensor_split((Indices...), Dim)`, Indices a shape<...> of indices.
template <class L, class Indices, index_t Dim, index_t Part>
using tensor_split_indices_part_t = static_layout<tensor_split_indices(detail::rule_value<L>, Indices::as_dims(), Dim)[Part].value()>;
/// Part Part of NumPy `split(Sections, Axis)` (equal parts).
template <class L, index_t Sections, index_t Axis, index_t Part>
using numpy_split_part_t = static_layout<numpy_split(detail::rule_value<L>, Sections, Axis)[Part].value()>;
/// Part Part of NumPy `hsplit(Sections)`, `vsplit(Sections)`, `dsplit(Sections)`.
template <class L, index_t Sections, index_t Part>
using hsplit_part_t = static_layout<hsplit(detail::rule_value<L>, Sections)[Part].value()>;
template <class L, index_t Sections, index_t Part>
using vsplit_part_t = static_layout<vsplit(detail::rule_value<L>, Sections)[Part].value()>;
template <class L, index_t Sections, index_t Part>
using dsplit_part_t = static_layout<dsplit(detail::rule_value<L>, Sections)[Part].value()>;
/// Part Part of NumPy `hsplit((Indices...))`, `vsplit`, `dsplit` at indices (a shape<...>).
template <class L, class Indices, index_t Part>
using hsplit_indices_part_t = static_layout<hsplit_indices(detail::rule_value<L>, Indices::as_dims())[Part].value()>;
template <class L, class Indices, index_t Part>
using vsplit_indices_part_t = static_layout<vsplit_indices(detail::rule_value<L>, Indices::as_dims())[Part].value()>;
template <class L, class Indices, index_t Part>
using dsplit_indices_part_t = static_layout<dsplit_indices(detail::rule_value<L>, Indices::as_dims())[Part].value()>;

namespace detail {
template <template <class, index_t, index_t, index_t> class Part, class L, index_t A, index_t Dim, std::size_t... I>
std::tuple<Part<L, A, Dim, static_cast<index_t>(I)>...> parts_tuple(std::index_sequence<I...>);
template <class L, class Sizes, index_t Dim, std::size_t... I>
std::tuple<split_with_sizes_part_t<L, Sizes, Dim, static_cast<index_t>(I)>...> sizes_parts_tuple(std::index_sequence<I...>);
template <class L, index_t Dim, std::size_t... I>
std::tuple<unbind_part_t<L, Dim, static_cast<index_t>(I)>...> unbind_parts_tuple(std::index_sequence<I...>);
// The parts of an operation without a dimension argument (hsplit & co.): Part<L, A, I>...
template <template <class, index_t, index_t> class Part, class L, index_t A, std::size_t... I>
std::tuple<Part<L, A, static_cast<index_t>(I)>...> axis_parts_tuple(std::index_sequence<I...>);
template <template <class, class, index_t> class Part, class L, class A, std::size_t... I>
std::tuple<Part<L, A, static_cast<index_t>(I)>...> indices_parts_tuple(std::index_sequence<I...>);
template <class L, class Indices, index_t Dim, std::size_t... I>
std::tuple<tensor_split_indices_part_t<L, Indices, Dim, static_cast<index_t>(I)>...> tensor_split_indices_tuple(std::index_sequence<I...>);
}  // namespace detail

/// PyTorch `split(Size, Dim)`: every part, as a std::tuple of layout types.
template <class L, index_t Size, index_t Dim = 0>
using split_t = decltype(detail::parts_tuple<split_part_t, L, Size, Dim>(std::make_index_sequence<split(detail::rule_value<L>, Size, Dim).size()>{}));
/// PyTorch `split((Sizes...), Dim)`: every part, as a std::tuple.
template <class L, class Sizes, index_t Dim = 0>
using split_with_sizes_t = decltype(detail::sizes_parts_tuple<L, Sizes, Dim>(
    std::make_index_sequence<split_with_sizes(detail::rule_value<L>, Sizes::as_dims(), Dim).size()>{}));
/// PyTorch `chunk(Chunks, Dim)`: every part, as a std::tuple.
template <class L, index_t Chunks, index_t Dim = 0>
using chunk_t = decltype(detail::parts_tuple<chunk_part_t, L, Chunks, Dim>(std::make_index_sequence<chunk(detail::rule_value<L>, Chunks, Dim).size()>{}));
/// PyTorch `unbind(Dim)`: every part, as a std::tuple.
template <class L, index_t Dim = 0>
using unbind_t = decltype(detail::unbind_parts_tuple<L, Dim>(std::make_index_sequence<unbind(detail::rule_value<L>, Dim).size()>{}));
/// PyTorch `tensor_split(Sections, Dim)` (NumPy `array_split`): every part, as a std::tuple.
template <class L, index_t Sections, index_t Dim = 0>
using tensor_split_t = decltype(detail::parts_tuple<tensor_split_part_t, L, Sections, Dim>(
    std::make_index_sequence<tensor_split(detail::rule_value<L>, Sections, Dim).size()>{}));
/// PyTorch `tensor_split((Indices...), Dim)`: every part, as a std::tuple.
template <class L, class Indices, index_t Dim = 0>
using tensor_split_indices_t = decltype(detail::tensor_split_indices_tuple<L, Indices, Dim>(
    std::make_index_sequence<tensor_split_indices(detail::rule_value<L>, Indices::as_dims(), Dim).size()>{}));
/// NumPy `split(Sections, Axis)`: every part, as a std::tuple.
template <class L, index_t Sections, index_t Axis = 0>
using numpy_split_t = decltype(detail::parts_tuple<numpy_split_part_t, L, Sections, Axis>(
    std::make_index_sequence<numpy_split(detail::rule_value<L>, Sections, Axis).size()>{}));
/// NumPy `hsplit`, `vsplit`, `dsplit` into Sections equal parts: every part, as a std::tuple.
template <class L, index_t Sections>
using hsplit_t = decltype(detail::axis_parts_tuple<hsplit_part_t, L, Sections>(std::make_index_sequence<hsplit(detail::rule_value<L>, Sections).size()>{}));
template <class L, index_t Sections>
using vsplit_t = decltype(detail::axis_parts_tuple<vsplit_part_t, L, Sections>(std::make_index_sequence<vsplit(detail::rule_value<L>, Sections).size()>{}));
template <class L, index_t Sections>
using dsplit_t = decltype(detail::axis_parts_tuple<dsplit_part_t, L, Sections>(std::make_index_sequence<dsplit(detail::rule_value<L>, Sections).size()>{}));
/// NumPy `hsplit`, `vsplit`, `dsplit` at indices (a shape<...>): every part, as a std::tuple.
template <class L, class Indices>
using hsplit_indices_t = decltype(detail::indices_parts_tuple<hsplit_indices_part_t, L, Indices>(
    std::make_index_sequence<hsplit_indices(detail::rule_value<L>, Indices::as_dims()).size()>{}));
template <class L, class Indices>
using vsplit_indices_t = decltype(detail::indices_parts_tuple<vsplit_indices_part_t, L, Indices>(
    std::make_index_sequence<vsplit_indices(detail::rule_value<L>, Indices::as_dims()).size()>{}));
template <class L, class Indices>
using dsplit_indices_t = decltype(detail::indices_parts_tuple<dsplit_indices_part_t, L, Indices>(
    std::make_index_sequence<dsplit_indices(detail::rule_value<L>, Indices::as_dims()).size()>{}));

/// PyTorch `as_strided`: any layout within the storage L was cut from, [0, L::storage_size).
/// The offset defaults to L's (detail::as_strided_default_offset: on a mixed L, one that holds
/// for every run-time value).
template <class L, class Shape, class Strides, index_t Offset = detail::as_strided_default_offset(detail::rule_value<L>)>
using as_strided_t =
    static_layout<as_strided(detail::rule_value<L>, Shape::as_dims(), Strides::as_dims(), Offset).value()>;

/// L over a storage of N elements (at least L::required_span), which as_strided_t may then
/// reach: `as_strided_t<with_storage_t<contiguous<2>, 1000>, shape<2>, strides<50>>`.
template <class L, index_t N>
using with_storage_t = static_layout<with_storage(detail::rule_value<L>, N).value()>;

namespace detail {
// Carries a list of extents as a template argument (dims itself is not structural).
STRIDER_HOST_DEVICE constexpr layout_value extents_value(const dims& extents) {
  layout_value v{};
  v.rank = extents.size();
  for (std::size_t d = 0; d < extents.size(); ++d) v.shape[d] = extents[d];
  return v;
}
template <layout_value V, std::size_t... D>
shape<V.shape[D]...> shape_of_value(std::index_sequence<D...>);
template <class... Shapes>
struct broadcast_shapes_of {
  static constexpr layout_value value = extents_value(broadcast_shapes({Shapes::as_dims()...}));
  using type = decltype(shape_of_value<value>(std::make_index_sequence<value.rank>{}));
};
}  // namespace detail

/// The broadcast of several `shape<...>` types: `broadcast_shapes_t<shape<3, 1>, shape<4>>` is
/// `shape<3, 4>`.
template <class... Shapes>
using broadcast_shapes_t = 
    typename detail::broadcast_shapes_of<Shapes...>::type;

// --- function forms on layout objects ---------------------------------------------------------
// The result type is deduced from the body, so that only the constraint is checked while a call
// to the run-time function of the same name (on a dynamic_layout) is resolved: the aliases are
// unconstrained, and clang 14 substitutes a declared return type before checking constraints.

// The listed operations (core/operation_forms.hpp): `narrow<1, 0, 2>(l)` is `narrow_t<L, 1, 0, 2>{}`.
#define STRIDER_STATIC_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters static_layout_type L>                                                   \
  STRIDER_HOST_DEVICE constexpr auto name(L) { return name##_t<L STRIDER_COMMA_BEFORE static_arguments>{}; }
#define STRIDER_STATIC_PARTS_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters static_layout_type L>                                                   \
  constexpr auto name(L) { return name##_t<L STRIDER_COMMA_BEFORE static_arguments>{}; }
STRIDER_VIEW_OPERATIONS(STRIDER_STATIC_FORM)
STRIDER_PARTS_OPERATIONS(STRIDER_STATIC_PARTS_FORM)
#undef STRIDER_STATIC_PARTS_FORM
#undef STRIDER_STATIC_FORM
// The others, written by hand (core/operation_forms.hpp says why).
template <index_t... Axes, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto flip(L) { return flip_t<L, Axes...>{}; }
template <index_t... E, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto view(L) { return view_t<L, E...>{}; }
template <index_t... E, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto reshape(L) { return reshape_t<L, E...>{}; }
template <index_t... Axes, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto squeeze(L) { return squeeze_t<L, Axes...>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto coalesce(L) { return coalesce_t<L>{}; }
template <static_layout_type A, static_tiler B>
STRIDER_HOST_DEVICE constexpr auto composition(A, B) { return composition_t<A, B>{}; }
template <index_t N, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto complement(L) { return complement_t<L, N>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto complement(L) { return complement_t<L>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto filter(L) { return filter_t<L>{}; }
template <index_t N, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto upcast(L) { return upcast_t<L, N>{}; }
template <index_t N, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto downcast(L) { return downcast_t<L, N>{}; }
template <class From, class To, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto recast_layout(L) { return recast_layout_t<L, From, To>{}; }
template <static_layout_type A, static_layout_type B>
STRIDER_HOST_DEVICE constexpr index_t max_common_vector(A, B) { return max_common_vector_v<A, B>; }
template <static_layout_type A, static_layout_type B>
STRIDER_HOST_DEVICE constexpr auto max_common_layout(A, B) { return max_common_layout_t<A, B>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto right_inverse(L) { return right_inverse_t<L>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto left_inverse(L) { return left_inverse_t<L>{}; }
template <static_layout_type L, static_tiler T>
STRIDER_HOST_DEVICE constexpr auto logical_divide(L, T) { return logical_divide_t<L, T>{}; }
template <static_layout_type A, static_tiler B>
STRIDER_HOST_DEVICE constexpr auto logical_product(A, B) { return logical_product_t<A, B>{}; }
template <static_layout_type L, static_tiler T>
STRIDER_HOST_DEVICE constexpr auto zipped_divide(L, T) { return zipped_divide_t<L, T>{}; }
template <static_layout_type A, static_tiler B>
STRIDER_HOST_DEVICE constexpr auto zipped_product(A, B) { return zipped_product_t<A, B>{}; }
template <static_layout_type L, static_tiler T>
STRIDER_HOST_DEVICE constexpr auto tiled_divide(L, T) { return tiled_divide_t<L, T>{}; }
template <static_layout_type A, static_tiler B>
STRIDER_HOST_DEVICE constexpr auto tiled_product(A, B) { return tiled_product_t<A, B>{}; }
template <static_layout_type L, static_tiler T>
STRIDER_HOST_DEVICE constexpr auto flat_divide(L, T) { return flat_divide_t<L, T>{}; }
template <static_layout_type A, static_tiler B>
STRIDER_HOST_DEVICE constexpr auto flat_product(A, B) { return flat_product_t<A, B>{}; }
template <class Shape, index_t... Order, static_layout_type Block>
STRIDER_HOST_DEVICE constexpr auto tile_to_shape(Block) { return tile_to_shape_t<Block, Shape, Order...>{}; }
template <index_t... T, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto tile(L) { return tile_t<L, T...>{}; }
template <class Window, class Axes = void, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(L) { return sliding_window_view_t<L, Window, Axes>{}; }
template <static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto ravel(L) { return ravel_t<L>{}; }
template <index_t N, static_layout_type L>
STRIDER_HOST_DEVICE constexpr auto with_storage(L) { return with_storage_t<L, N>{}; }

// On a mixed layout object the function forms run the same rule on its run-time values; the
// result's type is the alias's, which holds the entries the rule left run-time.
namespace detail {
template <class R>
STRIDER_HOST_DEVICE constexpr R layout_from(const dynamic_layout& result) {
  if constexpr (mixed_layout_type<R>) return R{R::from_value(result.value())};
  else return R{};
}
}  // namespace detail

// The listed operations: `narrow<1, 0, 2>(l)` is `narrow(l.dynamic(), 1, 0, 2)` as a narrow_t<L, 1, 0, 2>.
#define STRIDER_MIXED_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters mixed_layout_type L>                                                    \
  STRIDER_HOST_DEVICE constexpr auto name(const L& l) {                                                                  \
    return detail::layout_from<name##_t<L STRIDER_COMMA_BEFORE static_arguments>>(name(l.dynamic() STRIDER_COMMA_BEFORE rule_arguments)); \
  }
STRIDER_VIEW_OPERATIONS(STRIDER_MIXED_FORM)
#undef STRIDER_MIXED_FORM
// The others, written by hand.
template <index_t... Axes, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto flip(const L& l) {
  if constexpr (sizeof...(Axes) == 0) return detail::layout_from<flip_t<L>>(flip(l.dynamic()));
  else return detail::layout_from<flip_t<L, Axes...>>(flip(l.dynamic(), dims{Axes...}));
}
template <index_t... Axes, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto squeeze(const L& l) {
  if constexpr (sizeof...(Axes) == 0) return detail::layout_from<squeeze_t<L>>(squeeze(l.dynamic()));
  else return detail::layout_from<squeeze_t<L, Axes...>>(squeeze(l.dynamic(), dims{Axes...}));
}
template <index_t N, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto with_storage(const L& l) { return detail::layout_from<with_storage_t<L, N>>(with_storage(l.dynamic(), N)); }
template <index_t... E, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto view(const L& l) { return detail::layout_from<view_t<L, E...>>(view(l.dynamic(), dims{E...})); }
template <index_t... E, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto reshape(const L& l) { return detail::layout_from<reshape_t<L, E...>>(reshape(l.dynamic(), dims{E...})); }
template <class Window, class Axes = void, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(const L& l) {
  if constexpr (std::is_void_v<Axes>) return detail::layout_from<sliding_window_view_t<L, Window>>(sliding_window_view(l.dynamic(), Window::as_dims()));
  else return detail::layout_from<sliding_window_view_t<L, Window, Axes>>(sliding_window_view(l.dynamic(), Window::as_dims(), Axes::as_dims()));
}
template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto ravel(const L& l) { return detail::layout_from<ravel_t<L>>(ravel(l.dynamic())); }

// The algebra on mixed layout objects. A mixed type's static entries describe non-empty results
// (docs/mixed.md): an empty result whose own axes differ from the type's (the rule's (0,) for an
// empty coalesce) is the empty layout of the type.
namespace detail {
template <class R>
STRIDER_HOST_DEVICE constexpr R algebra_layout_from(const dynamic_layout& result) {
  if constexpr (mixed_layout_type<R>) {
    const layout_value& r = result.value();
    constexpr layout_value type_entries = R::static_entries;  // a local copy: device code reads no host array at run time
    bool same_axes = r.rank == R::rank;
    for (std::size_t d = 0; d < r.rank && same_axes; ++d) same_axes = is_dyn_extent(type_entries.shape[d]) || type_entries.shape[d] == r.shape[d];
    if (result.size() == 0 && !same_axes) {
      layout_value v = type_entries;
      for (std::size_t d = 0; d < v.rank; ++d) {
        if (is_dyn_extent(v.shape[d])) v.shape[d] = 0;
        if (v.strides[d] == strider::dyn) v.strides[d] = 0;
      }
      if (v.offset == strider::dyn) v.offset = r.offset;
      v.storage_size = r.storage_size;
      return R{R::from_value(v)};
    }
  }
  return layout_from<R>(result);
}
template <class L>
concept algebra_operand = static_layout_type<L> || mixed_layout_type<L>;
}  // namespace detail

template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto coalesce(const L& l) { return detail::algebra_layout_from<coalesce_t<L>>(coalesce(l.dynamic())); }
template <detail::algebra_operand A, detail::algebra_operand B>
  requires(mixed_layout_type<A> || mixed_layout_type<B>)
STRIDER_HOST_DEVICE constexpr auto composition(const A& a, const B& b) { return detail::algebra_layout_from<composition_t<A, B>>(composition(a.dynamic(), b.dynamic())); }
template <index_t N, mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto complement(const L& l) { return detail::algebra_layout_from<complement_t<L, N>>(complement(l.dynamic(), N)); }
template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto right_inverse(const L& l) { return detail::algebra_layout_from<right_inverse_t<L>>(right_inverse(l.dynamic())); }
template <mixed_layout_type L>
STRIDER_HOST_DEVICE constexpr auto left_inverse(const L& l) { return detail::algebra_layout_from<left_inverse_t<L>>(left_inverse(l.dynamic())); }
template <detail::algebra_operand L, detail::algebra_operand T>
  requires(mixed_layout_type<L> || mixed_layout_type<T>)
STRIDER_HOST_DEVICE constexpr auto logical_divide(const L& l, const T& tiler) { return detail::algebra_layout_from<logical_divide_t<L, T>>(logical_divide(l.dynamic(), tiler.dynamic())); }
template <detail::algebra_operand A, detail::algebra_operand B>
  requires(mixed_layout_type<A> || mixed_layout_type<B>)
STRIDER_HOST_DEVICE constexpr auto logical_product(const A& block, const B& tiler) { return detail::algebra_layout_from<logical_product_t<A, B>>(logical_product(block.dynamic(), tiler.dynamic())); }
/// The widest vector load of a static or mixed layout object's own values (vector_width_v is the
/// type's answer).
template <detail::algebra_operand L>
STRIDER_HOST_DEVICE constexpr index_t vector_width(const L& l, index_t element_bytes, index_t alignment) { return vector_width(l.dynamic(), element_bytes, alignment); }
// The exact tiling of a mixed layout object (tile<T...>(l)) is in partial_tiles.hpp, beside the
// padded and masked ones: it reads l's entries as they do.

namespace detail {
// The layouts of split_t & co. (a std::tuple) from the run-time parts of a mixed layout.
template <class Tuple, class Parts, std::size_t... I>
constexpr Tuple parts_from(const Parts& parts, std::index_sequence<I...>) {
  return Tuple{layout_from<std::tuple_element_t<I, Tuple>>(parts[static_cast<index_t>(I)])...};
}
template <class Tuple, class Parts>
constexpr Tuple parts_from(const Parts& parts) {
  return parts_from<Tuple>(parts, std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}
}  // namespace detail

// split, chunk and unbind of a mixed layout: the split axis must be static (the number of
// parts is in the type); each part is a static or mixed layout.
#define STRIDER_MIXED_PARTS_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters mixed_layout_type L>                                                    \
  constexpr auto name(const L& l) {                                                                                      \
    return detail::parts_from<name##_t<L STRIDER_COMMA_BEFORE static_arguments>>(name(l.dynamic() STRIDER_COMMA_BEFORE rule_arguments)); \
  }
STRIDER_PARTS_OPERATIONS(STRIDER_MIXED_PARTS_FORM)
#undef STRIDER_MIXED_PARTS_FORM

/// `broadcast_shapes(shape<3, 1>{}, shape<4>{})` is `shape<3, 4>{}`.
template <class... Shapes>
  requires(sizeof...(Shapes) > 0)
STRIDER_HOST_DEVICE constexpr broadcast_shapes_t<Shapes...> broadcast_shapes(Shapes...) { return {}; }

#ifdef __CUDACC__
namespace detail {
// nvcc 13 writes the first alias of the type aliases declared at namespace scope in a .cu into
// its host code with a class-type template parameter unnamed: `using a = slice_t<L, "1:">;
// using b = permute_t<a, 1, 0>;` failed ('__T12' was not declared). Every alias after the first
// is written with its value; this one is the first.
using nvcc_first_alias = permute_t<contiguous<1>, 0>;
}  // namespace detail
#endif

}  // namespace strider

#include "partial_tiles.hpp"  // tile_t<L, masked, T...>: masked_layout
