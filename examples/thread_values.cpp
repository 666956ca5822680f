// Threads and values: a tile split among threads (CuTe's make_tiled_copy), checked by the
// compiler, and each thread's values as a view (partition). The loop over threads below is what
// a GPU runs at once: each iteration is the body of one thread (its host twin).
#include <cstdio>
#include <numeric>
#include <strider/storage.hpp>
#include <vector>

using namespace strider;

// 256 threads numbered row-major over (8, 32), each holding a run of 4 elements of a row: an
// (8, 128) tile. Thread t holds elements 4t to 4t + 3 (in C order).
using copy_tv = thread_value_t<contiguous<8, 32>, contiguous<1, 4>>;
static_assert(copy_tv::threads == 256 && copy_tv::values == 4);
static_assert(copy_tv::tile_shape == std::array<index_t, 2>{8, 128});
static_assert(copy_tv::element(33, 2) == 134);  // row 1, column 4 + 2
// interleaved: thread t's values 32 apart, so that neighbouring threads read neighbouring elements.
using spread_tv = thread_value_t<contiguous<8, 32>, contiguous<1, 4>, interleaved>;
static_assert(spread_tv::element(33, 2) == 128 + 1 + 64);

// A layout written by hand (an MMA fragment, say) is checked the same way: here thread t holds
// row t of a (4, 2) tile. A layout that missed an element or held one twice would not compile.
using rows_tv = as_thread_value_t<layout<shape<4, 2>, strides<2, 1>>, 1, shape<4, 2>>;
static_assert(rows_tv::element(3, 1) == 7);

// CuTe's blocked and raked products, row-major: a 2x2 block repeated over a 4x3 arrangement.
static_assert(blocked_product_t<contiguous<2, 2>, column_major<4, 3>>::shape == std::array<index_t, 4>{4, 2, 3, 2});
static_assert(raked_product_t<contiguous<2, 2>, column_major<4, 3>>::strides == std::array<index_t, 4>{2, 4, 1, 16});

int main() {
  // A 32 x 256 matrix whose rows are known at run time; block (1, 1) is an (8, 128) tile.
  std::vector<float> data(32 * 256);
  std::iota(data.begin(), data.end(), 0.0f);
  const tensor_view<float, contiguous<dyn, 256>> matrix(data.data(), contiguous<dyn, 256>(32));
  const auto block = tile_at(tile<8, 128>(matrix), 1, 1);

  float staged[8 * 128] = {};
  const tensor_view<float, contiguous<8, 128>> shared(staged);
  for (index_t thread = 0; thread < copy_tv::threads; ++thread) {
    const auto from = partition(block, copy_tv{}, thread);  // shape (1, 4), strides static
    const auto to = partition(shared, copy_tv{}, thread);
    for (index_t v = 0; v < 4; ++v) to(0, v) = from(0, v);
  }
  // Every element of the tile was staged once, where it belongs.
  for (index_t i = 0; i < 8; ++i)
    for (index_t j = 0; j < 128; ++j)
      if (shared(i, j) != block(i, j)) return 1;
  std::printf("staged an (8, 128) tile with %lld threads of %lld values\n", static_cast<long long>(copy_tv::threads),
              static_cast<long long>(copy_tv::values));
  return 0;
}
