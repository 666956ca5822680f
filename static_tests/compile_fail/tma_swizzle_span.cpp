// expect: tma_inner_bytes_not_swizzle_span<256, 128>
// Rows of 128 halves (256 bytes) under the 128-byte swizzle: the driver refuses inner box bytes
// wider than the swizzle's span (the TMA's swizzle would then not be the wgmma's either).
#include <cstdint>
#include <strider/atom/tma.hpp>

strider::index_t bytes = strider::tma_box<strider::swizzled_t<strider::contiguous<64, 128>, strider::swizzle<3, 3, 3>>, std::uint16_t>::bytes;
