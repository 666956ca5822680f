// strider/core/thread_value.hpp: thread-value layouts, which thread holds which element of a tile
// (docs/algebra.md, "Threads and values"). A thread-value (TV) layout is a layout like any other:
// its leading axes number the threads (in C order, the thread index), its trailing `value_rank`
// axes number each thread's values, and its offsets are C-order indices of elements of a tile
// of shape `tile_shape`. The rules here build one from a thread and a value arrangement
// (CuTe's make_tiled_copy), or check one written by hand (an MMA fragment), and say which thread
// and which element when a tile is not covered once.
#pragma once

#include <cstddef>
#include <string_view>

#include "algebra.hpp"
#include "layout.hpp"
#include "../util/text.hpp"

namespace strider {

/// How a thread's values sit in the tile: `blocked`, one block of Values' shape per thread (a
/// thread's row of values is one vector), or `interleaved`, a thread's values Threads' extent
/// apart (neighbouring threads touch neighbouring elements).
enum class value_arrangement { blocked, interleaved };
inline constexpr value_arrangement blocked = value_arrangement::blocked;
inline constexpr value_arrangement interleaved = value_arrangement::interleaved;

/// Whether a hand-written thread-value layout holds each element of its tile once (the default)
/// or may hold one in several threads (`replicated`: broadcasts and reductions), every element
/// still at least once.
enum class thread_coverage { exactly_once, replicated };
inline constexpr thread_coverage exactly_once = thread_coverage::exactly_once;
inline constexpr thread_coverage replicated = thread_coverage::replicated;

/// A thread-value layout as a structural value (the template argument of thread_value_layout).
struct thread_value_value {
  layout_value layout;  // thread axes, then value_rank value axes; offsets index the tile in C order
  std::size_t value_rank = 0;
  std::size_t tile_rank = 0;
  detail::row_of<index_t> tile_shape = {};  // index_t[max_rank] (util/config.hpp)
  bool replicated = false;
  friend constexpr bool operator==(const thread_value_value&, const thread_value_value&) = default;

  STRIDER_HOST_DEVICE constexpr std::size_t thread_rank() const { return layout.rank - value_rank; }
  STRIDER_HOST_DEVICE constexpr index_t threads() const { return product(0, thread_rank()); }
  STRIDER_HOST_DEVICE constexpr index_t values() const { return product(thread_rank(), layout.rank); }
  STRIDER_HOST_DEVICE constexpr index_t tile_size() const {
    index_t n = 1;
    for (std::size_t d = 0; d < tile_rank; ++d) n = detail::checked_mul(n, tile_shape[d], "thread_value");
    return n;
  }
  /// The C-order index in the tile of the element thread t holds as its value v.
  STRIDER_HOST_DEVICE constexpr index_t element(index_t t, index_t v) const {
    if (t < 0 || t >= threads()) detail::refuse("thread_value: thread {} is out of range for {} threads", t, threads());
    if (v < 0 || v >= values()) detail::refuse("thread_value: value {} is out of range for {} values per thread", v, values());
    return unravel_offset(t, 0, thread_rank()) + unravel_offset(v, thread_rank(), layout.rank) + layout.offset;
  }

 private:
  STRIDER_HOST_DEVICE constexpr index_t product(std::size_t first, std::size_t last) const {
    index_t n = 1;
    for (std::size_t d = first; d < last; ++d) n = detail::checked_mul(n, layout.shape[d], "thread_value");
    return n;
  }
  STRIDER_HOST_DEVICE constexpr index_t unravel_offset(index_t i, std::size_t first, std::size_t last) const {
    index_t offset = 0;
    for (std::size_t d = last; d-- > first;) {
      offset += (i % layout.shape[d]) * layout.strides[d];
      i /= layout.shape[d];
    }
    return offset;
  }
};

namespace detail {

// What a hand-written thread-value layout gets wrong, if anything: the first (thread, value)
// outside the tile, the first element held twice (without `replicated`), or the first element no
// thread holds. One report for both forms: run time refuses with it (refuse_coverage), and the
// static form names its numbers in a type (static/thread_value.hpp), which compilers print.
struct coverage_report {
  enum kind_t { covered, outside, shared, unheld } kind = covered;
  index_t thread_a = -1, value_a = -1, thread_b = -1, value_b = -1;
  index_t index = -1;  // the element's C-order index in the tile (outside: past it)
  index_t coordinate[max_rank] = {};
  friend constexpr bool operator==(const coverage_report&, const coverage_report&) = default;
};

// The holder of each element of a tile, freed however the check ends.
struct holders {
  index_t* of = nullptr;
  STRIDER_HOST_DEVICE constexpr explicit holders(index_t n) : of(new index_t[static_cast<std::size_t>(n > 0 ? n : 1)]) {
    for (index_t e = 0; e < n; ++e) of[e] = -1;
  }
  holders(const holders&) = delete;
  holders& operator=(const holders&) = delete;
  STRIDER_HOST_DEVICE constexpr ~holders() { delete[] of; }
};

// True when the axes of v with extent above 1, sorted by stride, count 0, 1, 2, ... each once
// (v numbers [0, size) once: a bijection); the first axis out of step otherwise, in *axis.
STRIDER_HOST_DEVICE constexpr bool numbers_once(const layout_value& v, std::size_t first, std::size_t last, std::size_t* axis) {
  bool done[max_rank] = {};
  index_t expected = 1;
  for (std::size_t n = first; n < last; ++n) {
    std::size_t best = last;
    for (std::size_t d = first; d < last; ++d)
      if (!done[d] && v.shape[d] > 1 && (best == last || v.strides[d] < v.strides[best])) best = d;
    if (best == last) return true;
    done[best] = true;
    if (v.strides[best] != expected) {
      *axis = best;
      return false;
    }
    expected *= v.shape[best];
  }
  return true;
}

// The fast test above when it applies (a compact layout at offset 0 with the tile's element
// count; replicated, its axes of stride 0 left out), else every (thread, value) enumerated.
STRIDER_HOST_DEVICE constexpr coverage_report coverage_of(const thread_value_value& tv) {
  const layout_value& l = tv.layout;
  const index_t tile = tv.tile_size();
  coverage_report r;
  layout_value moving = l;
  index_t count = 1;
  for (std::size_t d = 0; d < moving.rank; ++d) {
    if (tv.replicated && moving.strides[d] == 0) moving.shape[d] = 1;
    count *= moving.shape[d];
  }
  std::size_t axis = 0;
  if (l.offset == 0 && numbers_once(moving, 0, moving.rank, &axis) && count == tile) return r;
  if (tile > max_enumerated_tile || tv.threads() > max_enumerated_tile / tv.values())
    detail::refuse("thread_value: the layout is not a compact numbering of its tile, and its {} threads x {} values over {} elements are more than the check enumerates ({})", tv.threads(), tv.values(), tile, max_enumerated_tile);
  const auto found = [&](coverage_report::kind_t kind, index_t e) {
    r.kind = kind;
    r.index = e;
    for (std::size_t d = tv.tile_rank; d-- > 0;) {
      r.coordinate[d] = e % tv.tile_shape[d];
      e /= tv.tile_shape[d];
    }
    return r;
  };
  holders holder(tile);
  const index_t threads = tv.threads(), values = tv.values();
  for (index_t t = 0; t < threads; ++t) {
    for (index_t v = 0; v < values; ++v) {
      const index_t e = tv.element(t, v);
      if (e < 0 || e >= tile) {
        r.thread_a = t;
        r.value_a = v;
        r.kind = coverage_report::outside;
        r.index = e;
        return r;
      }
      const index_t other = holder.of[e];
      if (other >= 0 && !tv.replicated) {
        r.thread_a = other / values;
        r.value_a = other % values;
        r.thread_b = t;
        r.value_b = v;
        return found(coverage_report::shared, e);
      }
      if (other < 0) holder.of[e] = t * values + v;
    }
  }
  for (index_t e = 0; e < tile; ++e)
    if (holder.of[e] < 0) return found(coverage_report::unheld, e);
  return r;
}

STRIDER_HOST_DEVICE constexpr void refuse_coverage(const coverage_report& r, const thread_value_value& tv) {
  const fixed_tuple_text element(r.coordinate, tv.tile_rank, false);  // "(0, 4)"
  switch (r.kind) {
    case coverage_report::covered: return;
    case coverage_report::outside: detail::refuse("thread_value: thread {} value {} is at index {}, outside the tile of {} elements", r.thread_a, r.value_a, r.index, tv.tile_size());
    case coverage_report::shared:
      if (r.thread_a == r.thread_b) detail::refuse("thread_value: thread {} holds element {} twice, as values {} and {}", r.thread_a, element, r.value_a, r.value_b);
      detail::refuse("thread_value: threads {} and {} both hold element {} (values {} and {}); declare `replicated` if that is meant", r.thread_a, r.thread_b, element, r.value_a, r.value_b);
    case coverage_report::unheld: detail::refuse("thread_value: element {} is held by no thread", element);
  }
}

// Threads or Values of thread_value(): a numbering of [0, N) at offset 0.
STRIDER_HOST_DEVICE constexpr void check_numbering(const layout_value& v, const char* what) {
  if (v.offset != 0) detail::refuse("thread_value: {} starts at offset {}; it numbers from 0 (contiguous<...> or column_major<...>)", what, v.offset);
  for (std::size_t d = 0; d < v.rank; ++d)
    if (v.shape[d] < 1) detail::refuse("thread_value: axis {} of {} has extent {}; each axis needs at least 1", d, what, v.shape[d]);
  std::size_t axis = 0;
  if (!numbers_once(v, 0, v.rank, &axis))
    detail::refuse("thread_value: {} does not number 0 to N - 1 once each: axis {} (extent {}) has stride {} (contiguous<...>, column_major<...> or another compact layout at offset 0)", what, axis, v.shape[axis], v.strides[axis]);
}

}  // namespace detail

/// The thread-value layout of a tile split among threads (CuTe's make_tiled_copy(atom,
/// thr_layout, val_layout), row-major). Thread t is the thread whose offset in Threads is t,
/// value v likewise in Values; the tile's axis k has extent Threads.shape[k] * Values.shape[k].
/// `blocked`: thread t holds as value v the element whose coordinate is thread_coord[k] *
/// Values.shape[k] + value_coord[k] on every axis; `interleaved`: value_coord[k] *
/// Threads.shape[k] + thread_coord[k].
/// @pre Threads and Values have equal rank r, 2r <= max_rank, and number their threads and values
///      0 to N - 1 once each (compact, at offset 0: contiguous or column_major).
/// @example Threads = contiguous (8, 32), Values = contiguous (1, 4) gives a (8, 128) tile; thread
///          33 (coordinate (1, 1)) holds elements (1, 4) to (1, 7).
STRIDER_HOST_DEVICE constexpr thread_value_value thread_value(const layout_value& threads, const layout_value& values, value_arrangement arrangement = blocked) {
  if (threads.rank != values.rank)
    detail::refuse("thread_value: Threads has rank {} and Values rank {}; they need one axis per tile axis each", threads.rank, values.rank);
  if (2 * threads.rank > max_rank) detail::refuse("thread_value: a rank-{} tile needs {} axes, more than max_rank ({})", threads.rank, 2 * threads.rank, max_rank);
  detail::check_numbering(threads, "Threads");
  detail::check_numbering(values, "Values");
  const std::size_t r = threads.rank;
  thread_value_value tv;
  tv.tile_rank = r;
  tv.value_rank = r;
  index_t row_stride[max_rank] = {};
  index_t step = 1;
  for (std::size_t k = r; k-- > 0;) {
    tv.tile_shape[k] = detail::checked_mul(threads.shape[k], values.shape[k], "thread_value");
    row_stride[k] = step;
    step = detail::checked_mul(step, tv.tile_shape[k], "thread_value");
  }
  // Each part's axes in decreasing stride, so that its C-order index is the thread (value) number.
  const auto place = [&](const layout_value& part, std::size_t base, bool is_thread) {
    bool done[max_rank] = {};
    for (std::size_t n = 0; n < r; ++n) {
      std::size_t best = r;
      for (std::size_t d = 0; d < r; ++d)
        if (!done[d] && (best == r || part.strides[d] > part.strides[best])) best = d;
      done[best] = true;
      const bool spaced = is_thread == (arrangement == blocked);  // steps over the other part's extent
      tv.layout.shape[base + n] = part.shape[best];
      tv.layout.strides[base + n] = row_stride[best] * (spaced ? (is_thread ? values.shape[best] : threads.shape[best]) : 1);
    }
  };
  place(threads, 0, true);
  place(values, r, false);
  tv.layout.rank = 2 * r;
  tv.layout.storage_size = step;
  return tv;
}
STRIDER_HOST_DEVICE constexpr thread_value_value thread_value(const dynamic_layout& threads, const dynamic_layout& values, value_arrangement arrangement = blocked) {
  return thread_value(threads.value(), values.value(), arrangement);
}

namespace detail {
// as_thread_value without the coverage check (the static form reports it in a type).
STRIDER_HOST_DEVICE constexpr thread_value_value thread_value_of(const layout_value& l, std::size_t value_rank, const dims& tile_shape, thread_coverage coverage) {
  if (value_rank > l.rank) detail::refuse("thread_value: value_rank {} is more than the layout's rank {}", value_rank, l.rank);
  thread_value_value tv;
  tv.layout = l;
  tv.value_rank = value_rank;
  tv.tile_rank = tile_shape.size();
  tv.replicated = coverage == replicated;
  for (std::size_t d = 0; d < tile_shape.size(); ++d) {
    if (tile_shape[d] < 1) detail::refuse("thread_value: tile extent {} of axis {} is not positive", tile_shape[d], d);
    tv.tile_shape[d] = tile_shape[d];
  }
  for (std::size_t d = 0; d < l.rank; ++d)
    if (l.shape[d] < 1) detail::refuse("thread_value: axis {} of the layout has extent {}; each axis needs at least 1", d, l.shape[d]);
  tv.layout.storage_size = tv.tile_size();
  return tv;
}
}  // namespace detail
/// A layout written by hand (thread axes, then `value_rank` value axes; offsets are C-order
/// indices in a tile of shape `tile_shape`), such as an MMA fragment from the hardware's
/// documentation, checked as a thread-value layout.
/// @pre value_rank <= the layout's rank; every extent (the layout's and the tile's) is positive; no
///      value lies outside the tile, and every element is held once (at least once where
///      `coverage` is `replicated`).
/// @example (4, 2) : (2, 1) with value_rank 1 over a (4, 2) tile: thread t holds row t.
STRIDER_HOST_DEVICE constexpr thread_value_value as_thread_value(const layout_value& l, std::size_t value_rank, const dims& tile_shape, thread_coverage coverage = exactly_once) {
  const thread_value_value tv = detail::thread_value_of(l, value_rank, tile_shape, coverage);
  detail::refuse_coverage(detail::coverage_of(tv), tv);
  return tv;
}
STRIDER_HOST_DEVICE constexpr thread_value_value as_thread_value(const dynamic_layout& l, std::size_t value_rank, const dims& tile_shape, thread_coverage coverage = exactly_once) {
  return as_thread_value(l.value(), value_rank, tile_shape, coverage);
}

namespace detail {
// Where each axis of a thread-value layout moves in the tile: along one tile axis, `step`
// elements per index (0 for extent 1 or a replicated axis), from the coordinate `base` (the
// layout's offset). partition needs each axis along one tile axis, without carrying.
struct axis_in_tile {
  std::size_t tile_axis = 0;
  index_t step = 0;
};
struct partition_plan {
  axis_in_tile axis[max_rank] = {};
  index_t base[max_rank] = {};
  // Why there is no plan: 0 none; 1 axis `failed_axis` does not move along one tile axis
  // (`failed_tile_axis` is the one it comes closest to); 2 the axes along tile axis
  // `failed_tile_axis` reach coordinate `failed_coordinate` together.
  int failure = 0;
  std::size_t failed_axis = 0, failed_tile_axis = 0;
  index_t failed_coordinate = 0;
};
// The plan, or why there is none (plan_partition refuses then; the access certificate falls
// back to reading every element's offset).
STRIDER_HOST_DEVICE constexpr partition_plan find_partition_plan(const thread_value_value& tv) {
  partition_plan plan;
  index_t row[max_rank] = {};
  index_t step = 1;
  for (std::size_t k = tv.tile_rank; k-- > 0;) {
    row[k] = step;
    step *= tv.tile_shape[k];
  }
  index_t low[max_rank] = {}, high[max_rank] = {};
  index_t rest = tv.layout.offset;
  for (std::size_t k = tv.tile_rank; k-- > 0;) {
    plan.base[k] = rest % tv.tile_shape[k];
    low[k] = high[k] = plan.base[k];
    rest /= tv.tile_shape[k];
  }
  for (std::size_t i = 0; i < tv.layout.rank; ++i) {
    const index_t e = tv.layout.shape[i], s = tv.layout.strides[i];
    if (e == 1 || s == 0) continue;
    const index_t magnitude = s < 0 ? -s : s;
    std::size_t k = 0;
    while (row[k] > magnitude) ++k;  // row[tile_rank - 1] is 1
    if (magnitude % row[k] != 0 || (magnitude / row[k]) * (e - 1) >= tv.tile_shape[k]) {
      plan.failure = 1;
      plan.failed_axis = i;
      plan.failed_tile_axis = k;
      return plan;
    }
    plan.axis[i] = {k, s / row[k]};
    if (s > 0) high[k] += plan.axis[i].step * (e - 1);
    else low[k] += plan.axis[i].step * (e - 1);
    if (low[k] < 0 || high[k] >= tv.tile_shape[k]) {
      plan.failure = 2;
      plan.failed_tile_axis = k;
      plan.failed_coordinate = low[k] < 0 ? low[k] : high[k];
      return plan;
    }
  }
  return plan;
}
STRIDER_HOST_DEVICE constexpr partition_plan plan_partition(const thread_value_value& tv) {
  const partition_plan plan = find_partition_plan(tv);
  const std::size_t i = plan.failed_axis, k = plan.failed_tile_axis;
  if (plan.failure == 1)
    detail::refuse("partition: axis {} of the thread-value layout (extent {}, index stride {}) does not move along one tile axis; each of its axes must (tile axis {} has extent {})", i, tv.layout.shape[i], tv.layout.strides[i], k, tv.tile_shape[k]);
  if (plan.failure == 2)
    detail::refuse("partition: the thread-value layout's axes along tile axis {} reach coordinate {} together, outside its extent {} (they carry into the next axis)", k, plan.failed_coordinate, tv.tile_shape[k]);
  return plan;
}

// The tile coordinate of thread `thread`'s first value: the plan's base, then each thread digit
// along the tile axis its axis moves on. The thread is in [0, threads) (the callers check it; the
// static form unless NDEBUG, as an index), so the first digit needs no modulo.
STRIDER_HOST_DEVICE constexpr void thread_coordinate(const thread_value_value& tv, const partition_plan& plan, index_t thread, index_t (&coordinate)[max_rank]) {
  for (std::size_t k = 0; k < max_rank; ++k) coordinate[k] = plan.base[k];
  for (std::size_t i = tv.thread_rank(); i-- > 0;) {
    const index_t digit = i == 0 ? thread : thread % tv.layout.shape[i];
    coordinate[plan.axis[i].tile_axis] += digit * plan.axis[i].step;
    thread /= tv.layout.shape[i];
  }
}
// The storage offset of that value in a tile at offset `start` with strides `strides` (run-time
// values, or a mixed layout's entries).
template <class Row, class S>
STRIDER_HOST_DEVICE constexpr S thread_start(const thread_value_value& tv, const partition_plan& plan, const Row& strides, S start, index_t thread) {
  index_t coordinate[max_rank] = {};
  thread_coordinate(tv, plan, thread, coordinate);
  for (std::size_t k = 0; k < tv.tile_rank; ++k) start = start + strides[k] * coordinate[k];
  return start;
}
STRIDER_HOST_DEVICE constexpr void check_thread(index_t thread, index_t threads) {
  if (thread < 0 || thread >= threads) detail::refuse("partition: thread {} is out of range for {} threads", thread, threads);
}
// partition's check of the tile against the thread-value layout (its rank, and each extent, known
// on a mixed layout where it is static), which partition_vector_width asks too.
template <class V>
STRIDER_HOST_DEVICE constexpr void check_partition_tile(const V& t, const thread_value_value& tv) {
  if (t.rank != tv.tile_rank) detail::refuse("partition: the tile has rank {}, the thread-value layout's tile rank {}", t.rank, tv.tile_rank);
  for (std::size_t d = 0; d < t.rank; ++d) {
    const auto differs = t.shape[d] != tv.tile_shape[d];  // on a mixed layout, known where the extent is static
    if (!detail::is_known(differs)) detail::refuse("partition: extent of tile axis {} is known only at run time; the thread-value layout's tile shape is static", d);
    if (static_cast<bool>(differs))
      detail::refuse("partition: extent {} of tile axis {} is not the thread-value layout's {}", detail::known_value(t.shape[d]), d, tv.tile_shape[d]);
  }
}
}  // namespace detail

/// Thread `thread`'s values of a tile whose layout is `tile` (its shape the thread-value
/// layout's tile shape, static on a mixed layout): the layout of the values axes, each stride the
/// tile stride of the axis it moves along times its step, at the offset of the thread's first
/// value; a view of the tile's storage.
/// @pre the tile's shape is the thread-value layout's tile shape (static on a mixed layout), thread
///      is in [0, threads), and each axis of the thread-value layout moves along one tile axis
///      (true of every thread_value()).
/// @example a (8, 128) tile with strides (1024, 1), Threads contiguous (8, 32), Values contiguous
///          (1, 4): thread 33's values are (1, 4) with strides (1024, 1) at offset 1024 + 4.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L partition(const L& tile, const thread_value_value& tv, index_t thread) {
  using V = detail::value_t<L>;
  const auto& t = tile.entries();
  detail::check_partition_tile(t, tv);
  detail::check_thread(thread, tv.threads());
  const detail::partition_plan plan = detail::plan_partition(tv);
  V out = detail::view_base<V>(t);
  out.offset = detail::thread_start(tv, plan, t.strides, t.offset, thread);
  for (std::size_t j = 0; j < tv.value_rank; ++j) {
    const detail::axis_in_tile a = plan.axis[tv.thread_rank() + j];
    out.shape[j] = tv.layout.shape[tv.thread_rank() + j];
    out.strides[j] = t.strides[a.tile_axis] * a.step;
  }
  out.rank = tv.value_rank;
  return detail::subset_result(out);
}
/// The widest vector (in elements) in which every thread can read its values of a tile of
/// layout `tile` whose first element is aligned to `alignment` bytes (the caller's precondition,
/// as `alignment` is vector_width's): vector_width of the partition's values at an offset with
/// the divisibility every thread's start has (the gcd of the thread steps in storage). 1 where a
/// tile stride is a run-time value.
/// @pre element_bytes > 0 with alignment a power of two (vector_width's); a tile partition refuses
///      is refused with partition's message.
/// @example 256 threads of 4 x 4 floats over a row-major 64 x 64 tile, 16-byte aligned: 4 (each
///          row of 4 is one 128-bit access); with rows padded to 65: 1.
STRIDER_HOST_DEVICE constexpr index_t partition_vector_width(const layout_value& tile, const thread_value_value& tv, index_t element_bytes, index_t alignment) {
  detail::check_partition_tile(tile, tv);  // a tile partition refuses has no width
  for (std::size_t d = 0; d < tile.rank; ++d)
    if (tile.strides[d] == strider::dyn) return 1;
  const detail::partition_plan plan = detail::plan_partition(tv);
  index_t start = 0;  // a multiple of every thread's start, from the tile's first element
  for (std::size_t k = 0; k < tv.tile_rank; ++k) start = detail::gcd_of(start, plan.base[k] * tile.strides[k]);
  for (std::size_t i = 0; i < tv.thread_rank(); ++i)
    if (tv.layout.shape[i] > 1) start = detail::gcd_of(start, plan.axis[i].step * tile.strides[plan.axis[i].tile_axis]);
  layout_value values;
  values.rank = tv.value_rank;
  for (std::size_t j = 0; j < tv.value_rank; ++j) {
    const detail::axis_in_tile a = plan.axis[tv.thread_rank() + j];
    values.shape[j] = tv.layout.shape[tv.thread_rank() + j];
    values.strides[j] = a.step * tile.strides[a.tile_axis];
  }
  values.offset = start;
  return detail::vector_width_of(values, element_bytes, alignment);
}

#ifdef __CUDACC__  // the non-template forms under nvcc (see core/operations.hpp)
STRIDER_HOST_DEVICE constexpr dynamic_layout partition(const dynamic_layout& tile, const thread_value_value& tv, index_t thread) { return partition<dynamic_layout>(tile, tv, thread); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout partition(const detail::maybe_layout& tile, const thread_value_value& tv, index_t thread) { return partition<detail::maybe_layout>(tile, tv, thread); }
#endif

}  // namespace strider
