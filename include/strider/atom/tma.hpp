// strider/atom/tma.hpp: Hopper's tensor memory accelerator (TMA) as checked types (docs/hopper.md).
// A TMA copy moves one box of a global tensor to or from shared memory; the box is the shared
// tile's type: `tma_box<Tile, T>` reads the box's extents, its bytes (what the copy delivers, and
// what an mbarrier expects: the full box, out-of-bounds elements included) and its swizzle mode
// off a static tile type, and refuses at compile time what the driver would refuse at run time
// (cuTensorMapEncodeTiled's rules: rank, box extents, inner bytes, swizzle span). The same tile
// type gives the wgmma descriptor (gmma_descriptor.hpp), so the TMA's swizzle and the wgmma's
// cannot differ. `make_tma_params<Tile>(view)` checks the global tensor's run-time part (address,
// strides, extents) once on the host; atom/tma_map.hpp encodes them through the driver.
// `host_tma_load` is the copy's twin: zeros outside the tensor, each element where TMA puts it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../core/swizzle.hpp"
#include "../static/layout.hpp"
#include "../static/swizzled.hpp"
#include "gmma_descriptor.hpp"

namespace strider {

/// TMA's swizzle modes, as CUtensorMapSwizzle numbers them (none 0, 32B 1, 64B 2, 128B 3: the
/// reverse of the wgmma descriptor's order for the swizzled ones).
enum class tma_swizzle : int { none = 0, b32 = 1, b64 = 2, b128 = 3 };

/// The greatest rank and box extent TMA takes (cuTensorMapEncodeTiled).
inline constexpr index_t tma_max_rank = 5;
inline constexpr index_t tma_max_box_extent = 256;

namespace detail {
// What a shared tile type says as a TMA box: the problem (0: none), the box's extents innermost
// first (TMA's order), its inner bytes and its swizzle mode.
struct tma_box_form {
  int problem = 0;  // 1 rank, 2 not dense, 3 an extent, 4 inner bytes not a multiple of 16, 5 swizzle not TMA's, 6 inner bytes not the swizzle span
  index_t rank = 0;
  index_t box[5] = {};
  index_t inner_bytes = 0;
  index_t bad_axis = 0;
  tma_swizzle swizzle = tma_swizzle::none;
};

// `outer_limit`: the most the tile's axis 0 may hold (an im2col box's pixels take up to 1024).
constexpr tma_box_form tma_box_of(const layout_value& tile, swizzle_value s, index_t bytes, index_t outer_limit = tma_max_box_extent) {
  tma_box_form f;
  f.rank = static_cast<index_t>(tile.rank);
  if (tile.rank < 1 || f.rank > tma_max_rank) {
    f.problem = 1;
    return f;
  }
  // TMA writes a box densely, innermost axis first: the tile is C-order contiguous from 0.
  index_t step = 1;
  for (std::size_t d = tile.rank; d > 0; --d) {
    if (tile.shape[d - 1] < 1 || tile.shape[d - 1] > (d == 1 ? outer_limit : tma_max_box_extent)) {
      f.problem = 3;
      f.bad_axis = static_cast<index_t>(d - 1);
      return f;
    }
    if (tile.strides[d - 1] != step || tile.offset != 0) {
      f.problem = 2;
      f.bad_axis = static_cast<index_t>(d - 1);
      return f;
    }
    step *= tile.shape[d - 1];
    f.box[tile.rank - d] = tile.shape[d - 1];
  }
  f.inner_bytes = f.box[0] * bytes;
  if (f.inner_bytes % 16 != 0) {
    f.problem = 4;
    return f;
  }
  if (s.bits != 0) {
    index_t log2_bytes = 0;
    for (index_t b = bytes; b > 1; b /= 2) ++log2_bytes;
    if (s.bits > 3 || s.base != 4 - log2_bytes || s.shift != 3) {
      f.problem = 5;
      return f;
    }
    f.swizzle = static_cast<tma_swizzle>(s.bits);  // 32B: B = 1, 64B: 2, 128B: 3
    // The driver refuses inner bytes past the span; strider's twin and descriptors model the
    // box's rows as the span's rows, so a narrower row is refused too.
    if (f.inner_bytes != (index_t{16} << s.bits)) f.problem = 6;
  }
  return f;
}

// The refusals, with their values in the type.
template <index_t Rank>
struct tma_rank_not_1_to_5 {
  static_assert(Rank < 0, "tma_box: a TMA box has rank 1 to 5 (cuTensorMapEncodeTiled): tma_rank_not_1_to_5<rank>");
};
template <index_t Axis, index_t Extent>
struct tma_box_extent_not_1_to_256 {
  static_assert(Axis < 0, "tma_box: each box extent is 1 to 256 (cuTensorMapEncodeTiled's boxDim): tma_box_extent_not_1_to_256<axis, extent>");
};
template <index_t Axis>
struct tma_tile_not_dense {
  static_assert(Axis < 0, "tma_box: TMA writes a box densely in C order from offset 0; the tile's strides must be a contiguous layout's (swizzled_t of one for a swizzle): tma_tile_not_dense<first axis that differs>");
};
template <index_t InnerBytes>
struct tma_inner_bytes_not_multiple_of_16 {
  static_assert(InnerBytes < 0, "tma_box: the box's inner extent in bytes must be a multiple of 16 (cuTensorMapEncodeTiled): tma_inner_bytes_not_multiple_of_16<inner bytes>");
};
template <int B, int M, int S, index_t Bytes>
struct tma_swizzle_not_tma {
  static_assert(B < 0, "tma_box: TMA's swizzles are swizzle<1|2|3, M, 3> with M = log2(16 / element bytes), CuTe's Swizzle<B, 4, 3> on bytes: tma_swizzle_not_tma<B, M, S, element bytes>");
};
template <index_t InnerBytes, index_t SpanBytes>
struct tma_inner_bytes_not_swizzle_span {
  static_assert(InnerBytes < 0, "tma_box: with a swizzle the box's inner bytes must be the swizzle's span, 32, 64 or 128 (the driver refuses more; strider models no less): tma_inner_bytes_not_swizzle_span<inner bytes, span>");
};

// The shared address a box of swizzle `s` must start at: the swizzle's period (1024, 512 or 256
// bytes), 128 bytes without one.
constexpr index_t tma_alignment(tma_swizzle s) { return s == tma_swizzle::none ? 128 : (index_t{128} << static_cast<int>(s)); }
// TMA's swizzle as the descriptor's mode of the same bit pattern (Swizzle<B, 4, 3> on bytes),
// for the twins' placement (gmma_swizzle_address).
constexpr gmma_swizzle gmma_swizzle_of(tma_swizzle s) { return static_cast<gmma_swizzle>(s == tma_swizzle::none ? 0 : 4 - static_cast<int>(s)); }

// A view's layout as a value (static, mixed or dynamic).
template <class L>
constexpr layout_value layout_value_of(const L& layout) {
  if constexpr (static_layout_type<L>) return L::value;
  else return layout.value();
}

// The box form as a class's named value (nvcc 13's front end holds a dependent call in a default
// template argument or a class template's member at hundreds of MB: issue 63).
template <class Tile, index_t Bytes>
struct tma_box_form_of {
  using parts = gmma_stage_parts<Tile>;
  static constexpr tma_box_form value = tma_box_of(parts::layout::value, parts::swizzle, Bytes);
};

template <class Tile, class T, tma_box_form F = tma_box_form_of<Tile, static_cast<index_t>(sizeof(T))>::value>
constexpr bool check_tma_box() {
  constexpr swizzle_value s = gmma_stage_parts<Tile>::swizzle;
  if constexpr (F.problem == 1) return sizeof(tma_rank_not_1_to_5<F.rank>) == 0;
  else if constexpr (F.problem == 2) return sizeof(tma_tile_not_dense<F.bad_axis>) == 0;
  else if constexpr (F.problem == 3) return sizeof(tma_box_extent_not_1_to_256<F.bad_axis, gmma_stage_parts<Tile>::layout::shape[static_cast<std::size_t>(F.bad_axis)]>) == 0;
  else if constexpr (F.problem == 4) return sizeof(tma_inner_bytes_not_multiple_of_16<F.inner_bytes>) == 0;
  else if constexpr (F.problem == 5) return sizeof(tma_swizzle_not_tma<s.bits, s.base, s.shift, static_cast<index_t>(sizeof(T))>) == 0;
  else if constexpr (F.problem == 6) return sizeof(tma_inner_bytes_not_swizzle_span<F.inner_bytes, (index_t{16} << s.bits)>) == 0;
  else return true;
}
}  // namespace detail

/// A TMA box: the shared tile Tile (a static layout, C-order contiguous, or swizzled_t of one with
/// TMA's swizzle) of elements T, as cuTensorMapEncodeTiled takes it.
/// Derived: `rank`, `box` (extents innermost first, as the driver takes them), `bytes` (what one
/// copy delivers and an mbarrier must expect: every element of the box, out-of-bounds ones
/// included), `swizzle`, `alignment` (the shared address a box must start at: the swizzle's
/// period, 128 bytes without one).
/// @pre (checked at compile time) rank 1 to 5; each extent 1 to 256; inner bytes a multiple of
///      16; a swizzle is swizzle<B, 4 - log2(sizeof(T)), 3> and the inner bytes its span.
/// @example `tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, std::uint16_t>` has box
///   {64, 64}, 8192 bytes, swizzle tma_swizzle::b128, alignment 1024: the same tile type is the
///   K-major 128-byte-swizzled stage of a wgmma descriptor (gmma_operand).
template <class Tile, class T>
struct tma_box {
  static_assert(detail::check_tma_box<Tile, T>());
  using tile_type = Tile;
  using element_type = T;
  static constexpr detail::tma_box_form form = detail::tma_box_form_of<Tile, static_cast<index_t>(sizeof(T))>::value;
  static constexpr index_t rank = form.rank;
  static constexpr index_t bytes = detail::gmma_stage_parts<Tile>::layout::size * static_cast<index_t>(sizeof(T));
  static constexpr tma_swizzle swizzle = form.swizzle;
  static constexpr index_t alignment = detail::tma_alignment(swizzle);
  /// The box's extent along TMA's dimension d (0 the innermost).
  static constexpr index_t box(index_t d) { return form.box[d]; }
};

namespace detail {
template <index_t TmaSwizzleBytes, index_t GmmaSwizzleBytes>
struct tma_gmma_swizzle_differs {
  static_assert(TmaSwizzleBytes < 0, "tma_box and gmma_operand: the TMA writes the stage with one swizzle and the wgmma descriptor reads it with another (wrong results, no error on the GPU): tma_gmma_swizzle_differs<TMA's swizzle bytes, the descriptor's swizzle bytes> (0: none)");
};
constexpr index_t swizzle_bytes(tma_swizzle s) { return s == tma_swizzle::none ? 0 : index_t{16} << static_cast<int>(s); }
constexpr index_t swizzle_bytes(gmma_swizzle s) { return s == gmma_swizzle::interleave ? 0 : gmma_row_bytes(s); }
template <class Box, class Operand>
constexpr bool check_same_swizzle() {
  if constexpr (swizzle_bytes(Box::swizzle) != swizzle_bytes(Operand::swizzle))
    return sizeof(tma_gmma_swizzle_differs<swizzle_bytes(Box::swizzle), swizzle_bytes(Operand::swizzle)>) == 0;
  else return true;
}
}  // namespace detail

/// The wgmma operand of the stage a TMA box fills, from the box's own tile type (Tag its element
/// tag): the TMA's swizzle and the descriptor's are then one.
template <class Box, class Tag>
using gmma_operand_of_box_t = gmma_operand<typename Box::tile_type, Tag>;

/// Where a kernel pairs a box with a stage type of its own (an MN-major operand, read transposed):
/// true when their swizzles are one, else a compile error naming both.
/// @example `require_same_swizzle_v<tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>,
///   std::uint16_t>, gmma_operand<swizzled_t<layout<shape<64, 64>, strides<1, 64>>, swizzle<3,
///   3, 3>>, f16>>` holds; the same operand with swizzle<2, 3, 3> names 128 and 64.
template <class Box, class Operand>
  requires(detail::check_same_swizzle<Box, Operand>())
inline constexpr bool require_same_swizzle_v = true;

/// What cuTensorMapEncodeTiled takes for a box of Box over a global tensor, checked (tma_params
/// is the one checked constructor; atom/tma_map.hpp passes it to the driver). Dimensions are
/// innermost first, strides in bytes of dimensions 1 and up.
struct tma_params {
  index_t rank = 0;
  const void* address = nullptr;
  index_t global_extent[5] = {};
  index_t global_stride_bytes[4] = {};
  index_t box[5] = {};
  tma_swizzle swizzle = tma_swizzle::none;
  index_t element_bytes = 0;
};

namespace detail {
// The driver's rules for a global tensor, cuTensorMapEncodeTiled's and cuTensorMapEncodeIm2col's
// alike, each broken one a layout_error of `op`: the first element 16-byte aligned; along TMA's
// dimension d (the view's axis rank - 1 - d) an extent of 1 to 2^32, into extent[d]; the
// innermost contiguous; the others' strides positive multiples of 16 bytes below 2^40, into
// stride_bytes[d - 1].
inline void check_tma_tensor(const char* op, const layout_value& v, const void* first, index_t element_bytes, index_t* extent, index_t* stride_bytes) {
  const auto misalignment = static_cast<index_t>(reinterpret_cast<std::uintptr_t>(first) % 16);
  if (misalignment != 0) refuse("{}: the tensor's first element is not 16-byte aligned (address mod 16 = {})", op, misalignment);
  const std::size_t rank = v.rank;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::size_t axis = rank - 1 - d;
    const index_t e = v.shape[axis], stride = v.strides[axis];
    if (e < 1 || e > (index_t{1} << 32)) refuse("{}: axis {} has extent {}; TMA takes 1 to 2^32", op, static_cast<index_t>(axis), e);
    extent[d] = e;
    if (d == 0) {
      if (stride != 1 && e > 1) refuse("{}: the innermost axis has stride {}; TMA reads it contiguously (stride 1)", op, stride);
      continue;
    }
    const index_t bytes = stride * element_bytes;
    if (stride <= 0 || bytes % 16 != 0 || bytes >= (index_t{1} << 40))
      refuse("{}: axis {} has a stride of {} bytes; TMA takes positive multiples of 16 below 2^40", op, static_cast<index_t>(axis), bytes);
    stride_bytes[d - 1] = bytes;
  }
}
}  // namespace detail

/// The checked parameters of a TMA copy of Box over `view` (a view of global memory, static or
/// mixed, of Box's rank): its innermost axis contiguous; the address 16-byte aligned; the other
/// strides, in bytes, positive multiples of 16 below 2^40; every extent 1 to 2^32.
/// @pre as stated; each broken rule is a layout_error naming the value (the driver would return
///      CUDA_ERROR_INVALID_VALUE with no word of which).
/// @example `make_tma_params<tma_box<contiguous<64, 64>, float>>(view)` over a 1000 x 1000 row-major
///   float view: extents {1000, 1000}, stride {4000}: 4000 is a multiple of 16.
template <class Box, class View>
tma_params make_tma_params(const View& view) {
  using T = std::remove_cv_t<typename View::element_type>;
  static_assert(sizeof(T) == sizeof(typename Box::element_type), "make_tma_params: the view's elements are not the box's size");
  static_assert(!swizzled_layout_type<typename View::layout_type>, "make_tma_params: the global tensor is a plain (unswizzled) view");
  const layout_value v = detail::layout_value_of(view.layout());
  const std::size_t rank = v.rank;
  if (static_cast<index_t>(rank) != Box::rank) detail::refuse("make_tma_params: the view has rank {}, the box {}", static_cast<index_t>(rank), Box::rank);
  tma_params p;
  p.rank = Box::rank;
  p.swizzle = Box::swizzle;
  p.element_bytes = static_cast<index_t>(sizeof(T));
  p.address = view.data() + v.offset;
  detail::check_tma_tensor("make_tma_params", v, p.address, p.element_bytes, p.global_extent, p.global_stride_bytes);
  for (std::size_t d = 0; d < rank; ++d) p.box[d] = Box::box(static_cast<index_t>(d));
  return p;
}

/// A tensor map of a Box: the driver's 128 bytes (cuTensorMapEncodeTiled's CUtensorMap, made by
/// make_tma_map in atom/tma_map.hpp), typed by the box so that a copy through it is checked
/// against the box at compile time. Pass it to a kernel as a `const __grid_constant__` parameter:
/// the instruction reads it by its generic address.
template <class Box>
struct alignas(64) tma_map {
  using box_type = Box;
  unsigned char bytes[128] = {};
};

#ifdef __CUDACC__
namespace detail {
#ifdef __CUDA_ARCH__
[[noreturn]] __device__ inline void tma_misplaced(const char* what) { device_refusal_in("tma", what); }
#endif
// The checks of a copy's shared address (aligned to the box's swizzle period) and, for a
// multicast, its mask (no CTA past the cluster's), unless NDEBUG.
template <class Box>
__device__ inline void check_tma_shared(std::uint32_t shared_address) {
#if defined(__CUDA_ARCH__) && !defined(NDEBUG)
  if (shared_address % static_cast<std::uint32_t>(Box::alignment) != 0) tma_misplaced("the box's shared address is not aligned to its swizzle's period (1024, 512 or 256 bytes; 128 without a swizzle)");
#else
  (void)shared_address;
#endif
}
}  // namespace detail

/// `cp.async.bulk.tensor.<rank>d.shared::cluster.global.mbarrier::complete_tx::bytes`: one box of
/// the map's tensor at `corner` (innermost first; negative or past the tensor: zeros) into shared
/// memory at `shared_destination`, completing Box::bytes on the mbarrier at `barrier` (shared
/// addresses, `__cvta_generic_to_shared`). Issued by one thread. sm_90.
/// @pre shared_destination % Box::alignment == 0 (checked unless NDEBUG).
template <class Box>
__device__ inline void tma_load(const tma_map<Box>& map, std::uint32_t shared_destination, std::uint32_t barrier, const int (&corner)[Box::rank]) {
  detail::check_tma_shared<Box>(shared_destination);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const auto m = reinterpret_cast<std::uint64_t>(&map);
  if constexpr (Box::rank == 1)
    asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(barrier) : "memory");
  else if constexpr (Box::rank == 2)
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(barrier) : "memory");
  else if constexpr (Box::rank == 3)
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(barrier) : "memory");
  else if constexpr (Box::rank == 4)
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]), "r"(barrier) : "memory");
  else
    asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]), "r"(corner[4]), "r"(barrier) : "memory");
#elif defined(__CUDA_ARCH__)
  (void)map, (void)barrier, (void)corner;
  detail::tma_misplaced("cp.async.bulk.tensor needs sm_90");
#endif
}

/// The multicast load (`.multicast::cluster`, sm_90a): the box lands at the same shared offset in
/// every CTA of the cluster whose bit is set in `cta_mask`, and completes its bytes on each one's
/// barrier at the same offset. Each receiving CTA's barrier expects Box::bytes.
/// @pre cta_mask != 0 and no bit at or past the cluster's CTA count (checked unless NDEBUG).
template <class Box>
__device__ inline void tma_load_multicast(const tma_map<Box>& map, std::uint32_t shared_destination, std::uint32_t barrier, const int (&corner)[Box::rank], std::uint16_t cta_mask) {
  detail::check_tma_shared<Box>(shared_destination);
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#ifndef NDEBUG
  std::uint32_t ctas;
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(ctas));
  if (cta_mask == 0 || (ctas < 16 && (cta_mask >> ctas) != 0)) detail::tma_misplaced("the multicast mask is empty or names a CTA past the cluster's");
#endif
  const auto m = reinterpret_cast<std::uint64_t>(&map);
  if constexpr (Box::rank == 1)
    asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2}], [%3], %4;" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(barrier), "h"(cta_mask) : "memory");
  else if constexpr (Box::rank == 2)
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(barrier), "h"(cta_mask) : "memory");
  else if constexpr (Box::rank == 3)
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3, %4}], [%5], %6;" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(barrier), "h"(cta_mask) : "memory");
  else if constexpr (Box::rank == 4)
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3, %4, %5}], [%6], %7;" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]), "r"(barrier), "h"(cta_mask) : "memory");
  else
    asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3, %4, %5, %6}], [%7], %8;" ::"r"(shared_destination), "l"(m), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]), "r"(corner[4]), "r"(barrier), "h"(cta_mask) : "memory");
#elif defined(__CUDA_ARCH__)
  (void)map, (void)barrier, (void)corner, (void)cta_mask;
  detail::tma_misplaced("the multicast cp.async.bulk.tensor needs sm_90a");
#endif
}

/// `cp.async.bulk.tensor.<rank>d.global.shared::cta.bulk_group`: the box at `shared_source` into
/// the map's tensor at `corner` (elements past the tensor are not written). Issued by one thread
/// after a `fence.proxy.async.shared::cta` that orders the threads' writes of the box; then
/// tma_store_commit_group() and tma_store_wait_group_read<0>() before the box is reused.
template <class Box>
__device__ inline void tma_store(const tma_map<Box>& map, std::uint32_t shared_source, const int (&corner)[Box::rank]) {
  detail::check_tma_shared<Box>(shared_source);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const auto m = reinterpret_cast<std::uint64_t>(&map);
  if constexpr (Box::rank == 1)
    asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%0, {%2}], [%1];" ::"l"(m), "r"(shared_source), "r"(corner[0]) : "memory");
  else if constexpr (Box::rank == 2)
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];" ::"l"(m), "r"(shared_source), "r"(corner[0]), "r"(corner[1]) : "memory");
  else if constexpr (Box::rank == 3)
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];" ::"l"(m), "r"(shared_source), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]) : "memory");
  else if constexpr (Box::rank == 4)
    asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5}], [%1];" ::"l"(m), "r"(shared_source), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]) : "memory");
  else
    asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.bulk_group [%0, {%2, %3, %4, %5, %6}], [%1];" ::"l"(m), "r"(shared_source), "r"(corner[0]), "r"(corner[1]), "r"(corner[2]), "r"(corner[3]), "r"(corner[4]) : "memory");
#elif defined(__CUDA_ARCH__)
  (void)map, (void)corner;
  detail::tma_misplaced("cp.async.bulk.tensor needs sm_90");
#endif
}

/// `fence.proxy.async.shared::cta` (CuTe's tma_store_fence): the threads' ordinary writes of
/// shared memory become visible to the async proxy that a TMA store reads with. Every writing
/// thread issues it, then a barrier of those threads, then one thread the tma_store.
__device__ inline void tma_store_fence() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/// `cp.async.bulk.commit_group`: the bulk stores issued since the last commit become one group.
__device__ inline void tma_store_commit_group() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
#endif
}
/// `cp.async.bulk.wait_group.read N`: waits until at most Pending store groups still read their
/// shared source (their boxes may then be overwritten).
template <int Pending>
__device__ inline void tma_store_wait_group_read() {
  static_assert(Pending >= 0, "tma_store_wait_group_read: N is not negative");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(Pending) : "memory");
#endif
}
#endif

namespace detail {
// The twins' walk of a box at `coordinates` over a global tensor of layout v: `element(e, offset,
// inside)` for element e of the box in C order (its byte in shared memory is e x element bytes
// before the swizzle), with its offset in the tensor and whether it lies inside it.
template <class Box, class Element>
void for_each_box_element(const layout_value& v, const index_t (&coordinates)[Box::rank], index_t elements, Element element) {
  constexpr index_t rank = Box::rank;
  for (index_t e = 0; e < elements; ++e) {
    index_t rest = e, offset = v.offset;
    bool inside = true;
    for (index_t d = 0; d < rank; ++d) {
      const index_t g = coordinates[d] + rest % Box::box(d);
      rest /= Box::box(d);
      const auto axis = static_cast<std::size_t>(rank - 1 - d);  // TMA's dimension d
      inside = inside && g >= 0 && g < v.shape[axis];
      offset += g * v.strides[axis];
    }
    element(e, offset, inside);
  }
}
}  // namespace detail

/// The host twin of a TMA load of Box at the box corner `coordinates` (innermost first, as the
/// instruction takes them; negative or past the tensor allowed): every element of the box from
/// the global tensor `view`, zero where its coordinate lies outside, written into the host's
/// image of shared memory (`shared`, `shared_bytes` long) at the box's byte `destination`, each
/// where TMA puts it: dense in C order, and through the swizzle, on the absolute address
/// (Swizzle<B, 4, 3>). Returns the bytes it delivered: always Box::bytes (what complete_tx counts).
/// @pre destination is a multiple of Box::alignment and the box lies within `shared` (else
///      layout_error).
template <class Box, class View>
index_t host_tma_load(const View& view, const index_t (&coordinates)[Box::rank], unsigned char* shared, std::size_t shared_bytes, index_t destination) {
  using T = std::remove_cv_t<typename View::element_type>;
  if (destination < 0 || destination % Box::alignment != 0 || static_cast<std::size_t>(destination + Box::bytes) > shared_bytes)
    detail::refuse("host_tma_load: the box at shared byte {} ({} bytes) is misaligned (alignment {}) or past the {} bytes given", destination, Box::bytes, Box::alignment, static_cast<index_t>(shared_bytes));
  static_assert(!swizzled_layout_type<typename View::layout_type>, "host_tma_load: the global tensor is a plain (unswizzled) view");
  const index_t rank = Box::rank, bytes = static_cast<index_t>(sizeof(T));
  const layout_value v = detail::layout_value_of(view.layout());
  if (static_cast<index_t>(v.rank) != rank) detail::refuse("host_tma_load: the view has rank {}, the box {}", static_cast<index_t>(v.rank), rank);
  detail::for_each_box_element<Box>(v, coordinates, Box::bytes / bytes, [&](index_t e, index_t offset, bool inside) {
    T value{};
    if (inside) value = view.data()[offset];
    __builtin_memcpy(shared + detail::gmma_swizzle_address(detail::gmma_swizzle_of(Box::swizzle), destination + e * bytes), &value, sizeof(T));
  });
  return Box::bytes;
}

/// The host twin of a TMA store of Box at the box corner `coordinates` (innermost first): every
/// element of the box read from the host's image of shared memory at the box's byte `source`,
/// where TMA reads it (dense in C order, through the swizzle on the absolute address), and
/// written into the global tensor `view` where its coordinate lies inside; the rest is not
/// written. Returns the elements written.
/// @pre source is a multiple of Box::alignment and the box lies within `shared` (else
///      layout_error).
template <class Box, class View>
index_t host_tma_store(const View& view, const index_t (&coordinates)[Box::rank], const unsigned char* shared, std::size_t shared_bytes, index_t source) {
  using T = typename View::element_type;
  static_assert(!std::is_const_v<T>, "host_tma_store: the global tensor is written: a view of non-const elements");
  static_assert(!swizzled_layout_type<typename View::layout_type>, "host_tma_store: the global tensor is a plain (unswizzled) view");
  if (source < 0 || source % Box::alignment != 0 || static_cast<std::size_t>(source + Box::bytes) > shared_bytes)
    detail::refuse("host_tma_store: the box at shared byte {} ({} bytes) is misaligned (alignment {}) or past the {} bytes given", source, Box::bytes, Box::alignment, static_cast<index_t>(shared_bytes));
  const index_t rank = Box::rank, bytes = static_cast<index_t>(sizeof(T));
  const layout_value v = detail::layout_value_of(view.layout());
  if (static_cast<index_t>(v.rank) != rank) detail::refuse("host_tma_store: the view has rank {}, the box {}", static_cast<index_t>(v.rank), rank);
  index_t written = 0;
  detail::for_each_box_element<Box>(v, coordinates, Box::bytes / bytes, [&](index_t e, index_t offset, bool inside) {
    if (!inside) return;
    __builtin_memcpy(&view.data()[offset], shared + detail::gmma_swizzle_address(detail::gmma_swizzle_of(Box::swizzle), source + e * bytes), sizeof(T));
    ++written;
  });
  return written;
}

}  // namespace strider
