// The access certificate on published cases (NVIDIA's bank and coalescing rules; CuTe's
// swizzles), each figure worked out by hand in the comment beside it. The model is in
// docs/access.md; runtime_tests/access_test.cpp holds it against a simulator.
#include <array>
#include <strider/access.hpp>
#include <strider/static.hpp>

namespace {
using namespace strider;

// --- swizzles ------------------------------------------------------------------------------------
// swizzle<3, 3, 3>: bits 6-8 (the row of a 64-wide tile of 2-byte elements) XOR bits 3-5 (the
// 16-byte chunk): row 1, column 0 (offset 64) moves to column 8.
static_assert(swizzle<3, 3, 3>{}(64) == 72 && swizzle<3, 3, 3>::inverse(72) == 64 && swizzle<3, 3, 3>::period == 512);
static_assert(swizzle<5, 0, 5>{}(32 * 3 + 1) == 32 * 3 + (1 ^ 3));
static_assert(swizzle<2, 1, -3>{}(0b0'0110) == 0b11'0110);  // bits 1-2 (11) flip bits 4-5
static_assert(swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>{}(1, 0) == 72 && swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>::required_span == 512);
static_assert(swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>::is_unique);

// --- a 32 x 32 tile of floats --------------------------------------------------------------------
// By rows: thread t holds column t, so instruction k is the warp reading row k: 32 consecutive
// words, one per bank, 128 bytes in 4 sectors.
using by_rows = thread_value_t<contiguous<1, 32>, contiguous<32, 1>>;
using rows_read = access_t<contiguous<32, 32>, by_rows, 4>;
static_assert(rows_read::vector_width == 1 && rows_read::instructions == 32 && rows_read::wavefronts == 32 && rows_read::bank_conflicts == 0);
static_assert(rows_read::coalesced && rows_read::sectors == 32 * 4);
// By columns, one float at a time: thread t holds row t, instruction k reads column k: 32 words
// 32 apart, all in bank k: 32 wavefronts each, and 32 sectors where 4 would do.
using by_columns = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;
using columns_read = access_t<contiguous<32, 32>, by_columns, 4, 1>;
static_assert(columns_read::wavefronts == 32 * 32 && columns_read::bank_conflicts == 32 * 31);
static_assert(columns_read::worst == bank_collision{0, 0, 0, 32, 0, 0, 1, 32});
static_assert(columns_read::sectors == 32 * 32 && columns_read::ideal_sectors == 32 * 4);
static_assert(columns_read::worst_global == sector_excess{0, 32, 4, 0, 0, 1, 32});
// Padded to 33 columns, or swizzled by swizzle<5, 0, 5> (row r's column k at k ^ r): the 32 rows'
// column k lands in 32 different banks.
static_assert(access_t<layout<shape<32, 32>, strides<33, 1>>, by_columns, 4, 1>::bank_conflicts == 0);
static_assert(access_t<swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>, by_columns, 4, 1>::bank_conflicts == 0);
// With 16-byte vectors (the widest that holds): phases of 8 threads, each reading 4 words of its
// own row at the same column, banks 4k to 4k + 3: 8-way in each of the 4 phases of 8 instructions.
using columns_vectors = access_t<contiguous<32, 32>, by_columns, 4>;
static_assert(columns_vectors::vector_width == 4 && columns_vectors::instructions == 8 && columns_vectors::phases == 32);
static_assert(columns_vectors::wavefronts == 32 * 8 && columns_vectors::worst.ways == 8);

// --- an 8 x 64 tile of 2-byte elements, 8 threads each reading 16 bytes of its own row -----------
// Rows are 128 bytes, so every row's chunk k is in banks 4k to 4k + 3: 8-way in the one phase of
// 8 threads. swizzle<3, 3, 3> moves row r's chunk k to chunk k ^ r: 8 different chunks.
using own_rows = thread_value_t<contiguous<8, 1>, contiguous<1, 64>>;
static_assert(access_t<contiguous<8, 64>, own_rows, 2>::vector_width == 8 && access_t<contiguous<8, 64>, own_rows, 2>::worst.ways == 8);
using swizzled_rows = access_t<swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>, own_rows, 2>;
static_assert(swizzled_rows::vector_width == 8 && swizzled_rows::bank_conflicts == 0 && swizzled_rows::wavefronts == 8);

// --- the staging tile of examples/cuda/staged_transpose: 64 x 64 floats, 256 threads of 4 x 4 -----
// Each instruction is a row of 4 floats per thread; a phase's 8 threads read 8 neighbouring
// 16-byte chunks of one row: no conflict, and every warp instruction's 512 bytes in 16 sectors.
using staging = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
using staged = require_coalesced_t<contiguous<64, 64>, staging, 4, 4>;
static_assert(staged::vector_width == 4 && staged::instructions == 8 * 4 && staged::bank_conflicts == 0);
static_assert(std::is_same_v<require_conflict_free_t<contiguous<64, 64>, staging, 4, 4>, staged>);
}  // namespace

namespace search {
using namespace strider;
// The search finds the published swizzles: 8 rows of 2-byte elements read in 16-byte vectors need
// 3 bits over 8-element units (CuTe's Swizzle<3, 3, 3>); the 32 rows of floats read one at a time
// need 5 bits over single floats; with 16-byte vectors 3 bits over units of 4 floats.
using own_rows = thread_value_t<contiguous<8, 1>, contiguous<1, 64>>;
using by_columns = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;
static_assert(std::is_same_v<conflict_free_swizzle_t<contiguous<8, 64>, own_rows, 2>, swizzle<3, 3, 3>>);
static_assert(conflict_free_swizzle(contiguous<32, 32>::value, by_columns::tv_value, 4) == swizzle_value{3, 2, 3});
static_assert(std::is_same_v<conflict_free_swizzle_t<layout<shape<32, 32>, strides<33, 1>>, by_columns, 4>, swizzle<0, 0, 0>>);  // padded: none needed
static_assert(access_t<swizzled_t<contiguous<32, 32>, swizzle<3, 2, 3>>, by_columns, 4>::bank_conflicts == 0);
// An SGEMM's A tile stored k-major (8 x 128 floats), each of 256 threads writing 4 values down a
// column (32-way plain), read by fragments of 4 floats: both accesses take one bit over 16-float
// units. (The searches of one access alone, which try more swizzles, are checked at run time in
// runtime_tests/access_test.cpp: clang's constant evaluator stops at its step limit first.)
using a_store = thread_value_t<layout<shape<2, 128>, strides<1, 2>>, contiguous<4, 1>>;
using a_fragments = thread_value_t<contiguous<8, 32>, contiguous<1, 4>>;
static_assert(access_t<contiguous<8, 128>, a_store, 4>::bank_conflicts > 0);
static_assert(std::is_same_v<conflict_free_swizzle_t<contiguous<8, 128>, accesses<a_store, a_fragments>, 4>, swizzle<1, 4, 5>>);
static_assert(access_t<swizzled_t<contiguous<8, 128>, swizzle<1, 4, 5>>, a_fragments, 4>::vector_width == 4 &&
              access_t<swizzled_t<contiguous<8, 128>, swizzle<1, 4, 5>>, a_fragments, 4>::bank_conflicts == 0);
// Two accesses of one 8 x 64 tile of 2-byte elements: 512 threads down its columns (one element
// each; 8-way plain) and 64 threads by rows in 16-byte vectors. The columns alone take
// Swizzle<3, 2, 4> (run time: access_test.cpp), which halves the rows' vectors; both together
// take CuTe's Swizzle<3, 3, 3>, and each access keeps its width.
using down_columns = thread_value_t<layout<shape<8, 64>, strides<1, 8>>, contiguous<1, 1>>;
using row_vectors = thread_value_t<contiguous<8, 8>, contiguous<1, 8>>;
using tile_8x64 = contiguous<8, 64>;
static_assert(access_t<swizzled_t<tile_8x64, swizzle<3, 2, 4>>, down_columns, 2>::bank_conflicts == 0);
static_assert(access_t<swizzled_t<tile_8x64, swizzle<3, 2, 4>>, row_vectors, 2>::vector_width == 4);
static_assert(std::is_same_v<conflict_free_swizzle_t<tile_8x64, accesses<down_columns, row_vectors>, 2>, swizzle<3, 3, 3>>);
static_assert(access_t<swizzled_t<tile_8x64, swizzle<3, 3, 3>>, down_columns, 2>::bank_conflicts == 0);
static_assert(access_t<swizzled_t<tile_8x64, swizzle<3, 3, 3>>, row_vectors, 2>::bank_conflicts == 0 &&
              access_t<swizzled_t<tile_8x64, swizzle<3, 3, 3>>, row_vectors, 2>::vector_width == 8);
}  // namespace search

namespace run_time_offset {
using namespace strider;
// A global read from tile_at of a matrix with run-time rows (static columns): the tile's only
// run-time entry is its offset, and the certificate is the one at offset 0: 256 threads' float4s
// of a 64 x 64 tile of rows 1024 floats apart, coalesced.
using staging = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
using block_tile = tile_at_t<tile_t<contiguous<dyn, 1024>, 64, 64>>;
static_assert(mixed_layout_type<block_tile> && block_tile::static_offset == dyn);
using read = require_coalesced_t<block_tile, staging, 4, 4>;
static_assert(read::vector_width == 4 && read::sectors == access_t<layout<shape<64, 64>, strides<1024, 1>>, staging, 4>::sectors);
static_assert(access_t<partition_t<contiguous<64, 64>, staging>, thread_value_t<contiguous<1, 1>, contiguous<4, 4>>, 4>::vector_width == 4);  // one thread's values
// A swizzled mixed tile (tile_at of a swizzled view): the swizzle XORs bits of the whole offset,
// so the certificate counts every 128-byte line start of the period (8 for swizzle<3, 3, 3> on
// halves). Halves of tile 2 of a 36 x 16 swizzled view start at element 192 (byte 384), where the
// run-time certificate at that offset finds instruction 1 2-way on bank 16; at offset 0 it finds
// none, and the static one must not say conflict-free.
using swizzled_tile = swizzled_t<tile_at_t<tile_t<contiguous<36, 16>, 6, 16>>, swizzle<3, 3, 3>>;
using column_reads = as_thread_value_t<layout<shape<2, 2, 3, 2, 2, 2>, strides<4, 2, 16, 1, 8, 48>>, 1, shape<6, 16>>;
static_assert(access(dynamic_layout({6, 16}, {16, 1}, 0), swizzle_value{3, 3, 3}, column_reads::tv_value, 2, 1).bank_conflicts == 0);
static_assert(access(dynamic_layout({6, 16}, {16, 1}, 192), swizzle_value{3, 3, 3}, column_reads::tv_value, 2, 1).bank_conflicts == 2);
static_assert(access_t<swizzled_tile, column_reads, 2, 1>::bank_conflicts == 2 && access_t<swizzled_tile, column_reads, 2, 1>::worst.bank == 16);
static_assert(!access_t<swizzled_tile, column_reads, 2, 1>::conflict_free);
// The same tile as a static type at offset 0 is certified there alone.
static_assert(access_t<swizzled_t<layout<shape<6, 16>, strides<16, 1>>, swizzle<3, 3, 3>>, column_reads, 2, 1>::conflict_free);
}  // namespace run_time_offset

namespace emitted {
// What `strider --emit-cpp "access(contiguous(8, 64), thread_value(contiguous(8, 1), contiguous(1, 64)), 2, swizzle(3, 3, 3))"`
// prints (tools/tests/command_tests.cmake), as printed.
using certificate = strider::access_t<strider::swizzled_t<strider::contiguous<8, 64>, strider::swizzle<3, 3, 3>>, strider::thread_value_t<strider::contiguous<8, 1>, strider::contiguous<1, 64>>, 2>;
static_assert(certificate::vector_width == 8 && certificate::bank_conflicts == 0 && certificate::sectors == 64);
}  // namespace emitted
