// The hardware's instructions as checked thread-value layouts (docs/atoms.md): an mma.sync atom's
// fragments, the atom tiled over a block of warps, a kernel's own fragment checked against the
// instruction's, and the host twin of a warp's instruction. Prints each step; exits 1 if a value
// is not the one the page states.
#include <cstdio>
#include <vector>

#include <strider/strider.hpp>

using namespace strider;

// The atom: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 (CuTe's SM80_16x8x16_F32F16F16F32_TN).
using atom = mma_m16n8k16<f16, f16, f32>;
// Lane 5 (g = 1, t = 1) holds as its register a3 the element (9, 3) of A's 16 x 16 tile.
static_assert(atom::a_layout::element(5, 3) == 9 * 16 + 3);
static_assert(atom::a_layout::threads == 32 && atom::a_layout::values == 8 && atom::a_registers == 4);

// The atom over a 64 x 32 x 32 block tile by 2 x 2 warps (CuTe's TiledMMA): 128 threads, each
// warp issuing 2 x 2 atoms per K step of 16, two K steps per block tile.
using block_mma = tiled_mma<atom, shape<2, 2>, shape<64, 32, 32>>;
static_assert(block_mma::threads == 128 && block_mma::repeats_m == 2 && block_mma::repeats_n == 2 && block_mma::repeats_k == 2);
// Thread 37 (warp 1, lane 5) holds C's element (1, 8 + 3) as its value 1.
static_assert(block_mma::c_layout::element(37, 1) == 1 * 32 + 11);

// A kernel's own accumulator fragment, written from the PTX ISA's table, checked against the
// instruction's: the same elements, so require_fragment_t is the fragment's own type.
using my_accumulator = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 2, 64, 1>>, 2, shape<16, 8>>;
using checked_accumulator = require_fragment_t<atom::c_layout, my_accumulator>;

// ldmatrix.x4 with matrix j at rows 8 (j % 2), columns 8 (j / 2) of a 16 x 16 tile: its registers
// are exactly the m16n8k16 A fragment, and its row reads from the corner of a 64-column shared
// buffer read through Swizzle<3, 3, 3> are conflict-free (8 row addresses of 16 bytes per phase).
using matrix_placement = layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>;
using a_from_ldmatrix = compose_fragment_t<matrix_placement, ldmatrix_x4::dst_layout, shape<16, 16>>;
static_assert(std::is_same_v<require_fragment_t<atom::a_layout, a_from_ldmatrix>, a_from_ldmatrix>);
using ldmatrix_rows = compose_fragment_t<matrix_placement, ldmatrix_x4::src_layout, shape<16, 16>>;
using shared_a = swizzled_t<layout<shape<16, 16>, strides<64, 1>>, swizzle<3, 3, 3>>;
using ldmatrix_read = require_conflict_free_t<shared_a, ldmatrix_rows, 2, 8>;
static_assert(access_t<layout<shape<16, 16>, strides<64, 1>>, ldmatrix_rows, 2, 8>::bank_conflicts == 28);  // unswizzled: 8-way

int main() {
  bool ok = true;
  // One thread's values of a shared tile of A: the partition, a layout of the thread's values.
  const auto mine = block_mma::partition_a(contiguous<64, 32>{}, 37);
  std::printf("thread 37's first A value is element %lld of the 64 x 32 tile\n", static_cast<long long>(mine(0, 0, 0, 0)));
  ok = ok && mine(0, 0, 0, 0) == 1 * 32 + 2;

  // The host twin: every lane's fragments in register order, D = A * B + C. A is the identity
  // (a_layout says where each lane's values sit), so D is B's 16 x 8 plus C.
  atom::a_warp a{};
  atom::b_warp b{};
  atom::c_warp c{};
  for (index_t lane = 0; lane < 32; ++lane) {
    for (index_t i = 0; i < 8; ++i) {
      const index_t e = atom::a_layout::element(lane, i);
      a[lane][i] = e / 16 == e % 16 ? 1.0f : 0.0f;
    }
    for (index_t i = 0; i < 4; ++i) b[lane][i] = static_cast<float>(atom::b_layout::element(lane, i));
    for (index_t i = 0; i < 4; ++i) c[lane][i] = 0.5f;
  }
  const atom::c_warp d = atom::host_fma(a, b, c);
  // Lane 5's d1 is D's (1, 3) = B's (1, 3) + 0.5 = 11.5.
  std::printf("lane 5's d1 = %g\n", static_cast<double>(d[5][1]));
  ok = ok && d[5][1] == 11.5f;
  static_assert(std::is_same_v<checked_accumulator, my_accumulator>);
  std::printf("ldmatrix.x4's read of the swizzled tile: %lld wavefronts, %lld bank conflicts\n", static_cast<long long>(ldmatrix_read::wavefronts),
              static_cast<long long>(ldmatrix_read::bank_conflicts));

  // The block's product in the verbs, on the host: each thread's register fragments copied from
  // its partitions, gemm's twin over every thread (the device's gemm issues the same atoms), the
  // C fragments stored back through C's partition. A is all ones (f16 bits 0x3c00), so C's
  // element (i, j) is the sum of B's column j.
  std::vector<std::uint16_t> a_tile(64 * 32, f16::to_bits(1.0f));
  std::vector<std::uint16_t> b_tile(32 * 32);
  for (index_t e = 0; e < 32 * 32; ++e) b_tile[static_cast<std::size_t>(e)] = f16::to_bits(static_cast<float>(e % 32));
  std::vector<float> c_tile(64 * 32);
  std::vector<a_fragment_t<block_mma>> fa(block_mma::threads);
  std::vector<b_fragment_t<block_mma>> fb(block_mma::threads);
  std::vector<c_fragment_t<block_mma>> fc(block_mma::threads);
  for (index_t t = 0; t < block_mma::threads; ++t) {
    copy(block_mma::partition_a(tensor_view<const std::uint16_t, contiguous<64, 32>>(a_tile), t), fa[static_cast<std::size_t>(t)]);
    copy(block_mma::partition_b(tensor_view<const std::uint16_t, contiguous<32, 32>>(b_tile), t), fb[static_cast<std::size_t>(t)]);
  }
  host_gemm(block_mma{}, fa.data(), fb.data(), fc.data());
  for (index_t t = 0; t < block_mma::threads; ++t) copy(fc[static_cast<std::size_t>(t)], block_mma::partition_c(tensor_view<float, contiguous<64, 32>>(c_tile), t));
  // Column 3 of B holds 3 in each of its 32 rows: C's (10, 3) is 96.
  std::printf("C's (10, 3) = %g\n", static_cast<double>(c_tile[10 * 32 + 3]));
  ok = ok && c_tile[10 * 32 + 3] == 96.0f;
  return ok ? 0 : 1;
}
