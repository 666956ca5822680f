// Kernels written with strider's partitions and tiles, each beside the kernel a kernel author
// would write by hand (issue 52): benchmarks/cuda/zero_overhead_ptx.sh compiles them to PTX with
// nvcc -O3 -DNDEBUG and counts, per kernel, its instructions, `.local` declarations (local
// memory), 64-bit `div`/`rem` and `call`s. No GPU needed. Each pair computes the same thing:
//   tile_at_partition   thread t's 4 x 4 values of a block's 64 x 64 tile (static 1024 x 1024)
//   masked_partition    the same over a run-time M x N matrix in masked 64 x 64 tiles (the
//                       tiling made in the kernel: tile_at(tile<masked, 64, 64>(a), ...))
//   masked_elements     a masked 64 x 64 tile of a run-time matrix, by elements (likewise)
//   mixed_access        element (blockIdx.x, threadIdx.x) of a run-time N x 64 matrix
//   mixed_for_each      every element of a run-time N x 64 matrix, scaled
//   shared_partition    a 64 x 64 tile staged through shared memory by 256 threads' 4 x 4 values
//   edge_partition      thread t's 4 x 4 values of a tile whose extents are run-time (at most
//                       64 x 64: a masked edge), partitioned as the whole 64 x 64 tile
//   made_access, made_masked  mixed_access and masked_elements with the view made in the kernel
//                       from a pointer and extents, as a kernel author writes it
//   tile_store          a GEMM's C store: element (t, 0) of a block's 128 x 128 tile of a matrix
//                       whose rows and row stride are run-time values (issue 63: a trap, no store)
//   made_tile, made_tile_multiple  one load and one store of a 64 x 64 tile made in the kernel,
//                       `tile_at(tile<64, 64>(x), blockIdx.x, 0)(r, c)`, rows `dyn` (the tile count
//                       checked: a trap where 64 does not divide) or `dyn_multiple<64>`
//   made_masked_multiple  the same through tile<masked, 64, 64> of dyn_multiple<64> rows (exact)
#include <strider/atom.hpp>
#include <strider/storage.hpp>

namespace {
using namespace strider;
using tv = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;  // 256 threads of 4 x 4 over 64 x 64
using matrix = contiguous<1024, 1024>;
using run_time_matrix = contiguous<dyn, dyn>;
}  // namespace

__global__ void tile_at_partition_hand(const float* a, float* out) {
  const int t = threadIdx.x, r0 = t / 16 * 4, c0 = t % 16 * 4;
  const float* tile = a + blockIdx.y * 64 * 1024 + blockIdx.x * 64;
  float s = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) s += tile[(r0 + i) * 1024 + c0 + j];
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + t] = s;
}
__global__ void tile_at_partition_strider(const float* a, float* out) {
  const tensor_view<const float, matrix> m(a);
  const auto mine = partition(tile_at(tile<64, 64>(m), blockIdx.y, blockIdx.x), tv{}, threadIdx.x);
  float s = 0;
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 4; ++j) s += mine(i, j);
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + threadIdx.x] = s;
}

__global__ void masked_partition_hand(const float* a, long rows, long cols, float* out) {
  const int t = threadIdx.x, r0 = t / 16 * 4, c0 = t % 16 * 4;
  const long row = blockIdx.y * 64L + r0, col = blockIdx.x * 64L + c0;
  float s = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (row + i < rows && col + j < cols) s += a[(row + i) * cols + col + j];
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + t] = s;
}
__global__ void masked_partition_strider(tensor_view<const float, run_time_matrix> a, float* out) {
  const auto mine = partition(tile_at(tile<masked, 64, 64>(a), blockIdx.y, blockIdx.x), tv{}, threadIdx.x);
  float s = 0;
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 4; ++j)
      if (mine.in_bounds(i, j)) s += mine(i, j);
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + threadIdx.x] = s;
}

__global__ void masked_elements_hand(float* a, long rows, long cols, float x) {
  const long r0 = blockIdx.y * 64L, c0 = blockIdx.x * 64L;
  for (int r = threadIdx.y; r < 64; r += blockDim.y) {
    const int c = threadIdx.x;
    if (r0 + r < rows && c0 + c < cols) a[(r0 + r) * cols + c0 + c] *= x;
  }
}
__global__ void masked_elements_strider(tensor_view<float, run_time_matrix> a, float x) {
  const auto t = tile_at(tile<masked, 64, 64>(a), blockIdx.y, blockIdx.x);
  for (index_t r = threadIdx.y; r < 64; r += blockDim.y) {
    const index_t c = threadIdx.x;
    if (t.in_bounds(r, c)) t(r, c) *= x;
  }
}

__global__ void mixed_access_hand(float* a, long rows, float x) {
  const long i = blockIdx.x, j = threadIdx.x;
  if (i < rows) a[i * 64 + j] += x;
}
__global__ void mixed_access_strider(tensor_view<float, contiguous<dyn, 64>> v, float x) {
  const index_t i = blockIdx.x, j = threadIdx.x;
  if (i < v.extent(0)) v(i, j) += x;
}

__global__ void mixed_for_each_hand(float* a, long rows, float x) {
  for (long k = 0; k < rows * 64; ++k) a[k] *= x;
}
__global__ void mixed_for_each_strider(tensor_view<float, contiguous<dyn, 64>> v, float x) {
  for_each(v, [x](float& e) { e *= x; });
}

__global__ void shared_partition_hand(const float* a, float* out) {
  __shared__ float smem[64 * 64];
  const int t = threadIdx.x, r0 = t / 16 * 4, c0 = t % 16 * 4;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) smem[(r0 + i) * 64 + c0 + j] = a[(r0 + i) * 64 + c0 + j];
  __syncthreads();
  out[t] = smem[t * 16 % 4096];
}
__global__ void shared_partition_strider(const float* a, float* out) {
  __shared__ float smem[64 * 64];
  const tensor_view<float, contiguous<64, 64>> s(smem);
  const tensor_view<const float, contiguous<64, 64>> g(a);
  const auto mine = partition(s, tv{}, threadIdx.x);
  const auto src = partition(g, tv{}, threadIdx.x);
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 4; ++j) mine(i, j) = src(i, j);
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x * 16 % 4096];
}

__global__ void edge_partition_hand(const float* a, long rows, long cols, float* out) {
  const int t = threadIdx.x, r0 = t / 16 * 4, c0 = t % 16 * 4;
  float s = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (r0 + i < rows && c0 + j < cols) s += a[(r0 + i) * cols + c0 + j];
  out[t] = s;
}
__global__ void edge_partition_strider(tensor_view<const float, run_time_matrix> a, float* out) {
  const auto mine = partition(a, tv{}, threadIdx.x);
  float s = 0;
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 4; ++j)
      if (mine.in_bounds(i, j)) s += mine(i, j);
  out[threadIdx.x] = s;
}

__global__ void made_access_hand(float* a, long rows, float x) {
  const long i = blockIdx.x, j = threadIdx.x;
  if (i < rows) a[i * 64 + j] += x;
}
__global__ void made_access_strider(float* a, long rows, float x) {
  const tensor_view<float, contiguous<dyn, 64>> v(a, contiguous<dyn, 64>(rows));
  const index_t i = blockIdx.x, j = threadIdx.x;
  if (i < v.extent(0)) v(i, j) += x;
}

__global__ void made_masked_hand(float* a, long rows, long cols, float x) {
  const long r0 = blockIdx.y * 64L, c0 = blockIdx.x * 64L;
  for (int r = threadIdx.y; r < 64; r += blockDim.y) {
    const int c = threadIdx.x;
    if (r0 + r < rows && c0 + c < cols) a[(r0 + r) * cols + c0 + c] *= x;
  }
}
__global__ void made_masked_strider(float* a, long rows, long cols, float x) {
  const tensor_view<float, run_time_matrix> v(a, run_time_matrix(rows, cols));
  const auto t = tile_at(tile<masked, 64, 64>(v), blockIdx.y, blockIdx.x);
  for (index_t r = threadIdx.y; r < 64; r += blockDim.y) {
    const index_t c = threadIdx.x;
    if (t.in_bounds(r, c)) t(r, c) *= x;
  }
}

using gemm_c = contiguous<dyn_multiple<128>, dyn_multiple<128>>;
__global__ void tile_store_hand(float* c, long ld) {
  c[(blockIdx.y * 128L + threadIdx.x) * ld + blockIdx.x * 128L] = 1.0f;
}
__global__ void tile_store_strider(tensor_view<float, tile_t<gemm_c, 128, 128>> c) {
  tile_at(c, blockIdx.y, blockIdx.x)(threadIdx.x, 0) = 1.0f;
}

// The hand-written copy of element (threadIdx.x / 64, threadIdx.x % 64) of block blockIdx.x's
// 64 x 64 tile of rows of 256 floats, shared by the made_tile twins; the strider side is likewise
// one function over the tiling it is given.
__device__ inline void copy_tile_element_hand(const float* x, float* y) {
  const long r = threadIdx.x / 64, c = threadIdx.x % 64, row = blockIdx.x * 64L + r;
  y[row * 256 + c] = x[row * 256 + c];
}
template <tile_policy P, class Rows>
__device__ inline void copy_tile_element_strider(tensor_view<const float, contiguous<Rows::value, 256>> x, tensor_view<float, contiguous<Rows::value, 256>> y) {
  const index_t r = threadIdx.x / 64, c = threadIdx.x % 64;
  tile_at(tile<P, 64, 64>(y), blockIdx.x, 0)(r, c) = tile_at(tile<P, 64, 64>(x), blockIdx.x, 0)(r, c);
}
using dyn_rows = std::integral_constant<index_t, dyn>;
using multiple_rows = std::integral_constant<index_t, dyn_multiple<64>>;

__global__ void made_tile_hand(const float* x, float* y, long x_rows, long y_rows) {
  if (x_rows % 64 != 0) __trap();  // each tiling's check
  if (y_rows % 64 != 0) __trap();
  copy_tile_element_hand(x, y);
}
__global__ void made_tile_strider(tensor_view<const float, contiguous<dyn, 256>> x, tensor_view<float, contiguous<dyn, 256>> y) {
  copy_tile_element_strider<exact, dyn_rows>(x, y);
}
__global__ void made_tile_multiple_hand(const float* x, float* y) { copy_tile_element_hand(x, y); }
__global__ void made_tile_multiple_strider(tensor_view<const float, contiguous<dyn_multiple<64>, 256>> x, tensor_view<float, contiguous<dyn_multiple<64>, 256>> y) {
  copy_tile_element_strider<exact, multiple_rows>(x, y);
}
__global__ void made_masked_multiple_hand(const float* x, float* y) { copy_tile_element_hand(x, y); }
__global__ void made_masked_multiple_strider(tensor_view<const float, contiguous<dyn_multiple<64>, 256>> x, tensor_view<float, contiguous<dyn_multiple<64>, 256>> y) {
  copy_tile_element_strider<masked, multiple_rows>(x, y);
}

// A block's 64 x 64 x 32 product by 2 x 2 warps of mma.sync m16n8k16 (f16 in, f32 out) from
// row-major A (64 x 32) and B (32 x 64) in global memory, stored to C (64 x 64): by hand, each
// register's elements from the PTX ISA's fragment formulas; in strider's verbs, fragments copied
// from tiled_mma's partitions, gemm, and the C fragment copied back.
using fragment_mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 64, 32>>;
__device__ inline std::uint32_t pack_halves(std::uint16_t lo, std::uint16_t hi) { return lo | (static_cast<std::uint32_t>(hi) << 16); }
__global__ void __launch_bounds__(128) fragment_gemm_hand(const std::uint16_t* a, const std::uint16_t* b, float* c) {
  const int t = threadIdx.x, lane = t % 32, w = t / 32, wm = w / 2, wn = w % 2, g = lane / 4, q = lane % 4;
  float acc[2][4][4] = {};
  for (int k = 0; k < 2; ++k) {
    std::uint32_t ar[2][4], br[4][2];
    for (int i = 0; i < 2; ++i) {
      const int row = (wm + 2 * i) * 16 + g, col = k * 16 + 2 * q;
      ar[i][0] = pack_halves(a[row * 32 + col], a[row * 32 + col + 1]);
      ar[i][1] = pack_halves(a[(row + 8) * 32 + col], a[(row + 8) * 32 + col + 1]);
      ar[i][2] = pack_halves(a[row * 32 + col + 8], a[row * 32 + col + 9]);
      ar[i][3] = pack_halves(a[(row + 8) * 32 + col + 8], a[(row + 8) * 32 + col + 9]);
    }
    for (int j = 0; j < 4; ++j) {
      const int col = (wn + 2 * j) * 8 + g, row = k * 16 + 2 * q;
      br[j][0] = pack_halves(b[row * 64 + col], b[(row + 1) * 64 + col]);
      br[j][1] = pack_halves(b[(row + 8) * 64 + col], b[(row + 9) * 64 + col]);
    }
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 4; ++j) fragment_mma::atom::fma(acc[i][j], ar[i], br[j], acc[i][j]);
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int r = 0; r < 4; ++r) c[((wm + 2 * i) * 16 + g + 8 * (r >> 1)) * 64 + (wn + 2 * j) * 8 + 2 * q + (r & 1)] = acc[i][j][r];
}
__global__ void __launch_bounds__(128) fragment_gemm_strider(const std::uint16_t* a, const std::uint16_t* b, float* c) {
  const index_t t = threadIdx.x;
  auto fa = partition_fragment_a(fragment_mma{});
  auto fb = partition_fragment_b(fragment_mma{});
  auto fc = partition_fragment_c(fragment_mma{});
  copy(fragment_mma::partition_a(tensor_view<const std::uint16_t, contiguous<64, 32>>(a), t), fa);
  copy(fragment_mma::partition_b(tensor_view<const std::uint16_t, contiguous<32, 64>>(b), t), fb);
  gemm(fragment_mma{}, fa, fb, fc);
  copy(fc, fragment_mma::partition_c(tensor_view<float, contiguous<64, 64>>(c), t));
}
