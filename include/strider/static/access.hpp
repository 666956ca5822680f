// strider/static/access.hpp: the access certificate at compile time (docs/access.md) of a
// strided or swizzled tile (static/swizzled.hpp): `access_t<Tile, TV, Bytes>` is core's access_of
// as static members; `require_conflict_free_t` and `require_coalesced_t` fail the build naming
// the threads and offsets that collide.
#pragma once

#include <cstddef>

#include "../core/access.hpp"
#include "../core/swizzle.hpp"
#include "layout.hpp"
#include "swizzled.hpp"
#include "thread_value.hpp"

namespace strider {

namespace detail {
// A mixed tile whose extents and strides are static, read at offset 0: its run-time offset is
// the caller's (the tile's first element aligned as the access needs it).
STRIDER_HOST_DEVICE constexpr layout_value access_tile_at_offset_zero(const layout_value& v) {
  layout_value out = v;
  for (std::size_t d = 0; d < v.rank; ++d)
    if (is_dyn_extent(v.shape[d]) || v.strides[d] == dyn)
      refuse("access: the extent or stride of tile axis {} is known only at run time (only the tile's offset may be)", d);
  out.offset = 0;
  out.storage_size = required_span_of(out, "access");
  return out;
}
// A tile's layout before its swizzle, and the swizzle (the identity for a strided tile).
// `any_start`: the tile's offset is known only at run time (a mixed tile), so a swizzled one is
// certified at every 128-byte line start of the swizzle's period (core's access_of_any_line_start).
template <class L>
struct tile_parts {
  static constexpr layout_value value = L::value;
  static constexpr swizzle_value swizzle{};
  static constexpr bool any_start = false;
};
template <class L>
  requires mixed_layout_type<L>
struct tile_parts<L> {
  static constexpr layout_value value = access_tile_at_offset_zero(L::static_entries);
  static constexpr swizzle_value swizzle{};
  static constexpr bool any_start = true;
};
template <class L, class S>
struct tile_parts<swizzled_layout<L, S>> {
  static constexpr layout_value value = tile_parts<L>::value;
  static constexpr swizzle_value swizzle = S::value;
  static constexpr bool any_start = tile_parts<L>::any_start;
};
template <class Tile>
constexpr access_report certificate_of(const thread_value_value& tv, index_t bytes, index_t width) {
  using P = tile_parts<Tile>;
  if constexpr (P::any_start) return access_of_any_line_start(P::value, P::swizzle, tv, bytes, width);
  else return access_of(P::value, P::swizzle, tv, bytes, width);
}
}  // namespace detail

/// The access certificate of TV's threads reading a static tile (strided or swizzled_t) of
/// Bytes-byte elements: core's access_of (docs/access.md) as static members. Width is the elements
/// each access moves; 0 (the default here, `widest_vector`) lets the rule pick the widest vector
/// the layouts allow, which reports what a kernel could load, not what it does (the require_
/// forms default to 1); a width that does not hold is a compile error. A mixed tile whose
/// only run-time entry is its offset (`tile_at` of a tiling with static strides, a `partition`)
/// holds wherever its first element starts a 128-byte line (the caller's precondition, as an
/// aligned pointer is): a strided one is certified at offset 0, a swizzled one at every line start
/// of the swizzle's period (the swizzle XORs bits of the whole offset), its worst start counted;
/// an extent or stride known only at run time is a compile error.
/// Example: `access_t<contiguous<32, 32>, thread_value_t<contiguous<1, 32>, contiguous<32, 1>>,
/// 4>::bank_conflicts == 0` (each instruction reads one row).
template <class Tile, thread_value_type TV, index_t Bytes, index_t Width = 0>
struct access_certificate {
  static constexpr access_report report = detail::certificate_of<Tile>(TV::tv_value, Bytes, Width);
  static constexpr index_t vector_width = report.vector_width;
  static constexpr index_t instructions = report.instructions;
  static constexpr index_t phases = report.phases;
  static constexpr index_t wavefronts = report.wavefronts;
  static constexpr index_t bank_conflicts = report.bank_conflicts;
  static constexpr index_t sectors = report.sectors;
  static constexpr index_t ideal_sectors = report.ideal_sectors;
  static constexpr bank_collision worst = report.worst;
  static constexpr sector_excess worst_global = report.worst_global;
  static constexpr bool conflict_free = bank_conflicts == 0;
  static constexpr bool coalesced = is_coalesced(report);
};

template <class Tile, thread_value_type TV, index_t Bytes, index_t Width = 0>
using access_t = access_certificate<Tile, TV, Bytes, Width>;

namespace detail {
// The refusals as types, so that the compiler shows the values (g++ prints none of a constexpr
// call chain's): the worst phase's instruction, phase, bank, ways, and the two threads with the
// element offsets their vectors start at.
template <index_t Instruction, index_t Phase, index_t Bank, index_t Ways, index_t Thread, index_t Offset, index_t OtherThread, index_t OtherOffset>
struct shared_access_conflict {
  static_assert(Ways < 0, "shared access: bank conflict: shared_access_conflict<instruction, phase, bank, ways, thread, offset, other thread, other offset>: the two threads read different words of one bank in that phase");
};
template <index_t Instruction, index_t Sectors, index_t IdealSectors, index_t Thread, index_t Offset, index_t OtherThread, index_t OtherOffset>
struct uncoalesced_global_access {
  static_assert(Sectors < 0, "global access: not coalesced: uncoalesced_global_access<instruction, sectors, ideal sectors, thread, offset, other thread, other offset>: the instruction touches more 32-byte sectors than its bytes need");
};
template <class A, bool Free = A::conflict_free>
struct conflict_free_check {
  using type = A;
};
template <class A>
struct conflict_free_check<A, false> {
  static constexpr bank_collision c = A::worst;
  using type = decltype(shared_access_conflict<c.instruction, c.phase, c.bank, c.ways, c.thread, c.offset, c.other_thread, c.other_offset>{}, A{});
};
template <class A, bool Coalesced = A::coalesced>
struct coalesced_check {
  using type = A;
};
template <class A>
struct coalesced_check<A, false> {
  static constexpr sector_excess s = A::worst_global;
  using type = decltype(uncoalesced_global_access<s.instruction, s.sectors, s.ideal_sectors, s.thread, s.offset, s.other_thread, s.other_offset>{}, A{});
};
}  // namespace detail

/// The Width of an access certificate that lets the rule pick the widest vector the layouts
/// allow: a question about the layouts (what could a kernel load?), not about a kernel's loads.
inline constexpr index_t widest_vector = 0;

/// access_t, or a compile error when the access has bank conflicts, naming the worst phase:
/// `shared_access_conflict<0, 0, 0, 32, 0, 0, 1, 32>` (instruction 0, phase 0, bank 0, 32-way:
/// thread 0 at offset 0 and thread 1 at offset 32). Width is the elements each access of the
/// kernel moves: one unless stated, so that no certificate holds for wider loads than the kernel
/// issues (state 4 for float4 loads; `widest_vector` asks for the widest the layouts allow).
template <class Tile, thread_value_type TV, index_t Bytes, index_t Width = 1>
using require_conflict_free_t = typename detail::conflict_free_check<access_t<Tile, TV, Bytes, Width>>::type;

/// access_t, or a compile error when an instruction touches more global sectors than its bytes
/// need: `uncoalesced_global_access<0, 32, 4, 0, 0, 1, 32>`. Width as require_conflict_free_t's:
/// one element per access unless stated.
template <class Tile, thread_value_type TV, index_t Bytes, index_t Width = 1>
using require_coalesced_t = typename detail::coalesced_check<access_t<Tile, TV, Bytes, Width>>::type;

/// Several accesses of one tile, for conflict_free_swizzle_t: `accesses<store_tv, fragment_tv>`.
template <thread_value_type... TV>
  requires(sizeof...(TV) >= 1)
struct accesses {
  static constexpr std::size_t count = sizeof...(TV);
  static constexpr thread_value_value values[sizeof...(TV)] = {TV::tv_value...};
};

namespace detail {
template <class A>
struct access_list {  // one thread-value layout
  static constexpr std::size_t count = 1;
  static constexpr thread_value_value values[1] = {A::tv_value};
};
template <class... TV>
struct access_list<accesses<TV...>> : accesses<TV...> {};
template <class A>
inline constexpr bool is_accesses_v = false;
template <class... TV>
inline constexpr bool is_accesses_v<accesses<TV...>> = true;
// A class, not a variable template: nvcc rejects a class-type variable template in an alias.
template <class Tile, class A, index_t Bytes>
struct conflict_free_swizzle_of {
  static constexpr swizzle_value value = conflict_free_swizzle(Tile::value, access_list<A>::values, access_list<A>::count, Bytes);
  using type = swizzle<value.bits, value.base, value.shift>;
};
}  // namespace detail

/// The swizzle with the fewest bits that makes TV's access to Tile conflict-free at the same
/// vector width (core's conflict_free_swizzle), as a type: `swizzled_t<Tile,
/// conflict_free_swizzle_t<Tile, TV, Bytes>>` is the fixed tile; swizzle<0, 0, 0> when Tile needs
/// none; a compile error when no swizzle of up to 5 bits does. TV may be `accesses<TV1, TV2,
/// ...>`: then every access is conflict-free at its own vector width (a tile stored by rows and
/// read by fragments). Evaluates a certificate per access and swizzle tried, so it costs the
/// compiler more than one access_t.
template <class Tile, class TV, index_t Bytes>
  requires thread_value_type<TV> || detail::is_accesses_v<TV>
using conflict_free_swizzle_t = typename detail::conflict_free_swizzle_of<Tile, TV, Bytes>::type;

}  // namespace strider
