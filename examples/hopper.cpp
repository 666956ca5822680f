// Hopper's warpgroup MMA as checked types (docs/hopper.md): a wgmma atom's accumulator fragment,
// the descriptors of two shared-memory stages derived from their layout types (one K-major, one
// N-major, both with the 128-byte swizzle), the host twin of four K blocks reading the stages
// through those descriptors, the same stage type as a TMA box, a pipeline of such boxes and its
// schedule on the host simulator, and a convolution's taps gathered by im2col copies. Prints each step; exits 1 if a value is not the one the page
// states.
#include <cstdio>
#include <vector>

#include <strider/strider.hpp>

using namespace strider;

// The atom: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 (CuTe's SM90_64x64x16_F32F16F16_SS).
using atom = wgmma_m64nNk16<64, f16, f16, f32>;
// 128 threads, 32 f32 accumulators each; thread 37 (warp 1, lane 5) holds D's (25, 10) as value 6.
static_assert(atom::c_layout::threads == 128 && atom::c_registers == 32);
static_assert(atom::c_layout::element(37, 6) == 25 * 64 + 10);

// A's stage: 64 x 64 halves, K contiguous, read through the 128-byte swizzle (swizzle<3, 3, 3> on
// 2-byte elements). The descriptor's fields come from the type: K-major, SBO 1024 bytes (eight
// 128-byte rows), one descriptor per K block of 16, each 32 bytes on.
using stage_a = swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>;
using operand_a = gmma_operand<stage_a, f16>;
static_assert(operand_a::major == gmma_major::k && operand_a::swizzle == gmma_swizzle::b128);
static_assert(operand_a::stride_byte_offset == 1024 && operand_a::k_blocks == 4 && operand_a::alignment == 1024);

// B's stage: 64 (n) x 64 (k) halves, N contiguous (an N-major B, PTX's imm-trans-b): SBO is the
// step between groups of 8 K rows, 1024 bytes.
using stage_b = swizzled_t<layout<shape<64, 64>, strides<1, 64>>, swizzle<3, 3, 3>>;
using operand_b = gmma_operand<stage_b, f16>;
static_assert(operand_b::major == gmma_major::mn && operand_b::stride_byte_offset == 1024);

// A's stage type is also its TMA box: extents {64, 64} (innermost first), 8192 bytes, the
// 128-byte swizzle in TMA's numbering. One type gives the TMA's swizzle and the wgmma's.
using box_a = tma_box<stage_a, std::uint16_t>;
static_assert(box_a::bytes == 8192 && box_a::swizzle == tma_swizzle::b128 && box_a::alignment == 1024);

// Four stages, each filled by two such boxes (A's and B's, B's box the (k, n) tile that stage_b
// reads transposed) and released by one consumer warpgroup: each full barrier expects 16384
// bytes, and the stages and their eight barriers take 65600 bytes of shared memory.
using pipeline = tma_pipeline<4, 1, box_a, tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, std::uint16_t>>;
static_assert(pipeline::stage_bytes == 16384 && pipeline::shared_bytes == 4 * 16384 + 64);

// An implicit GEMM's A stage from a convolution: 128 output pixels x 64 channels of an NHWC half
// tensor, one im2col copy per filter tap, into the same K-major stage type (16384 bytes, the
// 128-byte swizzle); taps are offsets of at most 255 in a rank-4 tensor.
using im2col_a = tma_im2col_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, std::uint16_t, 4>;
static_assert(im2col_a::pixels == 128 && im2col_a::channels == 64 && im2col_a::bytes == 16384 && im2col_a::max_offset == 255);

int main() {
  bool ok = true;
  // Element (1, 0) of A's stage at shared address 0: row 1 starts at byte 128, whose bit 7 the
  // swizzle XORs into bit 4: byte 144, where the stage's own layout puts it too.
  const auto a0 = operand_a::descriptor(0);
  std::printf("A's (1, 0) at byte %lld; the stage's layout: %lld\n", static_cast<long long>(gmma_element_address(a0, 1, 0)),
              static_cast<long long>(stage_a{}(1, 0) * 2));
  ok = ok && gmma_element_address(a0, 1, 0) == 144 && stage_a{}(1, 0) * 2 == 144;

  // The host's image of shared memory: A all ones at 0, B's row n (its column of K x N) all n at
  // 8192, each element where its stage's layout puts it.
  std::vector<unsigned char> shared(16 * 1024);
  const auto put = [&](index_t byte, float value) {
    const std::uint16_t bits = f16::to_bits(value);
    shared[static_cast<std::size_t>(byte)] = static_cast<unsigned char>(bits & 0xff);
    shared[static_cast<std::size_t>(byte + 1)] = static_cast<unsigned char>(bits >> 8);
  };
  for (index_t r = 0; r < 64; ++r)
    for (index_t c = 0; c < 64; ++c) {
      put(stage_a{}(r, c) * 2, 1.0f);
      put(8192 + stage_b{}(r, c) * 2, static_cast<float>(r));
    }
  // D = A * B over the four K blocks, as the kernel issues them: the first without accumulating.
  atom::c_warpgroup d{};
  for (index_t kb = 0; kb < operand_a::k_blocks; ++kb)
    atom::host_fma(d, shared.data(), shared.size(), operand_a::descriptor(0, 0, kb), operand_b::descriptor(8192, 0, kb), kb > 0);
  // Thread 37's value 6 is D's (25, 10): the sum over 64 K of 1 * 10.
  std::printf("D's (25, 10) = %g\n", static_cast<double>(d[37][6]));
  ok = ok && d[37][6] == 640.0f;

  // The pipeline's schedule on the host, 16 K blocks: it completes. A producer that announces
  // only the in-bounds bytes of a box past the tensor (TMA counts the whole box) would hang on
  // the GPU; here the report says where: consumer 0 waits on stage 0's full barrier.
  const pipeline_report fine = simulate_pipeline(schedule_of<pipeline>(16, 1));
  pipeline_schedule short_count = schedule_of<pipeline>(16, 1);
  short_count.expected_bytes = 8192 + 4096;
  const pipeline_report hang = simulate_pipeline(short_count);
  std::printf("schedule: %s; with 12288 bytes expected: %s, consumer %lld at stage %lld, %lld bytes past\n", fine.completed ? "completes" : "hangs",
              hang.completed ? "completes" : "hangs", static_cast<long long>(hang.stuck_consumer), static_cast<long long>(hang.stage),
              static_cast<long long>(-hang.transaction_bytes));
  ok = ok && fine.completed && !hang.completed && hang.stuck_consumer == 0 && hang.transaction_bytes == -4096;

  // A 3 x 3 convolution with padding 1 over two 16 x 16 images of 64 channels: the window is
  // the bounding box's corners (-1 and 1 - 2 = -1) and the traversal stride, W first.
  std::vector<std::uint16_t> image(2 * 16 * 16 * 64);
  for (std::size_t e = 0; e < image.size(); ++e) image[e] = static_cast<std::uint16_t>(e % 60000);
  using nhwc = layout<shape<2, 16, 16, 64>, strides<16384, 1024, 64, 1>>;
  const tensor_view<const std::uint16_t, nhwc> input(image.data());
  const index_t padding[2] = {1, 1}, filter[2] = {3, 3}, dilation[2] = {1, 1}, stride[2] = {1, 1};
  const tma_im2col_window window = tma_im2col_window::for_convolution(2, padding, filter, dilation, stride);
  // Tap (r 0, s 1) of output pixels 0 to 127 (rows 0 to 7 of image 0): the copy starts at the
  // box's corner (w -1, h -1) with offsets {1, 0}; row 0 of the stage reads input (h -1, w 0),
  // padding, and row 17 (output (1, 1)) reads input (0, 1).
  std::vector<unsigned char> stage(im2col_a::bytes);
  host_tma_load_im2col<im2col_a>(input, window, {0, -1, -1, 0}, {1, 0}, stage.data(), stage.size(), 0);
  using stage_type = im2col_a::tile_type;
  std::uint16_t in_padding = 1, inside = 0;
  __builtin_memcpy(&in_padding, stage.data() + stage_type{}(0, 5) * 2, 2);
  __builtin_memcpy(&inside, stage.data() + stage_type{}(17, 5) * 2, 2);
  std::printf("im2col tap (0, 1): row 0 channel 5 = %u (padding), row 17 channel 5 = %u (input (0, 1, 5))\n", in_padding, inside);
  ok = ok && in_padding == 0 && inside == input(0, 0, 1, 5);
  return ok ? 0 : 1;
}
