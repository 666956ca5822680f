// The mma.sync atoms in device code (include/strider/atom/mma.hpp): each atom's `fma` issues its
// instruction, and a warp's fragments come from tiled_mma's partitions of shared tiles, compiled
// with nvcc -std=c++20 for sm_90, no --expt-relaxed-constexpr and every warning an error.
// Building this file is the test; the host twins run in runtime_tests/mma_atoms_twin_test.cpp.
#include <strider/strider.hpp>

#include <cstdint>

namespace mma_atoms_device_test {  // named: nvcc warns of an unreferenced kernel in an unnamed one
using namespace strider;

// One warp, one m16n8k16 with f32 accumulators: A, B and C from shared memory through the
// partitions (raw f16 bits as std::uint16_t), two elements packed per register in PTX's order
// (the lower half first).
using h16 = mma_m16n8k16<f16, f16, f32>;
using one_warp = tiled_mma<h16, shape<1, 1>, shape<16, 8, 16>>;
static_assert(one_warp::threads == 32);

__global__ void m16n8k16_f32(const std::uint16_t* a_global, const std::uint16_t* b_global, float* c_global) {
  __shared__ std::uint16_t a_shared[16 * 16];
  __shared__ std::uint16_t b_shared[16 * 8];
  const int lane = static_cast<int>(threadIdx.x);
  for (int e = lane; e < 16 * 16; e += 32) a_shared[e] = a_global[e];
  for (int e = lane; e < 16 * 8; e += 32) b_shared[e] = b_global[e];
  __syncthreads();
  const auto a = one_warp::partition_a(tensor_view<const std::uint16_t, contiguous<16, 16>>(a_shared), lane);
  const auto b = one_warp::partition_b(tensor_view<const std::uint16_t, contiguous<16, 8>>(b_shared), lane);
  const auto c = one_warp::partition_c(tensor_view<float, contiguous<16, 8>>(c_global), lane);
  // The partitions' value axes: A (2, 2, 2), B (2, 2), C (2, 2): register r holds values 2r, 2r + 1.
  const std::uint32_t a_registers[4] = {a(0, 0, 0) | (std::uint32_t{a(0, 0, 1)} << 16), a(0, 1, 0) | (std::uint32_t{a(0, 1, 1)} << 16),
                                        a(1, 0, 0) | (std::uint32_t{a(1, 0, 1)} << 16), a(1, 1, 0) | (std::uint32_t{a(1, 1, 1)} << 16)};
  const std::uint32_t b_registers[2] = {b(0, 0) | (std::uint32_t{b(0, 1)} << 16), b(1, 0) | (std::uint32_t{b(1, 1)} << 16)};
  const float c_registers[4] = {c(0, 0), c(0, 1), c(1, 0), c(1, 1)};
  float d[4];
  h16::fma(d, a_registers, b_registers, c_registers);
  c(0, 0) = d[0];
  c(0, 1) = d[1];
  c(1, 0) = d[2];
  c(1, 1) = d[3];
}

// Every other atom's instruction on registers.
__global__ void other_atoms(std::uint32_t* out) {
  const std::uint32_t lane = threadIdx.x;
  const std::uint32_t a[4] = {lane, lane + 1, lane + 2, lane + 3};
  const std::uint32_t b[2] = {lane * 3, lane * 5};
  std::uint32_t dh[2];
  const std::uint32_t ch[2] = {0, 0};
  mma_m16n8k16<f16, f16, f16>::fma(dh, a, b, ch);
  float df[4];
  const float cf[4] = {0, 0, 0, 0};
  mma_m16n8k16<bf16, bf16, f32>::fma(df, a, b, cf);
  float dt[4];
  mma_m16n8k8<tf32, tf32, f32>::fma(dt, a, b, df);
  std::int32_t di[4];
  const std::int32_t ci[4] = {1, 2, 3, 4};
  mma_m16n8k32<s8, s8, s32>::fma(di, a, b, ci);
  out[lane] = dh[0] ^ dh[1] ^ static_cast<std::uint32_t>(dt[0] + dt[3]) ^ static_cast<std::uint32_t>(di[0] + di[3]);
}

// The fragments are the same types in device code: an element of a fragment is a constant.
__global__ void fragments_in_device_code(long long* out) {
  static_assert(h16::a_layout::element(5, 3) == 9 * 16 + 3);
  static_assert(tiled_mma<h16, shape<2, 2>, shape<64, 32, 32>>::c_layout::threads == 128);
  out[threadIdx.x] = h16::c_layout::element(static_cast<index_t>(threadIdx.x), 1);
}
}  // namespace mma_atoms_device_test

// A kernel template over an atom and over a tiled MMA: their template arguments are types of
// integers, which nvcc's launch stubs spell (a layout's value would not be, issue 51).
namespace mma_atoms_device_test {
template <class TiledMma>
__global__ void accumulate_c(float* c_global) {
  using c_type = typename TiledMma::c_type;
  static_assert(std::is_same_v<c_type, strider::f32>);
  const auto c = TiledMma::partition_c(strider::tensor_view<float, strider::contiguous<TiledMma::tile_m, TiledMma::tile_n>>(c_global), static_cast<strider::index_t>(threadIdx.x));
  c(0, 0, 0, 0) += 1.0f;
}
void launch_accumulate_c(float* c) {
  accumulate_c<tiled_mma<h16, shape<2, 2>, shape<64, 32, 32>>><<<1, 128>>>(c);
}
}  // namespace mma_atoms_device_test

// ldmatrix.x4 feeding m16n8k16's A from a shared 16 x 64 half buffer read through Swizzle<3, 3, 3>
// (its conflict-freedom a static_assert), and stmatrix writing the registers back.
namespace mma_atoms_device_test {
__global__ void ldmatrix_to_mma(const std::uint16_t* a_global, float* c_global) {
  // The kernel's types in its body: nvcc 13 re-emits a namespace- or class-scope alias of a
  // thread-value type into its host code, where it cannot spell the type's value (issue 51).
  using placement = layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>;
  using rows = compose_fragment_t<placement, ldmatrix_x4::src_layout, shape<16, 16>>;
  using registers = compose_fragment_t<placement, ldmatrix_x4::dst_layout, shape<16, 16>>;
  using corner = swizzled_t<layout<shape<16, 16>, strides<64, 1>>, swizzle<3, 3, 3>>;
  static_assert(require_conflict_free_t<corner, rows, 2, 8>::conflict_free);
  static_assert(std::is_same_v<require_fragment_t<h16::a_layout, registers>, registers>);
  __shared__ alignas(128) std::uint16_t buffer[16 * 64];
  const int lane = static_cast<int>(threadIdx.x);
  for (int e = lane; e < 16 * 64; e += 32) buffer[e] = a_global[e];
  __syncthreads();
  const tensor_view<std::uint16_t, corner> a(buffer);
  const auto mine = partition(a, rows{}, lane);  // the lane's row: 8 values from (0, 0) of its partition
  std::uint32_t a_registers[4];
  ldmatrix_x4::copy(a_registers, &mine(0));
  const std::uint32_t b_registers[2] = {0x3c003c00u, 0x3c003c00u};  // f16 ones
  const float zero[4] = {0, 0, 0, 0};
  float d[4];
  h16::fma(d, a_registers, b_registers, zero);
  for (int r = 0; r < 4; ++r) c_global[lane * 4 + r] = d[r];
  stmatrix_x4::copy(a_registers, &mine(0));
  ldmatrix_x2_trans::copy(*reinterpret_cast<std::uint32_t(*)[2]>(a_registers), &mine(0));
}
void launch_ldmatrix(const std::uint16_t* a, float* c) { ldmatrix_to_mma<<<1, 32>>>(a, c); }
}  // namespace mma_atoms_device_test

// cp.async into a 2-stage shared buffer, predicated by the rows of a run-time M: zero-filled past
// it; commit, wait, and the stage read back.
namespace mma_atoms_device_test {
__global__ void staged_copy(const float* global, float* out, int m) {
  __shared__ alignas(16) float buffer[2 * 32 * 4];
  const tensor_view<float, staged_t<2, contiguous<32, 4>>> stages(buffer);
  const int row = static_cast<int>(threadIdx.x);
  for (int s = 0; s < 2; ++s) {
    const int global_row = s * 32 + row;
    cp_async<16, cache_operator::cg, zero_fill>::copy(&stages(s, row, 0), global + (global_row < m ? global_row : 0) * 4, global_row < m);
    cp_async_commit_group();
  }
  cp_async_wait_group<1>();
  __syncthreads();
  out[row] = stages(0, row, 3);
  cp_async_wait_group<0>();
  __syncthreads();
  out[32 + row] = stages(1, row, 3);
}
void launch_staged_copy(const float* g, float* o, int m) { staged_copy<<<1, 32>>>(g, o, m); }
}  // namespace mma_atoms_device_test

// Row max and row sum of a tiled C fragment (FlashAttention's online softmax): each thread's values
// row by row, then the lanes of its quad by shfl.sync.bfly (runtime_tests/row_reduce_twin_test.cpp
// runs the twin against a naive reference).
namespace mma_atoms_device_test {
using attention = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<4, 1>, shape<64, 64, 16>>;
using score_rows = row_reduction<attention::c_layout>;
static_assert(score_rows::rows == 2 && score_rows::lane_bits == 3u);
struct maximum {
  __device__ float operator()(float a, float b) const { return a > b ? a : b; }
};
struct plus {
  __device__ float operator()(float a, float b) const { return a + b; }
};
__global__ void softmax_rows(const float* scores, float* out) {
  const auto thread = static_cast<int>(threadIdx.x);
  float s[score_rows::values];
  for (int v = 0; v < score_rows::values; ++v) s[v] = scores[thread * score_rows::values + v];
  float row_max[score_rows::rows], row_sum[score_rows::rows];
  score_rows::allreduce(s, row_max, maximum{});
#pragma unroll
  for (int v = 0; v < score_rows::values; ++v) s[v] = __expf(s[v] - row_max[score_rows::slot(v)]);
  score_rows::allreduce(s, row_sum, plus{});
  for (int r = 0; r < score_rows::rows; ++r) out[thread * score_rows::rows + r] = row_sum[r];
}
void launch_softmax_rows(const float* s, float* o) { softmax_rows<<<1, attention::threads>>>(s, o); }
}  // namespace mma_atoms_device_test

// Register fragments and gemm (atom/fragment.hpp) for each atom: fragments copied from tiled_mma's
// partitions of global tiles, every atom of the block tile issued by gemm, the accumulators
// converted (f32 to f16 pairs) and stored through C's partition (runtime_tests/fragment_gemm_twin_test.cpp
// runs host_gemm, the twin, against a naive product).
namespace mma_atoms_device_test {
template <class Mma, class A, class B, class C>
__device__ void fragment_product(const A* a, const B* b, C* c) {
  const index_t t = threadIdx.x;
  auto fa = partition_fragment_a(Mma{});
  auto fb = partition_fragment_b(Mma{});
  auto fc = partition_fragment_c(Mma{});
  copy(Mma::partition_a(tensor_view<const A, contiguous<Mma::tile_m, Mma::tile_k>>(a), t), fa);
  copy(Mma::partition_b(tensor_view<const B, contiguous<Mma::tile_k, Mma::tile_n>>(b), t), fb);
  gemm(Mma{}, fa, fb, fc);
  copy(fc, Mma::partition_c(tensor_view<C, contiguous<Mma::tile_m, Mma::tile_n>>(c), t));
}
using half_mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 64, 32>>;
using tf32_mma = tiled_mma<mma_m16n8k8<tf32, tf32, f32>, shape<1, 2>, shape<32, 32, 16>>;
using s8_mma = tiled_mma<mma_m16n8k32<s8, s8, s32>, shape<1, 1>, shape<16, 16, 64>>;
using half_accumulator_mma = tiled_mma<mma_m16n8k16<f16, f16, f16>, shape<1, 1>, shape<16, 16, 16>>;
__global__ void fragments_f16(const std::uint16_t* a, const std::uint16_t* b, float* c) { fragment_product<half_mma>(a, b, c); }
__global__ void fragments_tf32(const float* a, const float* b, float* c) { fragment_product<tf32_mma>(a, b, c); }
__global__ void fragments_s8(const std::int8_t* a, const std::int8_t* b, std::int32_t* c) { fragment_product<s8_mma>(a, b, c); }
__global__ void fragments_f16_accumulator(const std::uint16_t* a, const std::uint16_t* b, std::uint16_t* c) { fragment_product<half_accumulator_mma>(a, b, c); }
// FA2's P: the f32 accumulators as f16 pairs (cvt.rn.f16x2.f32), stored as bits.
__global__ void fragments_convert(const float* c, std::uint16_t* p) {
  const index_t t = threadIdx.x;
  auto fc = partition_fragment_c(half_mma{});
  copy(half_mma::partition_c(tensor_view<const float, contiguous<64, 64>>(c), t), fc);
  // partition_c checks the view against the atom's C type (f32); the converted values take C's
  // placement through the plain partition.
  copy(convert<f16>(fc), partition(tensor_view<std::uint16_t, contiguous<64, 64>>(p), half_mma::c_layout{}, t));
}
void launch_fragments(const std::uint16_t* a16, const std::uint16_t* b16, float* c32, const float* a32, const float* b32, const std::int8_t* a8, const std::int8_t* b8,
                      std::int32_t* c8, std::uint16_t* c16) {
  fragments_f16<<<1, half_mma::threads>>>(a16, b16, c32);
  fragments_tf32<<<1, tf32_mma::threads>>>(a32, b32, c32);
  fragments_s8<<<1, s8_mma::threads>>>(a8, b8, c8);
  fragments_f16_accumulator<<<1, half_accumulator_mma::threads>>>(a16, b16, c16);
  fragments_convert<<<1, half_mma::threads>>>(c32, c16);
}
}  // namespace mma_atoms_device_test

// FlashAttention-2's two products in the verbs: S = Q K^T, then P = S as f16 (convert), retiled as
// the A operand of O = P V (retile_as_a proves it a permutation of each thread's own registers).
namespace mma_atoms_device_test {
using qk_mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<4, 1>, shape<64, 64, 16>>;
using pv_mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<4, 1>, shape<64, 64, 64>>;
__global__ void __launch_bounds__(128) attention_products(const std::uint16_t* q, const std::uint16_t* k_transposed, const std::uint16_t* v, float* o) {
  const index_t t = threadIdx.x;
  auto fq = partition_fragment_a(qk_mma{});
  auto fk = partition_fragment_b(qk_mma{});
  auto s = partition_fragment_c(qk_mma{});
  copy(qk_mma::partition_a(tensor_view<const std::uint16_t, contiguous<64, 16>>(q), t), fq);
  copy(qk_mma::partition_b(tensor_view<const std::uint16_t, contiguous<16, 64>>(k_transposed), t), fk);
  gemm(qk_mma{}, fq, fk, s);
  auto fv = partition_fragment_b(pv_mma{});
  auto out = partition_fragment_c(pv_mma{});
  copy(pv_mma::partition_b(tensor_view<const std::uint16_t, contiguous<64, 64>>(v), t), fv);
  gemm(pv_mma{}, retile_as_a<pv_mma, qk_mma>(convert<f16>(s)), fv, out);
  copy(out, pv_mma::partition_c(tensor_view<float, contiguous<64, 64>>(o), t));
}
void launch_attention_products(const std::uint16_t* q, const std::uint16_t* k, const std::uint16_t* v, float* o) { attention_products<<<1, 128>>>(q, k, v, o); }
}  // namespace mma_atoms_device_test

// Tiled copies in device code: a masked global tile into a swizzled stage by universal_copy (and
// by cp.async), the stage's fragments by ldmatrix tiled copies (B through the stage's transposed
// view), and the stage stored back to a masked global tile by universal_copy.
namespace mma_atoms_device_test {
using copy_mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 64, 32>>;
using copy_stage = swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>;
using copy_matrix = layout<shape<dyn, dyn>, strides<dyn, 1>>;
using copy_threads = thread_value_t<contiguous<32, 4>, contiguous<1, 8>>;
__global__ void __launch_bounds__(128) tiled_copies(const std::uint16_t* a, std::uint16_t* out, index_t m, index_t k, float* c) {
  __shared__ alignas(128) std::uint16_t stage[copy_stage::storage_size];
  const tensor_view<std::uint16_t, copy_stage> s(stage);
  const auto from = tile<masked, 64, 32>(tensor_view<const std::uint16_t, copy_matrix>(a, copy_matrix(m, k, k)));
  const index_t t = threadIdx.x;
  copy(tiled_copy<universal_copy<16>, copy_threads, std::uint16_t>{}, tile_at(from, 0, 0), s, t);
  copy(tiled_copy<cp_async<16, cache_operator::cg>, copy_threads, std::uint16_t>{}, tile_at(from, 0, 0), s, t);
  cp_async_commit_group();
  cp_async_wait_group<0>();
  __syncthreads();
  auto fa = partition_fragment_a(copy_mma{});
  auto fb = partition_fragment_b(copy_mma{});
  auto fc = partition_fragment_c(copy_mma{});
  for (index_t kb = 0; kb < copy_mma::repeats_k; ++kb) {
    copy(make_tiled_copy_a<ldmatrix_x4>(copy_mma{}), s, fa, t, kb);
    copy(make_tiled_copy_b<ldmatrix_x4>(copy_mma{}), permute<1, 0>(s), fb, t, kb);
    gemm(copy_mma{}, fa, fb, fc, kb);
  }
  copy(fc, copy_mma::partition_c(tensor_view<float, contiguous<64, 64>>(c), t));
  const auto to = tile<masked, 64, 32>(tensor_view<std::uint16_t, copy_matrix>(out, copy_matrix(m, k, k)));
  copy(tiled_copy<universal_copy<16, memory_space::shared, memory_space::global>, copy_threads, std::uint16_t>{}, s, tile_at(to, 0, 0), t);
}
void launch_tiled_copies(const std::uint16_t* a, std::uint16_t* out, index_t m, index_t k, float* c) { tiled_copies<<<1, 128>>>(a, out, m, k, c); }
}  // namespace mma_atoms_device_test
