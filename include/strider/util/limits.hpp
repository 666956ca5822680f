// strider/util/limits.hpp: every size limit of the library, in one place (docs/design.md, "Size
// limits"). A computation whose cost grows with its input (an enumeration, a writer's output, a
// page) refuses past its limit with a layout_error that names the limit and its value, instead
// of allocating without bound or running for minutes (from the command: exit status 2 when the
// expression's evaluation refuses, 1 when a writer does; docs/design.md, "Size limits").
#pragma once

#include "config.hpp"

namespace strider {

/// `is_unique` of a layout whose axes interleave in storage enumerates at most this many
/// elements; above it, the answer is a conservative `false` (writes then need as_const or a copy).
inline constexpr index_t unique_check_limit = 4096;

/// The (thread, value) pairs, and the tile elements, that thread_value's coverage check
/// enumerates when its fast test does not apply (a tile of 4096 x 4096 elements).
inline constexpr index_t max_enumerated_tile = index_t{1} << 24;

/// The (thread, value) pairs one access certificate (`access`, `access_t`, the command's
/// `access(...)`, explain, `conflict_free_swizzle`) counts: a 2048 x 2048 tile, well past what
/// one block's shared memory holds.
inline constexpr index_t max_certificate_pairs = index_t{1} << 22;

/// The (thread, value) pairs `conflict_free_swizzle` counts over all the swizzles it tries (each
/// try one certificate): 64 certificates at max_certificate_pairs, many more for smaller tiles;
/// and those a certificate of a swizzled tile at a run-time start counts over the 128-byte line
/// starts of the swizzle's period (access_of_any_line_start).
inline constexpr index_t max_swizzle_search_pairs = index_t{1} << 28;

/// The text writers (tables, CSV, JSON, C++) and print_layout (a trap in device code) refuse
/// layouts with more elements than this.
inline constexpr index_t max_written_elements = index_t{1} << 22;

/// The SVG writers draw at most this many elements, or storage slots.
inline constexpr index_t max_svg_cells = index_t{1} << 16;

/// `explain --format html` writes at most this many bytes of pictures on its page; the steps past
/// it keep their text, and say where their picture is left out.
inline constexpr index_t max_explain_page_bytes = index_t{1} << 25;

}  // namespace strider
