// The examples of docs/reference.md, compiled and run as a test: every example there is a line
// (or lines) of this file, checked verbatim by the doc_examples_reference test. Each CHECK states what the
// line before it gives.
#include <strider/expression.hpp>
#include <strider/strider.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace {
int failures = 0;
void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}
#define CHECK(...) check((__VA_ARGS__), #__VA_ARGS__)
}  // namespace

using namespace strider;

int main() {
  // --- vocabulary ---------------------------------------------------------------------------------
  index_t extent = 3;
  CHECK(sizeof(extent) == 8 && max_rank == 8);
  dims shape_list{3, 4};
  shape_list.push_back(5);
  CHECK(shape_list.size() == 3 && shape_list[2] == 5 && dims(std::vector<index_t>{3, 4, 5}) == shape_list);
  try {
    permute(dynamic_layout::contiguous({3, 4}), {0, 0});
  } catch (const layout_error& e) {
    CHECK(std::string(e.what()) == "permute: repeated axis 0");
  }

  // --- static layouts -------------------------------------------------------------------------------
  using L = contiguous<3, 4>;
  using F = column_major<3, 4>;
  const dynamic_layout d3 = dynamic_layout::contiguous({2, 3, 4});
  using G = layout<shape<2, 3>, strides<1, 2>, 5>;
  CHECK(L::rank == 2 && L::shape[1] == 4 && L::strides[0] == 4 && L::offset == 0 && L::size == 12);
  CHECK(F::strides == std::array<index_t, 2>{1, 3} && G::offset == 5 && G::max_offset == 10);
  CHECK(L::is_contiguous && !F::is_contiguous && L::is_unique && L::min_offset == 0 && L::required_span == 12);
  CHECK(slice_t<L, "1:">::storage_size == 12 && slice_t<L, "1:">::required_span == 12 && slice_t<L, ":1">::required_span == 4);
  CHECK(L{}(2, 3) == 11 && L::dynamic() == dynamic_layout::contiguous({3, 4}));
  constexpr layout_value raw = L::value;
  CHECK(raw.rank == 2 && raw.storage_size == 12);
  const auto [rows, cols] = L::shape;
  CHECK(rows == 3 && cols == 4);
  const std::array<index_t, 2> as_std = L::strides;
  CHECK(as_std[0] == 4);
  CHECK(shape<3, 4>::as_dims() == dims{3, 4} && strides<4, 1>::values[0] == 4);
  CHECK(static_layout_type<L> && !static_layout_type<dynamic_layout>);

  // --- the operations, static and run time --------------------------------------------------------
  using S = slice_t<L, "1:, ::-1">;
  CHECK(S::offset == 7 && S::strides[1] == -1);
  CHECK(permute_t<L, 1, 0>::strides[0] == 1 && transpose_t<L, 0, 1>::shape[0] == 4);
  CHECK(flip_t<L, 0>::offset == 8 && flip_t<L>::offset == 11);
  CHECK(broadcast_to_t<slice_t<contiguous<4>, "None">, 3, 4>::strides[0] == 0);
  CHECK((broadcast_shapes_t<shape<3, 1>, shape<4>>::values == std::array<index_t, 2>{3, 4}));
  CHECK(view_t<L, 12>::strides[0] == 1 && reshape_t<F, 12>::is_contiguous && reshape_copies<F, 12>);
  CHECK(squeeze_t<contiguous<1, 3>>::rank == 1 && unsqueeze_t<L, 0>::rank == 3);
  CHECK(diagonal_t<L>::shape[0] == 3 && diagonal_t<L>::strides[0] == 5);
  CHECK(unfold_t<contiguous<8>, 0, 3, 2>::shape[0] == 3 && !unfold_t<contiguous<8>, 0, 3, 2>::is_unique);
  CHECK(movedim_t<contiguous<2, 3, 4>, axes<0>, axes<2>>::shape[2] == 2 && movedim(d3, {0}, {-1}).strides() == dims{4, 1, 12});
  CHECK(unflatten_t<contiguous<2, 12>, 1, 3, -1>::shape[2] == 4 && unflatten(d3, -1, {2, 2}).strides() == dims{12, 4, 2, 1});
  CHECK(expand_t<slice_t<L, "None, 1">, 3, -1>::strides[0] == 0 && flatten_t<contiguous<2, 3, 4>, 1>::shape[1] == 12 && flatten_copies<F>);
  CHECK(narrow_t<L, 1, -3, 2>::offset == 1 && select_t<L, 0, -1>::offset == 8 && narrow(L::dynamic(), 0, 1, 2).shape() == dims{2, 4});
  CHECK(coalesce_t<slice_t<contiguous<3, 4, 5>, ":, 1:3">>::shape[1] == 10 && coalesce(d3).shape() == dims{24});
  CHECK(composition_t<contiguous<20>, layout<shape<4, 5>, strides<1, 4>>>::strides[1] == 4 && composition(d3, dynamic_layout({2}, {3})).strides() == dims{3});
  CHECK(complement_t<layout<shape<4>, strides<2>>, 24>::strides[1] == 1 && complement(dynamic_layout({4}, {1}), 24).shape() == dims{6});
  CHECK(right_inverse_t<column_major<3, 4>>{}(1, 2) == 9 && left_inverse(dynamic_layout({2, 4}, {16, 1})).shape() == dims{2, 16});
  CHECK(tile_t<contiguous<8, 8>, 2, 4>::tile_rank == 2 && tile(d3, {1, 3, 2}).shape() == dims{2, 1, 2, 1, 3, 2});
  CHECK(blocked_product_t<contiguous<2, 2>, column_major<4, 3>>::strides[2] == 16 && raked_product(dynamic_layout({2}, {1}), dynamic_layout({3}, {1})).shape() == dims{2, 3});
  CHECK(upcast_t<contiguous<4, 8>, 4>::shape[1] == 2 && max_common_vector(dynamic_layout::contiguous({4, 8}), dynamic_layout::column_major({4, 8})) == 1);
  CHECK(thread_value_t<contiguous<8, 32>, contiguous<1, 4>>::element(33, 2) == 134 && thread_value(dynamic_layout({2}, {1}), dynamic_layout({4}, {1})).tile_shape[0] == 8);
  CHECK(partition(contiguous<8, 128>{}, thread_value_t<contiguous<8, 32>, contiguous<1, 4>>{}, 33).offset() == 132);
  CHECK(rearrange_t<L, "h w -> w h">::strides[0] == 1 && !can_rearrange(d3, "a b c -> (c b) a"));
  CHECK(vector_width_v<contiguous<8, 8>, 4, 16> == 4 && vector_width(d3, 4, 8) == 2);
  CHECK(matrix_transpose_t<contiguous<2, 3, 4>>::shape[2] == 3 && reverse_axis_order_t<L>::strides[0] == 1 && reverse_axis_order(d3).shape() == dims{4, 3, 2});
  CHECK(sliding_window_view_t<L, shape<2, 2>>::shape[1] == 3 && sliding_window_view_t<L, shape<2, 2>>::rank == 4 && sliding_window_view(d3, {2}, {-1}).shape() == dims{2, 3, 3, 2});
  CHECK(std::tuple_size_v<chunk_t<contiguous<5>, 3>> == 3 && chunk_part_t<contiguous<5>, 3, 0, -1>::offset == 4 && split(d3, 2, -1)[1].offset() == 2 && unbind(d3).size() == 2);
  CHECK(std::tuple_size_v<tensor_split_t<contiguous<5>, 3>> == 3 && tensor_split_part_t<contiguous<5>, 3, 0, 1>::offset == 2 && hsplit(d3, 3)[2].offset() == 8 && tensor_split_indices(d3, {1}, 2)[1].shape() == dims{2, 3, 3});
  CHECK(rot90_t<L>::offset == 3 && rollaxis_t<contiguous<2, 3, 4>, 2>::shape[0] == 4 && t_t<L>::strides[0] == 1 && expand_dims(d3, {0, -1}).shape() == dims{1, 2, 3, 4, 1});
  CHECK(!ravel_copies<L> && ravel_copies<transpose_t<L, 0, 1>> && !can_ravel(slice(d3, ":, :, ::2")));
  CHECK(as_strided_t<slice_t<contiguous<1000>, ":2">, shape<2>, strides<50>>{}(1) == 50);
  CHECK(with_storage_t<contiguous<2>, 1000>::storage_size == 1000);
  CHECK(std::is_same_v<decltype(permute<1, 0>(L{})), permute_t<L, 1, 0>>);
  const dynamic_layout d = dynamic_layout::contiguous({3, 4});
  const dynamic_layout v = permute(slice(d, "1:, ::-1"), {1, 0});
  CHECK(v.shape() == dims{4, 2} && v.strides() == dims{-1, 4} && v.offset() == 7 && v(0, 1) == 11);
  CHECK(dynamic_layout({2, 3}, {1, 2}, 5) == G::dynamic() && dynamic_layout::column_major({3, 4}) == F::dynamic());
  CHECK(d.extent(1) == 4 && d.stride(0) == 4 && d.size() == 12 && d.storage_size() == 12 && d.value().rank == 2);
  CHECK(can_view(d, {12}) && !can_view(dynamic_layout::column_major({3, 4}), {12}));
  CHECK(as_strided(1000, {2}, {50}, 0)(1) == 50 && with_storage(d, 100).storage_size() == 100);
  CHECK(broadcast_shapes({{3, 1}, {4}}) == dims{3, 4});

  // --- views ---------------------------------------------------------------------------------------
  std::vector<float> storage(12);
  std::iota(storage.begin(), storage.end(), 0.0f);
  tensor_view<float, contiguous<3, 4>> a(storage);
  tensor_view<float, dynamic_layout> b(storage, dynamic_layout::contiguous({3, 4}));
  auto blob = from_blob(storage.data(), dynamic_layout::contiguous({3, 4}));
  CHECK(a(1, 2) == 6.0f && b(1, 2) == 6.0f && blob(1, 2) == 6.0f && a.data() == storage.data());
  CHECK(a.rank() == 2 && a.shape()[1] == 4 && a.strides()[0] == 4 && a.extent(0) == 3 && a.stride(1) == 1);
  CHECK(a.offset() == 0 && a.size() == 12 && a.is_contiguous() && a.is_unique() && a.required_span() == 12 && a.storage_size() == 12);
  CHECK(decltype(a)::is_static && !decltype(b)::is_static && std::is_same_v<decltype(a)::layout_type, contiguous<3, 4>>);
  CHECK(std::is_same_v<decltype(a)::element_type, float> && std::is_same_v<decltype(a)::reference, float&>);
  const tensor_view<const float, contiguous<3, 4>> read_only = a.as_const();
  const tensor_view<float, dynamic_layout> dynamic_a = a;
  CHECK(read_only(2, 3) == 11.0f && dynamic_a(2, 3) == 11.0f && a.as_view().data() == a.data());
  auto corner = slice<"1:, 2:">(a);
  auto turned = b.permute({1, 0}).slice("::2");
  CHECK(corner(0, 0) == 6.0f && turned(1, 2) == 10.0f);
  CHECK(a(std::integral_constant<int, 2>{}, std::integral_constant<int, 3>{}) == 11.0f);
  auto copy_of = permute<1, 0>(a).contiguous();
  CHECK(copy_of(3, 2) == 11.0f && copy_of.is_contiguous());
  float sum = 0;
  for (const float x : corner) sum += x;
  CHECK(sum == 6 + 7 + 10 + 11);

  // --- tensors -------------------------------------------------------------------------------------
  tensor<float, contiguous<2, 3>> t{};
  t(1, 2) = 5.0f;
  CHECK(t.storage()[5] == 5.0f && t.data()[5] == 5.0f && std::tuple_size_v<decltype(t)::storage_type> == 6);
  t.fill(1.0f);
  CHECK(t(0, 0) == 1.0f && t.as_view()(1, 1) == 1.0f);
  heap_tensor<float, contiguous<512, 512>> big;
  CHECK(big(511, 511) == 0.0f && max_inline_tensor_bytes == 64 * 1024);
  dynamic_tensor<float> dt({2, 3}, 7.0f);
  CHECK(dt(1, 2) == 7.0f && dt.size() == 6 && dt.as_view().data() == dt.data());
  dynamic_tensor<double> dt_strided(dynamic_layout::column_major({2, 3}));
  CHECK(dt_strided(1, 2) == 0.0 && dt_strided.strides() == dims{1, 2});

  // --- iteration and copies ------------------------------------------------------------------------
  float total = 0;
  for_each(a, [&](float x) { total += x; });
  CHECK(total == 66.0f);
  for_each_indexed(a, [&](const auto& index, float x) { CHECK(x == static_cast<float>(index[0] * 4 + index[1])); });
  std::vector<float> visited;
  for_each_in_storage_order(permute<1, 0>(a), [&](float x) { visited.push_back(x); });
  CHECK(std::is_sorted(visited.begin(), visited.end()) && visited.size() == 12);
  std::vector<float> target(12);
  tensor_view<float, contiguous<4, 3>> out(target);
  copy(permute<1, 0>(a), out);
  CHECK(out(3, 2) == 11.0f);
  copy_strided(storage.data(), dynamic_layout::contiguous({3, 4}), target.data(), dynamic_layout::column_major({3, 4}), copy_options{2});
  CHECK(target[1] == 4.0f);
  copy_to_contiguous(slice<"::2">(a), target.data());
  CHECK(target[4] == 8.0f);
  fill(out, 0.5f);
  CHECK(target[11] == 0.5f);

  // --- swizzles and the access certificate ----------------------------------------------------------
  CHECK(swizzle<3, 3, 3>{}(64) == 72 && swizzle_offset(swizzle_value{3, 3, 3}, 72) == 64);
  CHECK(swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>{}(1, 0) == 72);
  std::array<int, 512> tile_storage{};
  const tensor_view<int, swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>> swizzled_tile(tile_storage);
  slice<"1:">(swizzled_tile)(0, 0) = 5;
  CHECK(tile_storage[72] == 5);
  CHECK(access_t<contiguous<32, 32>, thread_value_t<contiguous<32, 1>, contiguous<1, 32>>, 4, 1>::bank_conflicts == 32 * 31);
  CHECK(require_conflict_free_t<layout<shape<32, 32>, strides<33, 1>>, thread_value_t<contiguous<32, 1>, contiguous<1, 32>>, 4, 1>::wavefronts == 32);
  CHECK(std::is_same_v<conflict_free_swizzle_t<contiguous<8, 64>, thread_value_t<contiguous<8, 1>, contiguous<1, 64>>, 2>, swizzle<3, 3, 3>>);

  // --- tables and writers --------------------------------------------------------------------------
  constexpr auto offsets = offset_table_v<permute_t<L, 1, 0>>;
  CHECK(offsets[1] == 4);
  CHECK(coordinate_table_v<L>[5] == std::array<index_t, 2>{1, 1} && inverse_table_v<S>[7] == 0);
  CHECK(offset_table(v)[1] == 11 && coordinate_table(v)[1] == dims{0, 1} && inverse_table(d)[3] == 3);
  const storage_table shared(unfold(dynamic_layout::contiguous({8}), 0, 3, 2));
  CHECK(shared.count(2) == 2);
  std::ostringstream text;
  write_grid(text, v);
  write_markdown(text, L{});
  write_csv(text, v);
  write_json(text, v);
  write_cpp_header(text, v, "offsets");
  write_svg(text, v, {"a title"});
  CHECK(to_string(v) == "shape (4, 2), strides (-1, 4), offset 7" && text.str().size() > 1000);
  using staging_tv = thread_value_t<contiguous<2, 2>, contiguous<1, 2>>;
  const thread_value_value hand = as_thread_value(dynamic_layout({2, 2}, {1, 2}), 1, {4});
  std::ostringstream tv_text;
  write_grid(tv_text, staging_tv{});
  CHECK(tv_text.str() == "T0 V0  T0 V1  T1 V0  T1 V1\nT2 V0  T2 V1  T3 V0  T3 V1\n");
  write_json(text, hand);
  CHECK(to_string(hand) == "2 threads x 2 values over a tile of shape (4,): shape (2, 2), strides (1, 2)");

  // --- the expression language ---------------------------------------------------------------------
  const expression e = parse_expression("contiguous(3, 4)[1:, ::-1].permute(1, 0)");
  CHECK(evaluate(e) == v && e.operations.size() == 3);
  CHECK(to_static_type("contiguous(3, 4).permute(1, 0)") == "strider::permute_t<strider::contiguous<3, 4>, 1, 0>");
  CHECK(evaluate_swizzled(parse_expression("contiguous(8, 64).swizzle(3, 3, 3)")).swizzle == swizzle_value{3, 3, 3});
  try {
    evaluate("contiguous(3, 4).permute(2, 0)");
  } catch (const expression_error& error) {
    CHECK(error.column() == 18);
  }
  CHECK(from_cute_string("((2,4),8):((1,16),2)").strides() == dims{2, 16, 1} && to_cute_string(dynamic_layout::contiguous({4, 8})) == "(8,4):(1,8)");
  CHECK(std::is_same_v<from_cute<"(4,8):(8,1)">, layout<shape<8, 4>, strides<1, 8>>>);
  CHECK(to_cute_string(swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>{}) == "Sw<3,3,3> o 0 o (64,8):(1,64)");
  CHECK(explain("contiguous(3, 4).T")[1].after->strides() == dims{1, 4});
  CHECK(find_operation("unfold") != nullptr && find_operation("unfold")->form == argument_form::integers);

  // --- mixed layouts -------------------------------------------------------------------------------
  {
    using Batch = contiguous<dyn, 3, 8, 8>;
    using Rows = contiguous<dyn_multiple<4>, 8>;
    const Batch batch(5);
    try {
      Rows(6);
      CHECK(false);
    } catch (const layout_error& e) {
      CHECK(std::string(e.what()) == "layout: extent 6 of axis 0 is not a multiple of 4 (dyn_multiple)");
    }
    CHECK(mixed_layout_type<Batch> && Batch::static_shape[0] == dyn && Batch::static_strides[0] == 192 && Batch::dynamic_count == 1 && sizeof(Batch) == 8);
    CHECK(Batch::static_is_contiguous == static_answer::yes && Batch::static_is_unique == static_answer::yes);
    CHECK(batch.extent(0) == 5 && batch.size() == 960 && batch(4, 2, 7, 7) == 959);
    CHECK(view_t<Batch, -1, 192>::static_strides[0] == 192 && view<-1, 192>(batch).extent(0) == 5);
    CHECK(coalesce_t<Batch>::static_strides[0] == 1 && coalesce(batch).extent(0) == 960 && vector_width_v<Batch, 4, 16> == 4);
    CHECK(layout_cast<Batch>(dynamic_layout::contiguous({2, 3, 8, 8})).extent(0) == 2);
  }

  // --- printing and atoms ---------------------------------------------------------------------------
  {
    CHECK(to_string(contiguous<2, 3>{}) == "shape (2, 3), strides (3, 1), offset 0");
    print_layout(contiguous<2, 3>{});
    const int values[6] = {1, 2, 3, 4, 5, 6};
    print_tensor(tensor_view<const int, contiguous<2, 3>>(values));
    CHECK(f16::round(1.00048828125f) == 1.0f);
    CHECK(mma_m16n8k16<f16, f16, f32>::a_layout::element(5, 3) == 9 * 16 + 3);
    CHECK(tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>::threads == 128);
    CHECK(std::is_same_v<require_fragment_t<mma_m16n8k16<f16, f16, f32>::c_layout, mma_m16n8k16<f16, f16, f32>::c_layout>, mma_m16n8k16<f16, f16, f32>::c_layout>);
    CHECK(ldmatrix_x4::dst_layout::element(5, 3) == 1 * 64 + 1 * 8 + 2 + 1);
    CHECK(cp_async<16, cache_operator::cg>::bytes == 16);
    CHECK(staged_t<3, contiguous<64, 32>>::storage_size == 3 * 2048);
    CHECK(compose_fragment_t<layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>, ldmatrix_x4::dst_layout, shape<16, 16>>::threads == 32);
    CHECK(f16::pack2(1.0f, -2.0f) == 0xc0003c00u && bf16::to_bits(1.0f) == 0x3f80u);
    CHECK(row_reduction<mma_m16n8k16<f16, f16, f32>::c_layout>::rows == 2 && row_reduction<mma_m16n8k16<f16, f16, f32>::c_layout>::lane_bits == 3u);
    CHECK(std::is_same_v<c_fragment_t<tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>>, fragment<float, contiguous<2, 2, 4>>>);
    CHECK(convert<f16>(fragment<float, contiguous<2>>{{1.0f, 2.0f}})[1] == 0x4000);
    CHECK(tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>::repeats_k == 2);
    CHECK(retile<mma_m16n8k16<f16, f16, f32>::c_layout, mma_m16n8k16<f16, f16, f32>::c_layout>(fragment<float, contiguous<4>>{{1, 2, 3, 4}})[2] == 3.0f);
    CHECK(sizeof(vector_of<float, 4>) == 16 && alignof(vector_of<float, 4>) == 16);
    CHECK(exp2_approx(3.0f) == 8.0f);
    CHECK(tiled_copy_a_t<ldmatrix_x4, tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 64, 32>>, allow_bank_conflicts>::allowance == allow_bank_conflicts);
    CHECK(tiled_copy_b_t<ldmatrix_x4, tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<128, 128, 32>>>::instructions == 8);
    CHECK(tiled_copy<cp_async<16>, thread_value_t<contiguous<32, 4>, contiguous<1, 8>>, std::uint16_t>::layout_over<shape<128, 32>>::values == 32);
    CHECK(wgmma_m64nNk16<64, f16, f16, f32>::c_layout::element(37, 6) == 25 * 64 + 10 && wgmma_m64nNk32<16, s8, u8, s32>::c_registers == 8);
    CHECK(gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>::stride_byte_offset == 1024 && gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>::k_blocks == 4);
    CHECK(gmma_element_address(gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>::descriptor(0), 1, 0) == 144);
    CHECK(e4m3::round(500.0f) == 448.0f && e5m2::to_bits(-2.0f) == 0xc0);
    CHECK(tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, std::uint16_t>::bytes == 8192 && tma_box<contiguous<3, 5, 8>, float>::box(0) == 8);
    CHECK(tma_im2col_box<contiguous<128, 64>, std::uint16_t, 4>::bytes == 16384 && tma_im2col_box<contiguous<128, 64>, std::uint16_t, 4>::max_offset == 255);
    CHECK(tma_pipeline<4, 1, tma_box<contiguous<64, 64>, float>>::stage_bytes == 16384 && simulate_pipeline(schedule_of<tma_pipeline<2, 1, tma_box<contiguous<64, 64>, float>>>(5, 1)).completed);
    CHECK(register_budget<40, 232, 2>::entry_registers == 168 && pipeline_state<2>::producer_start().phase == 1u);
  }

  std::printf("%s\n", failures == 0 ? "every reference example holds" : "reference examples failed");
  return failures == 0 ? 0 : 1;
}
