// The operation table against the C++ forms: every entry of strider::operation_table exists as a
// static alias (`name_t`), a static function form, a run-time function, the storage layer's free
// functions (static and dynamic views) and member forms (dynamic views and tensors; reshape, which
// may copy, has none: a view never copies), and all of them give the layout the expression
// language gives for the same call. The operations listed in core/operation_forms.hpp are checked
// from their entries (each entry's example, every form generated from it; one written with
// integers also with each number of them its registry entry allows), so a new entry needs nothing
// here; the others are written out below. A table entry that nothing here checks fails the
// coverage check, and so does a form that disagrees.
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

// The listed operations, from their entries: each entry's example (static arguments on a
// contiguous layout of the example's extents) in every form against the rule on the input's
// dynamic_layout, and the rule against the expression language. An example's expression is the
// call as C++ writes its arguments (".narrow(-1, -3, 2)"), or, where the expression language
// spells them otherwise, the spelling below.
std::string expression_call(std::string_view name, std::string_view arguments) {
  static const std::pair<std::string_view, std::string_view> spelled_otherwise[] = {
      {"slice", "[1:, ::-1]"},
      {"movedim", ".movedim((0, -1), (2, 0))"},
      {"unflatten", ".unflatten(-1, (2, -1))"},
      {"rearrange", ".rearrange(\"b (h p) w -> b w (h p)\", p=3)"},
      {"as_strided", ".as_strided((2, 2), (1, 2), 1)"},
      {"split_with_sizes", ".split((1, 2), 1)"},
      {"tensor_split_indices", ".tensor_split((1, -1), 2)"},
      {"hsplit_indices", ".hsplit((2,))"},
      {"vsplit_indices", ".vsplit((1, 1))"},
      {"dsplit_indices", ".dsplit((1, 3))"},
  };
  for (const auto& [n, call] : spelled_otherwise)
    if (n == name) return std::string(call);
  return "." + std::string(name) + std::string(arguments);
}

// The example's contiguous input In as mixed layout objects: with its leading extent known only at
// run time, and with its leading stride so (every extent static: the several-result operations,
// whose parts may depend on an extent, take it too).
template <class In, std::size_t... D>
auto extent_twin(std::index_sequence<D...>) {
  return contiguous<dyn, In::shape[D + 1]...>(In::shape[0]);
}
template <class In>
auto extent_twin() {
  return extent_twin<In>(std::make_index_sequence<In::rank - 1>{});
}
template <class In, std::size_t... D>
auto stride_twin(std::index_sequence<D...>) {
  using M = layout<shape<In::shape[D]...>, strides<(D == 0 ? dyn : In::strides[D])...>>;
  return M(In::strides[0]);
}
template <class In>
auto stride_twin() {
  return stride_twin<In>(std::make_index_sequence<In::rank>{});
}

// The inputs of one example: the static layout In, its dynamic_layout, and views (static, mixed,
// dynamic) and a tensor of it.
template <class In>
struct example_inputs {
  std::vector<float> data = storage(static_cast<std::size_t>(In::required_span));
  dynamic_layout l = In::dynamic();
  tensor_view<float, In> sv{data.data()};
  tensor_view<float, decltype(extent_twin<In>())> mixed_view{data.data(), extent_twin<In>()};
  tensor_view<float, dynamic_layout> dv{data.data(), In::dynamic()};
  dynamic_tensor<float> t{In::dynamic()};
  std::string base;
};

// An operation written with integers may leave out the trailing ones that have defaults: the
// expression with the example's first k integers, for every k its table entry allows, against
// the rule called in C++ with the same k (the compiler supplies the rule's defaults).
template <class Rule, class... Given>
void check_omitted_integers(std::string_view name, std::string_view base, const dynamic_layout& l, const Rule& rule,
                            Given... given) {
  const operation_info* op = find_operation(name);
  if constexpr ((std::is_same_v<Given, index_t> && ...)) {
    if (op == nullptr || op->form != argument_form::integers) return;
    const index_t values[] = {given..., 0};
    REQUIRE(op->max_arguments == sizeof...(Given));
    const auto check_first = [&]<std::size_t... I>(std::index_sequence<I...>) {
      if (sizeof...(I) < op->min_arguments) return;
      std::string call = std::string(base) + "." + std::string(name) + "(";
      for (std::size_t i = 0; i < sizeof...(I); ++i) call += (i ? ", " : "") + std::to_string(values[i]);
      call += ")";
      INFO(call);
      if constexpr (requires { rule(l, values[I]...); }) {
        const auto expected = rule(l, values[I]...);
        if constexpr (std::is_same_v<decltype(expected), const layout_parts>) {
          for (index_t i = 0; i < static_cast<index_t>(expected.size()); ++i)
            CHECK(evaluate(call + "[" + std::to_string(i) + "]") == expected[i]);
        } else {
          CHECK(evaluate(call) == expected);
        }
      } else {
        FAIL("the table lets the call leave out integers the rule needs");
      }
    };
    [&]<std::size_t... K>(std::index_sequence<K...>) {
      (check_first(std::make_index_sequence<K>{}), ...);
    }(std::make_index_sequence<sizeof...(Given) + 1>{});
  }
}
#define STRIDER_RULE_OF(name) [](const auto&... arguments) -> decltype(strider::name(arguments...)) { return strider::name(arguments...); }

#define STRIDER_EXAMPLE_EXTENTS_(extents, arguments) STRIDER_UNPAREN extents
#define STRIDER_EXAMPLE_ARGUMENTS_(extents, arguments) STRIDER_UNPAREN arguments
#define STRIDER_EXAMPLE_TEXT_(extents, arguments) "contiguous" #extents, #arguments
#define STRIDER_EXAMPLE_EXTENTS(example) STRIDER_EXAMPLE_EXTENTS_ example
#define STRIDER_EXAMPLE_ARGUMENTS(example) STRIDER_EXAMPLE_ARGUMENTS_ example
#define STRIDER_EXAMPLE_TEXT(example) STRIDER_EXAMPLE_TEXT_ example

// The frame of both checks below: the example's inputs, then the check (the rest of the
// arguments) as a lambda over the entry's static parameters, run with the example's static
// arguments, `expression` the call in the expression language.
#define STRIDER_WITH_EXAMPLE(name, static_parameters, example, ...)                                                      \
  {                                                                                                                      \
    using In = contiguous<STRIDER_EXAMPLE_EXTENTS(example)>;                                                             \
    example_inputs<In> in;                                                                                              \
    const std::string_view base_and_arguments[] = {STRIDER_EXAMPLE_TEXT(example)};                                      \
    const std::string_view base = base_and_arguments[0], arguments = base_and_arguments[1];                            \
    const auto check = [&]<STRIDER_COMMA_AFTER static_parameters class Unused = void>() {                              \
      const std::string expression = std::string(base) + expression_call(#name, arguments);                           \
      INFO(expression);                                                                                                 \
      __VA_ARGS__                                                                                                       \
    };                                                                                                                   \
    check.template operator()<STRIDER_EXAMPLE_ARGUMENTS(example)>();                                                    \
    cover(#name);                                                                                                       \
  }

// One result: every form's layout equals the rule's, which equals the expression's; the function
// form also on the example's two mixed twins (a run-time leading extent, a run-time leading stride).
#define STRIDER_CHECK_VIEW_FORMS(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  STRIDER_WITH_EXAMPLE(name, static_parameters, example,                                                                 \
    const dynamic_layout expected = strider::name(in.l STRIDER_COMMA_BEFORE rule_arguments);                            \
    CHECK(evaluate(expression) == expected);                                                                            \
    CHECK(strider::name##_t<In STRIDER_COMMA_BEFORE static_arguments>::dynamic() == expected);                         \
    CHECK(decltype(strider::name<STRIDER_UNPAREN static_arguments>(In{}))::dynamic() == expected);                     \
    CHECK(strider::name<STRIDER_UNPAREN static_arguments>(in.sv).layout().dynamic() == expected);                      \
    CHECK(strider::name(in.dv STRIDER_COMMA_BEFORE rule_arguments).layout() == expected);                               \
    CHECK(in.dv.name(STRIDER_UNPAREN rule_arguments).layout() == expected);                                             \
    CHECK(in.t.name(STRIDER_UNPAREN rule_arguments).layout() == expected);                                              \
    CHECK(strider::name<STRIDER_UNPAREN static_arguments>(extent_twin<In>()).dynamic() == expected);                \
    CHECK(strider::name<STRIDER_UNPAREN static_arguments>(stride_twin<In>()).dynamic() == expected);                \
    CHECK(strider::name<STRIDER_UNPAREN static_arguments>(in.mixed_view).layout().dynamic() == expected);               \
    check_omitted_integers(#name, base, in.l, STRIDER_RULE_OF(name) STRIDER_COMMA_BEFORE rule_arguments);)

// Several results: part i of every form equals part i of the rule and the expression's [i]; the
// function form also on the twin with a run-time stride (a run-time extent would be refused where
// the parts depend on it, as it should be).
#define STRIDER_CHECK_PARTS_FORMS(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  STRIDER_WITH_EXAMPLE(name, static_parameters, example,                                                                 \
    const layout_parts expected = strider::name(in.l STRIDER_COMMA_BEFORE rule_arguments);                              \
    using Static = strider::name##_t<In STRIDER_COMMA_BEFORE static_arguments>;                                        \
    static_assert(std::is_same_v<decltype(strider::name<STRIDER_UNPAREN static_arguments>(In{})), Static>);            \
    REQUIRE(std::tuple_size_v<Static> == expected.size());                                                              \
    REQUIRE(expected.size() > 1);                                                                                       \
    const auto static_views = strider::name<STRIDER_UNPAREN static_arguments>(in.sv);                                  \
    const auto mixed_parts = strider::name<STRIDER_UNPAREN static_arguments>(stride_twin<In>());                       \
    const auto check_part = [&](auto part) {                                                                            \
      constexpr std::size_t I = decltype(part)::value;                                                                  \
      CHECK(std::tuple_element_t<I, Static>::dynamic() == expected[static_cast<index_t>(I)]);                           \
      CHECK(std::get<I>(static_views).layout().dynamic() == expected[static_cast<index_t>(I)]);                         \
      CHECK(std::get<I>(mixed_parts).dynamic() == expected[static_cast<index_t>(I)]);                                   \
    };                                                                                                                   \
    [&]<std::size_t... I>(std::index_sequence<I...>) {                                                                  \
      (check_part(std::integral_constant<std::size_t, I>{}), ...);                                                      \
    }(std::make_index_sequence<std::tuple_size_v<Static>>{});                                                           \
    for (index_t i = 0; i < static_cast<index_t>(expected.size()); ++i) {                                               \
      INFO("part " << i);                                                                                               \
      CHECK(evaluate(expression + "[" + std::to_string(i) + "]") == expected[i]);                                      \
      CHECK(strider::name(in.dv STRIDER_COMMA_BEFORE rule_arguments)[i].layout() == expected[i]);                        \
      CHECK(in.dv.name(STRIDER_UNPAREN rule_arguments)[i].layout() == expected[i]);                                     \
      CHECK(in.t.name(STRIDER_UNPAREN rule_arguments)[i].layout() == expected[i]);                                      \
    }                                                                                                                   \
    check_omitted_integers(#name, base, in.l, STRIDER_RULE_OF(name) STRIDER_COMMA_BEFORE rule_arguments);)

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

  // The listed operations, each from its entry (see STRIDER_CHECK_VIEW_FORMS above). Each is a
  // table entry, or the C++ name of one's tuple form (split_with_sizes for split((1, 2))).
  const auto cover = [&](std::string_view n) {
    bool in_table = false;
    for (const operation_info& op : operation_table) {
      if (op.name == n) covered.push_back(n);
      in_table = in_table || op.name == n || op.tuple_name == n;
    }
    INFO(n);
    CHECK(in_table);
  };
  STRIDER_VIEW_OPERATIONS(STRIDER_CHECK_VIEW_FORMS)
  STRIDER_PARTS_OPERATIONS(STRIDER_CHECK_PARTS_FORMS)

  // The others, written out.

  check_forms(name("flip", ".flip(1)"), flip_t<L, 1>{}, [] { return flip<1>(L{}); }, [&] { return flip(l, {1}); },
              [&] { return flip<1>(sv); }, [&] { return flip(dv, {1}).layout(); }, [&] { return dv.flip({1}).layout(); },
              [&] { return t.flip({1}).layout(); });
  check_forms(std::string(base) + ".flip()", flip_t<L>{}, [] { return flip(L{}); }, [&] { return flip(l); },
              [&] { return flip(sv); }, [&] { return flip(dv).layout(); }, [&] { return dv.flip().layout(); },
              [&] { return t.flip().layout(); });
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
  check_forms(name("coalesce", ".permute(1, 0, 2)[::-1, :, 1:].coalesce()"), coalesce_t<slice_t<permute_t<L, 1, 0, 2>, "::-1, :, 1:">>{},
              [] { return coalesce(slice<"::-1, :, 1:">(permute<1, 0, 2>(L{}))); },
              [&] { return coalesce(slice(permute(l, {1, 0, 2}), "::-1, :, 1:")); },
              [&] { return coalesce(slice<"::-1, :, 1:">(permute<1, 0, 2>(sv))); },
              [&] { return coalesce(slice(permute(dv, {1, 0, 2}), "::-1, :, 1:")).layout(); },
              [&] { return dv.permute({1, 0, 2}).slice("::-1, :, 1:").coalesce().layout(); },
              [&] { return t.permute({1, 0, 2}).slice("::-1, :, 1:").coalesce().layout(); });
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
  // ravel may copy, as reshape: layouts only.
  covered.push_back("ravel");
  for (const char* call : {".ravel()", ".transpose(0, 2).ravel()"}) {
    const dynamic_layout expected = evaluate(std::string(base) + call);
    CHECK((call[1] == 'r' ? ravel_t<L>::dynamic() : ravel_t<transpose_t<L, 0, 2>>::dynamic()) == expected);
    CHECK((call[1] == 'r' ? ravel(L{}) : ravel(transpose<0, 2>(L{}))).dynamic() == expected);
    CHECK((call[1] == 'r' ? ravel(l) : ravel(transpose(l, 0, 2))) == expected);
  }
  CHECK(evaluate(std::string(base) + ".array_split(3, 2)[0]") == tensor_split(l, 3, 2)[0]);
  CHECK(evaluate(std::string(base) + ".numpy_split((1,), 1)[1]") == tensor_split_indices(l, {1}, 1)[1]);
  // The other names give the same layouts.
  CHECK(evaluate(std::string(base) + ".swapaxes(0, 2)") == transpose(l, 0, 2));
  CHECK(evaluate(std::string(base) + ".swapdims(0, 2)") == transpose(l, 0, 2));
  CHECK(evaluate(std::string(base) + ".moveaxis(0, 2)") == movedim(l, {0}, {2}));
  CHECK(evaluate(std::string(base) + ".T") == reverse_axis_order(l));
  CHECK(evaluate(std::string(base) + ".mT") == matrix_transpose(l));

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
    // core/algebra_helpers.hpp's operations (layouts only; the divides by another name read the
    // layout as logical_divide does).
    layout_forms(std::string(on) + ".complement()", complement_t<C>::dynamic(), complement(C{}).dynamic(), complement(c));
    using F = layout<shape<2, 3, 2>, strides<12, 0, 4>>;
    layout_forms(name("filter", ".filter()", "layout((2, 3, 2), (12, 0, 4))"), filter_t<F>::dynamic(), filter(F{}).dynamic(), filter(F::dynamic()));
    using V = contiguous<4, 8>;
    const dynamic_layout v = V::dynamic();
    layout_forms(name("upcast", ".upcast(4)", "contiguous(4, 8)"), upcast_t<V, 4>::dynamic(), upcast<4>(V{}).dynamic(), upcast(v, 4));
    layout_forms(name("downcast", ".downcast(2)", "contiguous(4, 8)"), downcast_t<V, 2>::dynamic(), downcast<2>(V{}).dynamic(), downcast(v, 2));
    // recast_layout's command form takes the element sizes in bytes (C++: the element types).
    layout_forms(name("recast_layout", ".recast_layout(2, 4)", "contiguous(4, 8)"), recast_layout_t<V, short, float>::dynamic(),
                 recast_layout<short, float>(V{}).dynamic(), recast_layout(v, 2, 4));
    layout_forms(name("max_common_layout", ".max_common_layout((4, 8), (8, 1))", "contiguous(4, 8)"), max_common_layout_t<V, V>::dynamic(),
                 max_common_layout(V{}, V{}).dynamic(), max_common_layout(v, v));
    layout_forms(std::string("layout((2, 4, 1, 1), (4, 1, 1, 1)).coalesce(2, 2)"), coalesce_t<layout<shape<2, 4, 1, 1>, strides<4, 1, 1, 1>>, 2, 2>::dynamic(),
                 coalesce_t<layout<shape<2, 4, 1, 1>, strides<4, 1, 1, 1>>, 2, 2>::dynamic(), coalesce(dynamic_layout({2, 4, 1, 1}, {4, 1, 1, 1}), {2, 2}));
    using Q = contiguous<2, 2>;
    layout_forms(name("tile_to_shape", ".tile_to_shape((4, 6))", "contiguous(2, 2)"), tile_to_shape_t<Q, shape<4, 6>>::dynamic(),
                 tile_to_shape<shape<4, 6>>(Q{}).dynamic(), tile_to_shape(Q::dynamic(), {4, 6}));
    layout_forms(name("zipped_divide", ".zipped_divide((2, 2), (4, 1))"), zipped_divide_t<L, T>::dynamic(), zipped_divide(L{}, T{}).dynamic(), zipped_divide(l, tiler));
    layout_forms(name("tiled_divide", ".tiled_divide((2, 2), (4, 1))"), tiled_divide_t<L, T>::dynamic(), tiled_divide(L{}, T{}).dynamic(), tiled_divide(l, tiler));
    layout_forms(name("flat_divide", ".flat_divide((2, 2), (4, 1))"), flat_divide_t<L, T>::dynamic(), flat_divide(L{}, T{}).dynamic(), flat_divide(l, tiler));
    layout_forms(name("zipped_product", ".zipped_product((3,), (1,))", on), zipped_product_t<C, P>::dynamic(), zipped_product(C{}, P{}).dynamic(), zipped_product(c, P::dynamic()));
    layout_forms(name("tiled_product", ".tiled_product((3,), (1,))", on), tiled_product_t<C, P>::dynamic(), tiled_product(C{}, P{}).dynamic(), tiled_product(c, P::dynamic()));
    // By a tile (make_tile_t, make_tile): one (shape), (strides) pair per axis in the command.
    {
      using S = contiguous<8, 8>;
      using B = make_tile_t<layout<shape<2>, strides<1>>, layout<shape<4>, strides<2>>>;
      const strider::layout_tile b = make_tile(dynamic_layout({2}, {1}), dynamic_layout({4}, {2}));
      const dynamic_layout s = S::dynamic();
      const std::string by = "((2,), (1,), (4,), (2,))";
      layout_forms("contiguous(8, 8).composition" + by, composition_t<S, B>::dynamic(), composition(S{}, B{}).dynamic(), composition(s, b));
      layout_forms("contiguous(8, 8).logical_divide" + by, logical_divide_t<S, B>::dynamic(), logical_divide(S{}, B{}).dynamic(), logical_divide(s, b));
      layout_forms("contiguous(8, 8).zipped_divide" + by, zipped_divide_t<S, B>::dynamic(), zipped_divide(S{}, B{}).dynamic(), zipped_divide(s, b));
      layout_forms("contiguous(8, 8).tiled_divide" + by, tiled_divide_t<S, B>::dynamic(), tiled_divide(S{}, B{}).dynamic(), tiled_divide(s, b));
      layout_forms("contiguous(8, 8).flat_divide" + by, flat_divide_t<S, B>::dynamic(), flat_divide(S{}, B{}).dynamic(), flat_divide(s, b));
      layout_forms("contiguous(8, 8).logical_product" + by, logical_product_t<S, B>::dynamic(), logical_product(S{}, B{}).dynamic(), logical_product(s, b));
      layout_forms("contiguous(8, 8).zipped_product" + by, zipped_product_t<S, B>::dynamic(), zipped_product(S{}, B{}).dynamic(), zipped_product(s, b));
      layout_forms("contiguous(8, 8).tiled_product" + by, tiled_product_t<S, B>::dynamic(), tiled_product(S{}, B{}).dynamic(), tiled_product(s, b));
      layout_forms("contiguous(8, 8).flat_product" + by, flat_product_t<S, B>::dynamic(), flat_product(S{}, B{}).dynamic(), flat_product(s, b));
      CHECK(zipped_divide_t<S, B>::tile_rank == 2);
    }
    layout_forms(name("flat_product", ".flat_product((3,), (1,))", on), flat_product_t<C, P>::dynamic(), flat_product(C{}, P{}).dynamic(), flat_product(c, P::dynamic()));
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
