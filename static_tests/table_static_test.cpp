// Compile-time tables: offset_table_v, coordinate_table_v, inverse_table_v. Expected values are
// worked out by hand from the strides (NumPy's rules), written next to each case.
//
// generated/table_header.hpp is the output of write_cpp_header (runtime_tests/table_test.cpp
// regenerates it and fails when it differs). It comes first, before any strider header, so this
// file only compiles when that header is self-contained.
#include "generated/table_header.hpp"

#include <strider/table.hpp>

#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// The checked-in header: contiguous(3, 4)[::2, ::-1] is rows 0 and 2 (stride 8), columns from
// 3 down to 0 (stride -1).
using sliced = slice_t<contiguous<3, 4>, "::2, ::-1">;
static_assert(sliced_offsets == values<3, 2, 1, 0, 11, 10, 9, 8>);
static_assert(offset_table_v<sliced> == sliced_offsets);
static_assert(sliced_offsets_shape == sliced::shape && sliced_offsets_strides == sliced::strides);
static_assert(sliced_offsets_offset == sliced::offset);

// The transpose of contiguous<2, 3>: shape (3, 2), strides (1, 3).
using transposed = transpose_t<contiguous<2, 3>, 0, 1>;
static_assert(offset_table_v<transposed> == values<0, 3, 1, 4, 2, 5>);
// Slot s holds the element k with offset_table[k] == s.
static_assert(inverse_table_v<transposed> == values<0, 2, 4, 1, 3, 5>);
static_assert(coordinate_table_v<transposed>[3] == values<1, 1>);
static_assert(coordinate_table_v<transposed>[4] == values<2, 0>);
// The function form names the same array.
static_assert(&offset_table(transposed{}) == &offset_table_v<transposed>);

// A slice with holes: contiguous<4, 6>[1:3, ::2] starts at 6, strides (6, 2), span 17.
using holes = slice_t<contiguous<4, 6>, "1:3, ::2">;
static_assert(offset_table_v<holes> == values<6, 8, 10, 12, 14, 16>);
static_assert(inverse_table_v<holes> == values<-1, -1, -1, -1, -1, -1, 0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5>);

// Flip and rank 3: flip_t<contiguous<2, 2, 2>, 0, 2> has strides (-4, 2, -1) and offset 5.
using flipped = flip_t<contiguous<2, 2, 2>, 0, 2>;
static_assert(offset_table_v<flipped> == values<5, 4, 7, 6, 1, 0, 3, 2>);
static_assert(coordinate_table_v<flipped>[5] == values<1, 0, 1>);

// A broadcast repeats offsets (its inverse would not compile: the layout is not unique).
using repeated = broadcast_to_t<slice_t<contiguous<3>, "None">, 2, 3>;
static_assert(offset_table_v<repeated> == values<0, 1, 2, 0, 1, 2>);

// Rank 0: one element at the offset; empty layouts: empty tables.
using scalar = slice_t<contiguous<2, 3>, "1, 2">;
static_assert(offset_table_v<scalar> == values<5>);
static_assert(coordinate_table_v<scalar>.size() == 1 && coordinate_table_v<scalar>[0].size() == 0);
static_assert(inverse_table_v<scalar> == values<-1, -1, -1, -1, -1, 0>);
using empty = contiguous<2, 0, 3>;
static_assert(offset_table_v<empty>.size() == 0 && inverse_table_v<empty>.size() == 0);

}  // namespace

// The function forms take the layout as an object or as a template argument.
namespace {
using strider_table_forms = strider::transpose_t<strider::contiguous<2, 3>, 0, 1>;
static_assert(&strider::offset_table<strider_table_forms>() == &strider::offset_table_v<strider_table_forms>);
static_assert(&strider::offset_table(strider_table_forms{}) == &strider::offset_table_v<strider_table_forms>);
static_assert(strider::inverse_table<strider_table_forms>()[1] == 2);
static_assert(strider::coordinate_table<strider_table_forms>()[3][0] == 1);
}  // namespace
