// How a kernel's threads touch memory, proved by the compiler (docs/access.md): the access
// certificate of a shared-memory tile read through a thread-value layout, a bank conflict fixed
// by padding and by a swizzle, and the same certificate at run time with its message.
#include <cstdio>
#include <strider/access.hpp>
#include <strider/static.hpp>

using namespace strider;

// 32 threads, each holding one row of a 32 x 32 tile of floats.
using rows_of_threads = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;

// Read one float at a time, every instruction is the warp reading one column: 32 words of one
// bank, 32 wavefronts where 1 would do.
using plain = access_t<contiguous<32, 32>, rows_of_threads, 4, 1>;
static_assert(plain::bank_conflicts == 32 * 31 && plain::worst.ways == 32);

// Padding each row to 33 floats, or swizzling the column by the row (CuTe's Swizzle<5, 0, 5>),
// puts the 32 rows' column k in 32 different banks.
using padded_rows = layout<shape<32, 32>, strides<33, 1>>;
using swizzled = swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>;
static_assert(access_t<padded_rows, rows_of_threads, 4, 1>::bank_conflicts == 0);
static_assert(require_conflict_free_t<swizzled, rows_of_threads, 4, 1>::wavefronts == 32);

// The staging tile of examples/cuda/staged_transpose: 256 threads of 4 x 4 floats, rows of 4 as
// 128-bit vectors; conflict-free in shared memory and coalesced from global memory.
using staging = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
using staged = require_coalesced_t<contiguous<64, 64>, staging, 4>;
static_assert(staged::vector_width == 4 && staged::bank_conflicts == 0);

int main() {
  // The same rule at run time: a layout_error names the threads, the bank and the offsets.
  const access_report r = access(dynamic_layout::contiguous({32, 32}), thread_value(dynamic_layout::contiguous({32, 1}), dynamic_layout::contiguous({1, 32})), 4, 1);
  try {
    require_conflict_free(r);
  } catch (const layout_error& e) {
    std::printf("%s\n", e.what());
  }
  std::printf("wavefronts %lld, sectors %lld (ideal %lld)\n", static_cast<long long>(r.wavefronts), static_cast<long long>(r.sectors),
              static_cast<long long>(r.ideal_sectors));
  return r.bank_conflicts == plain::bank_conflicts ? 0 : 1;
}
