// The layout algebra (CuTe's, in row-major order): coalesce_t, composition_t, complement_t, the inverses,
// (reverse the modes: CuTe is column-major), and the cases a kernel meets.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// CuTe: coalesce((2,(1,6)):(1,(6,2))) = 12:1; row-major: (6,1,2):(2,6,1) -> (12,):(1,).
static_assert(is_layout<coalesce_t<layout<shape<6, 1, 2>, strides<2, 6, 1>>>, shape<12>, strides<1>, 0>);
static_assert(is_layout<coalesce_t<contiguous<3, 4, 5>>, shape<60>, strides<1>, 0>);
// A crop keeps its rows apart; a flip of every axis is one reversed axis.
static_assert(is_layout<coalesce_t<slice_t<contiguous<3, 4, 5>, ":, 1:3">>, shape<3, 10>, strides<20, 1>, 5>);
static_assert(is_layout<coalesce_t<flip_t<contiguous<3, 4>>>, shape<12>, strides<-1>, 11>);
// NCHW viewed as NHWC: H and W nest, C does not.
static_assert(is_layout<coalesce_t<permute_t<contiguous<2, 3, 8, 8>, 0, 2, 3, 1>>, shape<2, 64, 3>, strides<192, 1, 64>, 0>);
static_assert(is_layout<coalesce_t<broadcast_to_t<slice_t<contiguous<1>, "None">, 3, 4>>, shape<12>, strides<0>, 0>);
static_assert(std::is_same_v<coalesce_t<contiguous<1, 1>>, contiguous<>>);  // one element: rank 0
static_assert(is_layout<coalesce_t<contiguous<2, 0, 3>>, shape<0>, strides<1>, 0>);
static_assert(coalesce_t<slice_t<contiguous<100>, "10:20">>::storage_size == 100);  // the storage stays
static_assert(std::is_same_v<decltype(coalesce(contiguous<3, 4>{})), contiguous<12>>);
}  // namespace

// --- composition, complement, inverses, divide, product, tile: CuTe's worked examples mirrored ---
namespace {
using namespace strider_static_test;

// CuTe: (6,2):(8,2) o (4,3):(3,1) = ((2,2),3):((24,2),8); row-major, flattened:
// (2,6):(2,8) o (3,4):(1,3) = (3,2,2):(8,2,24).
static_assert(is_layout<composition_t<layout<shape<2, 6>, strides<2, 8>>, layout<shape<3, 4>, strides<1, 3>>>, shape<3, 2, 2>, strides<8, 2, 24>>);
// CuTe example 1: 20:2 o (5,4):(4,1) = (5,4):(8,2); row-major: (20):(2) o (4,5):(1,4) = (4,5):(2,8).
static_assert(is_layout<composition_t<layout<shape<20>, strides<2>>, layout<shape<4, 5>, strides<1, 4>>>, shape<4, 5>, strides<2, 8>>);
// CuTe example 2: (10,2):(16,4) o (5,4):(1,5) = (5,(2,2)):(16,(80,4)); row-major:
// (2,10):(4,16) o (4,5):(5,1) = ((2,2),5):((4,80),16).
static_assert(is_layout<composition_t<layout<shape<2, 10>, strides<4, 16>>, layout<shape<4, 5>, strides<5, 1>>>, shape<2, 2, 5>, strides<4, 80, 16>>);
// CuTe's by-mode example, (12,(4,8)):(59,(13,1)) o <3:4, 8:2> = (3,(2,4)):(236,(26,1)), as one
// composition: the tiler's second mode steps over 12 indices per column, so B = (8,3):(24,4).
static_assert(is_layout<composition_t<layout<shape<8, 4, 12>, strides<1, 13, 59>>, layout<shape<8, 3>, strides<24, 4>>>, shape<4, 2, 3>,
                        strides<1, 26, 236>>);
// The first mode of CuTe's 2-D divide example, A = (9,(4,8)):(59,(13,1)) by <3:3, (2,4):(1,8)>, as one
// composition: (3,(2,4)):(177,(13,2)), checked element by element from the definition. (The
// documentation prints (236,(13,52)), which is neither this tiler's nor the composition example's.)
static_assert(is_layout<composition_t<layout<shape<8, 4, 9>, strides<1, 13, 59>>, layout<shape<4, 2, 3>, strides<72, 9, 3>>>, shape<4, 2, 3>,
                        strides<2, 13, 177>>);
// A view keeps its offset and storage: the second half of 40 elements read as a 4x5 matrix.
static_assert(is_layout<composition_t<slice_t<contiguous<40>, "20:">, layout<shape<4, 5>, strides<5, 1>>>, shape<4, 5>, strides<5, 1>, 20>);
static_assert(composition_t<slice_t<contiguous<40>, "20:">, contiguous<2, 2>>::storage_size == 40);

// CuTe's complement examples, cotarget 24, row-major.
static_assert(is_layout<complement_t<layout<shape<4>, strides<1>>, 24>, shape<6>, strides<4>>);                 // 4:1 -> 6:4
static_assert(is_layout<complement_t<layout<shape<6>, strides<4>>, 24>, shape<4>, strides<1>>);                 // 6:4 -> 4:1
static_assert(is_layout<complement_t<layout<shape<6, 4>, strides<4, 1>>, 24>, shape<>, strides<>>);             // (4,6):(1,4) -> 1:0
static_assert(is_layout<complement_t<layout<shape<4>, strides<2>>, 24>, shape<3, 2>, strides<8, 1>>);           // 4:2 -> (2,3):(1,8)
static_assert(is_layout<complement_t<layout<shape<4, 2>, strides<6, 1>>, 24>, shape<3>, strides<2>>);           // (2,4):(1,6) -> 3:2
static_assert(is_layout<complement_t<layout<shape<2, 2>, strides<6, 1>>, 24>, shape<2, 3>, strides<12, 2>>);    // (2,2):(1,6) -> (3,2):(2,12)
static_assert(complement_t<layout<shape<4>, strides<2>>, 24>::storage_size == 24);

// right_inverse((2,4,6):(4,1,8)) = (4,2,6):(2,1,8); row-major (6,4,2):(8,1,4) -> (6,2,4):(8,1,2).
static_assert(is_layout<right_inverse_t<layout<shape<6, 4, 2>, strides<8, 1, 4>>>, shape<6, 2, 4>, strides<8, 1, 2>>);
static_assert(is_layout<right_inverse_t<contiguous<3, 4>>, shape<12>, strides<1>>);
static_assert(is_layout<right_inverse_t<column_major<3, 4>>, shape<4, 3>, strides<1, 4>>);  // the transpose's index map
// left_inverse((4,2):(1,16)) = (16,2):(1,4); row-major (2,4):(16,1) -> (2,16):(4,1).
static_assert(is_layout<left_inverse_t<layout<shape<2, 4>, strides<16, 1>>>, shape<2, 16>, strides<4, 1>>);
static_assert(left_inverse_t<layout<shape<2, 4>, strides<16, 1>>>::storage_size == 20);  // its own span

// A tiled layout is its layout with a tile rank (the plain layout is its base).
// logical_divide((2,4,3):(4,1,8), 4:2) = ((2,2),(2,3)):((4,1),(2,8)); row-major, the tile last:
// (3,2,4):(8,1,2) divided by (4):(2) is (3,2 | 2,2):(8,2 | 1,4), tile_rank 2.
using divided = logical_divide_t<layout<shape<3, 2, 4>, strides<8, 1, 2>>, layout<shape<4>, strides<2>>>;
static_assert(is_layout<static_layout<divided::value>, shape<3, 2, 2, 2>, strides<8, 2, 1, 4>>);
static_assert(divided::tile_rank == 2 && divided::rest_rank == 2);
static_assert(std::is_base_of_v<layout<shape<3, 2, 2, 2>, strides<8, 2, 1, 4>>, divided>);
// logical_product((2,2):(4,1), 6:1) = ((2,2),(2,3)):((4,1),(2,8)), the same layout as the divide above.
using product = logical_product_t<layout<shape<2, 2>, strides<1, 4>>, layout<shape<6>, strides<1>>>;
static_assert(is_layout<static_layout<product::value>, shape<3, 2, 2, 2>, strides<8, 2, 1, 4>>);
static_assert(product::tile_rank == 2);

// tile: 8x8 in 2x4 blocks: which block (4, 2), then the element in it (2, 4).
using blocks = tile_t<contiguous<8, 8>, 2, 4>;
static_assert(is_layout<static_layout<blocks::value>, shape<4, 2, 2, 4>, strides<16, 4, 8, 1>>);
static_assert(blocks::tile_rank == 2);
static_assert(blocks{}(1, 1, 0, 0) == 2 * 8 + 4);  // block (1, 1) starts at row 2, column 4
// Operations take a tiled layout as any other: the second block row.
static_assert(is_layout<select_t<blocks, 0, 1>, shape<2, 2, 4>, strides<4, 8, 1>, 16>);
static_assert(std::is_same_v<decltype(tile<2, 4>(contiguous<8, 8>{})), blocks>);

// vector_width_v: float (4 bytes) over a 16-byte aligned pointer: 4 when rows are contiguous and
// each row starts on a multiple of 4 elements.
static_assert(vector_width_v<contiguous<64, 64>, 4, 16> == 4);
static_assert(vector_width_v<contiguous<64, 64>, 2, 16> == 8);
static_assert(vector_width_v<slice_t<contiguous<64, 64>, ":, 1:">, 4, 16> == 1);  // rows start at odd offsets
static_assert(vector_width_v<slice_t<contiguous<64, 64>, ":, 2:">, 4, 16> == 2);
static_assert(vector_width_v<contiguous<64, 6>, 4, 16> == 4);                   // rows of 6 are one contiguous run
static_assert(vector_width_v<slice_t<contiguous<64, 8>, ":, :6">, 4, 16> == 2);  // runs of 6 in rows of 8
static_assert(vector_width_v<transpose_t<contiguous<64, 64>, 0, 1>, 4, 16> == 1);
}  // namespace
