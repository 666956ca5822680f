// The operation table against the C++ forms: every entry of strider::operation_table exists as a
// static alias (`name_t`), a static function form, a run-time function, the storage layer's free
// functions (static and dynamic views) and member forms (dynamic views and tensors; reshape, which
// may copy, has none: a view never copies), and all of
// them give the layout the expression language gives for the same call. A new table entry
// without its forms fails here (coverage check), and so does a form that disagrees.
#include <algorithm>
#include <string>
#include <string_view>
#include <strider/expression.hpp>
#include <strider/storage.hpp>
#include <vector>

#include "catch.hpp"

using namespace strider;

namespace {

using L = contiguous<2, 3, 4>;        // the input of every view below
using U = contiguous<2, 1, 4>;        // for squeeze
constexpr const char* base = "contiguous(2, 3, 4)";

std::vector<float> storage(std::size_t n) { return std::vector<float>(n, 0.0f); }

// Checks one view operation in every form against the expression language's result.
template <class Static, class StaticFunction, class Runtime, class StaticView, class DynamicView, class Member, class TensorMember>
void check_forms(std::string_view expression, Static, StaticFunction static_function, Runtime runtime, StaticView static_view,
                 DynamicView dynamic_view, Member member, TensorMember tensor_member) {
  INFO(expression);
  const dynamic_layout expected = evaluate(std::string(expression));
  CHECK(Static::dynamic() == expected);
  CHECK(decltype(static_function())::dynamic() == expected);
  CHECK(runtime() == expected);
  CHECK(static_view().layout().dynamic() == expected);
  CHECK(dynamic_view() == expected);
  CHECK(member() == expected);
  CHECK(tensor_member() == expected);
}

}  // namespace

TEST_CASE("every operation of the table exists in every form, and the forms agree") {
  auto data = storage(64);
  tensor_view<float, L> sv(data.data());
  tensor_view<float, U> su(data.data());
  tensor_view<float, dynamic_layout> dv(data.data(), L::dynamic());
  tensor_view<float, dynamic_layout> du(data.data(), U::dynamic());
  dynamic_tensor<float> t(L::dynamic());
  dynamic_tensor<float> tu(U::dynamic());
  const dynamic_layout l = L::dynamic(), u = U::dynamic();
  std::vector<std::string_view> covered;
  const auto name = [&](std::string_view n, std::string_view call, std::string_view on = base) {
    covered.push_back(n);
    return std::string(on) + std::string(call);
  };

  check_forms(name("slice", "[1:, ::-1]"), slice_t<L, "1:, ::-1">{}, [] { return slice<"1:, ::-1">(L{}); },
              [&] { return slice(l, "1:, ::-1"); }, [&] { return slice<"1:, ::-1">(sv); },
              [&] { return slice(dv, "1:, ::-1").layout(); }, [&] { return dv.slice("1:, ::-1").layout(); },
              [&] { return t.slice("1:, ::-1").layout(); });
  check_forms(name("permute", ".permute(2, 0, 1)"), permute_t<L, 2, 0, 1>{}, [] { return permute<2, 0, 1>(L{}); },
              [&] { return permute(l, {2, 0, 1}); }, [&] { return permute<2, 0, 1>(sv); },
              [&] { return permute(dv, {2, 0, 1}).layout(); }, [&] { return dv.permute({2, 0, 1}).layout(); },
              [&] { return t.permute({2, 0, 1}).layout(); });
  check_forms(name("transpose", ".transpose(0, 2)"), transpose_t<L, 0, 2>{}, [] { return transpose<0, 2>(L{}); },
              [&] { return transpose(l, 0, 2); }, [&] { return transpose<0, 2>(sv); },
              [&] { return transpose(dv, 0, 2).layout(); }, [&] { return dv.transpose(0, 2).layout(); },
              [&] { return t.transpose(0, 2).layout(); });
  check_forms(name("flip", ".flip(1)"), flip_t<L, 1>{}, [] { return flip<1>(L{}); }, [&] { return flip(l, {1}); },
              [&] { return flip<1>(sv); }, [&] { return flip(dv, {1}).layout(); }, [&] { return dv.flip({1}).layout(); },
              [&] { return t.flip({1}).layout(); });
  check_forms(std::string(base) + ".flip()", flip_t<L>{}, [] { return flip(L{}); }, [&] { return flip(l); },
              [&] { return flip(sv); }, [&] { return flip(dv).layout(); }, [&] { return dv.flip().layout(); },
              [&] { return t.flip().layout(); });
  check_forms(name("broadcast_to", ".broadcast_to(5, 2, 3, 4)"), broadcast_to_t<L, 5, 2, 3, 4>{},
              [] { return broadcast_to<5, 2, 3, 4>(L{}); }, [&] { return broadcast_to(l, {5, 2, 3, 4}); },
              [&] { return broadcast_to<5, 2, 3, 4>(sv); }, [&] { return broadcast_to(dv, {5, 2, 3, 4}).layout(); },
              [&] { return dv.broadcast_to({5, 2, 3, 4}).layout(); }, [&] { return t.broadcast_to({5, 2, 3, 4}).layout(); });
  check_forms(name("view", ".view(6, 4)"), view_t<L, 6, 4>{}, [] { return view<6, 4>(L{}); }, [&] { return view(l, {6, 4}); },
              [&] { return view<6, 4>(sv); }, [&] { return view(dv, {6, 4}).layout(); }, [&] { return dv.view({6, 4}).layout(); },
              [&] { return t.view({6, 4}).layout(); });
  // reshape has no storage form: a view never copies (view, or contiguous() then view).
  covered.push_back("reshape");
  for (const char* call : {".reshape(-1)", ".transpose(0, 2).reshape(-1)"}) {
    const dynamic_layout expected = evaluate(std::string(base) + call);
    CHECK((call[1] == 'r' ? reshape_t<L, -1>::dynamic() : reshape_t<transpose_t<L, 0, 2>, -1>::dynamic()) == expected);
    CHECK((call[1] == 'r' ? reshape<-1>(L{}) : reshape<-1>(transpose<0, 2>(L{}))).dynamic() == expected);
    CHECK((call[1] == 'r' ? reshape(l, {-1}) : reshape(transpose(l, 0, 2), {-1})) == expected);
  }
  check_forms(name("squeeze", ".squeeze(1)", "contiguous(2, 1, 4)"), squeeze_t<U, 1>{}, [] { return squeeze<1>(U{}); },
              [&] { return squeeze(u, {1}); }, [&] { return squeeze<1>(su); }, [&] { return squeeze(du, {1}).layout(); },
              [&] { return du.squeeze({1}).layout(); }, [&] { return tu.squeeze({1}).layout(); });
  check_forms("contiguous(2, 1, 4).squeeze()", squeeze_t<U>{}, [] { return squeeze(U{}); }, [&] { return squeeze(u); },
              [&] { return squeeze(su); }, [&] { return squeeze(du).layout(); }, [&] { return du.squeeze().layout(); },
              [&] { return tu.squeeze().layout(); });
  check_forms(name("unsqueeze", ".unsqueeze(1)"), unsqueeze_t<L, 1>{}, [] { return unsqueeze<1>(L{}); },
              [&] { return unsqueeze(l, 1); }, [&] { return unsqueeze<1>(sv); }, [&] { return unsqueeze(dv, 1).layout(); },
              [&] { return dv.unsqueeze(1).layout(); }, [&] { return t.unsqueeze(1).layout(); });
  check_forms(name("diagonal", ".diagonal(1, 0, 2)"), diagonal_t<L, 1, 0, 2>{}, [] { return diagonal<1, 0, 2>(L{}); },
              [&] { return diagonal(l, 1, 0, 2); }, [&] { return diagonal<1, 0, 2>(sv); },
              [&] { return diagonal(dv, 1, 0, 2).layout(); }, [&] { return dv.diagonal(1, 0, 2).layout(); },
              [&] { return t.diagonal(1, 0, 2).layout(); });
  check_forms(name("unfold", ".unfold(2, 2, 1)"), unfold_t<L, 2, 2, 1>{}, [] { return unfold<2, 2, 1>(L{}); },
              [&] { return unfold(l, 2, 2, 1); }, [&] { return unfold<2, 2, 1>(sv); },
              [&] { return unfold(dv, 2, 2, 1).layout(); }, [&] { return dv.unfold(2, 2, 1).layout(); },
              [&] { return t.unfold(2, 2, 1).layout(); });
  check_forms(name("movedim", ".movedim((0, -1), (2, 0))"), movedim_t<L, axes<0, -1>, axes<2, 0>>{},
              [] { return movedim<axes<0, -1>, axes<2, 0>>(L{}); }, [&] { return movedim(l, {0, -1}, {2, 0}); },
              [&] { return movedim<axes<0, -1>, axes<2, 0>>(sv); }, [&] { return movedim(dv, {0, -1}, {2, 0}).layout(); },
              [&] { return dv.movedim({0, -1}, {2, 0}).layout(); }, [&] { return t.movedim({0, -1}, {2, 0}).layout(); });
  check_forms(name("unflatten", ".unflatten(-1, (2, -1))"), unflatten_t<L, -1, 2, -1>{}, [] { return unflatten<-1, 2, -1>(L{}); },
              [&] { return unflatten(l, -1, {2, -1}); }, [&] { return unflatten<-1, 2, -1>(sv); },
              [&] { return unflatten(dv, -1, {2, -1}).layout(); }, [&] { return dv.unflatten(-1, {2, -1}).layout(); },
              [&] { return t.unflatten(-1, {2, -1}).layout(); });
  check_forms(name("expand", ".expand(3, 2, -1, 4)", "contiguous(2, 1, 4)"), expand_t<U, 3, 2, -1, 4>{}, [] { return expand<3, 2, -1, 4>(U{}); },
              [&] { return expand(u, {3, 2, -1, 4}); }, [&] { return expand<3, 2, -1, 4>(su); },
              [&] { return expand(du, {3, 2, -1, 4}).layout(); }, [&] { return du.as_const().expand({3, 2, -1, 4}).layout(); },
              [&] { return tu.expand({3, 2, -1, 4}).layout(); });
  check_forms(name("flatten", ".flatten(1)"), flatten_t<L, 1>{}, [] { return flatten<1>(L{}); },
              [&] { return flatten(l, 1); }, [&] { return flatten<1>(sv); },
              [&] { return flatten(dv, 1).layout(); }, [&] { return dv.flatten(1).layout(); },
              [&] { return t.flatten(1).layout(); });
  check_forms(name("narrow", ".narrow(-1, -3, 2)"), narrow_t<L, -1, -3, 2>{}, [] { return narrow<-1, -3, 2>(L{}); },
              [&] { return narrow(l, -1, -3, 2); }, [&] { return narrow<-1, -3, 2>(sv); },
              [&] { return narrow(dv, -1, -3, 2).layout(); }, [&] { return dv.narrow(-1, -3, 2).layout(); },
              [&] { return t.narrow(-1, -3, 2).layout(); });
  check_forms(name("select", ".select(1, -1)"), select_t<L, 1, -1>{}, [] { return select<1, -1>(L{}); },
              [&] { return select(l, 1, -1); }, [&] { return select<1, -1>(sv); },
              [&] { return select(dv, 1, -1).layout(); }, [&] { return dv.select(1, -1).layout(); },
              [&] { return t.select(1, -1).layout(); });
  check_forms(name("coalesce", ".permute(1, 0, 2)[::-1, :, 1:].coalesce()"), coalesce_t<slice_t<permute_t<L, 1, 0, 2>, "::-1, :, 1:">>{},
              [] { return coalesce(slice<"::-1, :, 1:">(permute<1, 0, 2>(L{}))); },
              [&] { return coalesce(slice(permute(l, {1, 0, 2}), "::-1, :, 1:")); },
              [&] { return coalesce(slice<"::-1, :, 1:">(permute<1, 0, 2>(sv))); },
              [&] { return coalesce(slice(permute(dv, {1, 0, 2}), "::-1, :, 1:")).layout(); },
              [&] { return dv.permute({1, 0, 2}).slice("::-1, :, 1:").coalesce().layout(); },
              [&] { return t.permute({1, 0, 2}).slice("::-1, :, 1:").coalesce().layout(); });
  check_forms(name("matrix_transpose", ".matrix_transpose()"), matrix_transpose_t<L>{}, [] { return matrix_transpose(L{}); },
              [&] { return matrix_transpose(l); }, [&] { return matrix_transpose(sv); },
              [&] { return matrix_transpose(dv).layout(); }, [&] { return dv.matrix_transpose().layout(); },
              [&] { return t.matrix_transpose().layout(); });
  check_forms(name("reverse_axis_order", ".reverse_axis_order()"), reverse_axis_order_t<L>{}, [] { return reverse_axis_order(L{}); },
              [&] { return reverse_axis_order(l); }, [&] { return reverse_axis_order(sv); },
              [&] { return reverse_axis_order(dv).layout(); }, [&] { return dv.reverse_axis_order().layout(); },
              [&] { return t.reverse_axis_order().layout(); });
  check_forms(name("sliding_window_view", ".sliding_window_view((2, 3), (-1, 1))"), sliding_window_view_t<L, shape<2, 3>, axes<-1, 1>>{},
              [] { return sliding_window_view<shape<2, 3>, axes<-1, 1>>(L{}); },
              [&] { return sliding_window_view(l, {2, 3}, {-1, 1}); }, [&] { return sliding_window_view<shape<2, 3>, axes<-1, 1>>(sv); },
              [&] { return sliding_window_view(dv, {2, 3}, {-1, 1}).layout(); },
              [&] { return dv.sliding_window_view({2, 3}, {-1, 1}).layout(); },
              [&] { return t.sliding_window_view({2, 3}, {-1, 1}).layout(); });
  check_forms(std::string(base) + ".sliding_window_view((1, 2, 3))", sliding_window_view_t<L, shape<1, 2, 3>>{},
              [] { return sliding_window_view<shape<1, 2, 3>>(L{}); },
              [&] { return sliding_window_view(l, {1, 2, 3}); }, [&] { return sliding_window_view<shape<1, 2, 3>>(sv); },
              [&] { return sliding_window_view(dv, {1, 2, 3}).layout(); },
              [&] { return dv.sliding_window_view({1, 2, 3}).layout(); },
              [&] { return t.sliding_window_view({1, 2, 3}).layout(); });
  // Several results: part i of every form, against the expression's [i].
  check_forms(name("split", ".split(2, -1)[1]"), split_part_t<L, 2, -1, 1>{}, [] { return std::get<1>(split<2, -1>(L{})); },
              [&] { return split(l, 2, -1)[1]; }, [&] { return std::get<1>(split<2, -1>(sv)); },
              [&] { return split(dv, 2, -1)[1].layout(); }, [&] { return dv.split(2, -1)[1].layout(); },
              [&] { return t.split(2, -1)[1].layout(); });
  check_forms(std::string(base) + ".split((1, 2), 1)[-1]", split_with_sizes_part_t<L, shape<1, 2>, 1, -1>{},
              [] { return std::get<1>(split_with_sizes<shape<1, 2>, 1>(L{})); },
              [&] { return split_with_sizes(l, {1, 2}, 1)[-1]; }, [&] { return std::get<1>(split_with_sizes<shape<1, 2>, 1>(sv)); },
              [&] { return split_with_sizes(dv, {1, 2}, 1)[-1].layout(); }, [&] { return dv.split_with_sizes({1, 2}, 1)[-1].layout(); },
              [&] { return t.split_with_sizes({1, 2}, 1)[-1].layout(); });
  check_forms(name("chunk", ".chunk(2, 1)[1]"), chunk_part_t<L, 2, 1, 1>{}, [] { return std::get<1>(chunk<2, 1>(L{})); },
              [&] { return chunk(l, 2, 1)[1]; }, [&] { return std::get<1>(chunk<2, 1>(sv)); },
              [&] { return chunk(dv, 2, 1)[1].layout(); }, [&] { return dv.chunk(2, 1)[1].layout(); },
              [&] { return t.chunk(2, 1)[1].layout(); });
  check_forms(name("unbind", ".unbind(2)[3]"), unbind_part_t<L, 2, 3>{}, [] { return std::get<3>(unbind<2>(L{})); },
              [&] { return unbind(l, 2)[3]; }, [&] { return std::get<3>(unbind<2>(sv)); },
              [&] { return unbind(dv, 2)[3].layout(); }, [&] { return dv.unbind(2)[3].layout(); },
              [&] { return t.unbind(2)[3].layout(); });
  // NumPy's and PyTorch's remaining view operations (issue 29).
  check_forms(name("t", ".select(0, 1).t()"), t_t<select_t<L, 0, 1>>{}, [] { return strider::t(select<0, 1>(L{})); },
              [&] { return strider::t(select(l, 0, 1)); }, [&] { return strider::t(select<0, 1>(sv)); },
              [&] { return strider::t(select(dv, 0, 1)).layout(); }, [&] { return dv.select(0, 1).t().layout(); },
              [&] { return t.select(0, 1).t().layout(); });
  check_forms(name("rot90", ".rot90(3, 2, 0)"), rot90_t<L, 3, 2, 0>{}, [] { return rot90<3, 2, 0>(L{}); },
              [&] { return rot90(l, 3, 2, 0); }, [&] { return rot90<3, 2, 0>(sv); },
              [&] { return rot90(dv, 3, 2, 0).layout(); }, [&] { return dv.rot90(3, 2, 0).layout(); },
              [&] { return t.rot90(3, 2, 0).layout(); });
  check_forms(name("rollaxis", ".rollaxis(2, 1)"), rollaxis_t<L, 2, 1>{}, [] { return rollaxis<2, 1>(L{}); },
              [&] { return rollaxis(l, 2, 1); }, [&] { return rollaxis<2, 1>(sv); },
              [&] { return rollaxis(dv, 2, 1).layout(); }, [&] { return dv.rollaxis(2, 1).layout(); },
              [&] { return t.rollaxis(2, 1).layout(); });
  check_forms(name("expand_dims", ".expand_dims((0, -2))"), expand_dims_t<L, 0, -2>{}, [] { return expand_dims<0, -2>(L{}); },
              [&] { return expand_dims(l, {0, -2}); }, [&] { return expand_dims<0, -2>(sv); },
              [&] { return expand_dims(dv, {0, -2}).layout(); }, [&] { return dv.expand_dims({0, -2}).layout(); },
              [&] { return t.expand_dims({0, -2}).layout(); });
  // ravel may copy, as reshape: layouts only.
  covered.push_back("ravel");
  for (const char* call : {".ravel()", ".transpose(0, 2).ravel()"}) {
    const dynamic_layout expected = evaluate(std::string(base) + call);
    CHECK((call[1] == 'r' ? ravel_t<L>::dynamic() : ravel_t<transpose_t<L, 0, 2>>::dynamic()) == expected);
    CHECK((call[1] == 'r' ? ravel(L{}) : ravel(transpose<0, 2>(L{}))).dynamic() == expected);
    CHECK((call[1] == 'r' ? ravel(l) : ravel(transpose(l, 0, 2))) == expected);
  }
  check_forms(name("tensor_split", ".tensor_split(3, -1)[1]"), tensor_split_part_t<L, 3, -1, 1>{},
              [] { return std::get<1>(tensor_split<3, -1>(L{})); }, [&] { return tensor_split(l, 3, -1)[1]; },
              [&] { return std::get<1>(tensor_split<3, -1>(sv)); }, [&] { return tensor_split(dv, 3, -1)[1].layout(); },
              [&] { return dv.tensor_split(3, -1)[1].layout(); }, [&] { return t.tensor_split(3, -1)[1].layout(); });
  check_forms(std::string(base) + ".tensor_split((1, -1), 2)[1]", tensor_split_indices_part_t<L, shape<1, -1>, 2, 1>{},
              [] { return std::get<1>(tensor_split_indices<shape<1, -1>, 2>(L{})); }, [&] { return tensor_split_indices(l, {1, -1}, 2)[1]; },
              [&] { return std::get<1>(tensor_split_indices<shape<1, -1>, 2>(sv)); },
              [&] { return tensor_split_indices(dv, {1, -1}, 2)[1].layout(); },
              [&] { return dv.tensor_split_indices({1, -1}, 2)[1].layout(); }, [&] { return t.tensor_split_indices({1, -1}, 2)[1].layout(); });
  check_forms(name("numpy_split", ".numpy_split(2, 2)[1]"), numpy_split_part_t<L, 2, 2, 1>{},
              [] { return std::get<1>(numpy_split<2, 2>(L{})); }, [&] { return numpy_split(l, 2, 2)[1]; },
              [&] { return std::get<1>(numpy_split<2, 2>(sv)); }, [&] { return numpy_split(dv, 2, 2)[1].layout(); },
              [&] { return dv.numpy_split(2, 2)[1].layout(); }, [&] { return t.numpy_split(2, 2)[1].layout(); });
  check_forms(name("hsplit", ".hsplit(3)[2]"), hsplit_part_t<L, 3, 2>{}, [] { return std::get<2>(hsplit<3>(L{})); },
              [&] { return hsplit(l, 3)[2]; }, [&] { return std::get<2>(hsplit<3>(sv)); }, [&] { return hsplit(dv, 3)[2].layout(); },
              [&] { return dv.hsplit(3)[2].layout(); }, [&] { return t.hsplit(3)[2].layout(); });
  check_forms(name("vsplit", ".vsplit(2)[1]"), vsplit_part_t<L, 2, 1>{}, [] { return std::get<1>(vsplit<2>(L{})); },
              [&] { return vsplit(l, 2)[1]; }, [&] { return std::get<1>(vsplit<2>(sv)); }, [&] { return vsplit(dv, 2)[1].layout(); },
              [&] { return dv.vsplit(2)[1].layout(); }, [&] { return t.vsplit(2)[1].layout(); });
  check_forms(name("dsplit", ".dsplit(4)[3]"), dsplit_part_t<L, 4, 3>{}, [] { return std::get<3>(dsplit<4>(L{})); },
              [&] { return dsplit(l, 4)[3]; }, [&] { return std::get<3>(dsplit<4>(sv)); }, [&] { return dsplit(dv, 4)[3].layout(); },
              [&] { return dv.dsplit(4)[3].layout(); }, [&] { return t.dsplit(4)[3].layout(); });
  check_forms(std::string(base) + ".hsplit((2,))[0]", hsplit_indices_part_t<L, shape<2>, 0>{},
              [] { return std::get<0>(hsplit_indices<shape<2>>(L{})); }, [&] { return hsplit_indices(l, dims{2})[0]; },
              [&] { return std::get<0>(hsplit_indices<shape<2>>(sv)); }, [&] { return hsplit_indices(dv, dims{2})[0].layout(); },
              [&] { return dv.hsplit_indices(dims{2})[0].layout(); }, [&] { return t.hsplit_indices(dims{2})[0].layout(); });
  check_forms(std::string(base) + ".vsplit((1, 1))[1]", vsplit_indices_part_t<L, shape<1, 1>, 1>{},
              [] { return std::get<1>(vsplit_indices<shape<1, 1>>(L{})); }, [&] { return vsplit_indices(l, {1, 1})[1]; },
              [&] { return std::get<1>(vsplit_indices<shape<1, 1>>(sv)); }, [&] { return vsplit_indices(dv, {1, 1})[1].layout(); },
              [&] { return dv.vsplit_indices({1, 1})[1].layout(); }, [&] { return t.vsplit_indices({1, 1})[1].layout(); });
  check_forms(std::string(base) + ".dsplit((1, 3))[2]", dsplit_indices_part_t<L, shape<1, 3>, 2>{},
              [] { return std::get<2>(dsplit_indices<shape<1, 3>>(L{})); }, [&] { return dsplit_indices(l, {1, 3})[2]; },
              [&] { return std::get<2>(dsplit_indices<shape<1, 3>>(sv)); }, [&] { return dsplit_indices(dv, {1, 3})[2].layout(); },
              [&] { return dv.dsplit_indices({1, 3})[2].layout(); }, [&] { return t.dsplit_indices({1, 3})[2].layout(); });
  CHECK(evaluate(std::string(base) + ".array_split(3, 2)[0]") == tensor_split(l, 3, 2)[0]);
  CHECK(evaluate(std::string(base) + ".numpy_split((1,), 1)[1]") == tensor_split_indices(l, {1}, 1)[1]);
  // The other names give the same layouts.
  CHECK(evaluate(std::string(base) + ".swapaxes(0, 2)") == transpose(l, 0, 2));
  CHECK(evaluate(std::string(base) + ".swapdims(0, 2)") == transpose(l, 0, 2));
  CHECK(evaluate(std::string(base) + ".moveaxis(0, 2)") == movedim(l, {0}, {2}));
  CHECK(evaluate(std::string(base) + ".T") == reverse_axis_order(l));
  CHECK(evaluate(std::string(base) + ".mT") == matrix_transpose(l));
  check_forms(name("as_strided", ".as_strided((2, 2), (1, 2), 1)"), as_strided_t<L, shape<2, 2>, strides<1, 2>, 1>{},
              [] { return as_strided<shape<2, 2>, strides<1, 2>, 1>(L{}); },
              [&] { return as_strided(l, {2, 2}, {1, 2}, 1); }, [&] { return as_strided<shape<2, 2>, strides<1, 2>, 1>(sv); },
              [&] { return as_strided(dv, {2, 2}, {1, 2}, 1).layout(); },
              [&] { return dv.as_strided({2, 2}, {1, 2}, 1).layout(); }, [&] { return t.as_strided({2, 2}, {1, 2}, 1).layout(); });

  // The layout algebra. composition, logical_divide and tile read the view's own elements, so
  // they have storage forms; complement, the inverses and logical_product make index maps of
  // their own (an index space, not the input's storage), so they exist as layouts only; so do
  // the blocked and raked products.
  using B = layout<shape<2, 3>, strides<1, 2>>;  // 6 indices of L's 24
  const dynamic_layout b = B::dynamic();
  check_forms(name("composition", ".composition((2, 3), (1, 2))"), composition_t<L, B>{}, [] { return composition(L{}, B{}); },
              [&] { return composition(l, b); }, [&] { return composition(sv, B{}); },
              [&] { return composition(dv, b).layout(); }, [&] { return dv.composition(b).layout(); },
              [&] { return t.composition(b).layout(); });
  using T = layout<shape<2, 2>, strides<4, 1>>;  // tiles of 4 that divide L's 24
  const dynamic_layout tiler = T::dynamic();
  check_forms(name("logical_divide", ".logical_divide((2, 2), (4, 1))"), logical_divide_t<L, T>{},
              [] { return logical_divide(L{}, T{}); }, [&] { return logical_divide(l, tiler); },
              [&] { return logical_divide(sv, T{}); }, [&] { return logical_divide(dv, tiler).layout(); },
              [&] { return dv.logical_divide(tiler).layout(); }, [&] { return t.logical_divide(tiler).layout(); });
  check_forms(name("tile", ".tile(1, 3, 2)"), tile_t<L, 1, 3, 2>{}, [] { return tile<1, 3, 2>(L{}); },
              [&] { return tile(l, {1, 3, 2}); }, [&] { return tile<1, 3, 2>(sv); },
              [&] { return tile(dv, {1, 3, 2}).layout(); }, [&] { return dv.tile({1, 3, 2}).layout(); },
              [&] { return t.tile({1, 3, 2}).layout(); });
  check_forms(name("rearrange", ".rearrange(\"b (h p) w -> b w (h p)\", p=3)"), rearrange_t<L, "b (h p) w -> b w (h p)", "p=3">{},
              [] { return rearrange<"b (h p) w -> b w (h p)", "p=3">(L{}); },
              [&] { return rearrange(l, "b (h p) w -> b w (h p)", "p=3"); },
              [&] { return rearrange<"b (h p) w -> b w (h p)", "p=3">(sv); },
              [&] { return rearrange(dv, "b (h p) w -> b w (h p)", "p=3").layout(); },
              [&] { return dv.rearrange("b (h p) w -> b w (h p)", "p=3").layout(); },
              [&] { return t.rearrange("b (h p) w -> b w (h p)", "p=3").layout(); });
  {
    using C = layout<shape<2, 3>, strides<12, 4>>;  // every fourth offset, 6 of them
    const dynamic_layout c = C::dynamic();
    const std::string on = "layout((2, 3), (12, 4))";
    const auto layout_forms = [](const std::string& expression, const dynamic_layout& static_form, const dynamic_layout& function_form,
                                 const dynamic_layout& runtime) {
      INFO(expression);
      const dynamic_layout expected = evaluate(expression);
      CHECK(static_form == expected);
      CHECK(function_form == expected);
      CHECK(runtime == expected);
    };
    layout_forms(name("complement", ".complement(48)", on), complement_t<C, 48>::dynamic(), complement<48>(C{}).dynamic(), complement(c, 48));
    layout_forms(name("left_inverse", ".left_inverse()", on), left_inverse_t<C>::dynamic(), left_inverse(C{}).dynamic(), left_inverse(c));
    using R = layout<shape<3, 4>, strides<1, 3>>;  // a column-major matrix
    layout_forms(name("right_inverse", ".right_inverse()", "layout((3, 4), (1, 3))"), right_inverse_t<R>::dynamic(),
                 right_inverse(R{}).dynamic(), right_inverse(R::dynamic()));
    using P = layout<shape<3>, strides<1>>;
    layout_forms(name("logical_product", ".logical_product((3,), (1,))", on), logical_product_t<C, P>::dynamic(),
                 logical_product(C{}, P{}).dynamic(), logical_product(c, P::dynamic()));
    layout_forms(name("blocked_product", ".blocked_product((3,), (1,))", on), blocked_product_t<C, P>::dynamic(),
                 blocked_product(C{}, P{}).dynamic(), blocked_product(c, P::dynamic()));
    layout_forms(name("raked_product", ".raked_product((3,), (1,))", on), raked_product_t<C, P>::dynamic(),
                 raked_product(C{}, P{}).dynamic(), raked_product(c, P::dynamic()));
  }

  // The bases: static types and run-time constructors.
  covered.insert(covered.end(), {"contiguous", "column_major", "layout"});
  CHECK(contiguous<2, 3, 4>::dynamic() == evaluate("contiguous(2, 3, 4)"));
  CHECK(dynamic_layout::contiguous({2, 3, 4}) == evaluate("contiguous(2, 3, 4)"));
  CHECK(column_major<2, 3>::dynamic() == evaluate("column_major(2, 3)"));
  CHECK(dynamic_layout::column_major({2, 3}) == evaluate("column_major(2, 3)"));
  CHECK(layout<shape<3, 4>, strides<1, 3>, 2>::dynamic() == evaluate("layout((3, 4), (1, 3), 2)"));
  CHECK(dynamic_layout({3, 4}, {1, 3}, 2) == evaluate("layout((3, 4), (1, 3), 2)"));

  // Every entry is covered above, and nothing above is missing from the table.
  std::vector<std::string_view> table;
  for (const operation_info& op : operation_table) table.push_back(op.name);
  std::sort(table.begin(), table.end());
  std::sort(covered.begin(), covered.end());
  CHECK(covered == table);
}

TEST_CASE("every view operation of the table takes mixed layouts (its rule runs on a maybe_layout)") {
  for (const operation_info& op : operation_table) {
    INFO(op.name);
    if (op.starts_expression) continue;
    CHECK((op.parts != nullptr ? op.parts.on_maybe_layout != nullptr : op.apply.on_maybe_layout != nullptr));
  }
}
