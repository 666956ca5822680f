// A run-time batch over static images (docs/mixed.md): the README's mixed-layout kernel, compiled
// and run as a test, its results checked against index arithmetic written out by hand.
#include <strider/storage.hpp>

#include <cstdio>
#include <vector>

using namespace strider;

// [mixed-batch]
// A batch of 3 x 224 x 224 images whose count arrives at run time.
using images = contiguous<dyn, 3, 224, 224>;
static_assert(images::static_strides == std::array<index_t, 4>{150528, 50176, 224, 1});
static_assert(sizeof(images) == sizeof(index_t));  // the batch is all it holds

// Cropped to the central 112 x 112 pixels and permuted to NHWC: static except the batch.
using crop = slice_t<images, ":, :, 56:168, 56:168">;
using nhwc = permute_t<crop, 0, 2, 3, 1>;
static_assert(nhwc::static_shape == std::array<index_t, 4>{dyn, 112, 112, 3});
static_assert(nhwc::static_strides == std::array<index_t, 4>{150528, 224, 1, 50176});
static_assert(nhwc::static_offset == 56 * 224 + 56);

float sum_crops(const float* data, index_t batch) {
  const tensor_view<const float, images> all(data, images(batch));  // checked: batch >= 0
  const auto v = permute<0, 2, 3, 1>(slice<":, :, 56:168, 56:168">(all));
  float sum = 0;
  for (index_t b = 0; b < v.extent(0); ++b)  // the run-time extent
    for (index_t h = 0; h < 112; ++h)
      for (index_t w = 0; w < 112; ++w)
        for (index_t c = 0; c < 3; ++c) sum += v(b, h, w, c);  // static strides: constants
  return sum;
}
// [mixed-batch]

// [mixed-intro]
// docs/mixed.md's first example, with qualified names as it shows them.
namespace intro {
using images = strider::contiguous<strider::dyn, 3, 224, 224>;   // a batch of any count
static_assert(images::static_strides == std::array<strider::index_t, 4>{150528, 50176, 224, 1});
static_assert(sizeof(images) == sizeof(strider::index_t));       // one index_t per dyn
images batch(strider::index_t n) {
  return images(n);                                              // checked: n >= 0, no overflow
}
}  // namespace intro
// [mixed-intro]

// The README's prose: each image as one row keeps static strides; the NHWC copy's layout is mixed.
static_assert(view_t<images, -1, 150528>::static_strides == std::array<index_t, 2>{150528, 1});
// The layout algebra too: tiles of 16 elements of a run-time number of rows of 64, all static but
// the number of tiles (a multiple of 4).
using row_tiles = logical_divide_t<contiguous<dyn, 64>, contiguous<16>>;
static_assert(row_tiles::tile_rank == 1 && row_tiles::static_shape == std::array<index_t, 2>{dyn_multiple<4>, 16});
static_assert(row_tiles::static_strides == std::array<index_t, 2>{16, 1});

int main(int argc, char**) {
  const index_t batch = 1 + argc;  // not known to the compiler
  std::vector<float> data(static_cast<std::size_t>(batch) * 3 * 224 * 224);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i % 13);
  float expected = 0;
  for (index_t b = 0; b < batch; ++b)
    for (index_t c = 0; c < 3; ++c)
      for (index_t h = 56; h < 168; ++h)
        for (index_t w = 56; w < 168; ++w) expected += data[static_cast<std::size_t>(((b * 3 + c) * 224 + h) * 224 + w)];
  const float got = sum_crops(data.data(), batch);
  // The copy plans from the mixed layout: an NHWC tensor of the crops.
  const tensor_view<const float, images> all(data.data(), images(batch));
  const auto copied = permute<0, 2, 3, 1>(slice<":, :, 56:168, 56:168">(all)).contiguous();
  static_assert(std::is_same_v<decltype(copied)::layout_type, contiguous<dyn, 112, 112, 3>>);
  const bool copy_ok = copied.shape() == dims{batch, 112, 112, 3} && copied(1, 2, 3, 1) == data[static_cast<std::size_t>(((1 * 3 + 1) * 224 + 58) * 224 + 59)];
  std::printf("sum %.1f (expected %.1f), copy %s\n", static_cast<double>(got), static_cast<double>(expected), copy_ok ? "ok" : "wrong");
  return got == expected && copy_ok && intro::batch(batch).extent(0) == batch ? 0 : 1;
}
