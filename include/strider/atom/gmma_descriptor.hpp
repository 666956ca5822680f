// strider/atom/gmma_descriptor.hpp: wgmma's shared-memory matrix descriptors, derived from the
// stage's layout type (docs/hopper.md). A descriptor tells the instruction where an operand's
// (rows x K) block lies: a start address, a leading and a stride byte offset (LBO, SBO) and a
// swizzle mode, over one of PTX's canonical layouts (K-major or MN-major, each interleaved or
// swizzled by 32, 64 or 128 bytes). `gmma_operand<Stage, Tag>` reads the major, the swizzle mode,
// LBO and SBO off the stage's type, and checks at compile time that the descriptor, decoded as the
// hardware does (gmma_block_offset, the same function the host twin reads through), reaches every
// element of the stage where the stage's layout puts it: a stage the instruction would read
// differently is a compile error naming the form and the first element that differs.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "../core/swizzle.hpp"
#include "../static/layout.hpp"
#include "../static/swizzled.hpp"
#include "element_types.hpp"

namespace strider {

/// Which way an operand's K runs in shared memory: `k` (K-major: K contiguous within an 8-row
/// core matrix; PTX's default, no transpose) or `mn` (M- or N-major: PTX's imm-trans = 1, for
/// 16-bit types only). CuTe's GMMA::Major.
enum class gmma_major { k, mn };

/// PTX's swizzle modes of a matrix descriptor (bits 62-63): none (the 8 x 16-byte core matrices
/// "interleaved"), or a swizzle within rows of 128, 64 or 32 bytes (CuTe's GMMA::LayoutType).
/// On byte addresses they are CuTe's Swizzle<3, 4, 3>, <2, 4, 3> and <1, 4, 3>.
enum class gmma_swizzle : int { interleave = 0, b128 = 1, b64 = 2, b32 = 3 };

/// A shared-memory matrix descriptor of wgmma for an operand of element type Tag and major
/// Major: the 64 bits the instruction takes, with the two facts fma checks against the atom.
template <class Tag, gmma_major Major>
struct gmma_descriptor {
  std::uint64_t bits = 0;
  using element_type = Tag;
  static constexpr gmma_major major = Major;
};

namespace detail {
// The fields of a descriptor in bytes (start, LBO, SBO), its base offset and its swizzle mode.
struct gmma_fields {
  index_t start = 0, leading = 0, stride = 0;
  int base_offset = 0;
  gmma_swizzle mode = gmma_swizzle::interleave;
};

// PTX ISA ("Matrix Descriptor Format"): start >> 4 in bits 0-13, LBO >> 4 in 16-29, SBO >> 4 in
// 32-45, the base offset in 49-51, the swizzle mode in 62-63. Each byte value is a multiple of 16
// below 2^18 (checked where the fields are made).
STRIDER_HOST_DEVICE constexpr std::uint64_t encode_gmma(const gmma_fields& f) {
  const auto field = [](index_t bytes) { return static_cast<std::uint64_t>(bytes >> 4) & 0x3fffu; };
  return field(f.start) | (field(f.leading) << 16) | (field(f.stride) << 32) | (static_cast<std::uint64_t>(f.base_offset & 7) << 49) |
         (static_cast<std::uint64_t>(static_cast<int>(f.mode)) << 62);
}
STRIDER_HOST_DEVICE constexpr gmma_fields decode_gmma(std::uint64_t bits) {
  const auto field = [&](int at) { return static_cast<index_t>((bits >> at) & 0x3fffu) << 4; };
  return {field(0), field(16), field(32), static_cast<int>((bits >> 49) & 7u), static_cast<gmma_swizzle>(static_cast<int>(bits >> 62))};
}

// The bytes of one row of a swizzle mode's pattern (16 for interleave: one core-matrix row), and
// how many bits its swizzle XORs (CuTe's B of Swizzle<B, 4, 3>).
STRIDER_HOST_DEVICE constexpr index_t gmma_row_bytes(gmma_swizzle mode) {
  return mode == gmma_swizzle::b128 ? 128 : mode == gmma_swizzle::b64 ? 64 : mode == gmma_swizzle::b32 ? 32 : 16;
}
STRIDER_HOST_DEVICE constexpr int gmma_swizzle_bits(gmma_swizzle mode) {
  return mode == gmma_swizzle::b128 ? 3 : mode == gmma_swizzle::b64 ? 2 : mode == gmma_swizzle::b32 ? 1 : 0;
}
// The bytes after which the swizzle's pattern repeats (8 rows of the mode): the alignment of a
// stage, as the pattern follows the absolute shared address.
STRIDER_HOST_DEVICE constexpr index_t gmma_swizzle_period_bytes(gmma_swizzle mode) { return mode == gmma_swizzle::interleave ? 16 : 8 * gmma_row_bytes(mode); }
// The swizzle on an absolute byte address: bits 7.. XORed into bits 4.. (Swizzle<B, 4, 3>).
STRIDER_HOST_DEVICE constexpr index_t gmma_swizzle_address(gmma_swizzle mode, index_t address) {
  const index_t mask = (index_t{1} << gmma_swizzle_bits(mode)) - 1;
  return address ^ (((address >> 7) & mask) << 4);
}

// The byte offset from the descriptor's start, before the swizzle, at which the instruction reads
// element (r, k) of its operand block (r along M or N, k along K), for elements of `bytes` bytes:
// PTX's canonical layouts (CuTe's make_gmma_desc states the same, in 16-byte units).
//   K-major, interleave: 8 x 16-byte core matrices; rows 16 bytes apart, row groups of 8 SBO
//     apart, 16-byte columns of K LBO apart.
//   K-major, swizzled: rows of the mode's 128/64/32 bytes, K contiguous within them, row groups of
//     8 SBO apart (LBO unused: an instruction's 32 bytes of K lie within one row).
//   MN-major, interleave: 16 bytes of MN contiguous, K rows 16 bytes apart, groups of 8 K LBO
//     apart, 16-byte columns of MN SBO apart.
//   MN-major, swizzled: MN contiguous over the mode's row bytes, K rows that many bytes apart,
//     groups of 8 K SBO apart, the next row bytes of MN LBO apart.
STRIDER_HOST_DEVICE constexpr index_t gmma_block_offset(gmma_major major, gmma_swizzle mode, index_t leading, index_t stride, index_t bytes, index_t r, index_t k) {
  const index_t row_bytes = gmma_row_bytes(mode);
  if (major == gmma_major::k) {
    const index_t along_k = k * bytes;
    if (mode == gmma_swizzle::interleave) return (r / 8) * stride + (r % 8) * 16 + (along_k / 16) * leading + along_k % 16;
    return (r / 8) * stride + (r % 8) * row_bytes + along_k;
  }
  const index_t along_mn = r * bytes;
  if (mode == gmma_swizzle::interleave) return (along_mn / 16) * stride + along_mn % 16 + (k % 8) * 16 + (k / 8) * leading;
  return (along_mn / row_bytes) * leading + along_mn % row_bytes + (k % 8) * row_bytes + (k / 8) * stride;
}

// What a stage type says: its swizzle mode (or why none fits), major, LBO and SBO, and the first
// element where the canonical layout read through them differs from the stage's own offsets.
struct gmma_stage_form {
  int problem = 0;  // 0: canonical; 1: swizzle not wgmma's; 2: no unit stride; 3: MN-major of a non-16-bit type; 4: an element differs; 5: extents
  gmma_swizzle mode = gmma_swizzle::interleave;
  gmma_major major = gmma_major::k;
  index_t leading = 0, stride = 0;
  index_t row = 0, k = 0, stage_byte = 0, descriptor_byte = 0;
};
constexpr index_t rounded_down(index_t v, index_t m) { return v - v % m; }

// The stage (a static layout of (rows..., K...) axes, the first RowAxes of them the rows), its
// swizzle (bits, base, shift; bits 0 for none), and the element size in bytes.
constexpr gmma_stage_form gmma_form_of(const layout_value& stage, std::size_t row_axes, swizzle_value swizzle, index_t bytes, index_t k_per_instruction) {
  gmma_stage_form f;
  index_t base_expected = 0;
  for (index_t b = bytes; b > 1; b /= 2) ++base_expected;
  if (swizzle.bits != 0) {
    if (swizzle.bits > 3 || swizzle.base != 4 - base_expected || swizzle.shift != 3) {
      f.problem = 1;
      return f;
    }
    f.mode = swizzle.bits == 3 ? gmma_swizzle::b128 : swizzle.bits == 2 ? gmma_swizzle::b64 : gmma_swizzle::b32;
  }
  index_t rows = 1, ks = 1;
  for (std::size_t d = 0; d < stage.rank; ++d) (d < row_axes ? rows : ks) *= stage.shape[d];
  // The offset of element (r, k): r unravelled over the row axes, k over the K axes (C order).
  const auto offset = [&](index_t r, index_t k) {
    index_t o = stage.offset;
    for (std::size_t d = stage.rank; d > row_axes; --d) {
      o += (k % stage.shape[d - 1]) * stage.strides[d - 1];
      k /= stage.shape[d - 1];
    }
    for (std::size_t d = row_axes; d > 0; --d) {
      o += (r % stage.shape[d - 1]) * stage.strides[d - 1];
      r /= stage.shape[d - 1];
    }
    return o;
  };
  if (rows < 8 || ks % k_per_instruction != 0 || row_axes == 0 || row_axes >= stage.rank) {
    f.problem = 5;
    return f;
  }
  if (offset(0, 1) - offset(0, 0) == 1) f.major = gmma_major::k;
  else if (offset(1, 0) - offset(0, 0) == 1) f.major = gmma_major::mn;
  else {
    f.problem = 2;
    return f;
  }
  if (f.major == gmma_major::mn && bytes != 2) {
    f.problem = 3;
    return f;
  }
  const index_t row_bytes = gmma_row_bytes(f.mode), per_chunk = 16 / bytes;
  const auto byte_between = [&](index_t r, index_t k) { return (offset(r, k) - offset(0, 0)) * bytes; };
  if (f.major == gmma_major::k) {
    f.stride = rows > 8 ? byte_between(8, 0) : 0;
    f.leading = f.mode == gmma_swizzle::interleave ? byte_between(0, per_chunk) : 16;  // unused when swizzled (CuTe writes 1, i.e. 16 bytes)
  } else {
    const index_t group = f.mode == gmma_swizzle::interleave ? per_chunk : row_bytes / bytes;  // MN elements per group
    const index_t mn_step = rows > group ? byte_between(group, 0) : 0;
    const index_t k_step = ks > 8 ? byte_between(0, 8) : 0;
    f.stride = f.mode == gmma_swizzle::interleave ? mn_step : k_step;
    f.leading = f.mode == gmma_swizzle::interleave ? k_step : mn_step;
  }
  // Every K block's descriptor (its start the block's first element) against every element. Both
  // the stage's offset and the descriptor's are a part from the row plus a part from k (the row
  // and K axes are apart; each canonical term reads one of them), so the rows at k = 0 and the K
  // at row 0 decide every (row, k): rows + K comparisons rather than rows x K.
  const auto differs = [&](index_t r, index_t k) {
    const index_t k0 = rounded_down(k, k_per_instruction);
    const index_t stage_byte = offset(r, k) * bytes;
    const index_t descriptor_byte = offset(0, k0) * bytes + gmma_block_offset(f.major, f.mode, f.leading, f.stride, bytes, r, k - k0);
    if (stage_byte == descriptor_byte) return false;
    f.problem = 4;
    f.row = r, f.k = k, f.stage_byte = stage_byte, f.descriptor_byte = descriptor_byte;
    return true;
  };
  for (index_t r = 0; r < rows; ++r)
    if (differs(r, 0)) return f;
  for (index_t k = 0; k < ks; ++k)
    if (differs(0, k)) return f;
  return f;
}

// The refusals, with their values in the type the compiler prints.
template <int B, int M, int S, index_t Bytes>
struct gmma_swizzle_not_wgmma {
  static_assert(B < 0, "gmma_operand: wgmma's swizzles are swizzle<1|2|3, M, 3> with M = log2(16 / element bytes) (CuTe's Swizzle<B, 4, 3> on bytes): gmma_swizzle_not_wgmma<B, M, S, element bytes>");
};
template <index_t StrideOfRows, index_t StrideOfK>
struct gmma_stage_has_no_unit_stride {
  static_assert(StrideOfRows < 0, "gmma_operand: wgmma reads a stage K-major (K's stride 1) or MN-major (the rows' stride 1): gmma_stage_has_no_unit_stride<stride of the rows, stride of K>");
};
template <index_t Bytes>
struct gmma_mn_major_needs_16_bit {
  static_assert(Bytes < 0, "gmma_operand: an MN-major operand is only for 16-bit types (PTX's imm-trans); tf32 and 8-bit operands are K-major: gmma_mn_major_needs_16_bit<element bytes>");
};
template <char Major, index_t SwizzleBytes, index_t Row, index_t K, index_t StageByte, index_t DescriptorByte, index_t LBO, index_t SBO>
struct gmma_stage_not_canonical {
  static_assert(Row < 0, "gmma_operand: the stage is not wgmma's canonical layout for its major and swizzle (docs/hopper.md): gmma_stage_not_canonical<'K' or 'M' major, swizzle row bytes (16: interleave), row, k, the stage's byte of that element, the byte the descriptor reads, LBO, SBO>");
};
template <index_t Rows, index_t K, index_t KPerInstruction>
struct gmma_stage_extents {
  static_assert(Rows < 0, "gmma_operand: a stage has at least 8 rows and K a multiple of the instruction's K, over one row axis group and one K axis group: gmma_stage_extents<rows, K, instruction K>");
};

template <class Stage>
struct gmma_stage_parts {
  using layout = Stage;
  static constexpr swizzle_value swizzle{};
};
template <class L, class S>
struct gmma_stage_parts<swizzled_layout<L, S>> {
  using layout = L;
  static constexpr swizzle_value swizzle = S::value;
};

template <class Stage, class Tag, std::size_t RowAxes>
struct gmma_form_of_stage {
  using parts = gmma_stage_parts<Stage>;
  static_assert(static_layout_type<typename parts::layout>, "gmma_operand: the stage is a static layout type (or swizzled_t of one)");
  static constexpr index_t bytes = Tag::bits / 8;
  static constexpr index_t k_per_instruction = 32 / bytes;
  static constexpr gmma_stage_form value = gmma_form_of(rule_value<typename parts::layout>.value(), RowAxes, parts::swizzle, bytes, k_per_instruction);
};

template <class Stage, class Tag, std::size_t RowAxes, gmma_stage_form F = gmma_form_of_stage<Stage, Tag, RowAxes>::value>
constexpr bool check_gmma_stage() {
  using L = typename gmma_stage_parts<Stage>::layout;
  constexpr swizzle_value s = gmma_stage_parts<Stage>::swizzle;
  if constexpr (F.problem == 1) return sizeof(gmma_swizzle_not_wgmma<s.bits, s.base, s.shift, Tag::bits / 8>) == 0;
  else if constexpr (F.problem == 5) return sizeof(gmma_stage_extents<L::shape[0], L::shape[L::rank - 1], 32 / (Tag::bits / 8)>) == 0;
  else if constexpr (F.problem == 2) return sizeof(gmma_stage_has_no_unit_stride<L::value.strides[RowAxes - 1], L::value.strides[L::rank - 1]>) == 0;
  else if constexpr (F.problem == 3) return sizeof(gmma_mn_major_needs_16_bit<Tag::bits / 8>) == 0;
  else if constexpr (F.problem == 4)
    return sizeof(gmma_stage_not_canonical<F.major == gmma_major::k ? 'K' : 'M', gmma_row_bytes(F.mode), F.row, F.k, F.stage_byte, F.descriptor_byte, F.leading, F.stride>) == 0;
  else return true;
}

#ifdef __CUDA_ARCH__
[[noreturn]] __device__ inline void gmma_address_misaligned() {
  device_refusal_in("gmma_operand", "the stage's shared address is not aligned to its swizzle's period (1024, 512 or 256 bytes; 16 for interleave)");
}
#endif
}  // namespace detail

/// An operand of wgmma in a shared-memory stage: its descriptors, derived from the stage's type.
/// Stage is a static layout (or swizzled_t of one) of the operand's (rows, K) tile, A's (M, K) or
/// B's (N, K) (B is read as K x N, but its stage is indexed (n, k) as A's is (m, k)); with more
/// than two axes, the first RowAxes index the rows and the rest K, each group in C order (a K
/// of several 128-byte atoms: shape<rows, atoms, 64>). Tag is the element type.
/// Derived: `major` (K-major where K's stride is 1, MN-major where the rows' is), `swizzle` (none,
/// or swizzle<B, 4 - log2(bytes), 3>: 32, 64 or 128 bytes), `leading_byte_offset` and
/// `stride_byte_offset`; checked at compile time: every element of every K block lies where the
/// descriptor of its block reads it (gmma_stage_not_canonical names the first that does not).
/// @pre the stage's shared address (at run time) is aligned to `alignment` bytes: the swizzle
///      follows the absolute address (checked by descriptor(), a layout_error on the host and a
///      trap on the device unless NDEBUG).
/// @example `gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>` is K-major,
///   128-byte swizzled, SBO 1024 (8 rows of 128 bytes); `descriptor(address, 0, 1)` starts 32
///   bytes on (K block 1 of 16 elements).
template <class Stage, class Tag, std::size_t RowAxes = 1>
struct gmma_operand {
  static_assert(detail::check_gmma_stage<Stage, Tag, RowAxes>());
  static constexpr detail::gmma_stage_form form = detail::gmma_form_of_stage<Stage, Tag, RowAxes>::value;
  using stage_layout = typename detail::gmma_stage_parts<Stage>::layout;
  using element_type = Tag;
  static constexpr gmma_major major = form.major;
  static constexpr gmma_swizzle swizzle = form.mode;
  static constexpr index_t leading_byte_offset = form.leading, stride_byte_offset = form.stride;
  static constexpr index_t element_bytes = Tag::bits / 8;
  /// K elements per instruction (32 bytes), and the stage's K blocks of that many.
  static constexpr index_t k_per_instruction = 32 / element_bytes;
  static constexpr index_t rows = [] {
    index_t r = 1;
    for (std::size_t d = 0; d < RowAxes; ++d) r *= stage_layout::shape[d];
    return r;
  }();
  static constexpr index_t k_blocks = stage_layout::size / rows / k_per_instruction;
  /// The stage's alignment in shared memory, bytes: the swizzle's period.
  static constexpr index_t alignment = detail::gmma_swizzle_period_bytes(form.mode);
  /// The rows a descriptor may start at: a multiple of this (8 rows, or the MN elements of one
  /// swizzle row for MN-major, where LBO and SBO repeat).
  static constexpr index_t row_step = major == gmma_major::k ? 8 : (form.mode == gmma_swizzle::interleave ? 16 / element_bytes : detail::gmma_row_bytes(form.mode) / element_bytes);

  /// The descriptor of the block at rows [row, row + the instruction's rows) and K block
  /// `k_block`, for a stage at shared address `stage_address` (`__cvta_generic_to_shared`).
  /// @pre stage_address % alignment == 0; row % row_step == 0 and row < rows; 0 <= k_block < k_blocks.
  STRIDER_HOST_DEVICE static constexpr gmma_descriptor<Tag, major> descriptor(std::uint32_t stage_address, index_t row = 0, index_t k_block = 0) {
#if !defined(__CUDA_ARCH__) || !defined(NDEBUG)
    if (stage_address % static_cast<std::uint32_t>(alignment) != 0 || row < 0 || row >= rows || row % row_step != 0 || k_block < 0 || k_block >= k_blocks) {
#ifdef __CUDA_ARCH__
      detail::gmma_address_misaligned();
#else
      detail::refuse("gmma_operand: stage address {} (aligned to {} bytes?), row {} (a multiple of {} below {}) or K block {} (below {}) is out of place", static_cast<index_t>(stage_address), alignment, row, row_step, rows, k_block, k_blocks);
#endif
    }
#endif
    const index_t start = static_cast<index_t>(stage_address) + element_offset(row, k_block * k_per_instruction) * element_bytes;
    return {detail::encode_gmma({start, leading_byte_offset, stride_byte_offset, 0, swizzle})};
  }

 private:
  // Element (r, k)'s offset: r unravelled over the row axes and k over the K axes, C order; each
  // axis's numbers are constants (device code reads no layout value).
  template <std::size_t D>
  static constexpr index_t extent_at = stage_layout::shape[D];
  template <std::size_t D>
  static constexpr index_t stride_at = stage_layout::value.strides[D];
  template <std::size_t D>
  static constexpr index_t pitch_at = [] {
    index_t p = 1;
    for (std::size_t e = D + 1; e < (D < RowAxes ? RowAxes : stage_layout::rank); ++e) p *= stage_layout::shape[e];
    return p;
  }();
  template <std::size_t... D>
  STRIDER_HOST_DEVICE static constexpr index_t element_offset(index_t r, index_t k, std::index_sequence<D...>) {
    return (index_t{0} + ... + (((D < RowAxes ? r : k) / pitch_at<D>) % extent_at<D> * stride_at<D>));
  }
  STRIDER_HOST_DEVICE static constexpr index_t element_offset(index_t r, index_t k) { return element_offset(r, k, std::make_index_sequence<stage_layout::rank>{}); }
};

/// The byte address, in shared memory, at which wgmma reads element (r, k) of the block a
/// descriptor describes (r along M or N, k along K): the descriptor decoded as PTX's canonical
/// layouts and the swizzle applied to the absolute address. The host twin reads through it.
/// @pre the descriptor's base offset is 0 (gmma_operand makes no other).
/// @example for `gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>` at address
///   0, element (1, 0) is at byte 128 ^ 16 = 144.
template <class Tag, gmma_major Major>
STRIDER_HOST_DEVICE constexpr index_t gmma_element_address(gmma_descriptor<Tag, Major> d, index_t r, index_t k) {
  const detail::gmma_fields f = detail::decode_gmma(d.bits);
  return detail::gmma_swizzle_address(f.mode, f.start + detail::gmma_block_offset(Major, f.mode, f.leading, f.stride, Tag::bits / 8, r, k));
}

}  // namespace strider
