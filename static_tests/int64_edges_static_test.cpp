// The int64 edges at compile time (issue 35): the rules are the run-time ones, so static layouts
// get the same answers. The cases, with the NumPy and PyTorch calls that give them, are in
// runtime_tests/int64_edges_test.cpp.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

constexpr index_t p62 = index_t{1} << 62;

// An empty layout is valid whatever the order of its extents; C-order strides of an empty layout
// that do not fit in int64 are 0.
static_assert(is_layout<contiguous<p62, 4, 0>, shape<p62, 4, 0>, strides<4, 1, 1>>);
static_assert(is_layout<contiguous<0, p62, 4>, shape<0, p62, 4>, strides<0, 4, 1>>);
static_assert(contiguous<p62, 4, 0>::size == 0 && permute_t<contiguous<0, p62, 4>, 1, 2, 0>::size == 0);

// An axis of one element whose stride does not fit keeps the input's (NumPy: a[::10**18] of a
// 10x10 array is one row).
static_assert(is_layout<slice_t<contiguous<10, 10>, "::1000000000000000000">, shape<1, 10>, strides<10, 1>>);
static_assert(is_layout<unfold_t<contiguous<3, 4>, 0, 1, INT64_MAX>, shape<1, 4, 1>, strides<4, 1, 4>>);
}  // namespace
