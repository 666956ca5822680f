// Expressions and the static types strider::to_static_type prints for them, written here
// exactly as printed. expression_emit_static_test.cpp compiles the types and checks them against
// NumPy's numbers; runtime_tests/expression_test.cpp checks that to_static_type prints exactly
// these spellings (by stringizing the type) and that evaluate agrees with each type's dynamic().
#pragma once

#include <strider/static.hpp>

// X(expression text, static type)
#define STRIDER_EMITTED_STATIC_TYPES(X)                                                                           \
  X("contiguous(3,4,5)[1:, ::-1].permute(2,0,1)",                                                                \
    strider::permute_t<strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1">, 2, 0, 1>)                     \
  X("column_major(3, 4).transpose(0, 1)", strider::transpose_t<strider::column_major<3, 4>, 0, 1>)              \
  X("layout((3,4),(4,1),0).flip(0)",                                                                             \
    strider::flip_t<strider::layout<strider::shape<3, 4>, strider::strides<4, 1>, 0>, 0>)                        \
  X("contiguous(4).broadcast_to(2,3,4).flip()", strider::flip_t<strider::broadcast_to_t<strider::contiguous<4>, 2, 3, 4>>) \
  X("contiguous((2, 6)).view((3, -1)).reshape(2, -1)",                                                           \
    strider::reshape_t<strider::view_t<strider::contiguous<2, 6>, 3, -1>, 2, -1>)                                \
  X("contiguous(1,3,1).squeeze().unsqueeze(0).squeeze(0)",                                                       \
    strider::squeeze_t<strider::unsqueeze_t<strider::squeeze_t<strider::contiguous<1, 3, 1>>, 0>, 0>)            \
  X("contiguous(3, 4).diagonal(1).unfold(0, 2, 1)",                                                              \
    strider::unfold_t<strider::diagonal_t<strider::contiguous<3, 4>, 1>, 0, 2, 1>)                               \
  X("contiguous(2, 3, 4).diagonal(-1, 2, 0)", strider::diagonal_t<strider::contiguous<2, 3, 4>, -1, 2, 0>)       \
  X("contiguous(4).as_strided((2,2),(1,2),0)",                                                                   \
    strider::as_strided_t<strider::contiguous<4>, strider::shape<2, 2>, strider::strides<1, 2>, 0>)              \
  X("layout((3,), (-2,), 4)[None, ::-1].as_strided((2, 2), (1, 2))",                                            \
    strider::as_strided_t<strider::slice_t<strider::layout<strider::shape<3>, strider::strides<-2>, 4>, "None, ::-1">, \
                          strider::shape<2, 2>, strider::strides<1, 2>>)                                         \
  X("contiguous()[None]", strider::slice_t<strider::contiguous<>, "None">)                                        \
  X("layout((0,), (-9223372036854775808,))",                                                                     \
    strider::as_strided_t<strider::layout<strider::shape<0>, strider::strides<0>>, strider::shape<0>,               \
                          strider::strides<(-9223372036854775807 - 1)>>)
