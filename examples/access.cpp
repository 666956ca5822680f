// How a kernel's threads touch memory, proved by the compiler (docs/access.md): the access
// certificate of a shared-memory tile read through a thread-value layout, a bank conflict fixed
// by padding and by a swizzle, a swizzled tile as a view's layout, and the same certificate at
// run time with its message.
#include <array>
#include <cstdio>
#include <iostream>
#include <strider/strider.hpp>

using namespace strider;

// 32 threads, each holding one row of a 32 x 32 tile of floats.
using rows_of_threads = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;

// Padding each row to 33 floats, or swizzling the column by the row (CuTe's Swizzle<5, 0, 5>),
// puts the 32 rows' column k in 32 different banks.
using padded_rows = layout<shape<32, 32>, strides<33, 1>>;
using swizzled = swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>;
static_assert(access_t<padded_rows, rows_of_threads, 4, 1>::bank_conflicts == 0);
static_assert(require_conflict_free_t<swizzled, rows_of_threads, 4, 1>::wavefronts == 32);

// Read one float at a time, every instruction is the warp reading one column: 32 words of one
// bank, 32 wavefronts where 1 would do.
using plain = access_t<contiguous<32, 32>, rows_of_threads, 4, 1>;
static_assert(plain::bank_conflicts == 32 * 31 && plain::worst.ways == 32);

// The staging tile of examples/cuda/staged_transpose: 256 threads of 4 x 4 floats, rows of 4 as
// 128-bit vectors; conflict-free in shared memory and coalesced from global memory.
using staging = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
using staged = require_coalesced_t<contiguous<64, 64>, staging, 4, 4>;  // float4 loads
static_assert(staged::vector_width == 4 && staged::bank_conflicts == 0);

// 8 threads each reading 16 bytes of their own row of an 8 x 64 tile of 2-byte elements: 8-way
// conflicts in each phase, none through CuTe's Swizzle<3, 3, 3>.
using own_rows = thread_value_t<contiguous<8, 1>, contiguous<1, 64>>;
using halves_tile = swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>;
static_assert(access_t<contiguous<8, 64>, own_rows, 2>::worst.ways == 8);
static_assert(require_conflict_free_t<halves_tile, own_rows, 2, 8>::wavefronts == 8);  // 16-byte loads

int main() {
  // A swizzled tile is a view's layout: element access, the view operations (applied before the
  // swizzle, which stays) and a thread's partition all read through the swizzle.
  std::array<short, halves_tile::storage_size> shared{};
  const tensor_view<short, halves_tile> smem(shared);
  smem(1, 0) = 7;                                    // row 1 starts at offset 64, swizzled to 72
  const auto row = select<0, 1>(smem);               // a swizzled view of row 1
  const auto mine = partition(smem, own_rows{}, 1);  // thread 1's values: row 1
  std::printf("%d %d %d\n", shared[72], row(0), mine(0, 0));
  write_grid(std::cout, swizzled_t<contiguous<4, 8>, swizzle<1, 1, 2>>{});  // rows 1 and 3 swap pairs of columns

  // The same rule at run time: a layout_error names the threads, the bank and the offsets.
  const access_report r = access(dynamic_layout::contiguous({32, 32}), thread_value(dynamic_layout::contiguous({32, 1}), dynamic_layout::contiguous({1, 32})), 4, 1);
  try {
    require_conflict_free(r);
  } catch (const layout_error& e) {
    std::printf("%s\n", e.what());
  }
  std::printf("wavefronts %lld, sectors %lld (ideal %lld)\n", static_cast<long long>(r.wavefronts), static_cast<long long>(r.sectors),
              static_cast<long long>(r.ideal_sectors));
  return r.bank_conflicts == plain::bank_conflicts && shared[72] == 7 && row(0) == 7 && mine(0, 0) == 7 ? 0 : 1;
}
