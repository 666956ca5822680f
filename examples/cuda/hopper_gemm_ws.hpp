// Hopper GEMM, warp-specialized and persistent (examples/cuda/hopper_gemm_ws.cu): C (M x N, half
// or bfloat16, row-major) = A * B with f32 accumulation, A (M x K) and B (K x N) given "TN" (both
// K-major: A as M x K, B as N x K, row-major) or "NT" (both MN-major: A as K x M, B as K x N).
// CTAs are persistent: in 2 x 1 clusters they take pairs of 128 x 256 tiles of C in a grouped
// order (tile_scheduler) until none is left. A CTA's producer warpgroup (one thread, a low
// register count) issues the TMA loads of each K tile into a 4-stage mbarrier pipeline; its two
// consumer warpgroups (a high register count) each issue wgmma.m64n256k16 on 64 of the tile's
// rows through descriptors of the same stage types, then write their accumulators into a
// swizzled staging tile that TMA stores.
// Blocks run in 2 x 1 clusters: the two CTAs of a cluster take tile rows 2m and 2m + 1 of one tile
// column, and each loads half of the B tile they share and multicasts it to both.
// Every byte count, alignment, swizzle, register split and stage count below is derived from the
// types and checked at compile time. host_cluster is a cluster's life on the host (the twin that
// CI runs, runtime_tests/hopper_gemm_ws_twin_test.cpp): the same boxes, multicast placement,
// pipeline states carried across tiles, descriptors, fragments and stores.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <strider/strider.hpp>

namespace hopper_gemm_ws {
using strider::index_t;

inline constexpr index_t block_m = 128, block_n = 256, block_k = 64, stages = 4, consumers = 2, cluster_m = 2;

/// The persistent clusters' tile order: tile `linear` of tiles_m x tiles_n (the kernel's are pairs
/// of tile rows, one pair per cluster), `group` rows at a time, down each group's rows first
/// (grouped rasterization: the clusters that run together share A's and B's tiles in L2).
/// @example 3 x 4 tiles, group 2: linear 0, 1 are (0, 0), (1, 0); 8 is (2, 0), the last group's.
struct tile_coordinate {
  index_t m = 0, n = 0;  // the tile's row and column among the tiles
  friend constexpr bool operator==(const tile_coordinate&, const tile_coordinate&) = default;
};
struct tile_scheduler {
  index_t tiles_m = 0, tiles_n = 0, group = 8;
  STRIDER_HOST_DEVICE constexpr index_t tiles() const { return tiles_m * tiles_n; }
  STRIDER_HOST_DEVICE constexpr tile_coordinate tile(index_t linear) const {
    const index_t per_group = group * tiles_n, first = linear / per_group * group;
    const index_t rows = tiles_m - first < group ? tiles_m - first : group, in_group = linear % per_group;
    return {first + in_group % rows, in_group / rows};
  }
};

/// The kernel's types for an element tag (f16 or bf16) and the operands' major (k: "TN", mn: "NT").
template <class Tag, strider::gmma_major Major>
struct config {
  using tag = Tag;
  static constexpr bool k_major = Major == strider::gmma_major::k;
  // The TMA boxes: K-major, one box of A's 128 rows and two of B's 256 (one from each CTA of the
  // cluster), 64 halves (128 bytes) of K each; MN-major, boxes of 64 K rows x 64 M (or N)
  // columns, two for A's tile and four for B's (two from each CTA). A CTA loads its A boxes for
  // itself and multicasts its B boxes to both CTAs of its cluster, whose tiles share B's.
  using k_tile_a = strider::swizzled_t<strider::contiguous<block_m, block_k>, strider::swizzle<3, 3, 3>>;
  using k_tile_b = strider::swizzled_t<strider::contiguous<block_n, block_k>, strider::swizzle<3, 3, 3>>;
  using k_tile_b_part = strider::swizzled_t<strider::contiguous<block_n / cluster_m, block_k>, strider::swizzle<3, 3, 3>>;
  using mn_tile = strider::swizzled_t<strider::contiguous<block_k, 64>, strider::swizzle<3, 3, 3>>;
  using box_a = strider::tma_box<std::conditional_t<k_major, k_tile_a, mn_tile>, std::uint16_t>;
  using box_b = strider::tma_box<std::conditional_t<k_major, k_tile_b_part, mn_tile>, std::uint16_t>;
  static constexpr index_t a_boxes = k_major ? 1 : block_m / 64, b_boxes = k_major ? cluster_m : block_n / 64;
  static constexpr index_t b_boxes_per_cta = b_boxes / cluster_m;
  static constexpr index_t a_box_rows = k_major ? block_m : 64, b_box_rows = k_major ? block_n / cluster_m : 64;  // rows of M (N) a box covers
  // The stages as the descriptors read them, indexed (row, k): K-major, A's box's tile and B's two
  // boxes one after the other (the 256-row tile); MN-major, the boxes side by side (8192 bytes
  // apart) along the rows.
  using mn_stage_a = strider::swizzled_t<strider::layout<strider::shape<block_m / 64, 64, block_k>, strider::strides<64 * block_k, 1, 64>>, strider::swizzle<3, 3, 3>>;
  using mn_stage_b = strider::swizzled_t<strider::layout<strider::shape<block_n / 64, 64, block_k>, strider::strides<64 * block_k, 1, 64>>, strider::swizzle<3, 3, 3>>;
  using operand_a = std::conditional_t<k_major, strider::gmma_operand<k_tile_a, Tag>, strider::gmma_operand<mn_stage_a, Tag, 2>>;
  using operand_b = std::conditional_t<k_major, strider::gmma_operand<k_tile_b, Tag>, strider::gmma_operand<mn_stage_b, Tag, 2>>;
  static_assert(strider::require_same_swizzle_v<box_a, operand_a> && strider::require_same_swizzle_v<box_b, operand_b>);
  static_assert(operand_a::major == Major && operand_b::major == Major && operand_a::k_blocks == block_k / 16);

  using atom = strider::wgmma_m64nNk16<block_n, Tag, Tag, strider::f32>;
  static_assert(atom::m * consumers == block_m);

  // The boxes of a stage, A's, then B's (all of them: a CTA's full barrier counts the peer's
  // multicast bytes too); a stage is released by each consumer warpgroup of both CTAs (its
  // multicast fills both), one arrival each.
  using pipeline = std::conditional_t<k_major, strider::tma_pipeline<stages, consumers * cluster_m, box_a, box_b, box_b>,
                                      strider::tma_pipeline<stages, consumers * cluster_m, box_a, box_a, box_b, box_b, box_b, box_b>>;
  static_assert(pipeline::boxes == a_boxes + b_boxes);
  static_assert(pipeline::stage_bytes == (block_m + block_n) * block_k * 2);

  // The epilogue: each consumer's 64 x 256 accumulators as four 64 x 64 boxes of C, 128-byte
  // swizzled (a warp's 4-byte writes of a fragment row pair then fall in 32 banks), after the
  // pipeline's stages, staged two boxes at a time (`staged_boxes`): four stages and a staging of
  // all four boxes would not fit, and the fourth stage pays more (on an H200 the consumers of the
  // 3-stage kernel spent a third of their stall samples waiting for full stages).
  using c_tile = strider::swizzled_t<strider::contiguous<64, 64>, strider::swizzle<3, 3, 3>>;
  using c_box = strider::tma_box<c_tile, std::uint16_t>;
  static constexpr index_t c_boxes = block_n / 64, staged_boxes = 2, epilogue_rounds = c_boxes / staged_boxes;
  static_assert(c_boxes % staged_boxes == 0);
  /// A thread's values in one round: box j holds its values [32 j, 32 j + 32) (c_column: 8
  /// columns per 4 values), so round r writes [r * epilogue_values, (r + 1) * epilogue_values).
  static constexpr index_t epilogue_values = staged_boxes * 32;
  /// The byte of a consumer's staging where its accumulator (row, column) goes in the round that
  /// stages box column / 64: that box's place among the staged ones, placed by c_tile.
  STRIDER_HOST_DEVICE static constexpr index_t staging_byte(index_t row, index_t column) { return (column / 64 % staged_boxes) * c_box::bytes + c_tile{}(row, column % 64) * 2; }
  // A box's 64 columns are written as the m64n64 accumulator fragment lays them out, two values
  // (one 4-byte word) per store: proven free of bank conflicts at compile time (the access
  // certificate of docs/access.md; without the swizzle it counts 448 conflicts).
  using epilogue_stores = strider::require_conflict_free_t<c_tile, typename strider::wgmma_m64nNk16<64, Tag, Tag, strider::f32>::c_layout, 2, 2>;
  static_assert(epilogue_stores::vector_width == 2 && epilogue_stores::bank_conflicts == 0);
  static constexpr index_t epilogue_offset = (pipeline::shared_bytes + c_box::alignment - 1) / c_box::alignment * c_box::alignment;
  static constexpr index_t shared_bytes = epilogue_offset + consumers * staged_boxes * c_box::bytes;
  static constexpr index_t requested_bytes = shared_bytes + pipeline::alignment;  // room to align the base
  static_assert(requested_bytes <= strider::shared_memory_budget_sm90, "hopper_gemm_ws: the stages and the epilogue's staging do not fit in sm_90's shared memory");

  // The register split: a producer warpgroup of 40 and two consumers of 232, above their 128
  // accumulators; 128 x (40 + 2 x 232) <= 65536 (setmaxnreg's rules, checked by the type).
  using budget = strider::register_budget<40, 232, consumers, atom::c_registers>;
  static constexpr index_t threads = budget::threads;

  STRIDER_HOST_DEVICE static std::uint16_t to_bits(float x) { return Tag::to_bits(x); }
};

// C's element (row, column) of a consumer's 64 x 256 block that thread t holds as value i: the PTX
// ISA's accumulator formula (the twin test checks it against c_layout for every thread and value).
STRIDER_HOST_DEVICE inline constexpr index_t c_row(index_t t, index_t i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2); }
STRIDER_HOST_DEVICE inline constexpr index_t c_column(index_t t, index_t i) { return 8 * (i / 4) + 2 * (t % 4) + i % 2; }

STRIDER_HOST_DEVICE inline constexpr index_t k_tiles(index_t k) { return (k + block_k - 1) / block_k; }

using matrix = strider::layout<strider::shape<strider::dyn, strider::dyn>, strider::strides<strider::dyn, 1>>;

/// The corner (innermost first) of box `i` of A's (or B's) stage for the tile at rows `row0`
/// (M or N) and K tile `kt`, each box covering `rows` rows: K-major, {k, row}; MN-major, {row, k}.
struct box_corner_value {
  index_t inner = 0, outer = 0;
};
template <class Config>
STRIDER_HOST_DEVICE constexpr box_corner_value box_corner(index_t i, index_t row0, index_t rows, index_t kt) {
  if constexpr (Config::k_major) return {kt * block_k, row0 + i * rows};
  else return {row0 + i * rows, kt * block_k};
}

/// Box J of a stage (A's boxes first, then B's) as CTA `rank` of a cluster issues it for `tile`
/// and K tile kt: whether this CTA issues it (its own A boxes and its share of B's, which it
/// multicasts) and its corner. The kernel and the twin both ask this.
struct box_load {
  bool issued = false;
  box_corner_value corner{};
};
template <class Config, std::size_t J>
STRIDER_HOST_DEVICE constexpr box_load box_load_of(index_t rank, tile_coordinate tile, index_t kt) {
  constexpr bool is_a = J < static_cast<std::size_t>(Config::a_boxes);
  const index_t i = is_a ? static_cast<index_t>(J) : static_cast<index_t>(J) - Config::a_boxes;
  if (!is_a && i / Config::b_boxes_per_cta != rank) return {};  // the other CTA's share of B
  return {true, is_a ? box_corner<Config>(i, tile.m * block_m, Config::a_box_rows, kt) : box_corner<Config>(i, tile.n * block_n, Config::b_box_rows, kt)};
}

/// The tile of CTA `rank` of a cluster whose pair of tiles is `pair` (the scheduler hands out
/// pairs: tile rows 2 pm and 2 pm + 1 of tile column n, which share B's tile).
STRIDER_HOST_DEVICE constexpr tile_coordinate cta_tile(tile_coordinate pair, index_t rank) { return {pair.m * cluster_m + rank, pair.n}; }

/// A cluster's life on the host, in the kernel's order: for each of its pairs of tiles (cluster,
/// cluster + clusters, ... of the scheduler's order over pairs), per K tile each CTA's
/// producer's boxes into the stage the pipeline state says (host_tma_load; its A boxes into its
/// own shared memory, its share of B's into both CTAs', as the multicast does; the state runs
/// on across tiles as the kernel's does), then each CTA's consumers' wgmmas through the
/// descriptors (host_fma over a warpgroup); at the tile's end each consumer's accumulators,
/// rounded to Tag, into its staging boxes through c_tile, and those boxes to C (host_tma_store:
/// only what lies inside M x N). `shared` holds the host's images of the CTAs' shared memory
/// (Config::shared_bytes each, the base at 0).
template <class Config>
void host_cluster(const strider::tensor_view<const std::uint16_t, matrix>& a, const strider::tensor_view<const std::uint16_t, matrix>& b,
                  const strider::tensor_view<std::uint16_t, matrix>& c, index_t k, const tile_scheduler& pairs, index_t cluster, index_t clusters,
                  std::vector<unsigned char> (&shared)[cluster_m]) {
  using namespace strider;
  using pipeline = typename Config::pipeline;
  using atom = typename Config::atom;
  auto st = pipeline::state::consumer_start();
  for (index_t linear = cluster; linear < pairs.tiles(); linear += clusters) {
    const tile_coordinate pair = pairs.tile(linear);
    std::vector<typename atom::c_warpgroup> d(static_cast<std::size_t>(cluster_m * consumers));
    for (index_t kt = 0; kt < k_tiles(k); ++kt, st.advance()) {
      for (index_t rank = 0; rank < cluster_m; ++rank) {
        const tile_coordinate tile = cta_tile(pair, rank);
        [&]<std::size_t... I>(std::index_sequence<I...>) {
          const auto load = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
            constexpr bool is_a = J < static_cast<std::size_t>(Config::a_boxes);
            const box_load l = box_load_of<Config, J>(rank, tile, kt);
            if (!l.issued) return;
            for (index_t to = 0; to < cluster_m; ++to) {
              if (is_a && to != rank) continue;  // A's boxes only into the CTA's own stage; B's multicast
              auto& image = shared[static_cast<std::size_t>(to)];
              if constexpr (is_a) host_tma_load<typename Config::box_a>(a, {l.corner.inner, l.corner.outer}, image.data(), image.size(), pipeline::template box_address<J>(0, st.index));
              else host_tma_load<typename Config::box_b>(b, {l.corner.inner, l.corner.outer}, image.data(), image.size(), pipeline::template box_address<J>(0, st.index));
            }
          };
          (load(std::integral_constant<std::size_t, I>{}), ...);
        }(std::make_index_sequence<static_cast<std::size_t>(Config::a_boxes + Config::b_boxes)>{});
      }
      const std::uint32_t a_stage = pipeline::template box_address<0>(0, st.index);
      const std::uint32_t b_stage = pipeline::template box_address<static_cast<std::size_t>(Config::a_boxes)>(0, st.index);
      for (index_t rank = 0; rank < cluster_m; ++rank)
        for (index_t w = 0; w < consumers; ++w)
          for (index_t kb = 0; kb < Config::operand_a::k_blocks; ++kb) {
            auto& image = shared[static_cast<std::size_t>(rank)];
            atom::host_fma(d[static_cast<std::size_t>(rank * consumers + w)], image.data(), image.size(), Config::operand_a::descriptor(a_stage, w * atom::m, kb),
                           Config::operand_b::descriptor(b_stage, 0, kb), kt > 0 || kb > 0);
          }
    }
    for (index_t rank = 0; rank < cluster_m; ++rank) {
      const tile_coordinate tile = cta_tile(pair, rank);
      auto& image = shared[static_cast<std::size_t>(rank)];
      for (index_t w = 0; w < consumers; ++w) {
        const index_t staging = Config::epilogue_offset + w * Config::staged_boxes * Config::c_box::bytes;
        for (index_t round = 0; round < Config::epilogue_rounds; ++round) {
          for (index_t t = 0; t < 128; ++t)
            for (index_t i = round * Config::epilogue_values; i < (round + 1) * Config::epilogue_values; ++i) {
              const index_t row = c_row(t, i), column = c_column(t, i);
              const std::uint16_t bits = Config::to_bits(d[static_cast<std::size_t>(rank * consumers + w)][static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
              __builtin_memcpy(image.data() + staging + Config::staging_byte(row, column), &bits, 2);
            }
          for (index_t j = 0; j < Config::staged_boxes; ++j)
            host_tma_store<typename Config::c_box>(c, {tile.n * block_n + 64 * (round * Config::staged_boxes + j), tile.m * block_m + w * atom::m}, image.data(), image.size(),
                                                   staging + j * Config::c_box::bytes);
        }
      }
    }
  }
}
}  // namespace hopper_gemm_ws
