// strider/core/config.hpp: the numeric vocabulary shared by every layer.
#pragma once

#include <cstddef>
#include <cstdint>

namespace strider {

/// Extents, strides, offsets and indices are signed 64-bit integers, in elements (NumPy's
/// byte strides divided by the item size, PyTorch's strides as they are).
using index_t = std::int64_t;

/// The largest rank a layout may have. Layouts keep their extents in fixed arrays of this
/// capacity so that one value type serves as a compile-time template argument and as a
/// run-time object; rank-changing operations (unsqueeze, diagonal, unfold) never allocate.
inline constexpr std::size_t max_rank = 8;

/// Largest element count that the fully unrolled static loops (`for_each_index` at the Hana
/// boundary, `static_for_each` over views) accept: every index is its own set of template
/// instantiations, so larger layouts would only cost compile time. Use the ordinary loops there.
inline constexpr index_t max_unrolled_size = 256;

}  // namespace strider
