// conflict_free_swizzle at the sizes the examples use, under nvcc 13's default constant-evaluation
// limits (issue 63): a 64 x 64 float tile of 256 threads' 16 values, stored by rows of float4s
// and read down its columns, each alone and both together (runtime_tests/access_test.cpp has
// the same for g++ and clang). Compiling this file is the test.
#include <strider/access.hpp>
#include <strider/core.hpp>

namespace {
using rows_in = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
using rows_down = strider::thread_value_t<strider::column_major<64, 4>, strider::contiguous<1, 16>>;
using tile64 = strider::contiguous<64, 64>;
constexpr strider::thread_value_value pair[] = {rows_in::tv_value, rows_down::tv_value};
static_assert(strider::conflict_free_swizzle(tile64::value, rows_down::tv_value, 4) == strider::swizzle_value{3, 2, 4});
static_assert(strider::conflict_free_swizzle(tile64::value, pair, 2, 4) == strider::swizzle_value{3, 2, 4});
static_assert(std::is_same_v<strider::conflict_free_swizzle_t<tile64, rows_down, 4>, strider::swizzle<3, 2, 4>>);
}  // namespace
