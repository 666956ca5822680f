// The snippets of docs/algebra.md, compiled and run as a test so that they stay true: a GEMM-style
// blocking of a matrix, an image cut into 8x8 patches with rearrange, and CuTe's algebra.
#include <cstdio>
#include <string>
#include <numeric>
#include <strider/strider.hpp>
#include <vector>

using namespace strider;

// [algebra-gemm]
// C = A B with A of 128x64 floats, row-major, cut into 32x16 blocks: which block, then the block.
using A = contiguous<128, 64>;
using blocks = tile_t<A, 32, 16>;  // shape (4, 4, 32, 16): block (i, k) is blocks{}(i, k, :, :)
static_assert(blocks::tile_rank == 2 && blocks::rest_rank == 2);
static_assert(blocks::shape == std::array<index_t, 4>{4, 4, 32, 16});
static_assert(blocks::strides == std::array<index_t, 4>{2048, 16, 64, 1});
// One block as a layout of its own (what a thread block loads), and its widest vector load:
// rows of 16 floats, every row starting on a multiple of 4, 16-byte aligned base: float4.
using block = select_t<select_t<blocks, 0, 1>, 0, 2>;  // block (1, 2)
static_assert(block::offset == 32 * 64 + 2 * 16 && block::shape == std::array<index_t, 2>{32, 16});
static_assert(vector_width_v<block, sizeof(float), 16> == 4);
// A tile that does not divide is a compile error, never padding:
//   tile_t<A, 48, 16>  ->  "tile: tile extent {} does not divide extent {} of axis {} (the padded and masked tilings round the tile count up)"
// [algebra-gemm]

// [algebra-patches]
// An NHWC batch of 2 images of 32x32 pixels, 3 channels, cut into 8x8 patches (ViT-style), as a view.
using images = contiguous<2, 32, 32, 3>;
using patches = rearrange_t<images, "b (h p1) (w p2) c -> b h w p1 (p2 c)", "p1=8, p2=8">;
static_assert(patches::shape == std::array<index_t, 5>{2, 4, 4, 8, 24});  // patch (b, h, w): 8 rows of 8 pixels x 3 channels
static_assert(patches::strides == std::array<index_t, 5>{3072, 768, 24, 96, 1});
// Flattening each patch into one axis of 192 would need a copy (its rows are 96 apart):
static_assert(rearrange_copies<images, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=8, p2=8">);
// rearrange_t of that pattern is a compile error that names the group:
//   "rearrange: the output group from {} to {} needs a copy: its axes do not nest in storage, ..."
// [algebra-patches]

// [algebra-cute]
// CuTe's algebra in row-major order (reverse CuTe's modes to read its examples here).
// composition: i -> A(B(i)), B's offsets read as A's indices. CuTe: (6,2):(8,2) o (4,3):(3,1).
using composed = composition_t<layout<shape<2, 6>, strides<2, 8>>, layout<shape<3, 4>, strides<1, 3>>>;
static_assert(composed::shape == std::array<index_t, 3>{3, 2, 2} && composed::strides == std::array<index_t, 3>{8, 2, 24});
// complement: what (4):(2) leaves of [0, 24), so that both together reach each offset once.
using rest = complement_t<layout<shape<4>, strides<2>>, 24>;
static_assert(rest::shape == std::array<index_t, 2>{3, 2} && rest::strides == std::array<index_t, 2>{8, 1});
// logical_divide: tiles of 4 elements 2 apart; the trailing tile_rank axes are one tile.
using divided = logical_divide_t<layout<shape<3, 2, 4>, strides<8, 1, 2>>, layout<shape<4>, strides<2>>>;
static_assert(divided::shape == std::array<index_t, 4>{3, 2, 2, 2} && divided::tile_rank == 2);
// right_inverse maps each offset of a column-major 3x4 matrix back to its element's C-order index.
using inverse = right_inverse_t<column_major<3, 4>>;  // shape (4, 3): offset k at (k / 3, k % 3)
static_assert(column_major<3, 4>{}(2, 1) == 5 && inverse{}(5 / 3, 5 % 3) == 2 * 4 + 1);  // offset 5 holds element (2, 1)
// [algebra-cute]

// [readme-tiling]
// The README's tiling snippet: the two cases above, shortened, each name defined where it is shown.
namespace readme {
using A = contiguous<128, 64>;
using blocks = tile_t<A, 32, 16>;  // shape (4, 4, 32, 16): block (i, k) is blocks{}(i, k, :, :)
using block = select_t<select_t<blocks, 0, 1>, 0, 2>;  // block (1, 2): 32 rows of 16 floats
static_assert(vector_width_v<block, sizeof(float), 16> == 4);  // float4 loads

using images = contiguous<2, 32, 32, 3>;  // NHWC: 2 images of 32x32 pixels, 3 channels
using patches = rearrange_t<images, "b (h p1) (w p2) c -> b h w p1 (p2 c)", "p1=8, p2=8">;
static_assert(patches::shape == std::array<index_t, 5>{2, 4, 4, 8, 24});
static_assert(rearrange_copies<images, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=8, p2=8">);
}  // namespace readme
// [readme-tiling]
static_assert(std::is_same_v<readme::block, block> && std::is_same_v<readme::patches, patches>);

int run() {
  bool ok = true;
  // [algebra-run]
  std::vector<float> a(128 * 64);
  std::iota(a.begin(), a.end(), 0.0f);
  tensor_view<float, A> matrix(a);
  auto tiles = tile<32, 16>(matrix);  // a view: tiles(i, k, r, c) is matrix(32 i + r, 16 k + c)
  // At run time the same operations take dynamic layouts (a dynamic batch, say), checked alike.
  tensor_view dynamic(a, dynamic_layout::contiguous({128, 64}));
  auto same = dynamic.rearrange("(i r) (k c) -> i k r c", "r=32, k=4");
  // [algebra-run]
  float sum = 0;
  for (index_t r = 0; r < 32; ++r)
    for (index_t c = 0; c < 16; ++c) sum += tiles(1, 2, r, c);
  ok = ok && tiles(1, 2, 3, 4) == matrix(32 + 3, 32 + 4) && same.layout() == blocks::dynamic();
  float expected = 0;
  for (index_t r = 0; r < 32; ++r)
    for (index_t c = 0; c < 16; ++c) expected += matrix(32 + r, 32 + c);
  ok = ok && sum == expected;
  // The run-time rules refuse what the static ones refuse, with the values in the message.
  try {
    (void)dynamic.tile({48, 16});
    ok = false;
  } catch (const layout_error& e) {
    ok = ok && std::string(e.what()) == "tile: tile extent 48 does not divide extent 128 of axis 0 (the padded and masked tilings round the tile count up)";
  }
  return ok ? 0 : 1;
}

// [algebra-tile-at]
// The sum of tile (bi, bj) of a 256 x 256 matrix, the tile picked at run time (a kernel's blockIdx).
float tile_sum(tensor_view<const float, contiguous<256, 256>> matrix_view, index_t bi, index_t bj) {
auto tiles = tile<64, 64>(matrix_view);          // static tiled view
auto t = tile_at(tiles, bi, bj);                 // bi, bj at run time, checked against the tile counts
// t's layout is tile_at_t<L>: the tile's static shape (64, 64) and strides, a run-time offset
  float sum = 0;
  for (index_t r = 0; r < 64; ++r)
    for (index_t c = 0; c < 64; ++c) sum += t(r, c);
  return sum;
}
// [algebra-tile-at]

int tile_at_check() {
  std::vector<float> m(256 * 256);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<float>(i % 7);  // sums exact in float
  const tensor_view<const float, contiguous<256, 256>> view(m);
  float expected = 0;
  for (index_t r = 0; r < 64; ++r)
    for (index_t c = 0; c < 64; ++c) expected += m[static_cast<std::size_t>((64 * 2 + r) * 256 + 64 * 3 + c)];
  return tile_sum(view, 2, 3) == expected ? 0 : 1;
}

int main() {
  const int status = run() | tile_at_check();
  std::puts(status == 0 ? "tiling: ok" : "tiling: FAILED");
  return status;
}
