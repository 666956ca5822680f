// Every public header under a user's strict flags, included with -I as FetchContent does (no
// -isystem): -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Werror on g++ and
// clang (static_tests/strict/CMakeLists.txt). The functions below instantiate what a user's
// program does (views, tiles, copies, printing, atoms' twins, certificates) so that the
// templates' warnings show too; nothing calls them. <strider/cuda.hpp> needs the CUDA runtime:
// static_tests/cuda/all_headers_test.cu includes it under nvcc.
#include <strider/access.hpp>
#include <strider/atom.hpp>
#include <strider/core.hpp>
#include <strider/expression.hpp>
#include <strider/hana.hpp>
#include <strider/print.hpp>
#include <strider/static.hpp>
#include <strider/storage.hpp>
#include <strider/strider.hpp>
#include <strider/table.hpp>
#if STRIDER_STRICT_EIGEN
#include <strider/eigen.hpp>
#endif
#if STRIDER_STRICT_DLPACK
#include <strider/dlpack.hpp>
#endif

#include <sstream>
#include <vector>

namespace {
using namespace strider;

[[maybe_unused]] void views_and_copies() {
  std::vector<float> a(64 * 64), b(64 * 64);
  const tensor_view<float, contiguous<dyn, 64>> m(a.data(), contiguous<dyn, 64>(64));
  const auto t = tile_at(tile<16, 16>(m), 1, 2);
  t(0, 0) = 1.0f;
  const auto masked_tiles = tile<masked, 24, 24>(m);
  const auto corner = tile_at(masked_tiles, 2, 2);
  if (corner.in_bounds(0, 0)) corner(0, 0) = 2.0f;
  const auto mine = partition(t, thread_value_t<contiguous<4, 4>, contiguous<4, 4>>{}, 3);
  mine(1, 1) = 3.0f;
  const auto copied = transpose<0, 1>(m).contiguous();
  (void)copied;
  copy(permute<1, 0>(m), tensor_view<float, contiguous<dyn, 64>>(b.data(), contiguous<dyn, 64>(64)));
  std::ostringstream os;
  os << m << masked_tiles.layout() << corner.layout();
  write_grid(os, corner);
  write_json(os, t);
  write_svg(os, contiguous<4, 8>::dynamic());
  print_layout(tile<masked, 4>(contiguous<6>{}));
  print_tensor(corner);
  print_tensor(m);
}

[[maybe_unused]] void atoms_and_certificates() {
  using atom = mma_m16n8k16<f16, f16, f16>;
  (void)atom::host_fma({}, {}, {});
  (void)mma_m16n8k8<tf32, tf32, f32>::host_fma({}, {}, {});
  (void)mma_m16n8k32<s8, s8, s32>::host_fma({}, {}, {});
  using tv = thread_value_t<contiguous<32, 1>, contiguous<1, 32>>;
  static_assert(access_t<swizzled_t<contiguous<32, 32>, swizzle<5, 0, 5>>, tv, 4, 1>::conflict_free);
  const dynamic_layout l = evaluate("contiguous(4, 6)[::2, 1:].permute(1, 0)");
  (void)explain("contiguous(4, 6).tile(2, 3)");
  (void)l;
  using rows = row_reduction<atom::c_layout>;
  float values[32][rows::value_count] = {}, totals[32][rows::row_count] = {};
  rows::host_allreduce(values, totals, [](float a, float b) { return a + b; });
  (void)f16::pack2(1.0f, 2.0f), (void)bf16::unpack2(0u), (void)f16::from_bits(f16::to_bits(0.5f));
}

[[maybe_unused]] void fragments_and_tiled_copies() {
  using mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 64, 32>>;
  std::vector<std::uint16_t> stage(64 * 32);
  const tensor_view<const std::uint16_t, swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>> shared(stage.data());
  std::vector<a_fragment_t<mma>> a(mma::threads);
  std::vector<b_fragment_t<mma>> b(mma::threads);
  std::vector<c_fragment_t<mma>> c(mma::threads);
  host_copy(make_tiled_copy_a<ldmatrix_x4>(mma{}), shared, a.data(), 1);
  host_copy(make_tiled_copy_b<ldmatrix_x2>(mma{}), permute<1, 0>(shared), b.data());
  host_gemm(mma{}, a.data(), b.data(), c.data(), 0);
  std::vector<std::uint16_t> global(64 * 32);
  const tensor_view<std::uint16_t, swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>> to(stage.data());
  const auto g2s = make_tiled_copy<cp_async<16>, std::uint16_t>(thread_value_t<contiguous<32, 4>, contiguous<1, 8>>{});
  host_copy(g2s, tensor_view<const std::uint16_t, contiguous<64, 32>>(global.data()), to, 0);
}

[[maybe_unused]] void wgmma_twins() {
  using atom = wgmma_m64nNk16<64, f16, f16, f32>;
  using operand = gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>;
  std::vector<unsigned char> shared(16 * 1024);
  std::vector<atom::c_warpgroup> d(1);
  std::vector<atom::a_warpgroup> a(1);
  atom::host_fma(d[0], shared.data(), shared.size(), operand::descriptor(0, 0, 1), operand::descriptor(8192), false);
  atom::host_fma(d[0], a[0], shared.data(), shared.size(), operand::descriptor(8192));
  using fp8 = wgmma_m64nNk32<32, e4m3, e5m2, f16>;
  std::vector<fp8::c_warpgroup> d8(1);
  using e4 = gmma_operand<swizzled_t<contiguous<64, 128>, swizzle<3, 4, 3>>, e4m3>;
  using e5 = gmma_operand<swizzled_t<contiguous<32, 128>, swizzle<3, 4, 3>>, e5m2>;
  fp8::host_fma(d8[0], shared.data(), shared.size(), e4::descriptor(0), e5::descriptor(8192));
  (void)e4m3::round(3.0f), (void)e5m2::to_bits(-1.0f), (void)gmma_element_address(operand::descriptor(0), 3, 5);
  using integer = wgmma_m64nNk32<16, s8, u8, s32>;
  std::vector<integer::c_warpgroup> di(1);
  using s = gmma_operand<swizzled_t<contiguous<64, 32>, swizzle<1, 4, 3>>, s8>;
  using u = gmma_operand<swizzled_t<contiguous<16, 32>, swizzle<1, 4, 3>>, u8>;
  integer::host_fma(di[0], shared.data(), shared.size(), s::descriptor(0), u::descriptor(4096));
  using box = tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, std::uint16_t>;
  std::vector<std::uint16_t> global(128 * 128);
  using matrix = layout<shape<dyn, dyn>, strides<dyn, 1>>;
  const tensor_view<const std::uint16_t, matrix> g(global.data(), matrix(128, 128, 128));
  (void)make_tma_params<box>(g);
  (void)host_tma_load<box>(g, {-8, 100}, shared.data(), shared.size(), 0);
  using pipeline = tma_pipeline<3, 2, box, box>;
  (void)simulate_pipeline(schedule_of<pipeline>(7, 2));
  (void)pipeline::box_address<1>(0, 2), (void)register_budget<40, 232, 2>::entry_registers;
}

[[maybe_unused]] void more_algebra() {
  const dynamic_layout l = dynamic_layout::contiguous({4, 8});
  (void)upcast(l, 4), (void)downcast(l, 2), (void)recast_layout(l, 2, 4), (void)filter(l), (void)complement(dynamic_layout({4}, {2}));
  (void)max_common_vector(l, l), (void)max_common_layout(l, l), (void)make_ordered_layout({2, 3}, {1, 0}), (void)coalesce(l, {1, 1});
  (void)tile_to_shape(dynamic_layout::contiguous({2, 2}), {4, 8}), (void)zipped_divide(l, dims{2, 4}), (void)logical_divide(l, dims{2, 4});
  (void)zipped_divide(l, make_tile(dynamic_layout({2}, {1}), dynamic_layout({4}, {2}))), (void)composition(l, make_tile(dynamic_layout({2}, {2}), dynamic_layout({4}, {1})));
  (void)ceil_div(10, 4);
}
}  // namespace
