// strider/atom/cp_async.hpp: PTX's cp.async (an asynchronous copy of 4, 8 or 16 bytes from global
// to shared memory per thread) as an atom whose type says what a predicated-off copy does, its
// commit and wait groups, and multistage shared buffers with their byte budget checked at compile
// time (docs/atoms.md).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../core/layout.hpp"
#include "../static/layout.hpp"
#include "../static/swizzled.hpp"

namespace strider {

/// What cp.async does with a copy whose source is out of bounds (a masked tile's element past the
/// data): `zero_fill` writes zeros (PTX's src-size 0: the instruction reads no byte of the source
/// and fills the destination with zeros), `skip` issues nothing (the destination keeps what it held).
enum class out_of_bounds { zero_fill, skip };
inline constexpr out_of_bounds zero_fill = out_of_bounds::zero_fill;
inline constexpr out_of_bounds skip = out_of_bounds::skip;

/// cp.async's cache operator: `.ca` caches in L1 and L2 (4, 8 or 16 bytes), `.cg` in L2 only (16
/// bytes only).
enum class cache_operator { ca, cg };

/// Where a copy atom reads or writes: what a tiled copy certifies of that side (a shared tile's
/// accesses conflict-free, a global tile's coalesced where its strides are static).
enum class memory_space { global, shared };

/// `cp.async.{ca,cg}.shared.global [dst], [src], Bytes[, src-size]`: one thread's copy of Bytes bytes
/// from global to shared memory, in flight until a wait group covers it. CuTe's
/// SM80_CP_ASYNC_CACHEALWAYS / SM80_CP_ASYNC_CACHEGLOBAL (and their _ZFILL forms: zero_fill here).
/// @pre Bytes is 4, 8 or 16 (16 for .cg); both addresses aligned to Bytes; sm_80 or later for `copy`.
/// @example cp_async<16, cache_operator::cg, zero_fill>::copy(smem, gmem, row < m) copies 16 bytes
///   where row < m and writes 16 zero bytes where not.
template <int Bytes, cache_operator Cache = cache_operator::ca, out_of_bounds OutOfBounds = zero_fill>
struct cp_async {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp_async: PTX's cp-size is 4, 8 or 16 bytes");
  static_assert(Cache == cache_operator::ca || Bytes == 16, "cp_async: .cg copies 16 bytes only (cp_async<16, cache_operator::cg>)");
  static constexpr int bytes = Bytes;
  static constexpr cache_operator cache = Cache;
  static constexpr out_of_bounds predicated_off = OutOfBounds;
  static constexpr memory_space source = memory_space::global, destination = memory_space::shared;

#ifdef __CUDACC__
  /// The instruction: copies Bytes bytes from `global_src` to `shared_dst` when `in_bounds`, and
  /// otherwise zero-fills or skips as the type says (zero_fill reads no byte of `global_src`).
  __device__ static void copy(void* shared_dst, const void* global_src, bool in_bounds) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const auto dst = static_cast<unsigned>(__cvta_generic_to_shared(shared_dst));
    if constexpr (OutOfBounds == out_of_bounds::skip) {
      if (!in_bounds) return;
    }
    const int source_bytes = in_bounds ? Bytes : 0;
    if constexpr (Cache == cache_operator::cg)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(global_src), "r"(source_bytes));
    else
      asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(global_src), "n"(Bytes), "r"(source_bytes));
#elif defined(__CUDA_ARCH__)
    (void)shared_dst, (void)global_src, (void)in_bounds;
    device_refusal_in("cp_async", "cp.async needs sm_80 or later");
#endif
  }
#endif
  /// The host twin of `copy` (a kernel's host twin calls it where the kernel calls copy; the
  /// copy completes at once).
  static void host_copy(void* dst, const void* src, bool in_bounds) {
    if (in_bounds) std::memcpy(dst, src, Bytes);
    else if constexpr (OutOfBounds == out_of_bounds::zero_fill) std::memset(dst, 0, Bytes);
  }
};

#ifdef __CUDACC__
/// `cp.async.commit_group`: the copies this thread issued since the last commit become one group.
__device__ inline void cp_async_commit_group() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}
/// `cp.async.wait_group N`: waits until at most N of this thread's committed groups are in flight
/// (N = 0: all). A __syncthreads() after it makes the block's copies visible to every thread.
template <int N>
__device__ void cp_async_wait_group() {
  static_assert(N >= 0 && N <= 7, "cp_async_wait_group: N is 0 to 7");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}
#endif

// --- multistage shared buffers ---------------------------------------------------------------

/// Shared memory per block that a kernel may use, in bytes (above 48 KB with the opt-in
/// cudaFuncAttributeMaxDynamicSharedMemorySize): 163 KB on sm_80, 227 KB on sm_90.
inline constexpr index_t shared_memory_per_block_sm80 = 163 * 1024;
inline constexpr index_t shared_memory_per_block_sm90 = 227 * 1024;

namespace detail {
// A stage axis of extent `stages` in front of `tile`, its stride the tile's storage.
STRIDER_HOST_DEVICE constexpr layout_value staged_value(const layout_value& tile, index_t stages) {
  if (stages < 1) detail::refuse("staged_t: {} stages; at least one is needed", stages);
  if (tile.rank == max_rank) detail::refuse("staged_t: the tile's rank is max_rank ({}); a stage axis needs one more", max_rank);
  layout_value v = tile;
  for (std::size_t d = v.rank; d > 0; --d) {
    v.shape[d] = v.shape[d - 1];
    v.strides[d] = v.strides[d - 1];
  }
  v.shape[0] = stages;
  v.strides[0] = tile.storage_size;
  v.rank += 1;
  v.storage_size = detail::checked_mul(stages, tile.storage_size, "staged_t");
  return v;
}
template <index_t Stages, class Tile>
struct staged_layout {
  static_assert(static_layout_type<Tile>, "staged_t: the tile is a static layout type (or swizzled_t of one)");
  static constexpr layout_value value = staged_value(rule_value<Tile>.value(), Stages);
  using type = static_layout<value>;
};
template <index_t Storage, index_t Period>
struct staged_tile_not_multiple_of_swizzle_period {
  static_assert(Storage < 0, "staged_t: a swizzled tile's storage must be a multiple of the swizzle's period, so that every stage starts aligned to it and swizzles alike: staged_tile_not_multiple_of_swizzle_period<tile storage, period> (elements)");
};
template <index_t Storage, index_t Period>
constexpr bool check_stage_period() {
  if constexpr (Storage % Period != 0) return sizeof(staged_tile_not_multiple_of_swizzle_period<Storage, Period>) == 0;
  else return true;
}
template <index_t Stages, class L, class S>
struct staged_layout<Stages, swizzled_layout<L, S>> {
  // Each stage starts at a multiple of the swizzle's period, so that it swizzles as the first.
  static_assert(check_stage_period<L::storage_size, S::period>());
  using type = swizzled_layout<typename staged_layout<Stages, L>::type, S>;
};

template <index_t Bytes, index_t Limit>
struct shared_memory_over_budget {
  static_assert(Bytes < 0, "require_shared_memory: the buffers need more shared memory than a block has: shared_memory_over_budget<bytes, the limit>");
};
// Whether the buffers' bytes add up within int64 (each is non-negative).
template <index_t... Bytes>
constexpr bool bytes_sum_fits() {
  index_t sum = 0;
  bool fits = true;
  ((fits = fits && Bytes <= INT64_MAX - sum, sum = fits ? sum + Bytes : sum), ...);  // no builtin: nvcc's constexpr lacks it
  return fits;
}
template <index_t Limit, index_t Bytes, bool Counted = true>
constexpr bool check_shared_memory() {
  if constexpr (Counted && Bytes > Limit) return sizeof(shared_memory_over_budget<Bytes, Limit>) == 0;
  else return true;
}
}  // namespace detail

/// `staged_t<Stages, Tile>`: a multistage shared buffer, Stages copies of a static tile (or a
/// swizzled_t of one) one after another: shape (Stages, the tile's shape...), the stage axis's
/// stride the tile's storage. `select<0>(buffer, stage)` is one stage.
/// @pre Stages >= 1; the tile's rank below max_rank; a swizzled tile's storage a multiple of its
///      swizzle's period.
/// @example staged_t<3, contiguous<64, 32>> is layout<shape<3, 64, 32>, strides<2048, 32, 1>>.
template <index_t Stages, class Tile>
using staged_t = typename detail::staged_layout<Stages, Tile>::type;

/// A buffer of shared memory: a static layout (plain or swizzled) of elements of type T, and its
/// bytes (the layout's storage, or the swizzled span).
template <class Layout, class T>
struct shared_buffer {
  using layout = Layout;
  using element_type = T;
  static_assert(Layout::storage_size <= INT64_MAX / static_cast<index_t>(sizeof(T)),
                "shared_buffer: the layout's storage in bytes (elements x sizeof(T)) overflows int64, far past any block's shared memory");
  static constexpr index_t bytes = Layout::storage_size <= INT64_MAX / static_cast<index_t>(sizeof(T)) ? Layout::storage_size * static_cast<index_t>(sizeof(T)) : INT64_MAX;
};

/// The bytes of shared memory a kernel's buffers need together, checked at compile time against
/// Limit (shared_memory_per_block_sm90 by default): `require_shared_memory<Limit, shared_buffer<A,
/// half>, shared_buffer<B, half>>::bytes`, or a compile error naming both numbers,
/// `shared_memory_over_budget<245760, 232448>`.
template <index_t Limit, class... Buffers>
struct require_shared_memory {
  // A buffer whose own bytes overflow says so (shared_buffer) and counts as no sum here.
  static constexpr bool buffers_fit = (true && ... && (Buffers::bytes != INT64_MAX));
  static constexpr bool fits_int64 = !buffers_fit || detail::bytes_sum_fits<Buffers::bytes...>();
  static_assert(fits_int64, "require_shared_memory: the buffers' bytes together overflow int64, far past any block's shared memory");
  static constexpr index_t bytes = buffers_fit && fits_int64 ? (index_t{0} + ... + Buffers::bytes) : INT64_MAX;
  static_assert(detail::check_shared_memory<Limit, bytes, buffers_fit && fits_int64>());
};

}  // namespace strider
