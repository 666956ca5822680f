// Thread-value layouts and the products they are built from, on CuTe's documented examples
// mirrored to row-major (reverse the modes at every level, then flatten): CuTe's column-major
// (M, N) tile is strider's (N, M) tile with the same element numbers.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// --- blocked_product and raked_product (CuTe's layout algebra docs) ---------------------------
// tile = (2,2):(1,2), matrix_of_tiles = (3,4):(4,1):
// blocked_product -> ((2,3),(2,4)):((1,16),(2,4)); raked_product -> ((3,2),(4,2)):((16,1),(4,2)).
using tile_2x2 = contiguous<2, 2>;                                  // (2,2):(1,2) mirrored
using matrix_of_tiles = layout<shape<4, 3>, strides<1, 4>>;         // (3,4):(4,1) mirrored
static_assert(is_layout<blocked_product_t<tile_2x2, matrix_of_tiles>, shape<4, 2, 3, 2>, strides<4, 2, 16, 1>, 0>);
static_assert(is_layout<raked_product_t<tile_2x2, matrix_of_tiles>, shape<2, 4, 2, 3>, strides<2, 4, 1, 16>, 0>);
// A = (2,5):(5,1), B = (3,4):(1,3): blocked ((2,3),(5,4)):((5,10),(1,30)), raked ((3,2),(4,5)):((10,5),(30,1)).
using a_2x5 = layout<shape<5, 2>, strides<1, 5>>;
using b_3x4 = contiguous<4, 3>;
static_assert(is_layout<blocked_product_t<a_2x5, b_3x4>, shape<4, 5, 3, 2>, strides<30, 1, 10, 5>, 0>);
static_assert(is_layout<raked_product_t<a_2x5, b_3x4>, shape<5, 4, 2, 3>, strides<1, 30, 5, 10>, 0>);
// The function forms, and a smaller rank padded with a leading extent-1 axis (CuTe appends 1:0).
static_assert(std::is_same_v<decltype(blocked_product(tile_2x2{}, matrix_of_tiles{})), blocked_product_t<tile_2x2, matrix_of_tiles>>);
static_assert(is_layout<blocked_product_t<contiguous<2>, contiguous<3, 4>>, shape<3, 1, 4, 2>, strides<8, 0, 2, 1>, 0>);

// --- thread_value_t ----------------------------------------------------------------------------
// CuTe's make_layout_tv(thr = (2,3):(3,1), val = (2,2):(2,1)): tiler (4,6), TV
// ((3,2),(2,2)):((8,2),(4,1)): in strider, thread axes (2, 3), value axes (2, 2), a (6, 4) tile.
using tv_doc = thread_value_t<column_major<3, 2>, column_major<2, 2>>;
static_assert(is_layout<static_layout<tv_doc::value>, shape<2, 3, 2, 2>, strides<2, 8, 1, 4>, 0>);
static_assert(tv_doc::threads == 6 && tv_doc::values == 4 && tv_doc::value_rank == 2 && tv_doc::thread_rank == 2);
static_assert(tv_doc::tile_shape == std::array<index_t, 2>{6, 4});
// Its table's first row, T0V0 T0V1 T1V0 T1V1 T2V0 T2V1 (CuTe's row m = 0 is strider's column 0).
static_assert(tv_doc::element(0, 0) == 0 && tv_doc::element(0, 1) == 4 && tv_doc::element(1, 0) == 8 && tv_doc::element(2, 1) == 20);

// make_tiled_copy(UniversalCopy<uint128_t>, thr (32,8) m-major, val (4,1)): TV (256,4):(4,1)
// over a (128, 8) tile: thread t's values are the elements 4t to 4t + 3.
using tv_copy = thread_value_t<contiguous<8, 32>, contiguous<1, 4>>;
static_assert(is_layout<static_layout<tv_copy::value>, shape<8, 32, 1, 4>, strides<128, 4, 128, 1>, 0>);
static_assert(tv_copy::tile_shape == std::array<index_t, 2>{8, 128});
static_assert(tv_copy::element(33, 0) == 132 && tv_copy::element(255, 3) == 1023);
static_assert(coalesce_t<tv_copy>::rank == 1);  // the layout is (t, v) -> 4t + v: one axis of 1024
// Interleaved: thread t's values 32 apart along the row.
using tv_spread = thread_value_t<contiguous<8, 32>, contiguous<1, 4>, interleaved>;
static_assert(is_layout<static_layout<tv_spread::value>, shape<8, 32, 1, 4>, strides<128, 1, 1024, 32>, 0>);

// --- as_thread_value_t: layouts written by hand ------------------------------------------------
// CuTe's tensor docs: tv_layout ((2,4),(2,2)):((8,1),(4,16)) over a 4x8 tile; strider's tile is
// (8, 4), the layout (4,2,2,2):(1,8,16,4). Row T0 of its table is 0 4 16 20.
using tv_hand = as_thread_value_t<layout<shape<4, 2, 2, 2>, strides<1, 8, 16, 4>>, 2, shape<8, 4>>;
static_assert(tv_hand::threads == 8 && tv_hand::values == 4);
static_assert(tv_hand::element(0, 1) == 4 && tv_hand::element(0, 2) == 16 && tv_hand::element(0, 3) == 20 && tv_hand::element(1, 0) == 8);
// The SM80 16x8x8 MMA's A fragment, ((4,8),(2,2)):((32,1),(16,8)) over (M, K) = (16, 8):
// strider's (8, 16) tile, (8,4,2,2):(1,32,8,16).
using sm80_a = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<1, 32, 8, 16>>, 2, shape<8, 16>>;
static_assert(sm80_a::threads == 32 && sm80_a::values == 4);
// The SM70 8x8x4 F32 accumulator, ((2,2,2),(2,2,2)):((1,16,4),(8,2,32)) over (8, 8).
using sm70_c = as_thread_value_t<layout<shape<2, 2, 2, 2, 2, 2>, strides<4, 16, 1, 32, 2, 8>>, 3, shape<8, 8>>;
static_assert(sm70_c::threads == 8 && sm70_c::values == 8);
// SM90's A from shared memory, (128,(64,16)):(0,(1,64)): every thread sees the whole 64x16 tile.
using sm90_a = as_thread_value_t<layout<shape<128, 16, 64>, strides<0, 64, 1>>, 2, shape<16, 64>, replicated>;
static_assert(sm90_a::is_replicated && sm90_a::element(127, 65) == 65);

// --- partition_t and partition -------------------------------------------------------------------
// One thread's values of a (8, 128) tile of a row-major matrix with 1024 columns.
using tile_in_matrix = layout<shape<8, 128>, strides<1024, 1>>;
using mine = partition_t<tile_in_matrix, tv_copy>;
static_assert(mine::rank == 2 && mine::static_shape == std::array<index_t, 2>{1, 4} && mine::static_strides[1] == 1);
static_assert(partition(tile_in_matrix{}, tv_copy{}, 33).offset() == 1024 + 4);
static_assert(partition(tile_in_matrix{}, tv_copy{}, 33)(0, 3) == 1024 + 7);
static_assert(partition(tile_in_matrix{}, tv_spread{}, 33)(0, 3) == 1024 + 1 + 96);
// The hand-written layout's thread 1 over a row-major (8, 4) tile: elements 8, 12, 24, 28.
static_assert(partition(contiguous<8, 4>{}, tv_hand{}, 1)(0, 1) == 12 && partition(contiguous<8, 4>{}, tv_hand{}, 1)(1, 1) == 28);
// How wide each thread's accesses may be: rows of 4 floats over a 16-byte aligned row-major tile
// are 128-bit; padded rows of 65 floats are not; a tile of a matrix with a run-time leading
// dimension gives no answer beyond 1; the partition type alone knows no offset (1).
using staging = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
static_assert(partition_vector_width_v<contiguous<64, 64>, staging, 4, 16> == 4);
static_assert(partition_vector_width_v<tile_at_t<tile_t<contiguous<256, 256>, 64, 64>>, staging, 4, 16> == 4);
static_assert(partition_vector_width_v<contiguous<64, 64>, staging, 4, 8> == 2);
static_assert(partition_vector_width_v<layout<shape<64, 64>, strides<65, 1>>, staging, 4, 16> == 1);
static_assert(partition_vector_width_v<layout<shape<64, 64>, strides<dyn, 1>>, staging, 4, 16> == 1);
static_assert(partition_vector_width_v<contiguous<64, 64>, thread_value_t<contiguous<16, 16>, contiguous<4, 4>, interleaved>, 4, 16> == 1);
static_assert(vector_width_v<partition_t<contiguous<64, 64>, staging>, 4, 16> == 1);

// --- the types `strider --emit-cpp` prints (tools/tests/command_tests.cmake), as printed ----------
// Interleaved over an 8 x 8 tile: thread (r, c) of 4 x 2 holds rows r + 4 i, columns c + 2 j.
using emitted_partition = strider::partition_t<strider::contiguous<8, 8>, strider::thread_value_t<strider::contiguous<4, 2>, strider::contiguous<2, 4>, strider::interleaved>>;
static_assert(emitted_partition::static_shape == std::array<index_t, 2>{2, 4} && emitted_partition::static_strides == std::array<index_t, 2>{32, 2});
static_assert(partition(contiguous<8, 8>{}, thread_value_t<contiguous<4, 2>, contiguous<2, 4>, interleaved>{}, 5)(1, 3) == (2 + 4) * 8 + 1 + 6);
using emitted_replicated = strider::as_thread_value_t<strider::layout<strider::shape<2, 2>, strider::strides<0, 1>>, 1, strider::shape<2>, strider::replicated>;
static_assert(emitted_replicated::is_replicated && emitted_replicated::threads == 2 && emitted_replicated::element(1, 1) == 1);
}  // namespace
