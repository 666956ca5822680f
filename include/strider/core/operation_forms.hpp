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
//     (run-time parameters), (run-time arguments), nvcc, ((input extents), (static arguments)))
// and means:
//   name_t<L, static arguments...>                      the alias, written in static/operations.hpp
//   name<static arguments...>(layout or view)           static and mixed layouts, views, tensors
//   name(layout, rule arguments...)                     the rule, on a mixed layout's values
//   name(view, run-time parameters...), v.name(...)     dynamic views and tensors
// `nvcc` is `nvcc_forms` when core/operations.hpp writes the rule's non-template forms for nvcc
// (see there), or `nvcc_forms_elsewhere` when the rule's own header does (text arguments). The
// last field is one worked example: the operation with those static arguments on a contiguous
// layout of those extents (`narrow<-1, -3, 2>` of `contiguous<2, 3, 4>`); the test
// runtime_tests/operation_table_test.cpp runs every form of every entry on it and compares them
// with the rule and with the expression language.
//
// Operations whose forms do not fit one entry are written by hand beside the generated ones, each
// with its reason: flip, squeeze and sliding_window_view (an optional list of axes: two run-time
// overloads), view (its static view form names the copy), the layout algebra (layout operands;
// empty results keep the mixed type's axes), tile (a policy), and the operations on layouts only
// (reshape, ravel, with_storage: a copy's layout, or storage beyond a view's).
#pragma once

/// X(name, static parameters, static arguments, rule arguments, run-time parameters,
/// run-time arguments, nvcc, example) for each view operation with one result. Example (narrow):
/// `narrow<1, 0, 2>(v)` is `narrow(v, 1, 0, 2)` is `v.narrow(1, 0, 2)`, each a view of v's storage
/// through `narrow(v.layout(), 1, 0, 2)`; for a static v its layout is `narrow_t<L, 1, 0, 2>`.
#define STRIDER_VIEW_OPERATIONS(X)                                                                                        \
  X(slice, (fixed_string Index), (Index), (Index.view()), (std::string_view index), (index), nvcc_forms_elsewhere,       \
    ((2, 3, 4), ("1:, ::-1")))                                                                                           \
  X(permute, (index_t... P), (P...), (dims{P...}), (const dims& axes), (axes), nvcc_forms,                               \
    ((2, 3, 4), (2, 0, 1)))                                                                                              \
  X(transpose, (index_t A, index_t B), (A, B), (A, B), (index_t axis_a, index_t axis_b), (axis_a, axis_b), nvcc_forms,   \
    ((2, 3, 4), (0, 2)))                                                                                                 \
  X(broadcast_to, (index_t... E), (E...), (dims{E...}), (const dims& shape), (shape), nvcc_forms,                        \
    ((2, 3, 4), (5, 2, 3, 4)))                                                                                           \
  X(unsqueeze, (index_t Axis), (Axis), (Axis), (index_t axis), (axis), nvcc_forms,                                       \
    ((2, 3, 4), (1)))                                                                                                    \
  X(diagonal, (index_t Offset = 0, index_t A = 0, index_t B = 1), (Offset, A, B), (Offset, A, B),                         \
    (index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1), (offset, axis_a, axis_b), nvcc_forms,                  \
    ((2, 3, 4), (1, 0, 2)))                                                                                              \
  X(unfold, (index_t Dim, index_t Size, index_t Step), (Dim, Size, Step), (Dim, Size, Step),                              \
    (index_t dim, index_t size, index_t step), (dim, size, step), nvcc_forms,                                            \
    ((2, 3, 4), (2, 2, 1)))                                                                                              \
  X(movedim, (class Source, class Destination), (Source, Destination), (Source::as_dims(), Destination::as_dims()),       \
    (const dims& source, const dims& destination), (source, destination), nvcc_forms,                                    \
    ((2, 3, 4), (axes<0, -1>, axes<2, 0>)))                                                                              \
  X(unflatten, (index_t Dim, index_t... E), (Dim, E...), (Dim, dims{E...}), (index_t dim, const dims& sizes),             \
    (dim, sizes), nvcc_forms,                                                                                            \
    ((2, 3, 4), (-1, 2, -1)))                                                                                            \
  X(expand, (index_t... E), (E...), (dims{E...}), (const dims& sizes), (sizes), nvcc_forms,                              \
    ((2, 1, 4), (3, 2, -1, 4)))                                                                                          \
  X(flatten, (index_t Start = 0, index_t End = -1), (Start, End), (Start, End), (index_t start = 0, index_t end = -1),    \
    (start, end), nvcc_forms,                                                                                            \
    ((2, 3, 4), (1)))                                                                                                    \
  X(narrow, (index_t Dim, index_t Start, index_t Length), (Dim, Start, Length), (Dim, Start, Length),                     \
    (index_t dim, index_t start, index_t length), (dim, start, length), nvcc_forms,                                      \
    ((2, 3, 4), (-1, -3, 2)))                                                                                            \
  X(select, (index_t Dim, index_t Index), (Dim, Index), (Dim, Index), (index_t dim, index_t index), (dim, index),         \
 nvcc_forms,                                                                                                             \
    ((2, 3, 4), (1, -1)))                                                                                                \
  X(rearrange, (fixed_string Pattern, fixed_string Sizes = ""), (Pattern, Sizes), (Pattern.view(), Sizes.view()),         \
    (std::string_view pattern, std::string_view sizes = {}), (pattern, sizes), nvcc_forms_elsewhere,                     \
    ((2, 3, 4), ("b (h p) w -> b w (h p)", "p=3")))                                                                      \
  X(matrix_transpose, (), (), (), (), (), nvcc_forms,                                                                    \
    ((2, 3, 4), ()))                                                                                                     \
  X(reverse_axis_order, (), (), (), (), (), nvcc_forms,                                                                  \
    ((2, 3, 4), ()))                                                                                                     \
  X(t, (), (), (), (), (), nvcc_forms,                                                                                   \
    ((3, 4), ()))                                                                                                        \
  X(rot90, (index_t K = 1, index_t A = 0, index_t B = 1), (K, A, B), (K, A, B),                                           \
    (index_t k = 1, index_t axis1 = 0, index_t axis2 = 1), (k, axis1, axis2), nvcc_forms,                                \
    ((2, 3, 4), (3, 2, 0)))                                                                                              \
  X(rollaxis, (index_t Axis, index_t Start = 0), (Axis, Start), (Axis, Start), (index_t axis, index_t start = 0),         \
    (axis, start), nvcc_forms,                                                                                           \
    ((2, 3, 4), (2, 1)))                                                                                                 \
  X(expand_dims, (index_t... Axes), (Axes...), (dims{Axes...}), (const dims& axes), (axes), nvcc_forms,                  \
    ((2, 3, 4), (0, -2)))                                                                                                \
  X(as_strided, (class Shape, class Strides, index_t Offset), (Shape, Strides, Offset),                                   \
    (Shape::as_dims(), Strides::as_dims(), Offset), (const dims& shape, const dims& strides, index_t offset),             \
    (shape, strides, offset), nvcc_forms,                                                                                \
    ((2, 3, 4), (shape<2, 2>, strides<1, 2>, 1)))

/// The same for the operations that give several views (split and its kin): a std::tuple of views
/// (static and mixed), or a view_parts (dynamic).
#define STRIDER_PARTS_OPERATIONS(X)                                                                                        \
  X(split, (index_t Size, index_t Dim = 0), (Size, Dim), (Size, Dim), (index_t split_size, index_t dim = 0),              \
    (split_size, dim), nvcc_forms,                                                                                       \
    ((2, 3, 4), (2, -1)))                                                                                                \
  X(split_with_sizes, (class Sizes, index_t Dim = 0), (Sizes, Dim), (Sizes::as_dims(), Dim),                              \
    (const dims& split_sizes, index_t dim = 0), (split_sizes, dim), nvcc_forms,                                          \
    ((2, 3, 4), (shape<1, 2>, 1)))                                                                                       \
  X(chunk, (index_t Chunks, index_t Dim = 0), (Chunks, Dim), (Chunks, Dim), (index_t chunks, index_t dim = 0),            \
    (chunks, dim), nvcc_forms,                                                                                           \
    ((2, 3, 4), (2, 1)))                                                                                                 \
  X(unbind, (index_t Dim = 0), (Dim), (Dim), (index_t dim = 0), (dim), nvcc_forms,                                       \
    ((2, 3, 4), (2)))                                                                                                    \
  X(tensor_split, (index_t Sections, index_t Dim = 0), (Sections, Dim), (Sections, Dim),                                  \
    (index_t sections, index_t dim = 0), (sections, dim), nvcc_forms,                                                    \
    ((2, 3, 4), (3, -1)))                                                                                                \
  X(tensor_split_indices, (class Indices, index_t Dim = 0), (Indices, Dim), (Indices::as_dims(), Dim),                    \
    (const dims& indices, index_t dim = 0), (indices, dim), nvcc_forms,                                                  \
    ((2, 3, 4), (shape<1, -1>, 2)))                                                                                      \
  X(numpy_split, (index_t Sections, index_t Axis = 0), (Sections, Axis), (Sections, Axis),                                \
    (index_t sections, index_t axis = 0), (sections, axis), nvcc_forms,                                                  \
    ((2, 3, 4), (2, 2)))                                                                                                 \
  X(hsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (3)))                                                                                                    \
  X(vsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (2)))                                                                                                    \
  X(dsplit, (index_t Sections), (Sections), (Sections), (index_t sections), (sections), nvcc_forms,                      \
    ((2, 3, 4), (4)))                                                                                                    \
  X(hsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<2>)))                                                                                             \
  X(vsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<1, 1>)))                                                                                          \
  X(dsplit_indices, (class Indices), (Indices), (Indices::as_dims()), (const dims& indices), (indices), nvcc_forms,      \
    ((2, 3, 4), (shape<1, 3>)))

// Helpers of the expansions: a parenthesized list unwrapped, and unwrapped with a comma before or
// after it when it is not empty (so that an operation without arguments needs no special case).
#define STRIDER_UNPAREN(...) __VA_ARGS__
#define STRIDER_COMMA_AFTER(...) __VA_ARGS__ __VA_OPT__(, )
#define STRIDER_COMMA_BEFORE(...) __VA_OPT__(, ) __VA_ARGS__
