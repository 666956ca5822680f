// The rest of CuTe's algebra as types (core/algebra_helpers.hpp): each against CuTe's own result,
// run on CuTe and mirrored to row-major (reverse the modes: CuTe is column-major).
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// CuTe: upcast<4>((8,4):(_1,_8)) is (_2,_4):(_1,_2); downcast<2>((2,4):(_1,_2)) is (_4,_4):(_1,_4);
// recast_layout<half_t, float>((8,4):(_1,_8)) is (_4,_4):(_1,_4).
static_assert(is_layout<upcast_t<contiguous<4, 8>, 4>, shape<4, 2>, strides<2, 1>, 0>);
static_assert(is_layout<downcast_t<contiguous<4, 2>, 2>, shape<4, 4>, strides<4, 1>, 0>);
static_assert(is_layout<recast_layout_t<contiguous<4, 8>, short, float>, shape<4, 4>, strides<4, 1>, 0>);
static_assert(std::is_same_v<decltype(upcast<4>(contiguous<4, 8>{})), upcast_t<contiguous<4, 8>, 4>>);
static_assert(std::is_same_v<decltype(recast_layout<float, short>(contiguous<4, 4>{})), downcast_t<contiguous<4, 4>, 2>>);
// CuTe: filter((2,4,3):(_1,_2,_0)) is _8:_1.
static_assert(is_layout<filter_t<layout<shape<3, 4, 2>, strides<0, 2, 1>>>, shape<8>, strides<1>, 0>);
// CuTe: max_common_vector((2,8):(16,1), (2,8):(8,1)) is 8; max_common_layout of (8,4):(4,1) and
// itself is (4,8):(8,1).
static_assert(max_common_vector_v<layout<shape<8, 2>, strides<1, 16>>, layout<shape<8, 2>, strides<1, 8>>> == 8);
static_assert(max_common_vector(contiguous<4, 8>{}, column_major<4, 8>{}) == 1);
static_assert(max_common_layout_t<layout<shape<4, 8>, strides<1, 4>>, layout<shape<4, 8>, strides<1, 4>>>::size == 32);
// CuTe: make_ordered_layout((2,2,2,2), Step<_0,_2,_3,_1>) is (_2,_2,_2,_2):(_1,_4,_8,_2).
static_assert(is_layout<ordered_layout_t<shape<2, 2, 2, 2>, 1, 3, 2, 0>, shape<2, 2, 2, 2>, strides<2, 8, 4, 1>, 0>);
static_assert(std::is_same_v<ordered_layout_t<shape<2, 3>, 0, 1>, column_major<2, 3>>);
// CuTe: complement(4:2) is 2:1 (one argument); complement_t<L, N> as before.
static_assert(complement_t<layout<shape<4>, strides<2>>>::shape == index_array<1>{2} && complement_t<layout<shape<4>, strides<2>>>::strides == index_array<1>{1});
// CuTe: coalesce(((1,1),(4,2)):((1,1),(1,4)), (1,1)) is (_1,_8):(_0,_1).
static_assert(is_layout<coalesce_t<layout<shape<2, 4, 1, 1>, strides<4, 1, 1, 1>>, 2, 2>, shape<8, 1>, strides<1, 0>, 0>);
// CuTe: tile_to_shape((2,2):(1,2), (6,4)) is ((2,3),(2,2)):((1,4),(2,12)).
static_assert(is_layout<tile_to_shape_t<contiguous<2, 2>, shape<4, 6>>, shape<2, 2, 3, 2>, strides<12, 2, 4, 1>, 0>);
// The divides and products by CuTe's other names are the logical ones, flattened.
static_assert(std::is_same_v<zipped_divide_t<contiguous<16>, layout<shape<2>, strides<4>>>, logical_divide_t<contiguous<16>, layout<shape<2>, strides<4>>>>);
static_assert(std::is_same_v<flat_product_t<contiguous<2>, contiguous<3>>, logical_product_t<contiguous<2>, contiguous<3>>>);
}  // namespace

namespace {
using namespace strider_static_test;
// Tilers by mode as types: CuTe's zipped_divide((8,8):(1,8), make_tile(4:2, 2:1)) is
// ((4,2),(2,4)):((2,8),(1,16)); logical_divide by it ((4,2),(2,4)):((2,1),(8,16));
// logical_product((3,2):(1,3), make_tile(4:1, 2:1)) is ((3,4),(2,2)):((1,3),(3,1)).
using by_mode = make_tile_t<layout<shape<2>, strides<1>>, layout<shape<4>, strides<2>>>;
static_assert(is_layout<static_layout<zipped_divide_t<contiguous<8, 8>, by_mode>::value>, shape<4, 2, 2, 4>, strides<16, 1, 8, 2>, 0>);
static_assert(zipped_divide_t<contiguous<8, 8>, by_mode>::tile_rank == 2 && flat_divide_t<contiguous<8, 8>, by_mode>::tile_rank == 2);
static_assert(is_layout<static_layout<logical_divide_t<contiguous<8, 8>, by_mode>::value>, shape<4, 2, 2, 4>, strides<16, 8, 1, 2>, 0>);
static_assert(logical_divide_t<contiguous<8, 8>, by_mode>::tile_rank == 0);
static_assert(std::is_same_v<decltype(tiled_divide(contiguous<8, 8>{}, by_mode{})), zipped_divide_t<contiguous<8, 8>, by_mode>>);
using repeat = make_tile_t<layout<shape<2>, strides<1>>, layout<shape<4>, strides<1>>>;
static_assert(is_layout<static_layout<logical_product_t<contiguous<2, 3>, repeat>::value>, shape<2, 2, 4, 3>, strides<1, 3, 3, 1>, 0>);
static_assert(is_layout<static_layout<zipped_product_t<contiguous<2, 3>, repeat>::value>, shape<2, 4, 2, 3>, strides<1, 3, 3, 1>, 0>);
static_assert(zipped_product_t<contiguous<2, 3>, repeat>::tile_rank == 2);
// CuTe: composition((6,4):(1,6), make_tile(3:2, 2:2)) is (3,2):(2,12), a view of the 24 elements.
using picked = composition_t<contiguous<4, 6>, make_tile_t<layout<shape<2>, strides<2>>, layout<shape<3>, strides<2>>>>;
static_assert(picked::shape == index_array<2>{2, 3} && picked::strides == index_array<2>{12, 2});
// make_identity_layout's ranks come back through unravel_index.
static_assert(unravel_index(tile_t<contiguous<4, 6>, 2, 3>{}(1, 0, 1, 2), {4, 6}) == dims{3, 2});
}  // namespace
static_assert(std::is_same_v<strider::identity_layout_t<strider::shape<4, 6>>, strider::contiguous<4, 6>>);
