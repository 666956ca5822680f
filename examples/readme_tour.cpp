// The README's tour, compiled and run as a test so that it stays true.
#include <cstdio>
#include <strider/strider.hpp>

// [tour-static]
using namespace strider;

using image = contiguous<3, 4, 5>;                // shape (3, 4, 5), strides (20, 5, 1)
using cropped = slice_t<image, "1:, ::-1">;       // a[1:, ::-1]
using channels_first = permute_t<cropped, 2, 0, 1>;

static_assert(channels_first::shape == std::array<index_t, 3>{5, 2, 4});
static_assert(channels_first::strides == std::array<index_t, 3>{1, 20, -5});
static_assert(channels_first::offset == 35);
static_assert(channels_first{}(0, 1, 3) == 35 + 20 - 15);
static_assert(!channels_first::is_contiguous && channels_first::is_unique);

using row = contiguous<4>;
using tiled = broadcast_to_t<row, 3, 4>;          // stride 0: every row is the same storage
static_assert(tiled::strides == std::array<index_t, 2>{0, 1} && !tiled::is_unique);

static_assert(std::is_same_v<view_t<image, 12, -1>, contiguous<12, 5>>);
static_assert(reshape_copies<transpose_t<image, 0, 2>, -1>);  // no view exists: reshape copies
// view_t<transpose_t<image, 0, 2>, -1> would not compile:
//   "view: the requested shape is not compatible with the layout's strides ..., so it needs a
//    copy: of a tensor view, view its contiguous() copy; of a layout, reshape gives the copy's layout"
// [tour-static]

int main() {
  // [tour-dynamic]
  const dynamic_layout l = dynamic_layout::contiguous({3, 4, 5});
  const dynamic_layout v = permute(slice(l, "1:, ::-1"), {2, 0, 1});
  try {
    permute(l, {0, 0, 1});
  } catch (const layout_error& e) {
    std::printf("%s\n", e.what());  // permute: repeated axis 0
  }
  // [tour-dynamic]
  return v == channels_first::dynamic() ? 0 : 1;
}
