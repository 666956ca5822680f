// The ldmatrix / stmatrix atoms (include/strider/atom/ldmatrix.hpp) against the PTX ISA's
// statement of the instruction, written here apart from the library: lanes 8j to 8j + 7 give the
// row addresses of matrix j; afterwards register j of lane L holds row L / 4, columns 2 (L % 4)
// and + 1 of matrix j, and `.trans` transposes each 8 x 8. Then the moves placed in a tile
// (compose_fragment_t) and read through the access certificate, 8 row addresses per phase.
#include <strider/strider.hpp>

#include "static_test.hpp"

namespace {
using namespace strider;

struct mrc {
  index_t matrix, row, column;
};
constexpr index_t index_of(mrc e) { return (e.matrix * 8 + e.row) * 8 + e.column; }
// Register j's element e of lane L.
constexpr mrc ptx_register(index_t lane, index_t j, index_t e, bool transposed) {
  const index_t row = lane / 4, column = 2 * (lane % 4) + e;
  return transposed ? mrc{j, column, row} : mrc{j, row, column};
}
template <class Atom, class Registers, class Rows>
constexpr bool matches_ptx() {
  constexpr index_t M = Atom::matrices;
  if (Registers::threads != 32 || Registers::values != 2 * M || Rows::threads != 8 * M || Rows::values != 8) return false;
  for (index_t lane = 0; lane < 32; ++lane)
    for (index_t j = 0; j < M; ++j)
      for (index_t e = 0; e < 2; ++e)
        if (Registers::element(lane, 2 * j + e) != index_of(ptx_register(lane, j, e, Atom::transposed))) return false;
  for (index_t lane = 0; lane < 8 * M; ++lane)
    for (index_t c = 0; c < 8; ++c)
      if (Rows::element(lane, c) != index_of({lane / 8, lane % 8, c})) return false;
  return true;
}
template <class Atom>
constexpr bool load_matches() { return matches_ptx<Atom, typename Atom::dst_layout, typename Atom::src_layout>(); }
template <class Atom>
constexpr bool store_matches() { return matches_ptx<Atom, typename Atom::src_layout, typename Atom::dst_layout>(); }
static_assert(load_matches<ldmatrix_x1>() && load_matches<ldmatrix_x2>() && load_matches<ldmatrix_x4>());
static_assert(load_matches<ldmatrix_x1_trans>() && load_matches<ldmatrix_x2_trans>() && load_matches<ldmatrix_x4_trans>());
static_assert(store_matches<stmatrix_x1>() && store_matches<stmatrix_x2>() && store_matches<stmatrix_x4>());
static_assert(store_matches<stmatrix_x4_trans>() && store_matches<stmatrix_x2_trans>() && store_matches<stmatrix_x1_trans>());
static_assert(ldmatrix_x4::registers == 4 && ldmatrix_x2::address_lanes == 16 && ldmatrix_x4::dst_layout::tile_shape == std::array<index_t, 3>{4, 8, 8});
// The comments' examples.
static_assert(ldmatrix<4>::dst_layout::element(5, 3) == 1 * 64 + 1 * 8 + 2 + 1);
static_assert(stmatrix<2, true>::src_layout::element(5, 3) == 1 * 64 + (2 + 1) * 8 + 1);

// --- placed in a tile: ldmatrix.x4 gives exactly m16n8k16's A --------------------------------------
// Matrix j at rows 8 (j % 2), columns 8 (j / 2) of a 16 x 16 tile: (j / 2, j % 2, row, column).
using a_placement = layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>;
using a_registers = compose_fragment_t<a_placement, ldmatrix_x4::dst_layout, shape<16, 16>>;
static_assert(std::is_same_v<require_fragment_t<mma_m16n8k16<f16, f16, f32>::a_layout, a_registers>, a_registers>);
// B (16 x 8, k by n) from shared memory stored n-major (each stored row one n, its 16 k in a
// row, as a TN GEMM keeps B): .x2 with matrix j the stored columns 8j to 8j + 7. Lane L's register
// j holds stored row L / 4 (n = g) at stored columns 2t and 2t + 1 of matrix j (k = 2t + e + 8j):
// m16n8k16's B, without .trans.
using b_placement = layout<shape<2, 8, 8>, strides<64, 1, 8>>;  // (j, stored row n, stored column c) -> (8j + c) * 8 + n
using b_registers = compose_fragment_t<b_placement, ldmatrix_x2::dst_layout, shape<16, 8>>;
static_assert(std::is_same_v<require_fragment_t<mma_m16n8k16<f16, f16, f32>::b_layout, b_registers>, b_registers>);

// --- the read's banks: 8 row addresses of 16 bytes per phase ---------------------------------------
// A 16 x 16 half tile at the corner of a 64-column shared buffer (128-byte rows): each phase's 8
// rows start in the same 4 banks, 8-way; Swizzle<3, 3, 3> spreads them over all 32.
using a_rows = compose_fragment_t<a_placement, ldmatrix_x4::src_layout, shape<16, 16>>;
using corner = layout<shape<16, 16>, strides<64, 1>>;
using plain = access_t<corner, a_rows, 2, 8>;
static_assert(plain::vector_width == 8 && plain::phases == 4 && plain::wavefronts == 32 && plain::bank_conflicts == 28);
using swizzled = require_conflict_free_t<swizzled_t<corner, swizzle<3, 3, 3>>, a_rows, 2, 8>;
static_assert(swizzled::wavefronts == 4 && swizzled::bank_conflicts == 0);
// A 16 x 16 tile alone (32-byte rows): rows r and r + 4 share banks, 2-way.
static_assert(access_t<contiguous<16, 16>, a_rows, 2, 8>::bank_conflicts == 4);
static_assert(access_t<swizzled_t<contiguous<16, 16>, swizzle<1, 3, 3>>, a_rows, 2, 8>::bank_conflicts == 0);
}  // namespace
