// strider/expression/operation_table.hpp: the list of every layout operation, one entry each: its name,
// how its arguments are written, what it does, and the core function that runs it.
//
// The expression language (parser, evaluation, --emit-cpp), the `strider` command's help and
// operation list, and the fuzzer's dictionary check are driven by this list; the static aliases,
// function forms and storage forms are checked against it by
// runtime_tests/operation_table_test.cpp. docs/design.md ("Adding an operation") lists
// every file a new operation touches.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "../core/algebra.hpp"
#include "../core/dims.hpp"
#include "../core/layout.hpp"
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

/// The arguments of one call, as the expression language collects them.
struct operation_arguments {
  dims values;                  // extents, axes or integers
  dims strides;                 // strided forms, and layout_operand's second layout
  dims destination;             // axis_lists form: the destination axes (the source axes are values)
  dims extents;                 // axis_extents form: the extents (the dimension is values[0])
  dims axes;                    // windows form, when has_axes: the axes of the windows
  index_t offset = 0;           // strided forms, when has_offset
  bool has_offset = false;
  std::string_view index;       // index form: the text between [ ]
  std::string_view pattern;     // pattern form: the einops pattern
  std::string_view sizes;       // pattern form: the axis sizes, "p1=2, p2=2"
  bool no_axes = false;         // axes_or_all form: an empty axis tuple, no axis (values empty means every axis)
  bool has_axes = false;        // windows form: axes given; else one window per axis
  bool sizes_tuple = false;     // split_sizes form: the sizes came as a tuple (PyTorch's list form)
  index_t dim = 0;              // split_sizes form: the dimension

  /// Integer i, or `fallback` when fewer were given (optional trailing arguments).
  constexpr index_t value_or(std::size_t i, index_t fallback) const { return i < values.size() ? values[i] : fallback; }
};

namespace detail {
// as_strided's default offset, the input's: on a mixed layout's maybe_layout it must be static.
constexpr index_t input_offset(const dynamic_layout& l) { return l.offset(); }
constexpr index_t input_offset(const maybe_layout& l) {
  if (!l.entries().offset.known) throw layout_error("as_strided: the input's offset is known only at run time (give the offset)");
  return l.entries().offset.value;
}
}  // namespace detail

/// The core function of an operation: on a dynamic layout, and, for an operation that takes mixed
/// layouts, on a mixed layout's maybe_layout (docs/mixed.md), where it decides which
/// entries stay static. Made from one lambda: a generic one (`const auto& l`) serves both.
struct rule_call {
  dynamic_layout (*on_values)(const dynamic_layout& in, const operation_arguments& a) = nullptr;
  detail::maybe_layout (*on_maybe_layout)(const detail::maybe_layout& in, const operation_arguments& a) = nullptr;

  constexpr rule_call() = default;
  constexpr rule_call(std::nullptr_t) {}
  template <class F>
    requires std::is_convertible_v<F, dynamic_layout (*)(const dynamic_layout&, const operation_arguments&)>
  constexpr rule_call(F f) : on_values(f) {
    if constexpr (std::is_invocable_v<F, const detail::maybe_layout&, const operation_arguments&>) on_maybe_layout = f;
  }
  constexpr dynamic_layout operator()(const dynamic_layout& in, const operation_arguments& a) const { return on_values(in, a); }
};

/// The same for an operation that gives several views (split, chunk, unbind): their layouts.
struct parts_call {
  layout_parts (*on_values)(const dynamic_layout& in, const operation_arguments& a) = nullptr;
  basic_layout_parts<detail::maybe_layout> (*on_maybe_layout)(const detail::maybe_layout& in, const operation_arguments& a) = nullptr;

  constexpr parts_call() = default;
  constexpr parts_call(std::nullptr_t) {}
  template <class F>
    requires std::is_convertible_v<F, layout_parts (*)(const dynamic_layout&, const operation_arguments&)>
  constexpr parts_call(F f) : on_values(f) {
    if constexpr (std::is_invocable_v<F, const detail::maybe_layout&, const operation_arguments&>) on_maybe_layout = f;
  }
  constexpr layout_parts operator()(const dynamic_layout& in, const operation_arguments& a) const { return on_values(in, a); }
  friend constexpr bool operator==(const parts_call& p, std::nullptr_t) { return p.on_values == nullptr; }
};

/// One layout operation.
struct operation_info {
  std::string_view name;        // as in expressions, the run-time function and (with _t) the static alias
  bool starts_expression;       // a base layout (contiguous, column_major, layout) rather than a view of one
  argument_form form;
  std::size_t min_arguments, max_arguments;  // integers form; split_sizes: max 1 when there is no dimension argument (hsplit)
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
  std::size_t (*tile_rank)(const dynamic_layout& in, const operation_arguments& a) = nullptr;
  /// split_sizes form: the C++ name of the call with a tuple (split_with_sizes for split).
  std::string_view tuple_name = {};
};

/// Every operation, bases first, in the order of the command's help.
inline constexpr operation_info operation_table[] = {
    {"contiguous", true, argument_form::extents, 0, 0, "extents", "contiguous(3, 4, 5)", "row-major (C order) layout at offset 0",
     [](const dynamic_layout&, const operation_arguments& a) { return dynamic_layout::contiguous(a.values); }},
    {"column_major", true, argument_form::extents, 0, 0, "extents", "column_major(3, 4)", "column-major (Fortran order) layout at offset 0",
     [](const dynamic_layout&, const operation_arguments& a) { return dynamic_layout::column_major(a.values); }},
    {"layout", true, argument_form::strided, 0, 0, "(shape), (strides) and an optional offset", "layout((3, 4), (4, 1), 0)",
     "any strided layout",
     [](const dynamic_layout&, const operation_arguments& a) { return dynamic_layout(a.values, a.strides, a.offset); }},
    {"slice", false, argument_form::index, 0, 0, "NumPy index text", "[1:, ::-1]", "NumPy basic indexing, written a[...]",
     [](const auto& l, const operation_arguments& a) { return slice(l, a.index); }},
    {"permute", false, argument_form::axes, 0, 0, "axes", "permute(2, 0, 1)", "result axis i is axis axes[i]",
     [](const auto& l, const operation_arguments& a) { return permute(l, a.values); }},
    {"transpose", false, argument_form::integers, 2, 2, "two axes", "transpose(0, 1)", "swaps two axes",
     [](const auto& l, const operation_arguments& a) { return transpose(l, a.values[0], a.values[1]); }, nullptr,
     {"swapaxes", "swapdims"}},
    {"flip", false, argument_form::axes_or_all, 0, 0, "axes", "flip(0)", "reverses the given axes, every axis, or none: flip(())",
     [](const auto& l, const operation_arguments& a) { return a.values.empty() && !a.no_axes ? flip(l) : flip(l, a.values); }},
    {"broadcast_to", false, argument_form::extents, 0, 0, "extents", "broadcast_to(2, 3, 4)", "NumPy broadcast_to (stride 0 on stretched axes)",
     [](const auto& l, const operation_arguments& a) { return broadcast_to(l, a.values); }},
    {"view", false, argument_form::extents, 0, 0, "extents", "view(4, -1)", "PyTorch view: a new shape without copying (one -1)",
     [](const auto& l, const operation_arguments& a) { return view(l, a.values); }},
    {"reshape", false, argument_form::extents, 0, 0, "extents", "reshape(-1)", "the view when one exists, else the copy's layout",
     [](const auto& l, const operation_arguments& a) { return reshape(l, a.values); }},
    {"squeeze", false, argument_form::axes_or_all, 0, 0, "axes", "squeeze(0)", "removes the given extent-1 axes, or every one",
     [](const auto& l, const operation_arguments& a) { return a.values.empty() && !a.no_axes ? squeeze(l) : squeeze(l, a.values); }},
    {"unsqueeze", false, argument_form::integers, 1, 1, "one axis", "unsqueeze(0)", "inserts an extent-1 axis",
     [](const auto& l, const operation_arguments& a) { return unsqueeze(l, a.values[0]); }},
    {"diagonal", false, argument_form::integers, 0, 3, "at most three integers (offset, axis1, axis2)", "diagonal(0, 0, 1)",
     "the diagonal of two axes, appended as the last axis",
     [](const auto& l, const operation_arguments& a) { return diagonal(l, a.value_or(0, 0), a.value_or(1, 0), a.value_or(2, 1)); }},
    {"unfold", false, argument_form::integers, 3, 3, "three integers (dimension, size, step)", "unfold(0, 3, 2)",
     "PyTorch unfold: sliding windows, the window axis appended",
     [](const auto& l, const operation_arguments& a) { return unfold(l, a.values[0], a.values[1], a.values[2]); }},
    {"movedim", false, argument_form::axis_lists, 0, 0, "two axes or two tuples of axes (source, destination)", "movedim(0, 2)",
     "PyTorch movedim, NumPy moveaxis: source axes to destination places",
     [](const auto& l, const operation_arguments& a) { return movedim(l, a.values, a.destination); }, nullptr, {"moveaxis"}},
    {"unflatten", false, argument_form::axis_extents, 0, 0, "a dimension and a tuple of sizes", "unflatten(1, (2, -1))",
     "PyTorch unflatten: one dimension split into several (one size may be -1)",
     [](const auto& l, const operation_arguments& a) { return unflatten(l, a.values[0], a.extents); }},
    {"expand", false, argument_form::extents, 0, 0, "sizes", "expand(2, -1, 4)", "PyTorch expand: stretch extent-1 axes, -1 keeps one",
     [](const auto& l, const operation_arguments& a) { return expand(l, a.values); }},
    {"flatten", false, argument_form::integers, 0, 2, "at most two integers (start_dim, end_dim)", "flatten(1)",
     "PyTorch flatten as a view: merges axes start_dim to end_dim",
     [](const auto& l, const operation_arguments& a) { return flatten(l, a.value_or(0, 0), a.value_or(1, -1)); }},
    {"narrow", false, argument_form::integers, 3, 3, "three integers (dimension, start, length)", "narrow(0, 1, 2)",
     "PyTorch narrow: elements [start, start + length) of a dimension",
     [](const auto& l, const operation_arguments& a) { return narrow(l, a.values[0], a.values[1], a.values[2]); }},
    {"select", false, argument_form::integers, 2, 2, "two integers (dimension, index)", "select(0, 1)",
     "PyTorch select: one index of a dimension, which is removed",
     [](const auto& l, const operation_arguments& a) { return select(l, a.values[0], a.values[1]); }},
    {"coalesce", false, argument_form::integers, 0, 0, "no arguments", "coalesce()",
     "CuTe coalesce (row-major): the fewest axes, same elements in the same order",
     [](const auto& l, const operation_arguments&) { return coalesce(l); }, nullptr, {}, {}, true},
    {"composition", false, argument_form::layout_operand, 0, 0, "a second layout as (shape), (strides)", "composition((5, 4), (4, 1))",
     "CuTe composition (row-major): i -> L(B(i)), B's offsets read as L's indices",
     [](const auto& l, const operation_arguments& a) { return composition(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true},
    {"complement", false, argument_form::integers, 1, 1, "one integer (the size to complete to)", "complement(24)",
     "CuTe complement (row-major): the offsets of [0, n) the layout does not reach",
     [](const auto& l, const operation_arguments& a) { return complement(l, a.values[0]); }, nullptr, {}, {}, true},
    {"right_inverse", false, argument_form::integers, 0, 0, "no arguments", "right_inverse()",
     "CuTe right_inverse (row-major): the largest R with L(R(i)) == i",
     [](const auto& l, const operation_arguments&) { return right_inverse(l); }, nullptr, {}, {}, true},
    {"left_inverse", false, argument_form::integers, 0, 0, "no arguments", "left_inverse()",
     "CuTe left_inverse (row-major): an R with R(L(i)) == i",
     [](const auto& l, const operation_arguments&) { return left_inverse(l); }, nullptr, {}, {}, true},
    {"logical_divide", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides)", "logical_divide((4,), (2,))",
     "CuTe logical_divide (row-major, flat): which tile, then the tile",
     [](const auto& l, const operation_arguments& a) { return logical_divide(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_arguments& a) { return detail::divide(l, dynamic_layout(a.values, a.strides)).tile_rank; }},
    {"logical_product", false, argument_form::layout_operand, 0, 0, "a tiler layout as (shape), (strides)", "logical_product((6,), (1,))",
     "CuTe logical_product (row-major, flat): the tiler's repetitions, then the layout",
     [](const auto& l, const operation_arguments& a) { return logical_product(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_arguments& a) { return detail::product(l, dynamic_layout(a.values, a.strides)).tile_rank; }},
    {"blocked_product", false, argument_form::layout_operand, 0, 0, "an arrangement layout as (shape), (strides)", "blocked_product((4, 3), (1, 4))",
     "CuTe blocked_product (row-major, flat): per axis, the arrangement's repetition, then the block's axis",
     [](const auto& l, const operation_arguments& a) { return blocked_product(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true},
    {"raked_product", false, argument_form::layout_operand, 0, 0, "an arrangement layout as (shape), (strides)", "raked_product((4, 3), (1, 4))",
     "CuTe raked_product (row-major, flat): per axis, the block's axis, then the arrangement's repetition",
     [](const auto& l, const operation_arguments& a) { return raked_product(l, dynamic_layout(a.values, a.strides)); }, nullptr, {}, {}, true},
    {"tile", false, argument_form::extents, 0, 0, "tile extents, one per axis", "tile(2, 4)",
     "blocks every axis: which tile, then the element in the tile (no padding)",
     [](const auto& l, const operation_arguments& a) { return tile(l, a.values); }, nullptr, {}, {}, true,
     [](const dynamic_layout& l, const operation_arguments& a) { return detail::tiled(l, a.values).tile_rank; }},
    {"rearrange", false, argument_form::pattern, 0, 0, "an einops pattern and axis sizes", "rearrange(\"h (w p) -> h w p\", p=2)",
     "einops rearrange as a view: split, reorder and merge named axes",
     [](const auto& l, const operation_arguments& a) { return rearrange(l, a.pattern, a.sizes); }},
    {"matrix_transpose", false, argument_form::integers, 0, 0, "no arguments", "matrix_transpose()",
     "PyTorch mT (also written .mT): the last two axes swapped",
     [](const auto& l, const operation_arguments&) { return matrix_transpose(l); }, nullptr, {}, "mT"},
    {"reverse_axis_order", false, argument_form::integers, 0, 0, "no arguments", "reverse_axis_order()",
     "NumPy .T (also written .T): the order of the axes reversed",
     [](const auto& l, const operation_arguments&) { return reverse_axis_order(l); }, nullptr, {}, "T"},
    {"sliding_window_view", false, argument_form::windows, 0, 0, "a window shape and optional axes", "sliding_window_view((2, 2))",
     "NumPy sliding_window_view: every window, window axes appended",
     [](const auto& l, const operation_arguments& a) {
       return a.has_axes ? sliding_window_view(l, a.values, a.axes) : sliding_window_view(l, a.values);
     }},
    {"split", false, argument_form::split_sizes, 0, 0, "a size or a tuple of sizes, and an optional dimension", "split(2, 0)[1]",
     "PyTorch split: parts of a size, or of listed sizes ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) {
       return a.sizes_tuple ? split_with_sizes(l, a.values, a.dim) : split(l, a.values[0], a.dim);
     }, {}, {}, false, nullptr, "split_with_sizes"},
    {"chunk", false, argument_form::integers, 1, 2, "one or two integers (chunks, dimension)", "chunk(3, 0)[-1]",
     "PyTorch chunk: at most chunks parts ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) { return chunk(l, a.values[0], a.value_or(1, 0)); }},
    {"unbind", false, argument_form::integers, 0, 1, "at most one integer (dimension)", "unbind(1)[0]",
     "PyTorch unbind: one part per index, the axis removed ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) { return unbind(l, a.value_or(0, 0)); }},
    {"tensor_split", false, argument_form::split_sizes, 0, 0, "sections or a tuple of indices, and an optional dimension", "tensor_split(3, 1)[0]",
     "PyTorch tensor_split, NumPy array_split: n parts, the first ones longer, or at indices ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) {
       return a.sizes_tuple ? tensor_split_indices(l, a.values, a.dim) : tensor_split(l, a.values[0], a.dim);
     }, {"array_split"}, {}, false, nullptr, "tensor_split_indices"},
    {"numpy_split", false, argument_form::split_sizes, 0, 0, "sections or a tuple of indices, and an optional axis", "numpy_split(2, 1)[1]",
     "NumPy split: n parts of equal extent, or at indices ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) {
       return a.sizes_tuple ? tensor_split_indices(l, a.values, a.dim) : numpy_split(l, a.values[0], a.dim);
     }, {}, {}, false, nullptr, "tensor_split_indices"},
    {"hsplit", false, argument_form::split_sizes, 0, 1, "sections or a tuple of indices", "hsplit(2)[0]",
     "NumPy hsplit: numpy_split along axis 1 (0 of a 1-D layout) ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) { return a.sizes_tuple ? hsplit_indices(l, a.values) : hsplit(l, a.values[0]); },
     {}, {}, false, nullptr, "hsplit_indices"},
    {"vsplit", false, argument_form::split_sizes, 0, 1, "sections or a tuple of indices", "vsplit(2)[0]",
     "NumPy vsplit: numpy_split along axis 0 of 2 or more axes ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) { return a.sizes_tuple ? vsplit_indices(l, a.values) : vsplit(l, a.values[0]); },
     {}, {}, false, nullptr, "vsplit_indices"},
    {"dsplit", false, argument_form::split_sizes, 0, 1, "sections or a tuple of indices", "dsplit((1,))[1]",
     "NumPy dsplit: numpy_split along axis 2 of 3 or more axes ([i] picks one)", nullptr,
     [](const auto& l, const operation_arguments& a) { return a.sizes_tuple ? dsplit_indices(l, a.values) : dsplit(l, a.values[0]); },
     {}, {}, false, nullptr, "dsplit_indices"},
    {"t", false, argument_form::integers, 0, 0, "no arguments", "t()", "PyTorch t: a matrix transposed (rank 0 and 1 as they are)",
     [](const auto& l, const operation_arguments&) { return t(l); }},
    {"rot90", false, argument_form::integers, 0, 3, "at most three integers (k, axis1, axis2)", "rot90(1, 0, 1)",
     "NumPy rot90(k, axes=(axis1, axis2)): k quarter turns from axis1 towards axis2",
     [](const auto& l, const operation_arguments& a) { return rot90(l, a.value_or(0, 1), a.value_or(1, 0), a.value_or(2, 1)); }},
    {"rollaxis", false, argument_form::integers, 1, 2, "one or two integers (axis, start)", "rollaxis(2, 0)",
     "NumPy rollaxis: an axis moved to just before the axis at start",
     [](const auto& l, const operation_arguments& a) { return rollaxis(l, a.values[0], a.value_or(1, 0)); }},
    {"expand_dims", false, argument_form::axes, 0, 0, "axes", "expand_dims((0, 2))",
     "NumPy expand_dims: an extent-1 axis at each place of the result",
     [](const auto& l, const operation_arguments& a) { return expand_dims(l, a.values); }},
    {"ravel", false, argument_form::integers, 0, 0, "no arguments", "ravel()", "NumPy/PyTorch ravel: one axis, a view when C-contiguous, else the copy's layout",
     [](const auto& l, const operation_arguments&) { return ravel(l); }},
    {"as_strided", false, argument_form::strided, 0, 0, "(shape), (strides) and an optional offset", "as_strided((2, 2), (1, 2), 0)",
     "PyTorch as_strided: anywhere in the storage the input was cut from",
     [](const auto& l, const operation_arguments& a) { return as_strided(l, a.values, a.strides, a.has_offset ? a.offset : detail::input_offset(l)); }},
};

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
