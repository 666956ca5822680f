// strider/atom/tma_im2col.hpp: TMA's im2col mode (docs/hopper.md, "im2col"): one copy gathers a
// convolution's column of pixels (a GEMM's A tile: pixelsPerColumn rows of channelsPerPixel
// channels) from an NWC, NHWC or NDHWC tensor, zeros where the filter reads padding. The shared
// tile's type gives the box (pixels, channels, bytes, swizzle) and refuses at compile time what
// cuTensorMapEncodeIm2col refuses; make_tma_im2col_params checks the tensor and the window (the
// bounding box's corners and the traversal stride) once on the host; host_tma_load_im2col is
// the copy's twin, which walks the pixels as the PTX ISA's im2col mode does.
#pragma once

#include <cstdint>
#include <type_traits>

#include "tma.hpp"

namespace strider {

/// The most pixels and channels one im2col copy takes (cuTensorMapEncodeIm2col's
/// pixelsPerColumn and channelsPerPixel).
inline constexpr index_t tma_im2col_max_pixels = 1024;
inline constexpr index_t tma_im2col_max_channels = 256;

namespace detail {
template <index_t Rank>
struct tma_im2col_tensor_rank_not_3_to_5 {
  static_assert(Rank < 0, "tma_im2col_box: im2col copies read NWC, NHWC or NDHWC tensors, rank 3 to 5 (cuTensorMapEncodeIm2col): tma_im2col_tensor_rank_not_3_to_5<rank>");
};
template <index_t Rank>
struct tma_im2col_tile_rank_not_2 {
  static_assert(Rank < 0, "tma_im2col_box: an im2col box is a (pixels, channels) tile, rank 2: tma_im2col_tile_rank_not_2<rank>");
};
template <index_t Pixels>
struct tma_im2col_pixels_not_1_to_1024 {
  static_assert(Pixels < 0, "tma_im2col_box: the tile's axis 0 (pixelsPerColumn) holds 1 to 1024 pixels (cuTensorMapEncodeIm2col): tma_im2col_pixels_not_1_to_1024<pixels>");
};
template <index_t Channels>
struct tma_im2col_channels_not_1_to_256 {
  static_assert(Channels < 0, "tma_im2col_box: the tile's axis 1 (channelsPerPixel) holds 1 to 256 channels (cuTensorMapEncodeIm2col): tma_im2col_channels_not_1_to_256<channels>");
};

template <class Tile, index_t Bytes>
struct tma_im2col_form_of {
  using parts = gmma_stage_parts<Tile>;
  static constexpr tma_box_form value = tma_box_of(parts::layout::value, parts::swizzle, Bytes, tma_im2col_max_pixels);
};

template <class Tile, class T, index_t TensorRank, tma_box_form F = tma_im2col_form_of<Tile, static_cast<index_t>(sizeof(T))>::value>
constexpr bool check_tma_im2col_box() {
  constexpr swizzle_value s = gmma_stage_parts<Tile>::swizzle;
  constexpr auto& shape = gmma_stage_parts<Tile>::layout::shape;
  if constexpr (TensorRank < 3 || TensorRank > 5) return sizeof(tma_im2col_tensor_rank_not_3_to_5<TensorRank>) == 0;
  else if constexpr (F.rank != 2) return sizeof(tma_im2col_tile_rank_not_2<F.rank>) == 0;
  else if constexpr (F.problem == 2) return sizeof(tma_tile_not_dense<F.bad_axis>) == 0;
  else if constexpr (F.problem == 3 && F.bad_axis == 0) return sizeof(tma_im2col_pixels_not_1_to_1024<shape[0]>) == 0;
  else if constexpr (F.problem == 3) return sizeof(tma_im2col_channels_not_1_to_256<shape[1]>) == 0;
  else if constexpr (F.problem == 4) return sizeof(tma_inner_bytes_not_multiple_of_16<F.inner_bytes>) == 0;
  else if constexpr (F.problem == 5) return sizeof(tma_swizzle_not_tma<s.bits, s.base, s.shift, static_cast<index_t>(sizeof(T))>) == 0;
  else if constexpr (F.problem == 6) return sizeof(tma_inner_bytes_not_swizzle_span<F.inner_bytes, (index_t{16} << s.bits)>) == 0;
  else return true;
}
}  // namespace detail

/// An im2col box: the shared tile Tile, (pixels, channels) in C order (swizzled_t of it with
/// TMA's swizzle), of elements T, read from a tensor of rank TensorRank (3 NWC, 4 NHWC, 5 NDHWC).
/// Derived: `pixels` (pixelsPerColumn), `channels` (channelsPerPixel), `bytes` (what one copy
/// delivers and an mbarrier expects: every pixel, padding and pixels past the last image
/// included), `swizzle`, `alignment` (the swizzle's period, 128 bytes without one).
/// @pre (checked at compile time) TensorRank 3 to 5; Tile rank 2, dense; 1 to 1024 pixels; 1 to
///      256 channels; channels x sizeof(T) a multiple of 16, and a swizzle's span when swizzled.
/// @example `tma_im2col_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, std::uint16_t, 4>`
///   gathers 128 pixels of 64 f16 channels from an NHWC tensor: 16384 bytes, 128-byte swizzle,
///   the K-major stage of wgmma's A (gmma_operand_of_box_t).
template <class Tile, class T, index_t TensorRank = 4>
struct tma_im2col_box {
  static_assert(detail::check_tma_im2col_box<Tile, T, TensorRank>());
  using tile_type = Tile;
  using element_type = T;
  static constexpr detail::tma_box_form form = detail::tma_im2col_form_of<Tile, static_cast<index_t>(sizeof(T))>::value;
  static constexpr index_t tensor_rank = TensorRank;
  static constexpr index_t spatial_rank = TensorRank - 2;
  static constexpr index_t rank = 2;  // the box's: channels (innermost) and pixels
  static constexpr index_t pixels = form.box[1];
  static constexpr index_t channels = form.box[0];
  static constexpr index_t bytes = pixels * channels * static_cast<index_t>(sizeof(T));
  static constexpr tma_swizzle swizzle = form.swizzle;
  static constexpr index_t alignment = detail::tma_alignment(swizzle);
  /// The box's extent along TMA's dimension d: channels (0), pixels (1).
  static constexpr index_t box(index_t d) { return form.box[d]; }
  /// The greatest im2col offset a copy takes along a spatial dimension (PTX's 16-bit im2colInfo
  /// split over the spatial dimensions): 65535, 255 or 31.
  static constexpr index_t max_offset = (index_t{1} << (16 / spatial_rank)) - 1;
  /// The bounding box's corners lie in [-corner_limit, corner_limit - 1]: 2^15, 2^7 or 2^4.
  static constexpr index_t corner_limit = index_t{1} << (16 / spatial_rank - 1);
};

/// The window an im2col copy walks, per spatial dimension innermost (W) first, as the driver
/// takes it: the bounding box runs from `lower_corner` to extent - 1 + `upper_corner`, its
/// pixels every `traversal_stride` from the lower corner.
/// @example a forward convolution of padding p, filter R, dilation d and stride s (CuTe's
///   fprop): lower -p, upper p - (R - 1) d, traversal stride s; tap r is the offset r d
///   (for_convolution makes it).
struct tma_im2col_window {
  index_t lower_corner[3] = {};
  index_t upper_corner[3] = {};
  index_t traversal_stride[3] = {1, 1, 1};

  /// The window of a forward convolution (cross-correlation) over `spatial_rank` dimensions,
  /// each argument innermost (W) first.
  /// @pre filter >= 1, dilation >= 1 (else layout_error); the rest make_tma_im2col_params checks.
  static constexpr tma_im2col_window for_convolution(index_t spatial_rank, const index_t* padding, const index_t* filter, const index_t* dilation,
                                                     const index_t* stride) {
    tma_im2col_window w;
    for (index_t d = 0; d < spatial_rank && d < 3; ++d) {
      if (filter[d] < 1 || dilation[d] < 1) detail::refuse("tma_im2col_window: dimension {} has filter {} and dilation {}; each is at least 1", d, filter[d], dilation[d]);
      w.lower_corner[d] = -padding[d];
      w.upper_corner[d] = padding[d] - (filter[d] - 1) * dilation[d];
      w.traversal_stride[d] = stride[d];
    }
    return w;
  }
};

/// What cuTensorMapEncodeIm2col takes, checked (make_tma_im2col_params is its one checked
/// constructor; atom/tma_map.hpp passes it to the driver). Dimensions innermost (C) first.
struct tma_im2col_params {
  index_t rank = 0;
  const void* address = nullptr;
  index_t global_extent[5] = {};
  index_t global_stride_bytes[4] = {};
  tma_im2col_window window{};
  index_t channels = 0, pixels = 0;
  tma_swizzle swizzle = tma_swizzle::none;
  index_t element_bytes = 0;
};

namespace detail {
// The window's rules (make_tma_im2col_params's and the twin's) for a tensor whose spatial
// extents (innermost first) are `extent`.
template <class Box>
constexpr void check_im2col_window(const tma_im2col_window& w, const index_t* extent) {
  for (index_t d = 0; d < Box::spatial_rank; ++d) {
    for (const index_t corner : {w.lower_corner[d], w.upper_corner[d]})
      if (corner < -Box::corner_limit || corner >= Box::corner_limit)
        refuse("tma_im2col_window: spatial dimension {} (innermost first) has a bounding-box corner {}; a rank-{} tensor's lie in [{}, {}]", d, corner, Box::tensor_rank, -Box::corner_limit,
               Box::corner_limit - 1);
    if (extent[d] + w.upper_corner[d] - w.lower_corner[d] < 1)
      refuse("tma_im2col_window: spatial dimension {} (innermost first): extent {} with corners {} and {} leaves an empty bounding box", d, extent[d], w.lower_corner[d], w.upper_corner[d]);
    if (w.traversal_stride[d] < 1 || w.traversal_stride[d] > 8)
      refuse("tma_im2col_window: spatial dimension {} (innermost first) has traversal stride {}; TMA takes 1 to 8", d, w.traversal_stride[d]);
  }
}
}  // namespace detail

/// The checked parameters of an im2col copy of Box over `view` (a view of global memory, static
/// or mixed, of rank Box::tensor_rank in strider's order: N, [D, [H,]] W, C, channels contiguous)
/// walking `window`: the tensor's rules as make_tma_params's (address 16-byte aligned, strides
/// positive multiples of 16 bytes below 2^40, extents 1 to 2^32), and the window's: corners in
/// [-Box::corner_limit, Box::corner_limit - 1], a bounding box of at least one pixel per
/// dimension, traversal strides 1 to 8.
/// @pre as stated; each broken rule is a layout_error naming the value.
/// @example an NHWC f16 tensor of 2 x 8 x 8 x 64 with `tma_im2col_window::for_convolution` of a 3 x 3
///   filter, padding 1: corners -1 and -1, traversal stride 1.
template <class Box, class View>
tma_im2col_params make_tma_im2col_params(const View& view, const tma_im2col_window& window) {
  using T = std::remove_cv_t<typename View::element_type>;
  static_assert(sizeof(T) == sizeof(typename Box::element_type), "make_tma_im2col_params: the view's elements are not the box's size");
  static_assert(!swizzled_layout_type<typename View::layout_type>, "make_tma_im2col_params: the global tensor is a plain (unswizzled) view");
  const layout_value v = detail::layout_value_of(view.layout());
  const auto rank = static_cast<index_t>(v.rank);
  if (rank != Box::tensor_rank) detail::refuse("make_tma_im2col_params: the view has rank {}, the box's tensor {}", rank, Box::tensor_rank);
  tma_im2col_params p;
  p.rank = rank;
  p.window = window;
  p.channels = Box::channels;
  p.pixels = Box::pixels;
  p.swizzle = Box::swizzle;
  p.element_bytes = static_cast<index_t>(sizeof(T));
  p.address = view.data() + v.offset;
  detail::check_tma_tensor("make_tma_im2col_params", v, p.address, p.element_bytes, p.global_extent, p.global_stride_bytes);
  detail::check_im2col_window<Box>(window, p.global_extent + 1);
  return p;
}

#ifdef __CUDACC__
/// `cp.async.bulk.tensor.<rank>d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes`:
/// Box::pixels pixels of Box::channels channels into shared memory at `shared_destination`,
/// completing Box::bytes on the mbarrier at `barrier`. `coordinates` (innermost first: c, w,
/// [h, [d,]] n) name the first pixel's place in the bounding box, on its traversal grid;
/// `offsets` (w first, one per spatial dimension) the filter tap added to every pixel read.
/// Issued by one thread. sm_90.
/// @pre shared_destination % Box::alignment == 0; each offset at most Box::max_offset (both
///      checked unless NDEBUG).
template <class Box>
__device__ inline void tma_load_im2col(const tma_map<Box>& map, std::uint32_t shared_destination, std::uint32_t barrier, const int (&coordinates)[Box::tensor_rank],
                                       const std::uint16_t (&offsets)[Box::spatial_rank]) {
  detail::check_tma_shared<Box>(shared_destination);
#if defined(__CUDA_ARCH__) && !defined(NDEBUG)
  for (const std::uint16_t o : offsets)
    if (o > Box::max_offset) detail::tma_misplaced("an im2col offset is past the tensor rank's range (65535, 255 or 31 for rank 3, 4 or 5)");
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  const auto m = reinterpret_cast<std::uint64_t>(&map);
  const int* c = coordinates;
  const std::uint16_t* o = offsets;
  if constexpr (Box::tensor_rank == 3)
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};" ::"r"(shared_destination), "l"(m), "r"(c[0]),
                 "r"(c[1]), "r"(c[2]), "r"(barrier), "h"(o[0])
                 : "memory");
  else if constexpr (Box::tensor_rank == 4)
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};" ::"r"(shared_destination), "l"(m),
                 "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(barrier), "h"(o[0]), "h"(o[1])
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10};" ::"r"(shared_destination),
                 "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(barrier), "h"(o[0]), "h"(o[1]), "h"(o[2])
                 : "memory");
#elif defined(__CUDA_ARCH__)
  (void)map, (void)barrier, (void)coordinates;
  detail::tma_misplaced("cp.async.bulk.tensor needs sm_90");
#endif
}
#endif

/// The host twin of an im2col load (tma_load_im2col's arguments, the window make_tma_im2col_params
/// checked): pixel p of the copy is the bounding box's position L0 + p, counting positions W
/// fastest, then H, D and N (each dimension's positions lower_corner + k * traversal_stride up
/// to extent - 1 + upper_corner; L0 is the start's), read at that position plus the offsets;
/// channels from coordinates[0]; zero where the read lies outside the tensor (padding, channels
/// past C, images past N). Written as tma_load's are: dense (pixels, channels) in C order, through
/// the swizzle on the absolute address, at the byte `destination` of the host's image of shared
/// memory. Returns Box::bytes, every pixel's (what complete_tx counts).
/// @pre the start lies on the bounding box's traversal grid, offsets in [0, Box::max_offset],
///      destination a multiple of Box::alignment with the box within `shared` (else layout_error).
/// @example a 3 x 3 convolution with padding 1 over 8 x 8 images: the copy at (c 0, w -1, h -1,
///   n 0) with offsets {1, 0} holds, in row p, input pixel (h -1 + p / 8, w p % 8) of image 0,
///   zeros for row -1: the rows of the GEMM's A for tap (r 0, s 1), output pixels 0 to 127.
template <class Box, class View>
index_t host_tma_load_im2col(const View& view, const tma_im2col_window& window, const index_t (&coordinates)[Box::tensor_rank],
                             const index_t (&offsets)[Box::spatial_rank], unsigned char* shared, std::size_t shared_bytes, index_t destination) {
  using T = std::remove_cv_t<typename View::element_type>;
  static_assert(!swizzled_layout_type<typename View::layout_type>, "host_tma_load_im2col: the global tensor is a plain (unswizzled) view");
  if (destination < 0 || destination % Box::alignment != 0 || static_cast<std::size_t>(destination + Box::bytes) > shared_bytes)
    detail::refuse("host_tma_load_im2col: the box at shared byte {} ({} bytes) is misaligned (alignment {}) or past the {} bytes given", destination, Box::bytes, Box::alignment,
                   static_cast<index_t>(shared_bytes));
  const layout_value v = detail::layout_value_of(view.layout());
  constexpr index_t rank = Box::tensor_rank, spatial = Box::spatial_rank;
  if (static_cast<index_t>(v.rank) != rank) detail::refuse("host_tma_load_im2col: the view has rank {}, the box's tensor {}", static_cast<index_t>(v.rank), rank);
  // Extents innermost first: channels, the spatial ones, images.
  index_t extent[5] = {}, stride[5] = {};
  for (index_t d = 0; d < rank; ++d) {
    extent[d] = v.shape[static_cast<std::size_t>(rank - 1 - d)];
    stride[d] = v.strides[static_cast<std::size_t>(rank - 1 - d)];
  }
  detail::check_im2col_window<Box>(window, extent + 1);
  // Positions per spatial dimension, and the start's index among them.
  index_t count[3] = {}, start = coordinates[rank - 1];
  for (index_t d = spatial; d-- > 0;) {
    const index_t lower = window.lower_corner[d], step = window.traversal_stride[d];
    count[d] = (extent[d + 1] + window.upper_corner[d] - lower - 1) / step + 1;
    const index_t from = coordinates[d + 1] - lower;
    if (from < 0 || from % step != 0 || from / step >= count[d])
      detail::refuse("host_tma_load_im2col: coordinate {} of spatial dimension {} (innermost first) is off the bounding box's traversal grid ({} + k x {}, k < {})", coordinates[d + 1], d,
                     lower, step, count[d]);
    if (offsets[d] < 0 || offsets[d] > Box::max_offset)
      detail::refuse("host_tma_load_im2col: offset {} of spatial dimension {} is outside [0, {}]", offsets[d], d, Box::max_offset);
    start = start * count[d] + from / step;
  }
  if (coordinates[rank - 1] < 0) detail::refuse("host_tma_load_im2col: the image coordinate is {}; it counts from 0", coordinates[rank - 1]);
  constexpr gmma_swizzle mode = detail::gmma_swizzle_of(Box::swizzle);
  const index_t bytes = static_cast<index_t>(sizeof(T));
  for (index_t p = 0; p < Box::pixels; ++p) {
    index_t rest = start + p, offset = v.offset;
    bool inside = true;
    for (index_t d = 0; d < spatial; ++d) {
      const index_t x = window.lower_corner[d] + (rest % count[d]) * window.traversal_stride[d] + offsets[d];
      rest /= count[d];
      inside = inside && x >= 0 && x < extent[d + 1];
      offset += x * stride[d + 1];
    }
    inside = inside && rest < extent[rank - 1];
    offset += rest * stride[rank - 1];
    for (index_t c = 0; c < Box::channels; ++c) {
      const index_t channel = coordinates[0] + c;
      T value{};
      if (inside && channel >= 0 && channel < extent[0]) value = view.data()[offset + channel * stride[0]];
      const index_t address = detail::gmma_swizzle_address(mode, destination + (p * Box::channels + c) * bytes);
      __builtin_memcpy(shared + address, &value, sizeof(T));
    }
  }
  return Box::bytes;
}

}  // namespace strider
