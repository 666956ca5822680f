// strider/expression/operation_table.hpp: the list of every layout operation, one entry each: its name,
// how its arguments are written, what it does, and the core function that runs it. The listed
// operations' entries are made from their entries in core/operation_forms.hpp (see
// STRIDER_TABLE_ENTRY below); the bases, the algebra and the operations written by hand there
// are written here.
//
// The expression language (parser, evaluation, --emit-cpp), the `strider` command's help and
// operation list, and the fuzzer's dictionary check are driven by this list; the static aliases,
// function forms and storage forms are checked against it by
// runtime_tests/operation_table_test.cpp. docs/design.md ("Adding an operation") lists
// every file a new operation touches.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/algebra.hpp"
#include "../core/algebra_helpers.hpp"
#include "../core/dims.hpp"
#include "../core/layout.hpp"
#include "../core/operation_forms.hpp"
#include "../core/operations.hpp"
#include "../core/rearrange.hpp"
#include "../core/slice.hpp"

namespace strider {

/// How an operation's arguments are written, in expressions and in the C++ forms.
enum class argument_form {
  extents,      // a list of extents: contiguous(3, 4), view(-1), broadcast_to((2, 3))
  axes,         // a list of axes: permute(2, 0, 1)
  axes_or_all,  // a list of axes, or none for every axis: flip(), squeeze(0)
  integers,     // a fixed number of integers (min_arguments to max_arguments): transpose(0, 1)
  strided,      // (shape), (strides) and an optional offset: layout((3, 4), (4, 1), 0)
  axis_lists,   // two axes, or two tuples of axes: movedim(0, 2), movedim((0, 1), (2, 3))
  axis_extents, // an axis and a tuple of extents: unflatten(1, (2, 3))
  windows,      // a window extent or tuple of them, then optional axes: sliding_window_view((2, 2)), sliding_window_view(3, 1)
  split_sizes,  // a part size or a tuple of part sizes, then an optional dimension: split(2), split((1, 3), 1)
  layout_operand, // a second layout at offset 0, as (shape), (strides): composition((5, 4), (4, 1))
  pattern,      // an einops pattern in double quotes, then axis sizes as name=value: rearrange("h (w p) -> h w p", p=2)
  index,        // NumPy index text, written between [ ]
};

struct operation_info;

/// One call of an operation in an expression: its table entry, where it is written, and its
/// arguments, as the parser reads them and the entry's core function takes them
/// (`expression::operation` is this type). Which argument fields a call fills depends on its
/// entry's `argument_form`; an expression built by hand fills them the same way. Example:
/// `.movedim((0, 1), (2, 3))` has `values == dims{0, 1}` and `destination == dims{2, 3}`.
struct operation_call {
  const operation_info* op = nullptr;  // the operation_table entry
  std::size_t column = 1;           // 1-based: the call's name, or '[' for an index
  dims values{};                    // extents or axes, the shape of layout/as_strided, or the integer arguments
  dims strides{};                   // strided forms (layout, as_strided) and a second layout (composition): its strides
  dims destination{};               // movedim: the destination axes (the source axes are values)
  dims extents{};                   // unflatten: the extents the dimension splits into (the dimension is values[0])
  dims axes{};                      // sliding_window_view: the axes of the windows, when given (has_axes)
  std::optional<index_t> offset{};  // strided forms, when given
  std::string index{};              // slice: the text between [ ], without surrounding blanks
  std::string pattern{};            // rearrange: the einops pattern
  std::string sizes{};              // rearrange: the axis sizes as "p1=2, p2=2"
  std::size_t index_column = 0;     // slice: 1-based column of the index text's first character; rearrange: of the pattern's
  bool no_axes = false;             // flip(()), squeeze(()): an empty axis tuple, no axis at all (values empty means every axis)
  bool has_axes = false;            // sliding_window_view: axes given
  bool sizes_tuple = false;         // split: the sizes came as a tuple
  std::optional<index_t> dim{};     // split: the dimension, when given
  std::optional<index_t> part{};    // split, chunk, unbind: the part picked with [i]
  std::string cute{};               // a base read from cute("..."): the CuTe layout as written, blanks removed
  tile_policy policy = tile_policy::exact;  // tile: its policy, written last (tile(4, padded))
  std::vector<std::pair<dims, dims>> modes{};  // a tile by mode (composition, the divides and products): each axis's (shape, strides)

  friend bool operator==(const operation_call&, const operation_call&) = default;
};

/// The former arguments-only struct, now part of operation_call; deprecated for one release.
using operation_arguments [[deprecated("use operation_call (expression::operation)")]] = operation_call;

namespace detail {

// The command's layouts carry no mask: a masked tiling shows as its padded layout, which must be
// a layout. A reversed axis puts its padding before the storage start, where C++'s
// tile<masked, ...> (which never reads the padding) takes it: refused here with that reason.
inline void check_masked_tiling_shown(const dynamic_layout& l, const dims& tile_shape) {
  const layout_value padded = tiled(l, tile_shape, true, true).value;
  const index_t lowest = min_offset(padded, "tile");
  if (lowest < 0)
    refuse("tile: a masked tiling shows here as its padded layout, whose padding lies at storage offset {}, before the start (C++'s tile<masked, ...> never reads the padding and takes it)", lowest);
}
// core/algebra_helpers.hpp's operations run on values: on a mixed layout's maybe_layout, every
// entry must be static (their static aliases take static layouts only), and the result is static.
template <class F>
dynamic_layout on_static_entries(const dynamic_layout& l, const char*, F f) { return f(l); }
template <class F>
maybe_layout on_static_entries(const maybe_layout& l, const char* name, F f) {
  const maybe_layout_value& v = l.entries();
  bool known = v.offset.known && v.storage_size.known;
  for (std::size_t d = 0; d < v.rank; ++d) known = known && v.shape[d].known && v.strides[d].known;
  if (!known) throw layout_error("{}: takes a layout whose entries are all static (this one has run-time entries)", name);
  return maybe_layout(f(dynamic_layout(l.value(), dynamic_layout::unchecked_t{})).value(), dynamic_layout::unchecked_t{});
}
// The second operand of composition, the divides and the products: a layout, or a tile of one
// layout per axis (make_tile) when the call gives modes; the by-mode forms take static entries.
inline layout_tile operand_tile(const operation_call& a) {
  layout_tile t;
  if (a.modes.size() > max_rank) throw layout_error("make_tile: {} modes, more than max_rank ({})", a.modes.size(), max_rank);
  for (const auto& [mode_shape, mode_strides] : a.modes) t.modes[t.rank++] = dynamic_layout(mode_shape, mode_strides);
  return t;
}
template <class L, class F>
L by_tiler(const L& l, const operation_call& a, const char* name, F f) {
  if (!a.modes.empty()) return on_static_entries(l, name, [&](const dynamic_layout& v) { return f(v, operand_tile(a)); });
  if constexpr (requires { f(l, dynamic_layout{}); }) return f(l, dynamic_layout(a.values, a.strides));
  else return on_static_entries(l, name, [&](const dynamic_layout& v) { return f(v, dynamic_layout(a.values, a.strides)); });
}
template <class F>
std::size_t tiler_rank(const dynamic_layout& l, const operation_call& a, F f) {
  return a.modes.empty() ? f(l, dynamic_layout(a.values, a.strides)).tile_rank : f(l, operand_tile(a)).tile_rank;
}

// A run-time parameter list, `#` of a list entry's field (`"(index_t dim, index_t start = 0)"`), as
// the integers form reads it: how many leading parameters have no default (1: the fewest integers
// the operation takes), and each parameter's default (start's 0; 0 where it has none).
struct integer_parameters {
  std::size_t required = 0;
  index_t defaults[max_rank] = {};
};
constexpr integer_parameters read_integer_parameters(std::string_view list) {
  integer_parameters out;
  std::size_t parameter = 0;
  bool empty = true, defaulted = false;
  index_t sign = 1;
  int depth = 0;
  for (const char c : list) {
    depth -= c == ')' || c == '}';
    if (depth == 1 && c == ',') {
      out.required += !empty && !defaulted && out.required == parameter;
      ++parameter;
      empty = true;
      defaulted = false;
      sign = 1;
    } else if (depth == 1 && c == '=') {
      defaulted = true;
    } else if (depth >= 1 && c != ' ') {
      empty = false;
      if (defaulted && c == '-') sign = -1;
      if (defaulted && c >= '0' && c <= '9' && parameter < max_rank)
        out.defaults[parameter] = out.defaults[parameter] * 10 + sign * (c - '0');
    }
    depth += c == '(' || c == '{';
  }
  out.required += !empty && !defaulted && out.required == parameter;
  return out;
}

// Integer argument i of an operation: the one given, else the default of the rule's run-time
// `parameters` (the parser checked that every argument without a default was given).
constexpr index_t integer_argument(const dims& values, std::size_t i, std::string_view parameters) {
  return i < values.size() ? values[i] : read_integer_parameters(parameters).defaults[i];
}
}  // namespace detail

/// The core function of an operation: on a dynamic layout, and, for an operation that takes mixed
/// layouts, on a mixed layout's maybe_layout (docs/mixed.md), where it decides which
/// entries stay static. Made from one lambda: a generic one (`const auto& l`) serves both.
struct rule_call {
  dynamic_layout (*on_values)(const dynamic_layout& in, const operation_call& a) = nullptr;
  detail::maybe_layout (*on_maybe_layout)(const detail::maybe_layout& in, const operation_call& a) = nullptr;

  constexpr rule_call() = default;
  constexpr rule_call(std::nullptr_t) {}
  // Requires-expressions rather than std::is_convertible and std::is_invocable, whose machinery
  // the compiler would instantiate for each of the table's lambdas in every including file.
  template <class F>
    requires requires(F f) { static_cast<dynamic_layout (*)(const dynamic_layout&, const operation_call&)>(f); }
  constexpr rule_call(F f) : on_values(f) {
    if constexpr (requires(const detail::maybe_layout& l, const operation_call& a) { f(l, a); }) on_maybe_layout = f;
  }
  constexpr dynamic_layout operator()(const dynamic_layout& in, const operation_call& a) const { return on_values(in, a); }
};

/// The same for an operation that gives several views (split, chunk, unbind): their layouts.
struct parts_call {
  layout_parts (*on_values)(const dynamic_layout& in, const operation_call& a) = nullptr;
  basic_layout_parts<detail::maybe_layout> (*on_maybe_layout)(const detail::maybe_layout& in, const operation_call& a) = nullptr;

  constexpr parts_call() = default;
  constexpr parts_call(std::nullptr_t) {}
  // Requires-expressions, as rule_call's.
  template <class F>
    requires requires(F f) { static_cast<layout_parts (*)(const dynamic_layout&, const operation_call&)>(f); }
  constexpr parts_call(F f) : on_values(f) {
    if constexpr (requires(const detail::maybe_layout& l, const operation_call& a) { f(l, a); }) on_maybe_layout = f;
  }
  constexpr layout_parts operator()(const dynamic_layout& in, const operation_call& a) const { return on_values(in, a); }
  friend constexpr bool operator==(const parts_call& p, std::nullptr_t) { return p.on_values == nullptr; }
};

/// One layout operation.
struct operation_info {
  std::string_view name;        // as in expressions, the run-time function and (with _t) the static alias
  bool starts_expression;       // a base layout (contiguous, column_major, layout) rather than a view of one
  argument_form form;
  std::size_t min_arguments, max_arguments;  // integers form: how many; split_sizes: max 1 without a dimension argument (hsplit), else 2
  std::string_view arguments;   // the arguments in words (messages of the expression parser)
  std::string_view example;     // a call as written in an expression
  std::string_view summary;     // one line for the command's help
  /// Runs the core function on `in` (ignored by bases); null for an operation with several results.
  rule_call apply;
  /// The results of an operation that gives several views (split, chunk, unbind), else null.
  parts_call parts = nullptr;
  std::string_view aliases[2] = {}; // other names of the same call (NumPy's and PyTorch's); unused ones empty
  std::string_view attribute = {};  // a name written without parentheses, as NumPy's a.T
  bool algebra = false;             // CuTe's layout algebra rather than a NumPy/PyTorch view (the command's help lists them apart)
  /// For an operation whose result is tiled (its trailing axes one tile), how many axes the tile has.
  std::size_t (*tile_rank)(const dynamic_layout& in, const operation_call& a) = nullptr;
  /// split_sizes form: the C++ name of the call with a tuple (split_with_sizes for split).
  std::string_view tuple_name = {};
};

// The entries of the listed operations (core/operation_forms.hpp), made from each one's last field:
// (form, arguments in words, example call, summary[, for split_sizes the function a tuple of
// sizes calls][, other fields as designated initializers: .aliases, .attribute]), or `()` for an
// operation the command writes as another's tuple form (split_with_sizes is split((1, 2))). The
// call comes from the form: its arguments go to the rule as the run-time C++ forms take them. The
// counts come from the run-time parameters, `parameters` below: ((run-time parameters), (run-time
// arguments)) of the entry, and an integer left out takes its parameter's default.
#define STRIDER_TABLE_CAT(a, b) STRIDER_TABLE_CAT_(a, b)
#define STRIDER_TABLE_CAT_(a, b) a##b
#define STRIDER_TABLE_TEXT(runtime_parameters, runtime_arguments) #runtime_parameters
// How many run-time arguments (for the integers and split_sizes forms, at most three).
#define STRIDER_TABLE_COUNT(runtime_parameters, runtime_arguments) STRIDER_TABLE_COUNT_OF runtime_arguments
#define STRIDER_TABLE_COUNT_OF(...) STRIDER_TABLE_NTH(__VA_ARGS__ __VA_OPT__(, ) 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define STRIDER_TABLE_NTH(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define STRIDER_TABLE_INTEGERS_0(text)
#define STRIDER_TABLE_INTEGERS_1(text) , detail::integer_argument(a.values, 0, text)
#define STRIDER_TABLE_INTEGERS_2(text) STRIDER_TABLE_INTEGERS_1(text), detail::integer_argument(a.values, 1, text)
#define STRIDER_TABLE_INTEGERS_3(text) STRIDER_TABLE_INTEGERS_2(text), detail::integer_argument(a.values, 2, text)
#define STRIDER_TABLE_DIMENSION_1
#define STRIDER_TABLE_DIMENSION_2 , a.dim.value_or(0)

// The argument counts the parser reads: the integers form's, and whether a split takes a dimension.
#define STRIDER_TABLE_COUNTS_integers(parameters)                                                                        \
  .min_arguments = detail::read_integer_parameters(STRIDER_TABLE_TEXT parameters).required,                                           \
  .max_arguments = STRIDER_TABLE_COUNT parameters,
#define STRIDER_TABLE_COUNTS_split_sizes(parameters) .min_arguments = 0, .max_arguments = STRIDER_TABLE_COUNT parameters,
#define STRIDER_TABLE_COUNTS_NONE(parameters) .min_arguments = 0, .max_arguments = 0,
#define STRIDER_TABLE_COUNTS_extents STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_axes STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_axis_lists STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_axis_extents STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_pattern STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_index STRIDER_TABLE_COUNTS_NONE
#define STRIDER_TABLE_COUNTS_strided STRIDER_TABLE_COUNTS_NONE

// The rule's call, by form.
#define STRIDER_TABLE_CALL_integers(name, parameters)                                                                    \
  strider::name(l STRIDER_TABLE_CAT(STRIDER_TABLE_INTEGERS_, STRIDER_TABLE_COUNT parameters)(STRIDER_TABLE_TEXT parameters))
#define STRIDER_TABLE_CALL_extents(name, parameters) strider::name(l, a.values)
#define STRIDER_TABLE_CALL_axes(name, parameters) strider::name(l, a.values)
#define STRIDER_TABLE_CALL_axis_lists(name, parameters) strider::name(l, a.values, a.destination)
#define STRIDER_TABLE_CALL_axis_extents(name, parameters) strider::name(l, a.values[0], a.extents)
#define STRIDER_TABLE_CALL_pattern(name, parameters) strider::name(l, a.pattern, a.sizes)
#define STRIDER_TABLE_CALL_index(name, parameters) strider::name(l, a.index)
#define STRIDER_TABLE_CALL_strided(name, parameters) /* the offset defaults to the input's */                            \
  strider::name(l, a.values, a.strides, a.offset ? *a.offset : detail::as_strided_default_offset(l))

// The core function, `apply` of a view or `parts` of an operation with several results, then the
// entry's other fields.
#define STRIDER_TABLE_SET_apply(...) .apply = __VA_ARGS__
#define STRIDER_TABLE_SET_parts(...) .apply = nullptr, .parts = __VA_ARGS__
#define STRIDER_TABLE_FIELDS(form, member, name, parameters, ...)                                                        \
  STRIDER_TABLE_SET_##member([](const auto& l, [[maybe_unused]] const operation_call& a) {                          \
    return STRIDER_TABLE_CALL_##form(name, parameters);                                                                  \
  }) __VA_OPT__(, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_integers(...) STRIDER_TABLE_FIELDS(integers, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_extents(...) STRIDER_TABLE_FIELDS(extents, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_axes(...) STRIDER_TABLE_FIELDS(axes, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_axis_lists(...) STRIDER_TABLE_FIELDS(axis_lists, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_axis_extents(...) STRIDER_TABLE_FIELDS(axis_extents, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_pattern(...) STRIDER_TABLE_FIELDS(pattern, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_index(...) STRIDER_TABLE_FIELDS(index, __VA_ARGS__)
#define STRIDER_TABLE_FIELDS_strided(...) STRIDER_TABLE_FIELDS(strided, __VA_ARGS__)
// split_sizes: a size (or sections) calls `name`, a tuple `tuple`; then the dimension if it takes one.
#define STRIDER_TABLE_FIELDS_split_sizes(member, name, parameters, tuple, ...)                                           \
  STRIDER_TABLE_SET_##member([](const auto& l, const operation_call& a) {                                           \
    return a.sizes_tuple                                                                                                 \
               ? strider::tuple(l, a.values STRIDER_TABLE_CAT(STRIDER_TABLE_DIMENSION_, STRIDER_TABLE_COUNT parameters))   \
               : strider::name(l, a.values[0] STRIDER_TABLE_CAT(STRIDER_TABLE_DIMENSION_, STRIDER_TABLE_COUNT parameters)); \
  }) __VA_OPT__(, __VA_ARGS__), .tuple_name = #tuple

#define STRIDER_TABLE_ENTRY_OF(member, op, parameters, form_of, words, call_example, one_line, ...)                      \
  operation_info{.name = #op,                                                                                            \
                 .starts_expression = false,                                                                             \
                 .form = argument_form::form_of,                                                                         \
                 STRIDER_TABLE_COUNTS_##form_of(parameters)                                                              \
                 .arguments = words,                                                                                     \
                 .example = call_example,                                                                                \
                 .summary = one_line,                                                                                    \
                 STRIDER_TABLE_FIELDS_##form_of(member, op, parameters __VA_OPT__(, __VA_ARGS__))},
// `()` gives no entry: STRIDER_TABLE_HAS is empty for it, 1 otherwise.
#define STRIDER_TABLE_HAS(...) __VA_OPT__(1)
#define STRIDER_TABLE_WHEN_(...)
#define STRIDER_TABLE_WHEN_1(...) STRIDER_TABLE_ENTRY_OF(__VA_ARGS__)
#define STRIDER_TABLE_ENTRY(member, name, parameters, entry)                                                             \
  STRIDER_TABLE_CAT(STRIDER_TABLE_WHEN_, STRIDER_TABLE_HAS entry)(member, name, parameters, STRIDER_UNPAREN entry)
#define STRIDER_TABLE_VIEW_ENTRY(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  STRIDER_TABLE_ENTRY(apply, name, (runtime_parameters, runtime_arguments), expression_entry)
#define STRIDER_TABLE_PARTS_ENTRY(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  STRIDER_TABLE_ENTRY(parts, name, (runtime_parameters, runtime_arguments), expression_entry)

/// Every operation, bases first, in the order of the command's help.
inline constexpr operation_info operation_table[] = {
    {"contiguous", true, argument_form::extents, 0, 0, "extents", "contiguous(3, 4, 5)", "row-major (C order) layout at offset 0",
     [](const dynamic_layout&, const operation_call& a) { return dynamic_layout::contiguous(a.values); }},
    {"column_major", true, argument_form::extents, 0, 0, "extents", "column_major(3, 4)", "column-major (Fortran order) layout at offset 0",
     [](const dynamic_layout&, const operation_call& a) { return dynamic_layout::column_major(a.values); }},
    {"layout", true, argument_form::strided, 0, 0, "(shape), (strides) and an optional offset", "layout((3, 4), (4, 1), 0)",
     "any strided layout",
     [](const dynamic_layout&, const operation_call& a) { return dynamic_layout(a.values, a.strides, a.offset.value_or(0)); }},
    STRIDER_VIEW_OPERATIONS(STRIDER_TABLE_VIEW_ENTRY)
    {"flip", false, argument_form::axes_or_all, 0, 0, "axes", "flip(0)", "reverses the given axes, every axis, or none: flip(())",
     [](const auto& l, const operation_call& a) { return a.values.empty() && !a.no_axes ? flip(l) : flip(l, a.values); }},
    {"view", false, argument_form::extents, 0, 0, "extents", "view(4, -1)", "PyTorch view: a new shape without copying (one -1)",
     [](const auto& l, const operation_call& a) { return view(l, a.values); }},
    {"reshape", false, argument_form::extents, 0, 0, "extents", "reshape(-1)", "the view when one exists, else the copy's layout",
     [](const auto& l, const operation_call& a) { return reshape(l, a.values); }},
    {"squeeze", false, argument_form::axes_or_all, 0, 0, "axes", "squeeze(0)", "removes the given extent-1 axes, or every one",
     [](const auto& l, const operation_call& a) { return a.values.empty() && !a.no_axes ? squeeze(l) : squeeze(l, a.values); }},
    {"sliding_window_view", false, argument_form::windows, 0, 0, "a window shape and optional axes", "sliding_window_view((2, 2))",
     "NumPy sliding_window_view: every window, window axes appended",
     [](const auto& l, const operation_call& a) {
       return a.has_axes ? sliding_window_view(l, a.values, a.axes) : sliding_window_view(l, a.values);
     }},
    {"ravel", false, argument_form::integers, 0, 0, "no arguments", "ravel()", "NumPy/PyTorch ravel: one axis, a view when C-contiguous, else the copy's layout",
     [](const auto& l, const operation_call&) { return ravel(l); }},
    STRIDER_PARTS_OPERATIONS(STRIDER_TABLE_PARTS_ENTRY)
    {"coalesce", false, argument_form::integers, 0, max_rank, "no arguments, or a profile: the axes in each group", "coalesce()",
     "CuTe coalesce (row-major): the fewest axes, same elements in the same order; by a profile, within each group",
     [](const auto& l, const operation_call& a) { return detail::coalesce_by(l, a.values); }, nullptr, {}, {}, true},
    {"composition", false, argument_form::layout_operand, 0, 0, "a second layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "composition((5, 4), (4, 1))",
     "CuTe composition (row-major): i -> L(B(i)), B's offsets read as L's indices; by a tile, each axis by its own layout",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "composition", [](const auto& v, const auto& t) -> decltype(composition(v, t)) { return composition(v, t); }); }, nullptr, {}, {}, true},
    {"complement", false, argument_form::integers, 0, 1, "none, or one integer (the size to complete to)", "complement(24)",
     "CuTe complement (row-major): the offsets of [0, n) (with no n, of the layout's span) the layout does not reach",
     [](const auto& l, const operation_call& a) {
       if (a.values.empty()) return detail::on_static_entries(l, "complement", [](const dynamic_layout& v) { return complement(v); });
       return complement(l, a.values[0]);
     }, nullptr, {}, {}, true},
    {"right_inverse", false, argument_form::integers, 0, 0, "no arguments", "right_inverse()",
     "CuTe right_inverse (row-major): the largest R with L(R(i)) == i",
     [](const auto& l, const operation_call&) { return right_inverse(l); }, nullptr, {}, {}, true},
    {"left_inverse", false, argument_form::integers, 0, 0, "no arguments", "left_inverse()",
     "CuTe left_inverse (row-major): an R with R(L(i)) == i",
     [](const auto& l, const operation_call&) { return left_inverse(l); }, nullptr, {}, {}, true},
    {"logical_divide", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "logical_divide((4,), (2,))",
     "CuTe logical_divide (row-major, flat): which tile, then the tile; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "logical_divide", [](const auto& v, const auto& t) -> decltype(logical_divide(v, t)) { return logical_divide(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::divide(v, t)) { return detail::divide(v, t); }); }},
    {"logical_product", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "logical_product((6,), (1,))",
     "CuTe logical_product (row-major, flat): the tiler's repetitions, then the layout; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "logical_product", [](const auto& v, const auto& t) -> decltype(logical_product(v, t)) { return logical_product(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::product(v, t)) { return detail::product(v, t); }); }},
    {"zipped_divide", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "zipped_divide((4,), (2,))",
     "CuTe zipped_divide (row-major, flat): logical_divide by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "zipped_divide", [](const auto& v, const auto& t) -> decltype(zipped_divide(v, t)) { return zipped_divide(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_divide_tiled(v, t)) { return detail::zipped_divide_tiled(v, t); }); }},
    {"tiled_divide", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "tiled_divide((4,), (2,))",
     "CuTe tiled_divide (row-major, flat): logical_divide by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "tiled_divide", [](const auto& v, const auto& t) -> decltype(tiled_divide(v, t)) { return tiled_divide(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_divide_tiled(v, t)) { return detail::zipped_divide_tiled(v, t); }); }},
    {"flat_divide", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "flat_divide((4,), (2,))",
     "CuTe flat_divide (row-major, flat): logical_divide by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "flat_divide", [](const auto& v, const auto& t) -> decltype(flat_divide(v, t)) { return flat_divide(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_divide_tiled(v, t)) { return detail::zipped_divide_tiled(v, t); }); }},
    {"zipped_product", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "zipped_product((6,), (1,))",
     "CuTe zipped_product (row-major, flat): logical_product by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "zipped_product", [](const auto& v, const auto& t) -> decltype(zipped_product(v, t)) { return zipped_product(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_product_tiled(v, t)) { return detail::zipped_product_tiled(v, t); }); }},
    {"tiled_product", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "tiled_product((6,), (1,))",
     "CuTe tiled_product (row-major, flat): logical_product by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "tiled_product", [](const auto& v, const auto& t) -> decltype(tiled_product(v, t)) { return tiled_product(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_product_tiled(v, t)) { return detail::zipped_product_tiled(v, t); }); }},
    {"flat_product", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides), or a tile: one (shape), (strides) per axis", "flat_product((6,), (1,))",
     "CuTe flat_product (row-major, flat): logical_product by CuTe's other name; by a tile, by mode",
     [](const auto& l, const operation_call& a) { return detail::by_tiler(l, a, "flat_product", [](const auto& v, const auto& t) -> decltype(flat_product(v, t)) { return flat_product(v, t); }); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiler_rank(l, a, [](const auto& v, const auto& t) -> decltype(detail::zipped_product_tiled(v, t)) { return detail::zipped_product_tiled(v, t); }); }},
    {"blocked_product", false, argument_form::layout_operand, 0, 0, "an arrangement layout as (shape), (strides)", "blocked_product((4, 3), (1, 4))",
     "CuTe blocked_product (row-major, flat): per axis, the arrangement's repetition, then the block's axis",
     [](const auto& l, const operation_call& a) { return blocked_product(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true},
    {"raked_product", false, argument_form::layout_operand, 0, 0, "an arrangement layout as (shape), (strides)", "raked_product((4, 3), (1, 4))",
     "CuTe raked_product (row-major, flat): per axis, the block's axis, then the arrangement's repetition",
     [](const auto& l, const operation_call& a) { return raked_product(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true},
    {"filter", false, argument_form::integers, 0, 0, "no arguments", "filter()",
     "CuTe filter (row-major): without stride-0 and extent-1 axes, coalesced",
     [](const auto& l, const operation_call&) { return detail::on_static_entries(l, "filter", [&](const dynamic_layout& v) { return filter(v); }); }, nullptr, {}, {}, true},
    {"upcast", false, argument_form::integers, 1, 1, "one integer (the elements in a unit)", "upcast(4)",
     "CuTe upcast (row-major): the layout in units of n elements",
     [](const auto& l, const operation_call& a) { return detail::on_static_entries(l, "upcast", [&](const dynamic_layout& v) { return upcast(v, a.values[0]); }); }, nullptr, {}, {}, true},
    {"downcast", false, argument_form::integers, 1, 1, "one integer (the parts of an element)", "downcast(2)",
     "CuTe downcast (row-major): the layout in parts of 1/n element",
     [](const auto& l, const operation_call& a) { return detail::on_static_entries(l, "downcast", [&](const dynamic_layout& v) { return downcast(v, a.values[0]); }); }, nullptr, {}, {}, true},
    {"recast_layout", false, argument_form::integers, 2, 2, "two integers (the element sizes from and to, in bytes)", "recast_layout(2, 4)",
     "CuTe recast_layout (row-major): the layout of from-byte elements read as to-byte elements",
     [](const auto& l, const operation_call& a) { return detail::on_static_entries(l, "recast_layout", [&](const dynamic_layout& v) { return recast_layout(v, a.values[0], a.values[1]); }); }, nullptr, {}, {}, true},
    {"max_common_layout", false, argument_form::layout_operand, 0, 0, "a second layout as (shape), (strides)", "max_common_layout((4, 8), (8, 1))",
     "CuTe max_common_layout (row-major): the indices of the leading elements both layouts hold at the same offsets",
     [](const auto& l, const operation_call& a) { return detail::on_static_entries(l, "max_common_layout", [&](const dynamic_layout& v) { return max_common_layout(v, dynamic_layout(a.values, a.strides)); }); }, nullptr, {}, {}, true},
    {"tile_to_shape", false, argument_form::windows, 0, 0, "a target shape as a tuple", "tile_to_shape((4, 6))",
     "CuTe tile_to_shape (row-major, flat): the layout repeated to fill the shape, as blocked_product",
     [](const auto& l, const operation_call& a) {
       if (a.has_axes) detail::refuse("tile_to_shape: the command takes the target shape only (the order is C++'s tile_to_shape_t<L, shape<...>, Order...>)");
       return detail::on_static_entries(l, "tile_to_shape", [&](const dynamic_layout& v) { return tile_to_shape(v, a.values); });
     }, nullptr, {}, {}, true},
    {"tile", false, argument_form::extents, 0, 0, "tile extents, one per axis, then exact (the default), padded or masked", "tile(2, 4)",
     "blocks every axis: which tile, then the element in the tile (padded, masked: the tile count rounds up, the last tiles reach past the data)",
     [](const auto& l, const operation_call& a) {
       if constexpr (std::is_same_v<std::remove_cvref_t<decltype(l)>, dynamic_layout>)
         if (a.policy == tile_policy::masked) detail::check_masked_tiling_shown(l, a.values);
       return tile(l, a.values, a.policy);
     }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_call& a) { return detail::tiled(l, a.values, a.policy != tile_policy::exact).tile_rank; }},
};

#undef STRIDER_TABLE_CALL_axes
#undef STRIDER_TABLE_CALL_axis_extents
#undef STRIDER_TABLE_CALL_axis_lists
#undef STRIDER_TABLE_CALL_extents
#undef STRIDER_TABLE_CALL_index
#undef STRIDER_TABLE_CALL_integers
#undef STRIDER_TABLE_CALL_pattern
#undef STRIDER_TABLE_CALL_strided
#undef STRIDER_TABLE_CAT
#undef STRIDER_TABLE_CAT_
#undef STRIDER_TABLE_COUNT
#undef STRIDER_TABLE_COUNTS_NONE
#undef STRIDER_TABLE_COUNTS_axes
#undef STRIDER_TABLE_COUNTS_axis_extents
#undef STRIDER_TABLE_COUNTS_axis_lists
#undef STRIDER_TABLE_COUNTS_extents
#undef STRIDER_TABLE_COUNTS_index
#undef STRIDER_TABLE_COUNTS_integers
#undef STRIDER_TABLE_COUNTS_pattern
#undef STRIDER_TABLE_COUNTS_split_sizes
#undef STRIDER_TABLE_COUNTS_strided
#undef STRIDER_TABLE_COUNT_OF
#undef STRIDER_TABLE_DIMENSION_1
#undef STRIDER_TABLE_DIMENSION_2
#undef STRIDER_TABLE_ENTRY
#undef STRIDER_TABLE_ENTRY_OF
#undef STRIDER_TABLE_FIELDS
#undef STRIDER_TABLE_FIELDS_axes
#undef STRIDER_TABLE_FIELDS_axis_extents
#undef STRIDER_TABLE_FIELDS_axis_lists
#undef STRIDER_TABLE_FIELDS_extents
#undef STRIDER_TABLE_FIELDS_index
#undef STRIDER_TABLE_FIELDS_integers
#undef STRIDER_TABLE_FIELDS_pattern
#undef STRIDER_TABLE_FIELDS_split_sizes
#undef STRIDER_TABLE_FIELDS_strided
#undef STRIDER_TABLE_HAS
#undef STRIDER_TABLE_INTEGERS_0
#undef STRIDER_TABLE_INTEGERS_1
#undef STRIDER_TABLE_INTEGERS_2
#undef STRIDER_TABLE_INTEGERS_3
#undef STRIDER_TABLE_NTH
#undef STRIDER_TABLE_PARTS_ENTRY
#undef STRIDER_TABLE_SET_apply
#undef STRIDER_TABLE_SET_parts
#undef STRIDER_TABLE_TEXT
#undef STRIDER_TABLE_VIEW_ENTRY
#undef STRIDER_TABLE_WHEN_
#undef STRIDER_TABLE_WHEN_1

/// The entry of the operation called `name` (its name or one of its aliases), or nullptr.
constexpr const operation_info* find_operation(std::string_view name) {
  for (const operation_info& op : operation_table)
    if (op.name == name || (!name.empty() && (op.aliases[0] == name || op.aliases[1] == name))) return &op;
  return nullptr;
}

/// The entry whose attribute (a name written without parentheses, as `.T`) is `name`, or nullptr.
constexpr const operation_info* find_attribute(std::string_view name) {
  for (const operation_info& op : operation_table)
    if (!op.attribute.empty() && op.attribute == name) return &op;
  return nullptr;
}

}  // namespace strider
