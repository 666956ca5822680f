// strider/atom/row_reduce.hpp: reductions along the rows of a fragment (FlashAttention's row
// max and row sum over an MMA's C fragment): each thread folds its own values of each row, then
// the lanes of its warp that hold the same rows exchange by butterfly shuffles (shfl.sync.bfly),
// so that every lane ends with its rows' totals. Which values share a row and which lanes share
// the rows are derived from the fragment's thread-value layout at compile time; a layout whose
// row-sharing lanes are not a butterfly is a compile error. The host twin runs the same
// operations in the same order over a whole warp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "../static/thread_value.hpp"

namespace strider {

namespace detail {
// The plan of a row reduction over a 2-D thread-value layout of V values per thread: each value's
// slot (the distinct rows of a thread's values, in the order of its values), and the lane bits
// whose flip keeps every row (the butterfly's masks). `error` names what does not hold.
template <std::size_t V>
struct row_plan {
  index_t slot[V] = {};
  index_t rows = 0;
  unsigned lane_bits = 0;     // bit b set: lanes l and l ^ (1 << b) hold the same rows
  bool other_warps = false;   // another warp holds (part of) the same rows
  int error = 0;              // 1: not 2-D; 2: threads differ in which values share a row; 3: the lanes sharing a row are not a butterfly; 4: not whole warps
};

template <class TV>
constexpr row_plan<static_cast<std::size_t>(TV::values)> plan_rows() {
  constexpr std::size_t V = static_cast<std::size_t>(TV::values);
  row_plan<V> p;
  if constexpr (TV::tile_rank != 2) {
    p.error = 1;
    return p;
  } else if constexpr (TV::threads % 32 != 0) {
    p.error = 4;
    return p;
  } else {
    constexpr index_t threads = TV::threads, columns = TV::tile_shape[1];
    // Every element's row, once: the checks below read this table.
    index_t row[static_cast<std::size_t>(threads) * V] = {};
    for (index_t t = 0; t < threads; ++t)
      for (std::size_t v = 0; v < V; ++v) row[static_cast<std::size_t>(t) * V + v] = TV::element(t, static_cast<index_t>(v)) / columns;
    const auto at = [&](index_t t, std::size_t v) { return row[static_cast<std::size_t>(t) * V + v]; };
    // Slots from thread 0: a value's slot is the first earlier value of its row, else a new one.
    std::size_t first_of_slot[V] = {};
    for (std::size_t v = 0; v < V; ++v) {
      p.slot[v] = p.rows;
      for (index_t r = 0; r < p.rows; ++r)
        if (at(0, first_of_slot[r]) == at(0, v)) {
          p.slot[v] = r;
          break;
        }
      if (p.slot[v] == p.rows) first_of_slot[p.rows++] = v;
    }
    // Every thread groups its values the same way: a value's row is its slot's, and slots differ.
    for (index_t t = 0; t < threads; ++t) {
      for (std::size_t v = 0; v < V; ++v)
        if (at(t, v) != at(t, first_of_slot[p.slot[v]])) p.error = 2;
      for (index_t r = 0; r < p.rows; ++r)
        for (index_t q = 0; q < r; ++q)
          if (at(t, first_of_slot[r]) == at(t, first_of_slot[q])) p.error = 2;
    }
    if (p.error != 0) return p;
    // Lanes: bit b keeps every thread's rows when flipped (within its warp); the slots' first
    // values say it, as each slot's values share their row.
    for (unsigned b = 0; b < 5; ++b) {
      bool keeps = true;
      for (index_t t = 0; t < threads && keeps; ++t)
        for (index_t r = 0; r < p.rows && keeps; ++r) keeps = at(t, first_of_slot[r]) == at(t ^ (index_t{1} << b), first_of_slot[r]);
      if (keeps) p.lane_bits |= 1u << b;
    }
    // The lanes of a warp holding a thread's first row are exactly its butterfly partners.
    for (index_t t = 0; t < threads; ++t)
      for (index_t o = 0; o < threads; ++o) {
        const bool same_rows = at(t, 0) == at(o, 0);
        const bool same_warp = t / 32 == o / 32;
        const bool partner = same_warp && ((static_cast<unsigned>(t ^ o) & ~p.lane_bits) == 0);
        if (same_warp && same_rows != partner) p.error = 3;
        if (!same_warp && same_rows) p.other_warps = true;
      }
    return p;
  }
}

template <int Error>
struct row_reduction_refused {
  static_assert(Error != 1, "row_reduction: the fragment's tile is not 2-D (rows and columns)");
  static_assert(Error != 2, "row_reduction: threads differ in which of their values share a row");
  static_assert(Error != 3, "row_reduction: the lanes of a warp that hold a row are not the lanes a butterfly over some lane bits reaches");
  static_assert(Error != 4, "row_reduction: the fragment's threads are not whole warps of 32");
};
template <int Error>
constexpr bool row_plan_holds() {
  if constexpr (Error != 0) return sizeof(row_reduction_refused<Error>) == 0;
  return true;
}
}  // namespace detail

/// Reductions along the rows of a fragment given as a thread-value type over a 2-D tile (an MMA's
/// `c_layout`, a tiled_mma's): `row_reduction<C>::allreduce(values, totals, op)` folds each
/// thread's `C::values` values row by row into `rows` totals, in value order, then combines each
/// total with the lanes of the warp that hold the same rows by butterfly shuffles
/// (`shfl.sync.bfly`, lane masks in increasing order), so that every lane holds the warp's totals
/// of its rows. `slot(v)` is the total value v belongs to. Rows that other warps hold too
/// (`other_warps`: a tiled_mma with warps along N) are each warp's share; combine those through
/// shared memory. `host_allreduce` is the twin over a warp's 32 lanes: the same operations in the
/// same order, so float sums match bit for bit.
/// @pre the tile is 2-D, every thread groups its values into rows alike, and the lanes of a warp
///      that share a row are a butterfly over some lane bits (each a compile error otherwise).
/// @example `row_reduction<mma_m16n8k16<f16, f16, f32>::c_layout>` has rows == 2 (rows g and g +
///   8), slot(2) == 1, and lane_bits == 3: masks 1 and 2 (the four lanes of a quad share their rows).
template <thread_value_type C>
struct row_reduction {
 private:
  static constexpr auto plan = detail::plan_rows<C>();
  static_assert(detail::row_plan_holds<plan.error>());

 public:
  /// The values each thread holds, and the distinct rows among them.
  static constexpr index_t values = C::values;
  static constexpr index_t rows = plan.rows;
  /// The same as array extents.
  static constexpr std::size_t value_count = static_cast<std::size_t>(values), row_count = static_cast<std::size_t>(rows);
  /// The lane bits of the butterfly (lanes l and l ^ (1 << b) hold the same rows).
  static constexpr unsigned lane_bits = plan.lane_bits;
  static constexpr bool other_warps = plan.other_warps;
  /// The total (row) that value v belongs to (a constant where v is: in an unrolled loop).
  STRIDER_HOST_DEVICE static constexpr index_t slot(index_t v) { return slot_from<0>(v); }

#ifdef __CUDACC__
  /// Folds a thread's values into its rows' totals, then across its row-sharing lanes: every lane
  /// of the warp calls it, converged (a warp-wide shuffle). T is a type `__shfl_xor_sync` moves
  /// (float, int, unsigned, double, ...).
  template <class T, class Op>
  __device__ static void allreduce(const T (&in)[value_count], T (&out)[row_count], Op op) {
    fold_own(in, out, op);
#pragma unroll
    for (unsigned b = 0; b < 5; ++b)
      if (lane_bits & (1u << b))
#pragma unroll
        for (std::size_t r = 0; r < row_count; ++r) out[r] = op(out[r], __shfl_xor_sync(0xffffffffu, out[r], static_cast<int>(1u << b)));
  }
#endif

  /// The twin: lane l's values `in[l]`, its totals `out[l]`; the device's operations in its order.
  template <class T, class Op>
  static constexpr void host_allreduce(const T (&in)[32][value_count], T (&out)[32][row_count], Op op) {
    for (std::size_t l = 0; l < 32; ++l) fold_own(in[l], out[l], op);
    for (unsigned b = 0; b < 5; ++b) {
      if ((lane_bits & (1u << b)) == 0) continue;
      T before[32][row_count] = {};
      for (std::size_t l = 0; l < 32; ++l)
        for (std::size_t r = 0; r < row_count; ++r) before[l][r] = out[l][r];
      for (std::size_t l = 0; l < 32; ++l)
        for (std::size_t r = 0; r < row_count; ++r) out[l][r] = op(before[l][r], before[l ^ (std::size_t{1} << b)][r]);
    }
  }

 private:
  // Each slot a scalar constant: device code cannot read `plan` (a class-type constant lives on
  // the host), and an unrolled loop folds the chain to one constant per value.
  template <index_t I>
  static constexpr index_t slot_constant = plan.slot[I];
  template <index_t I>
  STRIDER_HOST_DEVICE static constexpr index_t slot_from(index_t v) {
    if constexpr (I + 1 < values) return v == I ? slot_constant<I> : slot_from<I + 1>(v);
    else return slot_constant<I>;
  }
  template <class T, class Op>
  STRIDER_HOST_DEVICE static constexpr void fold_own(const T (&in)[value_count], T (&out)[row_count], Op op) {
    bool started[row_count] = {};
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (std::size_t v = 0; v < value_count; ++v) {
      const auto r = static_cast<std::size_t>(slot(static_cast<index_t>(v)));
      out[r] = started[r] ? op(out[r], in[v]) : in[v];
      started[r] = true;
    }
  }
};

}  // namespace strider
