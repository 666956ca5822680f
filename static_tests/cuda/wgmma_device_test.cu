// Hopper's wgmma atoms in device code (include/strider/atom/wgmma.hpp), compiled for sm_90a with
// nvcc -std=c++20, no --expt-relaxed-constexpr and every warning an error: the SS and RS forms of
// each element family, their descriptors derived from the stages' types, and the fence, commit
// and wait around them. Building this file is the test (tools/gpu-check.sh runs the kernel and
// compares with the twin on a GPU); the host twins run in runtime_tests/wgmma_test.cpp.
#include <strider/strider.hpp>

#include <cstdint>

namespace wgmma_device_test {  // named: nvcc warns of an unreferenced kernel in an unnamed one
using namespace strider;

// A: 64 x 64 halves, K-major with the 128-byte swizzle; B: 64 x 64 halves, N-major, 128-byte.
using stage_a = swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>;
using stage_b = swizzled_t<layout<shape<64, 64>, strides<1, 64>>, swizzle<3, 3, 3>>;
using operand_a = gmma_operand<stage_a, f16>;
using operand_b = gmma_operand<stage_b, f16>;
using f16_atom = wgmma_m64nNk16<64, f16, f16, f32>;
static_assert(operand_a::major == gmma_major::k && operand_b::major == gmma_major::mn);

// One warpgroup: D (64 x 64, f32) = A * B over four K blocks (SS), then once more with A from
// registers (RS); the accumulators go out in c_layout's order.
__global__ void __launch_bounds__(128) f16_ss_rs(const std::uint16_t* a_global, const std::uint16_t* b_global, float* d_global) {
  __shared__ alignas(1024) std::uint16_t a_shared[64 * 64];
  __shared__ alignas(1024) std::uint16_t b_shared[64 * 64];
  const int t = static_cast<int>(threadIdx.x);
  for (int e = t; e < 64 * 64; e += 128) {
    a_shared[stage_a{}(e / 64, e % 64)] = a_global[e];  // A (m, k) row-major in global memory
    b_shared[stage_b{}(e / 64, e % 64)] = b_global[e];  // B (n, k) row-major in global memory
  }
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");  // generic-proxy writes seen by wgmma
  __syncthreads();
  const auto a_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(a_shared));
  const auto b_address = static_cast<std::uint32_t>(__cvta_generic_to_shared(b_shared));
  float d[f16_atom::c_registers] = {};
  const std::uint32_t a_registers[4] = {0x3c003c00u, 0x3c003c00u, 0x3c003c00u, 0x3c003c00u};  // ones
  // The descriptors, once per K block. (Without NDEBUG their checks, as every device check, end
  // in a call to the refusal, and ptxas serializes the wgmmas of a kernel with calls, C7510.)
  gmma_descriptor<f16, gmma_major::k> a_blocks[operand_a::k_blocks];
  gmma_descriptor<f16, gmma_major::mn> b_blocks[operand_b::k_blocks];
  for (int kb = 0; kb < operand_a::k_blocks; ++kb) {
    a_blocks[kb] = operand_a::descriptor(a_address, 0, kb);
    b_blocks[kb] = operand_b::descriptor(b_address, 0, kb);
  }
  wgmma_fence();  // after the registers the wgmmas read are written
  for (int kb = 0; kb < operand_a::k_blocks; ++kb) f16_atom::fma(d, a_blocks[kb], b_blocks[kb], kb > 0);
  f16_atom::fma(d, a_registers, b_blocks[0]);
  wgmma_commit_group();
  wgmma_wait_group<0>();
  for (int i = 0; i < f16_atom::c_registers; ++i) d_global[t * f16_atom::c_registers + i] = d[i];
}

// The other families issue: tf32 (K-major only), e4m3 x e5m2 into f16 (packed pairs), s8 x u8
// into s32, each SS from one 64-row stage.
using tf32_atom = wgmma_m64nNk8<32, tf32, tf32, f32>;
using tf32_stage = gmma_operand<swizzled_t<contiguous<64, 32>, swizzle<3, 2, 3>>, tf32>;
using fp8_atom = wgmma_m64nNk32<256, e4m3, e5m2, f16>;
using e4m3_stage = gmma_operand<swizzled_t<contiguous<64, 128>, swizzle<3, 4, 3>>, e4m3>;
using e5m2_stage = gmma_operand<swizzled_t<contiguous<64, 128>, swizzle<3, 4, 3>>, e5m2>;
using s8_atom = wgmma_m64nNk32<48, s8, u8, s32>;
using s8_stage = gmma_operand<swizzled_t<contiguous<64, 32>, swizzle<1, 4, 3>>, s8>;
using u8_stage = gmma_operand<swizzled_t<contiguous<64, 32>, swizzle<1, 4, 3>>, u8>;

// One kernel per family (a wgmma's accumulators are not touched while another is in flight).
__global__ void __launch_bounds__(128) tf32_ss(float* out) {
  __shared__ alignas(1024) unsigned char shared[8 * 1024];
  const auto base = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared));
  float d[tf32_atom::c_registers] = {};
  wgmma_fence();
  tf32_atom::fma(d, tf32_stage::descriptor(base, 0, 1), tf32_stage::descriptor(base, 0, 0), false);
  wgmma_commit_group();
  wgmma_wait_group<0>();
  for (int i = 0; i < tf32_atom::c_registers; ++i) out[threadIdx.x * tf32_atom::c_registers + i] = d[i];
}

__global__ void __launch_bounds__(128) fp8_ss(std::uint32_t* out) {
  __shared__ alignas(1024) unsigned char shared[16 * 1024];
  const auto base = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared));
  std::uint32_t d[fp8_atom::c_registers] = {};
  wgmma_fence();
  fp8_atom::fma(d, e4m3_stage::descriptor(base), e5m2_stage::descriptor(base + 8192, 0, 3), false);
  wgmma_commit_group();
  wgmma_wait_group<0>();
  for (int i = 0; i < fp8_atom::c_registers; ++i) out[threadIdx.x * fp8_atom::c_registers + i] = d[i];
}

__global__ void __launch_bounds__(128) integer_rs_ss(std::int32_t* out) {
  __shared__ alignas(1024) unsigned char shared[8 * 1024];
  const auto base = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared));
  std::int32_t d[s8_atom::c_registers] = {};
  const std::uint32_t a_registers[4] = {0x01010101u, 0x01010101u, 0x01010101u, 0x01010101u};
  const auto a = s8_stage::descriptor(base + 4096);
  const auto b = u8_stage::descriptor(base);
  wgmma_fence();
  s8_atom::fma(d, a_registers, b, false);
  s8_atom::fma(d, a, b, true);
  wgmma_commit_group();
  wgmma_wait_group<0>();
  for (int i = 0; i < s8_atom::c_registers; ++i) out[threadIdx.x * s8_atom::c_registers + i] = d[i];
}
}  // namespace wgmma_device_test
