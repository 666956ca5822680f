// mbarrier pipelines (include/strider/atom/pipeline.hpp) against independent references: the
// stage placement against a walk that packs each box at its alignment, the phases against a
// count of wraps, and the host simulator against schedules whose hang is known by hand (bytes
// short of the expectation, a producer starting at phase 0, arrival counts that do not match).
#include <catch2/catch.hpp>
#include <strider/atom/pipeline.hpp>
#include <strider/atom/tma.hpp>
#include <strider/atom/wgmma.hpp>

#include <cstdint>

namespace {
using namespace strider;

using box_128 = tma_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, std::uint16_t>;  // 16384 B, 1024-aligned
using box_small = tma_box<contiguous<8, 8>, float>;                                          // 256 B, 128-aligned

TEST_CASE("tma_pipeline: expect_tx, placement and budget derived from the boxes") {
  using two = tma_pipeline<4, 1, box_128, box_128>;
  STATIC_REQUIRE(two::stage_bytes == 32768);
  STATIC_REQUIRE((two::box_offset(0) == 0 && two::box_offset(1) == 16384 && two::stage_stride == 32768));
  STATIC_REQUIRE((two::shared_bytes == 4 * 32768 + 4 * 16 && two::requested_bytes == two::shared_bytes + 1008));
  STATIC_REQUIRE((two::full_arrivals == 1 && two::empty_arrivals == 1 && two::alignment == 1024));
  // A small box first: the large one starts at the next 1024, and each stage is a multiple of
  // 1024 so that every stage's boxes stay aligned.
  using mixed = tma_pipeline<3, 2, box_small, box_128>;
  STATIC_REQUIRE((mixed::box_offset(0) == 0 && mixed::box_offset(1) == 1024 && mixed::stage_stride == 17408));  // 1024 + 16384, a multiple of 1024
  STATIC_REQUIRE(mixed::stage_bytes == 256 + 16384);
  for (index_t s = 0; s < 3; ++s) {
    CHECK(mixed::box_address<1>(4096, s) % 1024 == 0);
    CHECK(mixed::box_address<0>(4096, s) % 128 == 0);
    CHECK(mixed::full_barrier(4096, s) == 4096 + 3 * mixed::stage_stride + 8 * s);
    CHECK(mixed::empty_barrier(4096, s) == 4096 + 3 * mixed::stage_stride + 24 + 8 * s);
  }
  STATIC_REQUIRE(require_expect_tx_v<two, 32768> == 32768);
}

TEST_CASE("pipeline_state: the phase flips each time the stage index wraps") {
  auto p = pipeline_state<3>::producer_start();
  auto c = pipeline_state<3>::consumer_start();
  for (index_t k = 0; k < 20; ++k) {
    REQUIRE(p.index == k % 3);
    REQUIRE(p.phase == ((1 + k / 3) & 1));
    REQUIRE(c.phase == ((k / 3) & 1));
    p.advance(), c.advance();
  }
}

TEST_CASE("simulate_pipeline: the type's own schedule completes") {
  using two = tma_pipeline<4, 1, box_128, box_128>;
  STATIC_REQUIRE(simulate_pipeline(schedule_of<two>(1, 1)).completed);
  CHECK(simulate_pipeline(schedule_of<two>(37, 1)).completed);
  using shared_by_two = tma_pipeline<2, 2, box_128>;  // two consumer warpgroups release each stage
  CHECK(simulate_pipeline(schedule_of<shared_by_two>(9, 2)).completed);
}

TEST_CASE("simulate_pipeline: a schedule that would hang is reported, with where it waits") {
  using two = tma_pipeline<4, 1, box_128, box_128>;
  SECTION("expect_tx counts only the in-bounds part of a box past the tensor") {
    pipeline_schedule s = schedule_of<two>(8, 1);
    s.expected_bytes = 16384 + 12288;  // the copies still deliver every box's full bytes
    const pipeline_report r = simulate_pipeline(s);
    CHECK_FALSE(r.completed);
    CHECK((r.waits_on_full && r.stuck_consumer == 0 && r.consumer_iteration == 0 && r.stage == 0));
    CHECK(r.transaction_bytes == -4096);  // more bytes arrived than were expected: the phase never completes
  }
  SECTION("the copies deliver less than expected") {
    pipeline_schedule s = schedule_of<two>(8, 1);
    s.delivered_bytes = 16384;
    const pipeline_report r = simulate_pipeline(s);
    CHECK((!r.completed && r.waits_on_full && r.transaction_bytes == 16384 && r.pending_arrivals == 0));
  }
  SECTION("the producer starts at phase 0: it waits for a release that cannot come") {
    pipeline_schedule s = schedule_of<two>(8, 1);
    s.producer_start_phase = 0;
    const pipeline_report r = simulate_pipeline(s);
    CHECK((!r.completed && r.producer_iteration == 0 && r.waits_on_full && r.pending_arrivals == 1 && r.parity == 0));
  }
  SECTION("the empty barriers expect three arrivals, two consumers release") {
    pipeline_schedule s = schedule_of<two>(8, 2);
    s.empty_arrivals = 3;
    const pipeline_report r = simulate_pipeline(s);
    CHECK((!r.completed && r.producer_iteration == 4 && r.consumer_iteration == 4 && r.stage == 0));
  }
  SECTION("fewer stages than iterations complete only with the phases right") {
    pipeline_schedule s = schedule_of<tma_pipeline<2, 1, box_small>>(5, 1);
    s.consumer_start_phase = 1;  // consumers believing the stages start full
    CHECK_FALSE(simulate_pipeline(s).completed);
  }
  CHECK_THROWS_AS(simulate_pipeline(pipeline_schedule{0, 1, 1, 0, 0, 1, 1, 1, 0}), layout_error);
}

TEST_CASE("register_budget: CUTLASS's split fits the SM's registers") {
  using split = register_budget<40, 232, 2, wgmma_m64nNk16<256, f16, f16, f32>::c_registers>;
  STATIC_REQUIRE((split::threads == 384 && split::entry_registers == 168));
  STATIC_REQUIRE(128 * (40 + 2 * 232) <= 65536);
  using one = register_budget<24, 240, 1>;
  STATIC_REQUIRE(one::entry_registers == 256);
}
}  // namespace
