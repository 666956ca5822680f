// strider/core/operation_forms.hpp: the view operations listed once, with how their C++ forms
// are called, so that every form is written once per layer for all of them rather than once per
// operation: the nvcc forms of the rules (core/operations.hpp), the function forms on static and
// mixed layout objects (static/operations.hpp), the free forms on views and tensors and the member
// forms of dynamic views (storage/view_operations.hpp, storage/view_members.hpp). The rule (core)
// and the static alias `name_t` (static/operations.hpp) are written by hand: they carry the
// operation's documentation, and a compiler's diagnostic points at their lines.
//
// An X-macro, because the forms differ in their template parameter lists (integers, packs,
// strings, types), which no template can take generically. Each entry is
//   X(name, (static parameters), (static arguments), (rule arguments from the static ones),
//     (run-time parameters), (run-time arguments), nvcc, ((input extents), (static arguments)),
//     (form, "arguments in words", "example call", "summary"[, tuple function][, more]))
// and means:
//   name_t<L, static arguments...>                      the alias, written in static/operations.hpp
//   name<static arguments...>(layout or view)           static and mixed layouts, views, tensors
//   name(layout, rule arguments...)                     the rule, on a mixed layout's values
//   name(view, run-time parameters...), v.name(...)     dynamic views and tensors
// `nvcc` is `nvcc_forms` when core/operations.hpp writes the rule's non-template forms for nvcc
// (see there), or `nvcc_forms_elsewhere` when the rule's own header does (text arguments). The
// next field is one worked example: the operation with those static arguments on a contiguous
// layout of those extents (`narrow<-1, -3, 2>` of `contiguous<2, 3, 4>`); the test
// runtime_tests/operation_table_test.cpp runs every form of every entry on it and compares them
// with the rule and with the expression language. The last is the operation in the expression
// language and the command (expression/operation_table.hpp makes its table entry from it): how
// its arguments are written (an `argument_form`), the words the parser's messages use for them,
// the example call and one-line summary of `strider --help` and `--operations`, for split_sizes
// the function a tuple of sizes calls (split_with_sizes for split((1, 2))), then any other of the
// entry's fields as designated initializers (`.aliases = {"moveaxis"}`, `.attribute = "mT"`);
// `()` for an operation the command spells as another's tuple form. Core reads none of it; the
// argument counts and the call come from the run-time parameters and the form.
//
// Operations whose forms do not fit one entry are written by hand beside the generated ones, each
// with its reason: flip, squeeze and sliding_window_view (an optional list of axes: two run-time
// overloads), view (its static view form names the copy), the layout algebra (layout operands;
// empty results keep the mixed type's axes), tile (a policy), and the operations on layouts only
// (reshape, ravel, with_storage: a copy's layout, or storage beyond a view's).
#pragma once

/// X(name, static parameters, static arguments, rule arguments, run-time parameters,
/// run-time arguments, nvcc, example, expression_entry) for each view operation with one result. Example (narrow):
/// `narrow<1, 0, 2>(v)` is `narrow(v, 1, 0, 2)` is `v.narrow(1, 0, 2)`, each a view of v's storage
/// through `narrow(v.layout(), 1, 0, 2)`; for a static v its layout is `narrow_t<L, 1, 0, 2>`.
#define STRIDER_VIEW_OPERATIONS(X)                                                                                        \
  X(slice, (fixed_string Index), (Index), (Index.view()), (std::string_view index), (index), nvcc_forms_elsewhere,       \
    ((2, 3, 4), ("1:, ::-1")),                                                                                           \
    (index, "NumPy index text", "[1:, ::-1]",                                                                            \
     "NumPy basic indexing, written a[...]"))                                                                            \
  X(permute, (index_t... P), (P...), (dims{P...}), (const dims& axes), (axes), nvcc_forms,                               \
    ((2, 3, 4), (2, 0, 1)),                                                                                              \
    (axes, "axes", "permute(2, 0, 1)",                                                                                   \
     "result axis i is axis axes[i]"))                                                                                   \
  X(transpose, (index_t A, index_t B), (A, B), (A, B), (index_t axis_a, index_t axis_b), (axis_a, axis_b), nvcc_forms,   \
    ((2, 3, 4), (0, 2)),                                                                                                 \
    (integers, "two axes", "transpose(0, 1)",                                                                            \
     "swaps two axes", .aliases = {"swapaxes", "swapdims"}))                                                             \
  X(broadcast_to, (index_t... E), (E...), (dims{E...}), (const dims& shape), (shape), nvcc_forms,                        \
    ((2, 3, 4), (5, 2, 3, 4)),                                                                                           \
    (extents, "extents", "broadcast_to(2, 3, 4)",                                                                        \
     "NumPy broadcast_to (stride 0 on stretched axes)"))                                                                 \
  X(unsqueeze, (index_t Axis), (Axis), (Axis), (index_t axis), (axis), nvcc_forms,                                       \
    ((2, 3, 4), (1)),                                                                                                    \
    (integers, "one axis", "unsqueeze(0)",                                                                               \
     "inserts an extent-1 axis"))                                                                                        \
  X(diagonal, (index_t Offset = 0, index_t A = 0, index_t B = 1), (Offset, A, B), (Offset, A, B),                         \
    (index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1), (offset, axis_a, axis_b), nvcc_forms,                  \
    ((2, 3, 4), (1, 0, 2)),                                                                                              \
    (integers, "at most three integers (offset, axis1, axis2)", "diagonal(0, 0, 1)",                                     \
     "the diagonal of two axes, appended as the last axis"))                                                             \
  X(unfold, (index_t Dim, index_t Size, index_t Step), (Dim, Size, Step), (Dim, Size, Step),                              \
    (index_t dim, index_t size, index_t step), (dim, size, step), nvcc_forms,                                            \
    ((2, 3, 4), (2, 2, 1)),                                                                                              \
    (integers, "three integers (dimension, size, step)", "unfold(0, 3, 2)",                                              \
     "PyTorch unfold: sliding windows, the window axis appended"))                                                       \
  X(movedim, (class Source, class Destination), (Source, Destination), (Source::as_dims(), Destination::as_dims()),       \
    (const dims& source, const dims& destination), (source, destination), nvcc_forms,                                    \
    ((2, 3, 4), (axes<0, -1>, axes<2, 0>)),                                                                              \
    (axis_lists, "two axes or two tuples of axes (source, destination)", "movedim(0, 2)",                                \
     "PyTorch movedim, NumPy moveaxis: source axes to destination places", .aliases = {"moveaxis"}))                     \
  X(unflatten, (index_t Dim, index_t... E), (Dim, E...), (Dim, dims{E...}), (index_t dim, const dims& sizes),             \
    (dim, sizes), nvcc_forms,                                                                                            \
    ((2, 3, 4), (-1, 2, -1)),                                                                                            \
    (axis_extents, "a dimension and a tuple of sizes", "unflatten(1, (2, -1))",                                          \
     "PyTorch unflatten: one dimension split into several (one size may be -1)"))                                        \
  X(expand, (index_t... E), (E...), (dims{E...}), (const dims& sizes), (sizes), nvcc_forms,                              \
    ((2, 1, 4), (3, 2, -1, 4)),                                                                                          \
    (extents, "sizes", "expand(2, -1, 4)",                                                                               \
     "PyTorch expand: stretch extent-1 axes, -1 keeps one"))                                                             \
  X(flatten, (index_t Start = 0, index_t End = -1), (Start, End), (Start, End), (index_t start = 0, index_t end = -1),    \
    (start, end), nvcc_forms,                                                                                            \
    ((2, 3, 4), (1)),                                                                                                    \
    (integers, "at most two integers (start_dim, end_dim)", "flatten(1)",                                                \
     "PyTorch flatten as a view: merges axes start_dim to end_dim"))                                                     \
  X(narrow, (index_t Dim, index_t Start, index_t Length), (Dim, Start, Length), (Dim, Start, Length),                     \
    (index_t dim, index_t start, index_t length), (dim, start, length), nvcc_forms,                                      \
    ((2, 3, 4), (-1, -3, 2)),                                                                                            \
    (integers, "three integers (dimension, start, length)", "narrow(0, 1, 2)",                                           \
     "PyTorch narrow: elements [start, start + length) of a dimension"))                                                 \
  X(select, (index_t Dim, index_t Index), (Dim, Index), (Dim, Index), (index_t dim, index_t index), (dim, index),         \
 nvcc_forms,                                                                                                             \
    ((2, 3, 4), (1, -1)),                                                                                                \
    (integers, "two integers (dimension, index)", "select(0, 1)",                                                        \
     "PyTorch select: one index of a dimension, which is removed"))                                                      \
  X(rearrange, (fixed_string Pattern, fixed_string Sizes = ""), (Pattern, Sizes), (Pattern.view(), Sizes.view()),         \
    (std::string_view pattern, std::string_view sizes = {}), (pattern, sizes), nvcc_forms_elsewhere,                     \
    ((2, 3, 4), ("b (h p) w -> b w (h p)", "p=3")),                                                                      \
    (pattern, "an einops pattern and axis sizes", "rearrange(\"h (w p) -> h w p\", p=2)",                                \
     "einops rearrange as a view: split, reorder and merge named axes"))                                                 \
  X(matrix_transpose, (), (), (), (), (), nvcc_forms,                                                                    \
    ((2, 3, 4), ()),                                                                                                     \
    (integers, "no arguments", "matrix_transpose()",                                                                     \
     "PyTorch mT (also written .mT): the last two axes swapped", .attribute = "mT"))                                     \
  X(reverse_axis_order, (), (), (), (), (), nvcc_forms,                                                                  \
    ((2, 3, 4), ()),                                                                                                     \
    (integers, "no arguments", "reverse_axis_order()",                                                                   \
     "NumPy .T (also written .T): the order of the axes reversed", .attribute = "T"))                                    \
  X(t, (), (), (), (), (), nvcc_forms,                                                                                   \
    ((3, 4), ()),                                                                                                        \
    (integers, "no arguments", "t()",                                                                                    \
     "PyTorch t: a matrix transposed (rank 0 and 1 as they are)"))                                                       \
  X(rot90, (index_t K = 1, index_t A = 0, index_t B = 1), (K, A, B), (K, A, B),                                           \
    (index_t k = 1, index_t axis1 = 0, index_t axis2 = 1), (k, axis1, axis2), nvcc_forms,                                \
    ((2, 3, 4), (3, 2, 0)),                                                                                              \
    (integers, "at most three integers (k, axis1, axis2)", "rot90(1, 0, 1)",                                             \
     "NumPy rot90(k, axes=(axis1, axis2)): k quarter turns from axis1 towards axis2"))                                   \
  X(rollaxis, (index_t Axis, index_t Start = 0), (Axis, Start), (Axis, Start), (index_t axis, index_t start = 0),         \
    (axis, start), nvcc_forms,                                                                                           \
    ((2, 3, 4), (2, 1)),                                                                                                 \
    (integers, "one or two integers (axis, start)", "rollaxis(2, 0)",                                                    \
     "NumPy rollaxis: an axis moved to just before the axis at start"))                                                  \
  X(expand_dims, (index_t... Axes), (Axes...), (dims{Axes...}), (const dims& axes), (axes), nvcc_forms,                  \
    ((2, 3, 4), (0, -2)),                                                                                                \
    (axes, "axes", "expand_dims((0, 2))",                                                                                \
     "NumPy expand_dims: an extent-1 axis at each place of the result"))                                                 \
  X(as_strided, (class Shape, class Strides, index_t Offset), (Shape, Strides, Offset),                                   \
    (Shape::as_dims(), Strides::as_dims(), Offset), (const dims& shape, const dims& strides, index_t offset),             \
    (shape, strides, offset), nvcc_forms,                                                                                \
    ((2, 3, 4), (shape<2, 2>, strides<1, 2>, 1)),                                                                        \
    (strided, "(shape), (strides) and an optional offset", "as_strided((2, 2), (1, 2), 0)",                              \
     "PyTorch as_strided: anywhere in the storage the input was cut from"))

/// The same for the operations that give several views (split and its kin): a std::tuple of views
/// (static and mixed), or a view_parts (dynamic).
#define STRIDER_PARTS_OPERATIONS(X)                                                                                        \
  X(split, (index_t Size, index_t Dim = 0), (Size, Dim), (Size, Dim), (index_t split_size, index_t dim = 0),              \
    (split_size, dim), nvcc_forms,                                                                                       \
    ((2, 3, 4), (2, -1)),                                                                                                \
    (split_sizes, "a size or a tuple of sizes, and an optional dimension", "split(2, 0)[1]",                             \
     "PyTorch split: parts of a size, or of listed sizes ([i] picks one)", split_with_sizes))                            \
  X(split_with_sizes, (class Sizes, index_t Dim = 0), (Sizes, Dim), (Sizes::as_dims(), Dim),                              \
    (const dims& split_sizes, index_t dim = 0), (split_sizes, dim), nvcc_forms,                                          \
    ((2, 3, 4), (shape<1, 2>, 1)),                                                                                       \
    ())                                                                                                                  \
  X(chunk, (index_t Chunks, index_t Dim = 0), (Chunks, Dim), (Chunks, Dim), (index_t chunks, index_t dim = 0),            \
    (chunks, dim), nvcc_forms,                                                                                           \
    ((2, 3, 4), (2, 1)),                                                                                                 \
    (integers, "one or two integers (chunks, dimension)", "chunk(3, 0)[-1]",                                             \
     "PyTorch chunk: at most chunks parts ([i] picks one)"))                                                             \
  X(unbind, (index_t Dim = 0), (Dim), (Dim), (index_t dim = 0), (dim), nvcc_forms,                                       \
    ((2, 3, 4), (2)),                                                                                                    \
    (integers, "at most one integer (dimension)", "unbind(1)[0]",                                                        \
     "PyTorch unbind: one part per index, the axis removed ([i] picks one)"))                                            \
  X(tensor_split, (index_t Sections, index_t Dim = 0), (Sections, Dim), (Sections, Dim),                                  \
    (index_t sections, index_t dim = 0), (sections, dim), nvcc_forms,                                                    \
    ((2, 3, 4), (3, -1)),                                                                                                \
    (split_sizes, "sections or a tuple of indices, and an optional dimension", "tensor_split(3, 1)[0]",                  \
     "PyTorch tensor_split, NumPy array_split: n parts, the first ones longer, or at indices ([i] picks one)",           \
     tensor_split_indices, .aliases = {"array_split"}))                                                                  \
  X(tensor_split_indices, (class Indices, index_t Dim = 0), (Indices, Dim), (Indices::as_dims(), Dim),                    \
    (const dims& indices, index_t dim = 0), (indices, dim), nvcc_forms,                                                  \
    ((2, 3, 4), (shape<1, -1>, 2)),                                                                                      \
    ())                                                                                                                  \
  X(numpy_split, (index_t Sections, index_t Axis = 0), (Sections, Axis), (Sections, Axis),                                \
    (index_t sections, index_t axis = 0), (sections, axis), nvcc_forms,                                                  \
    ((2, 3, 4), (2, 2)),                                                                                                 \
    (split_sizes, "sections or a tuple of indices, and an optional axis", "numpy_split(2, 1)[1]",                        \
     "NumPy split: n parts of equal extent, or at indices ([i] picks one)", tensor_split_indices))                       \
  X(hsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (3)),                                                                                                    \
    (split_sizes, "sections or a tuple of indices", "hsplit(2)[0]",                                                      \
     "NumPy hsplit: numpy_split along axis 1 (0 of a 1-D layout) ([i] picks one)", hsplit_indices))                      \
  X(vsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (2)),                                                                                                    \
    (split_sizes, "sections or a tuple of indices", "vsplit(2)[0]",                                                      \
     "NumPy vsplit: numpy_split along axis 0 of 2 or more axes ([i] picks one)", vsplit_indices))                        \
  X(dsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (4)),                                                                                                    \
    (split_sizes, "sections or a tuple of indices", "dsplit((1,))[1]",                                                   \
     "NumPy dsplit: numpy_split along axis 2 of 3 or more axes ([i] picks one)", dsplit_indices))                        \
  X(hsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<2>)),                                                                                             \
    ())                                                                                                                  \
  X(vsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<1, 1>)),                                                                                          \
    ())                                                                                                                  \
  X(dsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<1, 3>)),                                                                                          \
    ())

// Helpers of the expansions: a parenthesized list unwrapped, and unwrapped with a comma before or
// after it when it is not empty (so that an operation without arguments needs no special case).
#define STRIDER_UNPAREN(...) __VA_ARGS__
#define STRIDER_COMMA_AFTER(...) __VA_ARGS__ __VA_OPT__(, )
#define STRIDER_COMMA_BEFORE(...) __VA_OPT__(, ) __VA_ARGS__
