// strider/static/thread_value.hpp: thread-value layouts as types (core/thread_value.hpp holds the
// rules), and per-thread partitions of a tile: `partition(tile, tv, thread)` is the layout of one
// thread's values in the tile's storage, every entry static but the offset.
#pragma once

#include <utility>

#include "../core/thread_value.hpp"
#include "layout.hpp"
#include "operations.hpp"
#include "runtime_index.hpp"

namespace strider {

namespace detail {
// thread_value_value::element's sum without its checks, over loops of max_rank iterations: in
// device code, on a constexpr copy, they unroll, and each digit is a division by a constant (no
// local memory, no 64-bit division routine); one function for every TV type.
STRIDER_HOST_DEVICE constexpr index_t unchecked_element(const thread_value_value& tv, index_t t, index_t v) {
  const std::size_t threads_rank = tv.layout.rank - tv.value_rank;
  index_t offset = tv.layout.offset;
  STRIDER_UNROLL
  for (std::size_t k = 0; k < max_rank; ++k) {
    const std::size_t d = max_rank - 1 - k;
    if (d >= tv.layout.rank) continue;
    index_t& i = d >= threads_rank ? v : t;
    offset += (i % tv.layout.shape[d]) * tv.layout.strides[d];
    i /= tv.layout.shape[d];
  }
  return offset;
}
}  // namespace detail

/// A thread-value layout type: the layout `static_layout<V.layout>` (thread axes, then
/// `value_rank` value axes, offsets indexing the tile in C order), which every operation and the
/// algebra take, plus what it says about threads. Made by thread_value_t and as_thread_value_t.
template <thread_value_value V>
struct thread_value_layout : static_layout<V.layout> {
  static constexpr thread_value_value tv_value = V;
  static constexpr std::size_t value_rank = V.value_rank;
  static constexpr std::size_t thread_rank = V.layout.rank - V.value_rank;
  /// How many threads, and how many values each holds.
  static constexpr index_t threads = V.threads();
  static constexpr index_t values = V.values();
  static constexpr std::size_t tile_rank = V.tile_rank;
  static constexpr index_array<V.tile_rank> tile_shape = detail::first<V.tile_rank>(V.tile_shape);
  static constexpr bool is_replicated = V.replicated;
  /// The C-order index in the tile of the element thread t holds as value v (both checked).
  STRIDER_HOST_DEVICE static constexpr index_t element(index_t t, index_t v) {
    // The refusals of thread_value_value::element, without a copy of V in device code, where
    // they are checked unless NDEBUG (as an index is); on the host and in constant expressions,
    // always.
#if defined(NDEBUG) && defined(__CUDA_ARCH__)
    if (__builtin_is_constant_evaluated())
#endif
    {
      if (t < 0 || t >= threads) detail::refuse("thread_value: thread {} is out of range for {} threads", t, threads);
      if (v < 0 || v >= values) detail::refuse("thread_value: value {} is out of range for {} values per thread", v, values);
    }
    constexpr thread_value_value tv = V;  // a local copy: device code reads no host object
    return detail::unchecked_element(tv, t, v);
  }
};

namespace detail {
template <thread_value_value V>
inline constexpr bool is_static_layout_v<thread_value_layout<V>> = true;
template <thread_value_value V>
constexpr dynamic_layout rule_value<thread_value_layout<V>>{V.layout, dynamic_layout::unchecked_t{}};

// thread_value_t's value as a class's member (see as_thread_value_of below: nvcc 13). Threads and
// Values must be static layouts: they decide the type's shape.
template <class Threads, class Values, value_arrangement Arrangement>
struct thread_value_of_types {
  static constexpr thread_value_value value = thread_value(rule_value<Threads>.value(), rule_value<Values>.value(), Arrangement);
  using type = thread_value_layout<value>;
};

template <class T>
inline constexpr bool is_thread_value_v = false;
template <thread_value_value V>
inline constexpr bool is_thread_value_v<thread_value_layout<V>> = true;
}  // namespace detail

/// A static thread-value layout type (thread_value_t, as_thread_value_t). It refines
/// static_layout_type, so that an overload for TV types wins over one for any static layout.
template <class T>
concept thread_value_type = static_layout_type<T> && detail::is_thread_value_v<std::remove_cvref_t<T>>;

/// The thread-value layout of a tile split among threads (core's thread_value): `thread_value_t<
/// contiguous<8, 32>, contiguous<1, 4>>` gives 256 threads 4 values each over an (8, 128)
/// tile, thread t's values one run of 4; `interleaved` as the third argument spreads them.
template <class Threads, class Values, value_arrangement Arrangement = blocked>
using thread_value_t = typename detail::thread_value_of_types<Threads, Values, Arrangement>::type;

namespace detail {
// A hand-written layout's coverage refusals as types, so that the compiler prints their numbers:
// "In instantiation of 'struct strider::detail::threads_share_element<0, 1, 8, 1, 0, 4>'".
template <index_t Thread, index_t Value, index_t OtherThread, index_t OtherValue, index_t... Element>
struct threads_share_element {
  static_assert(Thread < 0, "thread_value: two threads (or one thread twice) hold the same element: threads_share_element<thread, value, other thread, other value, element coordinate...>; declare `replicated` if that is meant");
};
template <index_t... Element>
struct element_held_by_no_thread {
  static_assert(sizeof...(Element) > max_rank, "thread_value: no thread holds this element of the tile: element_held_by_no_thread<element coordinate...>");
};
template <index_t Thread, index_t Value, index_t Index, index_t TileSize>
struct value_outside_tile {
  static_assert(Thread < 0, "thread_value: a value lies outside the tile: value_outside_tile<thread, value, its C-order index, the tile's element count>");
};
template <thread_value_value V, coverage_report R, std::size_t... D>
constexpr auto checked_thread_value(std::index_sequence<D...>) {
  if constexpr (R.kind == coverage_report::outside) return value_outside_tile<R.thread_a, R.value_a, R.index, V.tile_size()>{};
  else if constexpr (R.kind == coverage_report::shared) return threads_share_element<R.thread_a, R.value_a, R.thread_b, R.value_b, R.coordinate[D]...>{};
  else if constexpr (R.kind == coverage_report::unheld) return element_held_by_no_thread<R.coordinate[D]...>{};
  else return thread_value_layout<V>{};
}
template <thread_value_value V>
struct checked_thread_value_of {
  static constexpr coverage_report report = coverage_of(V);  // named: g++ 12 crashes on the call as a default argument
  using checked = decltype(checked_thread_value<V, report>(std::make_index_sequence<V.tile_rank>{}));
  // A refusal is a type whose static_assert fires when it is completed; the result itself is
  // named without the call, since nvcc's host stub re-spells an alias's decltype with the
  // template arguments left as placeholders ("'__T58' was not declared", issue 51).
  static_assert(sizeof(checked) > 0);
  using type = thread_value_layout<V>;
};
template <thread_value_value V>
using checked_thread_value_t = typename checked_thread_value_of<V>::type;
// The aliases' values as members of a class rather than template arguments computed in the alias:
// in a dependent use (a user's alias template over as_thread_value_t), nvcc 13's front end refuses
// a variable template there ("declaration is incompatible", issue 51) and spends hundreds of MB
// on a call's result; a class's member is neither. Threads and Values must be static layouts.
template <class L, std::size_t ValueRank, class Tile, thread_coverage Coverage>
struct as_thread_value_of {
  static constexpr thread_value_value value = thread_value_of(rule_value<L>.value(), ValueRank, Tile::as_dims(), Coverage);
  using type = checked_thread_value_t<value>;
};
}  // namespace detail

/// A layout written by hand checked as a thread-value layout over a tile of shape Tile
/// (`shape<...>`): its last ValueRank axes are the values. `replicated` as the last argument lets
/// several threads hold an element. A refusal names its threads, values and element in the type
/// the compiler reports (`threads_share_element<0, 1, 8, 1, 0, 4>`: thread 0 value 1 and thread
/// 8 value 1 both hold element (0, 4)).
template <class L, std::size_t ValueRank, class Tile, thread_coverage Coverage = exactly_once>
using as_thread_value_t = typename detail::as_thread_value_of<L, ValueRank, Tile, Coverage>::type;

/// `blocked_product_t<A, B>`, `raked_product_t<A, B>`: core/algebra.hpp's products as types.
template <class A, class B>
using blocked_product_t = static_layout<blocked_product(detail::rule_value<A>, detail::rule_value<B>).value()>;
template <class A, class B>
using raked_product_t = static_layout<raked_product(detail::rule_value<A>, detail::rule_value<B>).value()>;

template <static_layout_type A, static_layout_type B>
STRIDER_HOST_DEVICE constexpr auto blocked_product(A, B) { return blocked_product_t<A, B>{}; }
template <static_layout_type A, static_layout_type B>
STRIDER_HOST_DEVICE constexpr auto raked_product(A, B) { return raked_product_t<A, B>{}; }
template <detail::algebra_operand A, detail::algebra_operand B>
  requires(mixed_layout_type<A> || mixed_layout_type<B>)
STRIDER_HOST_DEVICE constexpr auto blocked_product(const A& a, const B& b) { return detail::algebra_layout_from<blocked_product_t<A, B>>(blocked_product(a.dynamic(), b.dynamic())); }
template <detail::algebra_operand A, detail::algebra_operand B>
  requires(mixed_layout_type<A> || mixed_layout_type<B>)
STRIDER_HOST_DEVICE constexpr auto raked_product(const A& a, const B& b) { return detail::algebra_layout_from<raked_product_t<A, B>>(raked_product(a.dynamic(), b.dynamic())); }

// --- partitions ----------------------------------------------------------------------------

namespace detail {
// The partition of a static or mixed tile type: the rule's layout for thread 0, its offset
// run-time (the thread is). A template, as select_at_value (runtime_index.hpp), with nvcc's
// non-template forms.
template <class P>
STRIDER_HOST_DEVICE constexpr layout_value partition_at_value(const P& tile, const thread_value_value& tv) { return runtime_offset_value(partition(tile, tv, 0)); }
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr layout_value partition_at_value(const dynamic_layout& tile, const thread_value_value& tv) { return partition_at_value<dynamic_layout>(tile, tv); }
STRIDER_HOST_DEVICE constexpr layout_value partition_at_value(const maybe_layout& tile, const thread_value_value& tv) { return partition_at_value<maybe_layout>(tile, tv); }
#endif

// "partition: thread 300 is out of range for 256 threads": checked unless NDEBUG, as an index.
STRIDER_HOST_DEVICE constexpr void check_thread_unless_ndebug(index_t thread, index_t threads) {
#ifdef NDEBUG
  if (!__builtin_is_constant_evaluated()) return;
#endif
  check_thread(thread, threads);
}

// The divisor of each thread axis's digit: the product of the extents after it (thread axis i's
// digit is thread / below[i] % extent[i]).
STRIDER_HOST_DEVICE constexpr index_array<max_rank> thread_digit_divisors(const thread_value_value& tv) {
  index_array<max_rank> out{};
  index_t product = 1;
  for (std::size_t i = tv.thread_rank(); i-- > 0;) {
    out[i] = product;
    product *= tv.layout.shape[i];
  }
  return out;
}

// Thread axis i's digit of `thread`, in [0, threads): a division and a remainder by constants
// once the caller's loop over the axes is unrolled (shifts and masks for powers of two), in 32
// bits when the thread count fits.
template <index_t Threads>
STRIDER_HOST_DEVICE constexpr index_t thread_digit(index_t thread, index_t below, index_t extent, bool first) {
  if constexpr (Threads <= (index_t{1} << 31)) {
    const auto t = static_cast<unsigned>(thread) / static_cast<unsigned>(below);
    return static_cast<index_t>(first ? t : t % static_cast<unsigned>(extent));
  } else {
    return first ? thread / below : thread / below % extent;
  }
}

// The tile coordinate of thread `thread`'s first value (core's thread_coordinate, for a layout
// known to the compiler): the plan's base, plus each thread axis's digit times its step along the
// tile axis it moves on. The layout, its plan and the divisors are constants and the loops run
// over the type's axes: unrolled, each coordinate is a sum of digits times constants, with nothing
// in local memory.
template <thread_value_value V>
STRIDER_HOST_DEVICE constexpr index_array<max_rank> thread_tile_coordinate(index_t thread) {
  constexpr thread_value_value tv = V;  // local constants: device code reads no host object
  constexpr partition_plan plan = plan_partition(tv);
  constexpr index_array<max_rank> below = thread_digit_divisors(tv);
  index_array<max_rank> coordinate{};
  STRIDER_UNROLL
  for (std::size_t k = 0; k < tv.tile_rank; ++k) coordinate[k] = plan.base[k];
  STRIDER_UNROLL
  for (std::size_t i = 0; i < tv.thread_rank(); ++i)
    if (tv.layout.shape[i] != 1) coordinate[plan.axis[i].tile_axis] += thread_digit<tv.threads()>(thread, below[i], tv.layout.shape[i], i == 0) * plan.axis[i].step;
  return coordinate;
}

// partition_t's entries for one thread, from the tile's: its offset moved by the thread's
// coordinate along each tile axis, each run-time stride the plan's multiple of a tile stride.
template <class R, thread_value_value V, class L, std::size_t... K>
STRIDER_HOST_DEVICE constexpr R partition_result(const L& l, index_t thread, std::index_sequence<K...>) {
  constexpr thread_value_value tv = V;
  constexpr partition_plan plan = plan_partition(tv);
  constexpr std::size_t thread_rank = tv.thread_rank();
  constexpr entry_slots slots = runtime_slots<R>;
  const index_t strides[] = {stride_entry<K>(l)..., 0};
  const index_array<max_rank> coordinate = thread_tile_coordinate<V>(thread);
  const index_t offset = (offset_entry(l) + ... + (coordinate[K] * strides[K]));
  index_t held[R::dynamic_count + 1] = {};
  STRIDER_UNROLL
  for (std::size_t j = 0; j < R::rank; ++j) {
    const axis_in_tile a = plan.axis[thread_rank + j];
    if (slots.strides[j] >= 0) held[slots.strides[j]] = a.step * strides[a.tile_axis];
  }
  if constexpr (slots.offset >= 0) held[slots.offset] = offset;
  if constexpr (slots.storage_size >= 0) held[slots.storage_size] = storage_entry(l);
  return R::from_held(held);
}
}  // namespace detail

/// The layout of one thread's values in a tile of layout Tile (static or mixed; its shape the
/// thread-value layout's tile shape): the value axes, each stride static where Tile's is, and a
/// run-time offset (the thread's). CuTe's partition_S / local_partition for one thread.
template <class Tile, class TV>
using partition_t = static_layout<detail::partition_at_value(detail::rule_value<Tile>, TV::tv_value)>;

/// How wide one thread's accesses to its values of a Tile (static or mixed) may be, in elements
/// of Bytes bytes, when the tile's first element is aligned to Alignment bytes (see
/// core's partition_vector_width). `vector_width_v<partition_t<Tile, TV>, ...>` says 1: it
/// knows nothing of the run-time offset, where this knows every thread's start steps by
/// multiples of the threads' strides.
template <class Tile, class TV, index_t Bytes, index_t Alignment>
inline constexpr index_t partition_vector_width_v = partition_vector_width(detail::rule_value<Tile>.value(), TV::tv_value, Bytes, Alignment);

namespace detail {
// Whether a static or mixed tile type has an extent known only at run time (a masked edge).
template <class L>
STRIDER_HOST_DEVICE constexpr bool runtime_tile_extents() {
  if constexpr (static_layout_type<L>) {
    return false;
  } else {
    for (std::size_t d = 0; d < L::rank; ++d)
      if (is_dyn_extent(L::static_entries.shape[d])) return true;
    return false;
  }
}
}  // namespace detail

namespace detail {
template <class L, class TV>
STRIDER_HOST_DEVICE constexpr auto partition_of_edge(const L& tile, TV tv, index_t thread);  // below
}  // namespace detail

/// Thread `thread`'s values of a tile: `partition(tile_layout, TV{}, threadIdx.x)` is the layout
/// partition_t<Tile, TV> at the offset of the thread's first value, so that a loop over its
/// values is an add and constant offsets. The thread is checked against TV::threads unless NDEBUG.
/// A tile whose extents are run-time values gives a masked partition (partition_of_edge, below).
template <detail::runtime_index_layout L, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(const L& tile, TV tv, index_t thread) {
  if constexpr (detail::runtime_tile_extents<L>()) {
    return detail::partition_of_edge(tile, tv, thread);
  } else {
    using T = std::remove_cvref_t<TV>;
    using R = partition_t<L, T>;
    detail::check_thread_unless_ndebug(thread, T::threads);
    return detail::partition_result<R, T::tv_value>(tile, thread, std::make_index_sequence<L::rank>{});
  }
}

/// One thread's values of a masked tile (`partition` of a tile of `tile<masked, T...>`): the
/// partition's layout, and which of its values are in the data (`in_bounds(w...)`: the element's
/// tile coordinate below the tile's valid extents on every axis). Element access checks it
/// unless NDEBUG, as on a masked tile.
template <class P, thread_value_value V>
class masked_partition_layout {
 public:
  using partition_layout = P;
  static constexpr std::size_t rank = P::rank;

  STRIDER_HOST_DEVICE constexpr masked_partition_layout(const P& values, const index_array<V.tile_rank>& first, const index_array<V.tile_rank>& valid)
      : values_(values), first_(first), valid_(valid) {}
  STRIDER_HOST_DEVICE constexpr const P& layout() const { return values_; }
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr bool in_bounds(I... index) const {
    const index_t w[] = {static_cast<index_t>(index)..., 0};
    return in_bounds_of(w);
  }
  /// Storage offset of value (w...), which must be in the data (checked unless NDEBUG).
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
#ifdef NDEBUG
    if (__builtin_is_constant_evaluated())
#endif
      if (!in_bounds(index...)) detail::masked_index_out_of_data();
    return values_(index...);
  }

 private:
  // Each value index within its extent, then each tile coordinate below the tile's valid extent,
  // in loops over the type's axes (unrolled: every extent and step a constant).
  STRIDER_HOST_DEVICE constexpr bool in_bounds_of(const index_t* w) const {
    constexpr thread_value_value tv = V;  // local constants: device code reads no host object
    constexpr detail::partition_plan plan = detail::plan_partition(tv);
    constexpr std::size_t thread_rank = tv.thread_rank();
    index_t coordinate[V.tile_rank + 1] = {};
    STRIDER_UNROLL
    for (std::size_t k = 0; k < V.tile_rank; ++k) coordinate[k] = first_[k];
    STRIDER_UNROLL
    for (std::size_t j = 0; j < rank; ++j) {
      if (w[j] < 0 || w[j] >= tv.layout.shape[thread_rank + j]) return false;
      coordinate[plan.axis[thread_rank + j].tile_axis] += plan.axis[thread_rank + j].step * w[j];
    }
    bool in = true;
    STRIDER_UNROLL
    for (std::size_t k = 0; k < V.tile_rank; ++k) in = in && coordinate[k] >= 0 && coordinate[k] < valid_[k];
    return in;
  }

  P values_;
  index_array<V.tile_rank> first_;  // the tile coordinate of the thread's first value
  index_array<V.tile_rank> valid_;  // the tile's valid extents
};

namespace detail {
template <class T>
inline constexpr bool is_masked_partition_layout_v = false;
template <class P, thread_value_value V>
inline constexpr bool is_masked_partition_layout_v<masked_partition_layout<P, V>> = true;

// "partition: extent 70 of tile axis 0 exceeds the thread-value layout's 64": checked unless
// NDEBUG, as the thread is.
STRIDER_HOST_DEVICE constexpr void check_tile_extent_unless_ndebug(index_t extent, std::size_t axis, index_t tile) {
#ifdef NDEBUG
  if (!__builtin_is_constant_evaluated()) return;
#endif
  if (extent > tile) refuse("partition: extent {} of tile axis {} exceeds the thread-value layout's {}", extent, axis, tile);
}
// A tile of run-time extents read as the thread-value layout's whole tile: the tile's strides and
// offset (static where the tile's are, held otherwise), the thread-value layout's tile shape,
// the storage its span.
STRIDER_HOST_DEVICE constexpr layout_value partition_whole_tile(const layout_value& tile, const thread_value_value& tv) {
  if (tile.rank != tv.tile_rank) refuse("partition: the tile has rank {}, the thread-value layout's tile rank {}", tile.rank, tv.tile_rank);
  layout_value whole = tile;
  for (std::size_t d = 0; d < tile.rank; ++d) {
    const index_t multiple = is_dyn_extent(tile.shape[d]) ? multiple_of_mark(tile.shape[d]) : 1;
    if (!is_dyn_extent(tile.shape[d])) check_tile_extent_unless_ndebug(tile.shape[d], d, tv.tile_shape[d]);  // a constant expression: checked
    if (tv.tile_shape[d] % multiple != 0) refuse("partition: tile axis {} is a multiple of {}, the thread-value layout's extent {} is not", d, multiple, tv.tile_shape[d]);
    whole.shape[d] = tv.tile_shape[d];
  }
  // Its storage is its span: derived where an entry is run-time (the strides held, never
  // computed from extents), a static layout's otherwise.
  bool runtime = whole.offset == dyn;
  for (std::size_t d = 0; d < whole.rank; ++d) runtime = runtime || whole.strides[d] == dyn;
  whole.storage_size = runtime ? required_span_storage : required_span_of(whole, "partition");
  return whole;
}
// The whole tile's layout type, a named value (nvcc's front end takes about 200 MB to hold the
// call as a dependent template argument in a function's body).
template <class L, thread_value_value V>
struct partition_whole {
  static constexpr layout_value value = partition_whole_tile(L::static_entries, V);
  using type = static_layout<value>;
};
template <std::size_t... D, class L>
STRIDER_HOST_DEVICE constexpr index_array<sizeof...(D)> tile_extents_within(const L& tile, const thread_value_value& tv, std::index_sequence<D...>) {
  (check_tile_extent_unless_ndebug(extent_entry<D>(tile), D, tv.tile_shape[D]), ...);
  return {extent_entry<D>(tile)...};
}
}  // namespace detail

/// `partition(tile, TV{}, thread)` of a tile whose extents are run-time values, at most the
/// thread-value layout's tile extents (a masked edge: the last tile of a run-time matrix cut by
/// hand, `tensor_view<float, contiguous<dyn, dyn>>`): the thread's values as partition gives them
/// on the whole tile (TV's tile shape, the tile's strides and offset), with the mask of the real
/// extents: `in_bounds(w...)` says which values are in the tile. An extent past TV's tile is
/// refused (checked unless NDEBUG, as the thread is); the tile's run-time strides are held.
/// Example: a 50 x 60 row-major tile with `thread_value_t<contiguous<16, 16>, contiguous<4, 4>>`
/// (a 64 x 64 tile): thread 14 holds rows 0-3, columns 56-59, of which columns 56-59 are data;
/// thread 15 (columns 60-63) holds none.
template <class L, class TV>
STRIDER_HOST_DEVICE constexpr auto detail::partition_of_edge(const L& tile, TV tv, index_t thread) {
  using T = std::remove_cvref_t<TV>;
  constexpr thread_value_value v = T::tv_value;
  using whole_type = typename detail::partition_whole<L, T::tv_value>::type;
  const index_array<L::rank> valid = detail::tile_extents_within(tile, v, std::make_index_sequence<L::rank>{});
  const auto whole = [&] {
    if constexpr (static_layout_type<whole_type>) return whole_type{};  // only the extents were run-time
    else return detail::runtime_index_result<whole_type, 0, 0>(tile, detail::offset_entry(tile), std::make_index_sequence<L::rank>{});
  }();
  const auto values = partition(whole, tv, thread);
  const index_array<max_rank> coordinate = detail::thread_tile_coordinate<v>(thread);
  index_array<L::rank> first{};
  STRIDER_UNROLL
  for (std::size_t k = 0; k < L::rank; ++k) first[k] = coordinate[k];
  return masked_partition_layout<std::remove_cvref_t<decltype(values)>, v>(values, first, valid);
}

/// `partition(t, TV{}, thread)` of a masked tile (`tile<masked, T...>(v).tile(i...)`'s layout):
/// the thread's values as partition gives them on the tile's layout, with the mask kept: a
/// value is data when its element is. Example: of a 10 x 37 matrix in 4 x 8 tiles, tile (2, 4)
/// has valid (2, 5); with `thread_value_t<contiguous<4, 2>, contiguous<1, 4>>`, thread 3 holds
/// (1, 4) to (1, 7) of the tile, of which only its value 0 (column 36) is data.
template <class TL, std::size_t R, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(const masked_tile_layout<TL, R>& tile, TV tv, index_t thread) {
  using T = std::remove_cvref_t<TV>;
  static_assert(R == T::tile_rank, "partition: the masked tile's rank is not the thread-value layout's tile rank");
  const auto values = partition(tile.layout(), tv, thread);
  const index_array<max_rank> coordinate = detail::thread_tile_coordinate<T::tv_value>(thread);
  index_array<R> first{};
  STRIDER_UNROLL
  for (std::size_t k = 0; k < R; ++k) first[k] = coordinate[k];
  return masked_partition_layout<std::remove_cvref_t<decltype(values)>, T::tv_value>(values, first, tile.valid());
}

}  // namespace strider
