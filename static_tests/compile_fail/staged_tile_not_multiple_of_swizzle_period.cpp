// expect: staged_tile_not_multiple_of_swizzle_period<256, 512>
// Stages of 4 x 64 halves (256 elements) under the 128-byte swizzle, whose pattern repeats every
// 512 elements (1024 bytes) of the absolute address: stage 1 would start mid-pattern and read
// differently from stage 0 (the misaligned-stage bug of nvFuser PR #4096 and tilelang #2379).
#include <strider/atom/cp_async.hpp>

using buffer = strider::staged_t<3, strider::swizzled_t<strider::contiguous<4, 64>, strider::swizzle<3, 3, 3>>>;
strider::index_t size = buffer::layout_type::size;
