// The layout algebra (CuTe's, in row-major order): coalesce_t. CuTe's worked example mirrored
// (reverse the modes: CuTe is column-major), and the cases a kernel meets.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// CuTe: coalesce((2,(1,6)):(1,(6,2))) = 12:1; row-major: (6,1,2):(2,6,1) -> (12,):(1,).
static_assert(is_layout<coalesce_t<layout<shape<6, 1, 2>, strides<2, 6, 1>>>, shape<12>, strides<1>, 0>);
static_assert(is_layout<coalesce_t<contiguous<3, 4, 5>>, shape<60>, strides<1>, 0>);
// A crop keeps its rows apart; a flip of every axis is one reversed axis.
static_assert(is_layout<coalesce_t<slice_t<contiguous<3, 4, 5>, ":, 1:3">>, shape<3, 10>, strides<20, 1>, 5>);
static_assert(is_layout<coalesce_t<flip_t<contiguous<3, 4>>>, shape<12>, strides<-1>, 11>);
// NCHW viewed as NHWC: H and W nest, C does not.
static_assert(is_layout<coalesce_t<permute_t<contiguous<2, 3, 8, 8>, 0, 2, 3, 1>>, shape<2, 64, 3>, strides<192, 1, 64>, 0>);
static_assert(is_layout<coalesce_t<broadcast_to_t<slice_t<contiguous<1>, "None">, 3, 4>>, shape<12>, strides<0>, 0>);
static_assert(std::is_same_v<coalesce_t<contiguous<1, 1>>, contiguous<>>);  // one element: rank 0
static_assert(is_layout<coalesce_t<contiguous<2, 0, 3>>, shape<0>, strides<1>, 0>);
static_assert(coalesce_t<slice_t<contiguous<100>, "10:20">>::storage_size == 100);  // the storage stays
static_assert(std::is_same_v<decltype(coalesce(contiguous<3, 4>{})), contiguous<12>>);
}  // namespace
