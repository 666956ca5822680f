// strider/core/operations.hpp: the view operations, one constexpr function each.
//
// Each is a template over detail::rule_layout (a dynamic_layout, or a mixed layout's maybe_layout of
// entries that may be unknown) and returns a new one describing the same storage; none copies.
// The semantics are NumPy's (negative axes, flip by negative strides, broadcasting) and
// PyTorch's (view, unfold, as_strided). An invalid request throws layout_error whose message
// starts with the operation's name; in a constant expression that throw is the compile error.
//
// The rules live in one header per family (each includes what it uses):
//   rule_helpers.hpp   axis wrapping, insertion and removal; the result of a selecting rule
//   axes.hpp           permute, transpose, flip, squeeze, unsqueeze, movedim, matrix_transpose,
//                      reverse_axis_order, t, rot90, rollaxis, expand_dims
//   broadcast.hpp      broadcast_shapes, broadcast_to, expand
//   reshape.hpp        view, reshape, flatten, unflatten, ravel
//   indexing.hpp       narrow, select, diagonal (the NumPy index: slice.hpp)
//   windows.hpp        unfold, sliding_window_view
//   parts.hpp          split, chunk, unbind, tensor_split, numpy_split, hsplit, vsplit, dsplit
//   storage_views.hpp  as_strided, with_storage
// Each public rule states its preconditions (`@pre`) and one worked example (`@example`, in the
// expression language of the `strider` command, checked by the test strider_cli_core_examples).
// A request outside the preconditions is refused: layout_error at run time, a compile error in a
// constant expression (a static alias), a message and a trap in device code.
// coalesce is with the layout algebra (algebra.hpp). This header includes them all and writes
// the nvcc forms of the listed operations (core/operation_forms.hpp).
#pragma once

#include "axes.hpp"
#include "broadcast.hpp"
#include "indexing.hpp"
#include "operation_forms.hpp"
#include "parts.hpp"
#include "reshape.hpp"
#include "rule_helpers.hpp"
#include "storage_views.hpp"
#include "windows.hpp"

namespace strider {

// Under nvcc, non-template forms of the rules that are templates over the layout type (a
// dynamic_layout, or a mixed layout's maybe_layout): nvcc's front end rejects a call of
// a function template in a template argument (the static aliases), and an unqualified call finds
// these first. Other compilers call the templates. Those of operations outside the list are at
// the end of their family's header.
#ifdef __CUDACC__
// The listed operations' forms; a parts rule gives a layout_parts.
#define STRIDER_NVCC_FORMS_nvcc_forms(name, runtime_parameters, runtime_arguments)                                          \
  STRIDER_HOST_DEVICE constexpr auto name(const dynamic_layout& l STRIDER_COMMA_BEFORE runtime_parameters) {      \
    return name<dynamic_layout>(l STRIDER_COMMA_BEFORE runtime_arguments);                                                  \
  }                                                                                                                         \
  STRIDER_HOST_DEVICE constexpr auto name(const detail::maybe_layout& l STRIDER_COMMA_BEFORE runtime_parameters) {       \
    return name<detail::maybe_layout>(l STRIDER_COMMA_BEFORE runtime_arguments);                                          \
  }
#define STRIDER_NVCC_FORMS_nvcc_forms_elsewhere(name, runtime_parameters, runtime_arguments)
#define STRIDER_NVCC_FORMS(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  STRIDER_NVCC_FORMS_##nvcc(name, runtime_parameters, runtime_arguments)
STRIDER_VIEW_OPERATIONS(STRIDER_NVCC_FORMS)
STRIDER_PARTS_OPERATIONS(STRIDER_NVCC_FORMS)
#undef STRIDER_NVCC_FORMS
#undef STRIDER_NVCC_FORMS_nvcc_forms_elsewhere
#undef STRIDER_NVCC_FORMS_nvcc_forms
#endif

}  // namespace strider
