// A TMA pipeline in device code (include/strider/atom/tma.hpp, pipeline.hpp), compiled for
// sm_90a with nvcc -std=c++20 and every warning an error: a producer warpgroup fills stages of
// two TMA boxes whose tile types are also the wgmma stages, a consumer warpgroup waits, issues
// the wgmmas through the descriptors the same types give, and releases; the register split is
// checked (register_budget) and setmaxnreg issued; the host makes the tensor maps through the
// driver (atom/tma_map.hpp); an im2col kernel loads a convolution's taps. Building this file is the test; the pipeline's schedule runs on the
// host simulator in runtime_tests/pipeline_test.cpp.
#include <strider/strider.hpp>
#include <strider/atom/tma_map.hpp>

#include <cstdint>

namespace hopper_pipeline_device_test {  // named: nvcc warns of an unreferenced kernel in an unnamed one
using namespace strider;

using stage_tile = swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>;  // 64 rows x 64 halves, 128-byte swizzle
using box = tma_box<stage_tile, std::uint16_t>;
using operand = gmma_operand<stage_tile, f16>;
using atom = wgmma_m64nNk16<64, f16, f16, f32>;
using pipeline = tma_pipeline<4, 1, box, box>;  // A's and B's boxes; one consumer warpgroup
using budget = register_budget<40, 232, 1, atom::c_registers>;
static_assert(pipeline::stage_bytes == 2 * 8192 && pipeline::alignment == 1024);

__global__ void __launch_bounds__(256, 1) gemm_k_loop(const __grid_constant__ tma_map<box> a_map, const __grid_constant__ tma_map<box> b_map, int k_blocks, float* d_out) {
  extern __shared__ unsigned char shared_raw[];
  // The buffer's base rounded up to the pipeline's alignment (requested_bytes leaves room).
  const auto raw = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_raw));
  const std::uint32_t base = (raw + static_cast<std::uint32_t>(pipeline::alignment) - 1) / static_cast<std::uint32_t>(pipeline::alignment) * static_cast<std::uint32_t>(pipeline::alignment);
  const int warpgroup = static_cast<int>(threadIdx.x) / 128;
  if (threadIdx.x == 0) pipeline::init(base);
  __syncthreads();
  if (warpgroup == 0) {  // the producer
    warpgroup_registers_decrease<budget::producer>();
    if (threadIdx.x == 0) {
      auto st = pipeline::state::producer_start();
      for (int k = 0; k < k_blocks; ++k, st.advance()) {
        pipeline::producer_acquire(base, st);
        const int corner[2] = {k * 64, static_cast<int>(blockIdx.x) * 64};
        tma_load(a_map, pipeline::box_address<0>(base, st.index), pipeline::full_barrier(base, st.index), corner);
        tma_load(b_map, pipeline::box_address<1>(base, st.index), pipeline::full_barrier(base, st.index), corner);
      }
    }
  } else {  // the consumer
    warpgroup_registers_increase<budget::consumer>();
    float d[atom::c_registers] = {};
    auto st = pipeline::state::consumer_start();
    for (int k = 0; k < k_blocks; ++k, st.advance()) {
      pipeline::consumer_wait(base, st);
      wgmma_fence();
      for (int kb = 0; kb < operand::k_blocks; ++kb)
        atom::fma(d, operand::descriptor(pipeline::box_address<0>(base, st.index), 0, kb), operand::descriptor(pipeline::box_address<1>(base, st.index), 0, kb), k > 0 || kb > 0);
      wgmma_commit_group();
      wgmma_wait_group<0>();
      if (threadIdx.x % 128 == 0) pipeline::consumer_release(base, st);
    }
    for (int i = 0; i < atom::c_registers; ++i) d_out[(threadIdx.x - 128) * atom::c_registers + i] = d[i];
  }
}

// An implicit GEMM's A tiles: one im2col box per tap of a 3 x 3 convolution (padding 1) over an
// NHWC half tensor, 64 output pixels x 64 channels each, through a two-stage pipeline (one
// thread produces and consumes: a stage is released before it is refilled).
using im2col_box = tma_im2col_box<stage_tile, std::uint16_t, 4>;
using im2col_pipeline = tma_pipeline<2, 1, im2col_box>;
static_assert(im2col_pipeline::stage_bytes == im2col_box::bytes && im2col_box::bytes == 8192);

__global__ void __launch_bounds__(32, 1) im2col_taps(const __grid_constant__ tma_map<im2col_box> map, int height, int width, std::uint16_t* first_values) {
  extern __shared__ unsigned char shared_raw[];
  const auto raw = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_raw));
  const std::uint32_t base = (raw + static_cast<std::uint32_t>(im2col_pipeline::alignment) - 1) / static_cast<std::uint32_t>(im2col_pipeline::alignment) *
                             static_cast<std::uint32_t>(im2col_pipeline::alignment);
  if (threadIdx.x != 0) return;
  im2col_pipeline::init(base);
  const int m0 = static_cast<int>(blockIdx.x) * 64;  // the block's first output pixel
  const int coordinates[4] = {0, m0 % width - 1, m0 / width % height - 1, m0 / (width * height)};
  auto put = im2col_pipeline::state::producer_start();
  auto get = im2col_pipeline::state::consumer_start();
  for (int tap = 0; tap < 9; ++tap, put.advance(), get.advance()) {
    im2col_pipeline::producer_acquire(base, put);
    const std::uint16_t offsets[2] = {static_cast<std::uint16_t>(tap % 3), static_cast<std::uint16_t>(tap / 3)};
    tma_load_im2col(map, im2col_pipeline::box_address<0>(base, put.index), im2col_pipeline::full_barrier(base, put.index), coordinates, offsets);
    im2col_pipeline::consumer_wait(base, get);
    const std::uint32_t at = im2col_pipeline::box_address<0>(base, get.index) - raw;
    first_values[static_cast<int>(blockIdx.x) * 9 + tap] = *reinterpret_cast<const std::uint16_t*>(shared_raw + at);
    im2col_pipeline::consumer_release(base, get);
  }
}

void launch_im2col(const std::uint16_t* nhwc, int images, int height, int width, std::uint16_t* first_values) {
  using tensor = layout<shape<dyn, dyn, dyn, 64>, strides<dyn, dyn, 64, 1>>;
  const index_t padding[2] = {1, 1}, filter[2] = {3, 3}, dilation[2] = {1, 1}, stride[2] = {1, 1};
  const auto map = make_tma_im2col_map<im2col_box>(tensor_view<const std::uint16_t, tensor>(nhwc, tensor(images, height, width, height * width * 64, width * 64)),
                                                   tma_im2col_window::for_convolution(2, padding, filter, dilation, stride));
  cudaFuncSetAttribute(im2col_taps, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(im2col_pipeline::requested_bytes));
  im2col_taps<<<static_cast<unsigned>(images * height * width / 64), 32, static_cast<std::size_t>(im2col_pipeline::requested_bytes)>>>(map, height, width, first_values);
}

// The host side: the maps of two row-major (rows x K) half matrices, and the launch.
void launch(const std::uint16_t* a, const std::uint16_t* b, int rows, int k, float* d) {
  using matrix = layout<shape<dyn, dyn>, strides<dyn, 1>>;
  const auto a_map = make_tma_map<box>(tensor_view<const std::uint16_t, matrix>(a, matrix(rows, k, k)));
  const auto b_map = make_tma_map<box>(tensor_view<const std::uint16_t, matrix>(b, matrix(rows, k, k)));
  cudaFuncSetAttribute(gemm_k_loop, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(pipeline::requested_bytes));
  gemm_k_loop<<<static_cast<unsigned>(rows / 64), static_cast<unsigned>(budget::threads), static_cast<std::size_t>(pipeline::requested_bytes)>>>(a_map, b_map, k / 64, d);
}
}  // namespace hopper_pipeline_device_test
