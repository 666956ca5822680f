// TMA's im2col copies (include/strider/atom/tma_im2col.hpp) against an independent reference:
// the textbook im2col of a convolution (output pixel (n, oh, ow), tap (r, s) reads input pixel
// (n, oh * stride - padding + r * dilation, ...), zero in the padding), read back through the
// shared tile's own layout type; the PTX ISA's walk across an image's end; the driver's rules.
#include <catch2/catch.hpp>
#include <strider/atom/tma_im2col.hpp>
#include <strider/storage/view.hpp>

#include <cstdint>
#include <vector>

namespace {
using namespace strider;

TEST_CASE("tma_im2col_box: pixels, channels, bytes, swizzle and the rank's limits from the tile type") {
  using box = tma_im2col_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, std::uint16_t, 4>;
  STATIC_REQUIRE((box::pixels == 128 && box::channels == 64 && box::bytes == 16384));
  STATIC_REQUIRE((box::swizzle == tma_swizzle::b128 && box::alignment == 1024));
  STATIC_REQUIRE((box::max_offset == 255 && box::corner_limit == 128 && box::spatial_rank == 2));
  using wide = tma_im2col_box<contiguous<1024, 8>, float, 3>;  // pixels past a tiled box's 256
  STATIC_REQUIRE((wide::pixels == 1024 && wide::max_offset == 65535 && wide::corner_limit == 32768));
  STATIC_REQUIRE((tma_im2col_box<contiguous<4, 16>, std::uint8_t, 5>::max_offset == 31 && tma_im2col_box<contiguous<4, 16>, std::uint8_t, 5>::corner_limit == 16));
  // The box fills the K-major stage of wgmma's A: the same tile type, one swizzle.
  STATIC_REQUIRE(gmma_operand_of_box_t<box, f16>::swizzle == gmma_swizzle::b128);
}

using nhwc_layout = layout<shape<dyn, dyn, dyn, dyn>, strides<dyn, dyn, dyn, 1>>;

struct convolution {
  index_t images, height, width, channels;
  index_t filter_h, filter_w, pad_h, pad_w, dilation_h, dilation_w, stride_h, stride_w;
  index_t out_h() const { return (height + 2 * pad_h - (filter_h - 1) * dilation_h - 1) / stride_h + 1; }
  index_t out_w() const { return (width + 2 * pad_w - (filter_w - 1) * dilation_w - 1) / stride_w + 1; }
};

// Every M tile, tap and channel block of a convolution: the twin's shared image, read through
// the tile type, equals the textbook im2col.
template <class Tile>
void check_convolution(const convolution& k) {
  using box = tma_im2col_box<Tile, float, 4>;
  std::vector<float> input(static_cast<std::size_t>(k.images * k.height * k.width * k.channels));
  for (std::size_t e = 0; e < input.size(); ++e) input[e] = static_cast<float>(e + 1);
  const tensor_view<const float, nhwc_layout> view(input.data(), nhwc_layout(k.images, k.height, k.width, k.channels, k.height * k.width * k.channels, k.width * k.channels, k.channels));
  const index_t padding[2] = {k.pad_w, k.pad_h}, filter[2] = {k.filter_w, k.filter_h}, dilation[2] = {k.dilation_w, k.dilation_h}, stride[2] = {k.stride_w, k.stride_h};
  const tma_im2col_window window = tma_im2col_window::for_convolution(2, padding, filter, dilation, stride);
  const tma_im2col_params p = make_tma_im2col_params<box>(view, window);
  CHECK((p.global_extent[0] == k.channels && p.global_extent[1] == k.width && p.global_extent[3] == k.images));
  CHECK((p.window.lower_corner[1] == -k.pad_h && p.window.upper_corner[0] == k.pad_w - (k.filter_w - 1) * k.dilation_w));
  const index_t oh = k.out_h(), ow = k.out_w(), pixels = k.images * oh * ow;
  std::vector<unsigned char> shared(2 * 4096, 0xff);
  const index_t at = box::alignment;
  for (index_t m0 = 0; m0 < pixels + box::pixels; m0 += box::pixels)  // the last tile runs past the last image
    for (index_t r = 0; r < k.filter_h; ++r)
      for (index_t s = 0; s < k.filter_w; ++s)
        for (index_t c0 = 0; c0 < k.channels; c0 += box::channels / 2) {  // a block past C: zeros
          const index_t n0 = m0 / (oh * ow), y0 = m0 / ow % oh, x0 = m0 % ow;
          const index_t coordinates[4] = {c0, x0 * k.stride_w - k.pad_w, y0 * k.stride_h - k.pad_h, n0};
          const index_t offsets[2] = {s * k.dilation_w, r * k.dilation_h};
          REQUIRE(host_tma_load_im2col<box>(view, window, coordinates, offsets, shared.data(), shared.size(), at) == box::bytes);
          for (index_t row = 0; row < box::pixels; ++row)
            for (index_t c = 0; c < box::channels; ++c) {
              const index_t m = m0 + row, n = m / (oh * ow), y = m / ow % oh, x = m % ow;
              const index_t ih = y * k.stride_h - k.pad_h + r * k.dilation_h, iw = x * k.stride_w - k.pad_w + s * k.dilation_w, ic = c0 + c;
              const bool inside = n < k.images && ih >= 0 && ih < k.height && iw >= 0 && iw < k.width && ic < k.channels;
              float got = -1;
              __builtin_memcpy(&got, shared.data() + at + Tile{}(row, c) * 4, 4);
              REQUIRE(got == (inside ? input[static_cast<std::size_t>(((n * k.height + ih) * k.width + iw) * k.channels + ic)] : 0.0f));
            }
        }
}

TEST_CASE("host_tma_load_im2col: the GEMM rows of a convolution, as the textbook im2col gives them") {
  // 3 x 3, padding 1, stride 1: the common case, 64-byte swizzle (16 floats of 4 bytes).
  check_convolution<swizzled_t<contiguous<32, 16>, swizzle<2, 2, 3>>>({2, 7, 9, 16, 3, 3, 1, 1, 1, 1, 1, 1});
  // Strided, dilated, uneven padding per dimension; no swizzle.
  check_convolution<contiguous<16, 8>>({3, 11, 6, 8, 2, 3, 1, 0, 2, 1, 2, 1});
}

TEST_CASE("host_tma_load_im2col: the walk wraps rows inside the bounding box and goes on into the next image (the PTX ISA's im2col mode)") {
  // 4 x 4 images, corners -1 and -1: the box spans -1 to 2 in H and W. From (h 1, w 2), after
  // (h 2, w 2) comes image 1 at the box's lower corner (h -1, w -1), zeros there.
  std::vector<float> input(2 * 4 * 4 * 4);
  for (std::size_t e = 0; e < input.size(); ++e) input[e] = static_cast<float>(e + 1);
  const tensor_view<const float, nhwc_layout> view(input.data(), nhwc_layout(2, 4, 4, 4, 64, 16, 4));
  using box = tma_im2col_box<contiguous<8, 4>, float, 4>;
  const tma_im2col_window window{{-1, -1}, {-1, -1}, {1, 1}};
  std::vector<unsigned char> shared(512);
  host_tma_load_im2col<box>(view, window, {0, 2, 1, 0}, {0, 0}, shared.data(), shared.size(), 0);
  const index_t expected[8][3] = {{0, 1, 2}, {0, 2, -1}, {0, 2, 0}, {0, 2, 1}, {0, 2, 2}, {1, -1, -1}, {1, -1, 0}, {1, -1, 1}};  // (n, h, w)
  for (index_t p = 0; p < 8; ++p) {
    const auto [n, h, w] = expected[p];
    const bool inside = h >= 0 && w >= 0;
    for (index_t c = 0; c < 4; ++c) {
      float got = -1;
      __builtin_memcpy(&got, shared.data() + (p * 4 + c) * 4, 4);
      REQUIRE(got == (inside ? input[static_cast<std::size_t>(((n * 4 + h) * 4 + w) * 4 + c)] : 0.0f));
    }
  }
}

TEST_CASE("make_tma_im2col_params and the twin refuse what the driver and the instruction refuse, naming the value") {
  alignas(16) static float data[2 * 4 * 4 * 8] = {};
  const tensor_view<const float, nhwc_layout> view(data, nhwc_layout(2, 4, 4, 8, 128, 32, 8));
  using box = tma_im2col_box<contiguous<8, 8>, float, 4>;
  const auto refused = [&](tma_im2col_window w, const char* words) {
    CHECK_THROWS_WITH(make_tma_im2col_params<box>(view, w), Catch::Contains(words));
  };
  refused({{0, 0}, {0, 128}, {1, 1}}, "bounding-box corner 128; a rank-4 tensor's lie in [-128, 127]");
  refused({{3, 0}, {-1, 0}, {1, 1}}, "extent 4 with corners 3 and -1 leaves an empty bounding box");
  refused({{0, 0}, {0, 0}, {1, 9}}, "traversal stride 9; TMA takes 1 to 8");
  const tensor_view<const float, nhwc_layout> misaligned(data + 1, nhwc_layout(2, 4, 4, 7, 128, 32, 8));
  CHECK_THROWS_WITH(make_tma_im2col_params<box>(misaligned, {}), Catch::Contains("not 16-byte aligned"));
  const tensor_view<const float, nhwc_layout> odd(data, nhwc_layout(2, 4, 4, 3, 128, 32, 6));
  CHECK_THROWS_WITH(make_tma_im2col_params<box>(odd, {}), Catch::Contains("a stride of 24 bytes"));
  std::vector<unsigned char> shared(1024);
  const tma_im2col_window strided{{0, 0}, {0, 0}, {2, 1}};
  CHECK_THROWS_WITH(host_tma_load_im2col<box>(view, strided, {0, 1, 0, 0}, {0, 0}, shared.data(), shared.size(), 0), Catch::Contains("off the bounding box's traversal grid (0 + k x 2, k < 2)"));
  CHECK_THROWS_WITH(host_tma_load_im2col<box>(view, {}, {0, 0, 0, 0}, {256, 0}, shared.data(), shared.size(), 0), Catch::Contains("offset 256 of spatial dimension 0 is outside [0, 255]"));
  CHECK_THROWS_WITH(host_tma_load_im2col<box>(view, {}, {0, 0, 0, 0}, {0, 0}, shared.data(), shared.size(), 64), Catch::Contains("misaligned (alignment 128)"));
}
}  // namespace
