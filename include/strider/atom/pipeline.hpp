// strider/atom/pipeline.hpp: mbarrier pipelines of TMA stages as types (docs/hopper.md). A stage
// is filled by the TMA boxes it names and released by its consumers; the type derives what users
// otherwise count by hand and get wrong silently (a hang): the bytes each stage's full barrier
// expects (every box's full bytes, out-of-bounds elements included), the arrivals its empty
// barrier expects, the stages' placement aligned to the boxes' swizzle periods, the shared-memory
// budget, and the phases (the producer starts at phase 1). `simulate_pipeline` runs a
// producer/consumer schedule on the host with the mbarrier's rules and reports a schedule that
// would hang (wrong bytes, arrivals or parity) instead of hanging.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../util/config.hpp"
#include "../util/error.hpp"

namespace strider {

/// PTX's limits of an mbarrier: expected arrivals and a phase's transaction bytes below 2^20.
inline constexpr index_t mbarrier_max_count = (index_t{1} << 20) - 1;
/// Shared memory a block may use on sm_90 (227 KB), which stages, padding and barriers share.
inline constexpr index_t shared_memory_budget_sm90 = 232448;
/// A multiprocessor's shared memory on sm_90 (228 KB), and what the system reserves of it for
/// each resident block (1 KB; the CUDA C++ Programming Guide): blocks of B bytes each fit n to a
/// multiprocessor when n * (B + 1024) <= 233472.
inline constexpr index_t shared_memory_per_sm_sm90 = 233472, shared_memory_reserved_per_block_sm90 = 1024;

/// Where a pipeline is: the stage and the phase parity of its barriers (CUTLASS's PipelineState).
/// Consumers start at {0, 0}: their first wait on a full barrier waits for its phase 0. The
/// producer starts at {0, 1} (producer_start): a wait with parity 1 on a fresh barrier, still in
/// phase 0, asks about the phase before it and passes at once: the stages start empty.
template <index_t Stages>
struct pipeline_state {
  index_t index = 0;
  std::uint32_t phase = 0;
  /// The next stage; the phase flips each time the index wraps to 0.
  STRIDER_HOST_DEVICE constexpr void advance() {
    if (++index == Stages) index = 0, phase ^= 1u;
  }
  STRIDER_HOST_DEVICE static constexpr pipeline_state producer_start() { return {0, 1}; }
  STRIDER_HOST_DEVICE static constexpr pipeline_state consumer_start() { return {0, 0}; }
};

#ifdef __CUDACC__
/// `mbarrier.init.shared::cta.b64`: the barrier at shared address `barrier` expects `count`
/// arrivals per phase, phase 0. One thread; then fence_mbarrier_init() and a block barrier.
__device__ inline void mbarrier_init(std::uint32_t barrier, std::uint32_t count) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(barrier), "r"(count) : "memory");
#else
  (void)barrier, (void)count;
#endif
}
/// `bar.sync Id, Threads`: a barrier of `Threads` threads (whole warps) on named barrier Id, so
/// that one warpgroup synchronizes without the others (id 0 is __syncthreads'). CUTLASS's
/// NamedBarrier::sync(Threads, Id).
template <int Id, int Threads>
__device__ inline void named_barrier_sync() {
  static_assert(Id >= 0 && Id < 16 && Threads > 0 && Threads % 32 == 0, "named_barrier_sync: PTX has barriers 0 to 15 and counts whole warps (a multiple of 32)");
#if defined(__CUDA_ARCH__)
  asm volatile("bar.sync %0, %1;" ::"n"(Id), "n"(Threads) : "memory");
#endif
}
/// `fence.mbarrier_init.release.cluster`: the initializations visible to the cluster's copies.
__device__ inline void fence_mbarrier_init() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}
/// `mbarrier.arrive.shared::cta.b64`: one arrival.
__device__ inline void mbarrier_arrive(std::uint32_t barrier) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(barrier) : "memory");
#else
  (void)barrier;
#endif
}
/// `mbarrier.arrive.expect_tx.shared::cta.b64`: `bytes` more transaction bytes, then one arrival.
__device__ inline void mbarrier_arrive_expect_tx(std::uint32_t barrier, std::uint32_t bytes) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier), "r"(bytes) : "memory");
#else
  (void)barrier, (void)bytes;
#endif
}
/// `mapa.shared::cluster.u32` then `mbarrier.arrive.shared::cluster.b64`: one arrival on the
/// barrier at the same shared offset as `barrier` in CTA `cta` of the cluster (a consumer freeing
/// a stage that a peer's multicast fills). sm_90. The arrival has the PTX ISA's default
/// semantics (release at CTA scope), as CUTLASS's cluster barrier arrives: what it frees was read
/// by wgmma, whose reads are complete at wgmma.wait_group before the arrival, and no generic write
/// needs ordering. `.release.cluster` made ptxas fence the cluster at every release (ERRBAR and
/// CGAERRBAR: 12 % of the warp-stall samples of hopper_gemm_ws on an H200).
__device__ inline void mbarrier_arrive_cluster(std::uint32_t barrier, std::uint32_t cta) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "{\n.reg .b32 remote;\n"
      "mapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(barrier), "r"(cta) : "memory");
#else
  (void)barrier, (void)cta;
#endif
}
/// `%cluster_ctarank`: this CTA's rank in its cluster (0 without clusters).
__device__ inline std::uint32_t cluster_cta_rank() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  std::uint32_t rank = 0;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  return rank;
#else
  return 0;
#endif
}
/// `barrier.cluster.arrive.release` then `barrier.cluster.wait.acquire`: every thread of every
/// CTA of the cluster meets here (CuTe's cluster_sync): after the barriers' initialization, so
/// that no peer arrives on or multicasts into a barrier not yet made, and before a CTA exits,
/// so that none arrives on a CTA that has left. Every thread calls it, none having returned.
__device__ inline void cluster_sync() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
#endif
}
/// `mbarrier.try_wait.parity.shared::cta.b64` until it passes: the phase of parity `parity` has
/// completed.
__device__ inline void mbarrier_wait(std::uint32_t barrier, std::uint32_t parity) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile(
      "{\n.reg .pred done;\nwait_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra wait_%=;\n}\n" ::"r"(barrier), "r"(parity) : "memory");
#else
  (void)barrier, (void)parity;
#endif
}

/// `setmaxnreg.inc/dec.sync.aligned.u32 Registers`: the warpgroup's registers per thread become
/// Registers (sm_90a; the kernel's entry count must be known: __launch_bounds__(threads, 1)).
/// @pre Registers a multiple of 8 in [24, 256] (PTX; a compile error).
template <int Registers>
__device__ inline void warpgroup_registers_increase() {
  static_assert(Registers % 8 == 0 && Registers >= 24 && Registers <= 256, "setmaxnreg: the count is a multiple of 8 in [24, 256] (PTX)");
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(Registers));
#endif
}
template <int Registers>
__device__ inline void warpgroup_registers_decrease() {
  static_assert(Registers % 8 == 0 && Registers >= 24 && Registers <= 256, "setmaxnreg: the count is a multiple of 8 in [24, 256] (PTX)");
#if defined(__CUDA_ARCH__) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(Registers));
#endif
}
#endif

namespace detail {
template <index_t Stages, index_t Bytes, index_t Limit>
struct pipeline_over_shared_budget {
  static_assert(Stages < 0, "tma_pipeline: the stages, their alignment padding and the barriers need more shared memory than a block has: pipeline_over_shared_budget<stages, bytes, limit>");
};
template <index_t Bytes>
struct pipeline_stage_bytes_past_tx_limit {
  static_assert(Bytes < 0, "tma_pipeline: a stage's bytes must stay below 2^20, an mbarrier's transaction count: pipeline_stage_bytes_past_tx_limit<bytes>");
};
template <index_t Stages, index_t Consumers>
struct pipeline_counts_out_of_range {
  static_assert(Stages < 0, "tma_pipeline: at least 1 stage, and 1 to 2^20 - 1 consumer arrivals per release: pipeline_counts_out_of_range<stages, consumer arrivals>");
};
constexpr index_t round_up(index_t v, index_t m) { return (v + m - 1) / m * m; }
template <index_t Stages, index_t Consumers>
constexpr bool check_pipeline_counts() {
  if constexpr (Stages < 1 || Consumers < 1 || Consumers > mbarrier_max_count) return sizeof(pipeline_counts_out_of_range<Stages, Consumers>) == 0;
  else return true;
}
template <index_t Stages, index_t StageBytes, index_t Requested>
constexpr bool check_pipeline_bytes() {
  if constexpr (StageBytes > mbarrier_max_count) return sizeof(pipeline_stage_bytes_past_tx_limit<StageBytes>) == 0;
  else if constexpr (Requested > shared_memory_budget_sm90) return sizeof(pipeline_over_shared_budget<Stages, Requested, shared_memory_budget_sm90>) == 0;
  else return true;
}
}  // namespace detail

/// A pipeline of Stages stages, each filled by one TMA load of each of Boxes (tma_box types) and
/// released by ConsumerArrivals arrivals on its empty barrier (one per consumer warpgroup, times
/// the CTAs of a multicast that read it).
/// Derived:
/// - `stage_bytes`: what each stage's full barrier expects (arrive.expect_tx): the boxes' full
///   bytes (TMA counts out-of-bounds elements too);
/// - `box_offset(i)`: box i's byte in a stage, each aligned to its swizzle's period, and
///   `stage_stride` (a multiple of the largest alignment, so every stage's boxes stay aligned);
/// - `alignment`: what the buffer's shared address must be a multiple of;
/// - `shared_bytes`: the stages, and the 2 x Stages 8-byte barriers after them;
/// - `full_arrivals` (1: the producer's expect_tx) and `empty_arrivals` (ConsumerArrivals).
/// @pre Stages >= 1; ConsumerArrivals in [1, 2^20 - 1]; stage_bytes < 2^20; shared_bytes +
///      alignment - 16 (the padding a dynamic buffer aligned to 16 may need) <= Budget. Each is a
///      compile error naming its values.
/// @example `tma_pipeline<4, 1, tma_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>,
///   std::uint16_t>, tma_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, std::uint16_t>>`
///   expects 32768 bytes per stage, 4 stages of 32768 bytes and 64 bytes of barriers.
template <index_t Stages, index_t ConsumerArrivals, class... Boxes>
struct tma_pipeline {
  static_assert(sizeof...(Boxes) >= 1, "tma_pipeline: a stage is filled by at least one TMA box");
  static_assert(detail::check_pipeline_counts<Stages, ConsumerArrivals>());
  static constexpr index_t stages = Stages;
  static constexpr index_t boxes = sizeof...(Boxes);
  static constexpr index_t alignment = [] {
    index_t a = 16;
    ((a = Boxes::alignment > a ? Boxes::alignment : a), ...);
    return a;
  }();
  static constexpr index_t stage_bytes = (index_t{0} + ... + Boxes::bytes);
  /// Box i's byte within a stage: after the ones before it, at a multiple of its alignment.
  static constexpr index_t box_offset(index_t i) {
    constexpr index_t sizes[] = {Boxes::bytes...}, aligns[] = {Boxes::alignment...};
    index_t at = 0;
    for (index_t b = 0; b < i; ++b) at = detail::round_up(at, aligns[b]) + sizes[b];
    return detail::round_up(at, aligns[i]);
  }
  static constexpr index_t stage_stride = detail::round_up(box_offset(boxes - 1) + [] {
    constexpr index_t sizes[] = {Boxes::bytes...};
    return sizes[sizeof...(Boxes) - 1];
  }(), alignment);
  static constexpr index_t barriers_offset = Stages * stage_stride;
  static constexpr index_t shared_bytes = barriers_offset + 2 * Stages * 8;
  static constexpr index_t full_arrivals = 1, empty_arrivals = ConsumerArrivals;
  /// The shared memory to request for a buffer whose start is only 16-byte aligned (dynamic
  /// shared memory), checked against the budget.
  static constexpr index_t requested_bytes = shared_bytes + alignment - 16;
  static_assert(detail::check_pipeline_bytes<Stages, stage_bytes, requested_bytes>());
  using state = pipeline_state<Stages>;

  /// Byte addresses, from the buffer's aligned shared address `base`: stage s's box I
  /// (`box_address<I>(base, s)`), and its full and empty barriers.
  template <index_t Box>
  static constexpr index_t box_offset_v = box_offset(Box);
  template <index_t Box>
  STRIDER_HOST_DEVICE static constexpr std::uint32_t box_address(std::uint32_t base, index_t stage) {
    static_assert(Box >= 0 && Box < boxes, "tma_pipeline: box_address<I>: I is one of the stage's boxes");
    return base + static_cast<std::uint32_t>(stage * stage_stride + box_offset_v<Box>);
  }
  STRIDER_HOST_DEVICE static constexpr std::uint32_t full_barrier(std::uint32_t base, index_t stage) { return base + static_cast<std::uint32_t>(barriers_offset + stage * 8); }
  STRIDER_HOST_DEVICE static constexpr std::uint32_t empty_barrier(std::uint32_t base, index_t stage) { return base + static_cast<std::uint32_t>(barriers_offset + (Stages + stage) * 8); }
#ifdef __CUDACC__
  /// One thread: every stage's barriers initialized (full: 1 arrival, the producer's; empty:
  /// empty_arrivals), made visible to the copies. Then a block barrier.
  __device__ static void init(std::uint32_t base) {
    for (index_t s = 0; s < Stages; ++s) {
      mbarrier_init(full_barrier(base, s), static_cast<std::uint32_t>(full_arrivals));
      mbarrier_init(empty_barrier(base, s), static_cast<std::uint32_t>(empty_arrivals));
    }
    fence_mbarrier_init();
  }
  /// The producer (one thread): wait until the stage is empty, then announce its bytes on its
  /// full barrier; then issue the boxes' tma_load with full_barrier(base, state.index).
  __device__ static void producer_acquire(std::uint32_t base, const state& st) {
    mbarrier_wait(empty_barrier(base, st.index), st.phase);
    mbarrier_arrive_expect_tx(full_barrier(base, st.index), static_cast<std::uint32_t>(stage_bytes));
  }
  /// A consumer: wait until the stage is full.
  __device__ static void consumer_wait(std::uint32_t base, const state& st) { mbarrier_wait(full_barrier(base, st.index), st.phase); }
  /// A consumer's release of the stage (one arrival; empty_arrivals of them free it).
  __device__ static void consumer_release(std::uint32_t base, const state& st) { mbarrier_arrive(empty_barrier(base, st.index)); }
  /// The release of the same stage in CTA `cta` of the cluster, whose producer multicasts into
  /// this CTA's stage too (its empty barrier counts this CTA's consumers among its arrivals).
  __device__ static void consumer_release(std::uint32_t base, const state& st, std::uint32_t cta) { mbarrier_arrive_cluster(empty_barrier(base, st.index), cta); }
#endif
};


namespace detail {
template <index_t Producer, index_t Consumer, index_t ConsumerWarpgroups, index_t Total>
struct register_budget_exceeded {
  static_assert(Producer < 0, "register_budget: 128 threads x (the producer's registers + each consumer warpgroup's) exceed the SM's 65536: register_budget_exceeded<producer, consumer, consumer warpgroups, total>");
};
template <index_t Consumer, index_t Accumulators>
struct register_budget_below_accumulators {
  static_assert(Consumer < 0, "register_budget: a consumer warpgroup's registers do not hold its accumulators (wgmma would spill them): register_budget_below_accumulators<consumer registers, accumulator registers>");
};
template <index_t Registers>
struct setmaxnreg_value_not_legal {
  static_assert(Registers < 0, "register_budget: setmaxnreg takes a multiple of 8 in [24, 256]: setmaxnreg_value_not_legal<registers>");
};
template <index_t P, index_t C, index_t W, index_t A>
constexpr bool check_register_budget() {
  if constexpr (P % 8 != 0 || P < 24 || P > 256) return sizeof(setmaxnreg_value_not_legal<P>) == 0;
  else if constexpr (C % 8 != 0 || C < 24 || C > 256) return sizeof(setmaxnreg_value_not_legal<C>) == 0;
  else if constexpr (128 * (P + W * C) > 65536) return sizeof(register_budget_exceeded<P, C, W, 128 * (P + W * C)>) == 0;
  else if constexpr (C <= A) return sizeof(register_budget_below_accumulators<C, A>) == 0;
  else return true;
}
}  // namespace detail

/// A warp-specialized kernel's register split, checked: one producer warpgroup at Producer
/// registers per thread and ConsumerWarpgroups at Consumer each (setmaxnreg values: multiples of
/// 8 in [24, 256]), together within the SM's 65536 (128 x (Producer + W x Consumer)), and a
/// consumer's registers above its AccumulatorRegisters (the atom's c_registers times the
/// accumulators it holds). CUTLASS's split for two consumers: 40 and 232.
/// @example `register_budget<40, 232, 2, wgmma_m64nNk16<256, f16, f16, f32>::c_registers>` holds
///   (128 x 504 = 64512); with 240 for the consumers it is a compile error naming 66560.
template <index_t Producer, index_t Consumer, index_t ConsumerWarpgroups, index_t AccumulatorRegisters = 0>
struct register_budget {
  static_assert(detail::check_register_budget<Producer, Consumer, ConsumerWarpgroups, AccumulatorRegisters>());
  static constexpr int producer = static_cast<int>(Producer), consumer = static_cast<int>(Consumer);
  static constexpr index_t threads = 128 * (1 + ConsumerWarpgroups);
  /// The registers per thread at the kernel's entry, for __launch_bounds__(threads, 1): the SM's
  /// 65536 over the threads, rounded down to a multiple of 8 (what setmaxnreg reallocates).
  static constexpr index_t entry_registers = 65536 / threads / 8 * 8;
};

namespace detail {
template <index_t Stated, index_t Derived>
struct expect_tx_differs {
  static_assert(Stated < 0, "tma_pipeline: the stated expect_tx bytes differ from the boxes' full bytes per stage (a hang: the full barrier never completes, or completes early): expect_tx_differs<stated, derived>");
};
template <index_t Stated, index_t Derived>
constexpr bool check_expect_tx() {
  if constexpr (Stated != Derived) return sizeof(expect_tx_differs<Stated, Derived>) == 0;
  else return true;
}
}  // namespace detail

/// Bytes, where a kernel states its own expect_tx count, checked against the pipeline's stage
/// bytes (a compile error naming both when they differ). tma_pipeline's device code needs no
/// such number: it announces stage_bytes itself.
/// @example `require_expect_tx_v<tma_pipeline<2, 1, tma_box<contiguous<64, 64>, float>>, 16384>`
///   is 16384; stating 12288 (the in-bounds part of a box past the tensor) is a compile error.
template <class Pipeline, index_t Bytes>
  requires(detail::check_expect_tx<Bytes, Pipeline::stage_bytes>())
inline constexpr index_t require_expect_tx_v = Bytes;

/// One producer/consumer schedule for simulate_pipeline: the numbers a kernel commits to.
struct pipeline_schedule {
  index_t stages = 1;
  index_t iterations = 1;          // K blocks the producer fills and each consumer reads
  index_t consumers = 1;           // consumer roles (warpgroups), each waiting on every stage
  index_t expected_bytes = 0;      // what the producer's arrive.expect_tx announces per stage
  index_t delivered_bytes = 0;     // what the stage's copies complete on the full barrier
  index_t empty_arrivals = 1;      // the empty barriers' init count
  index_t releases_per_consumer = 1;  // arrivals each consumer makes on a stage's empty barrier
  std::uint32_t producer_start_phase = 1;
  std::uint32_t consumer_start_phase = 0;
};

/// What simulate_pipeline found: completed, or the state in which no role can move.
struct pipeline_report {
  bool completed = false;
  index_t producer_iteration = 0;      // the producer's next K block (iterations when done)
  index_t stuck_consumer = -1;         // a consumer that cannot move, or -1
  index_t consumer_iteration = 0;      // its next K block
  index_t stage = 0;                   // the stage the stuck role waits on
  std::uint32_t parity = 0;            // the parity it waits for
  index_t pending_arrivals = 0;        // that barrier's arrivals still missing
  index_t transaction_bytes = 0;       // and its transaction count (bytes still expected, negative past)
  bool waits_on_full = false;          // a full barrier (a consumer) or an empty one (the producer)
};

namespace detail {
// An mbarrier as PTX defines it: a phase completes when its pending arrivals and its transaction
// count are both 0; then the arrivals reload and the phase advances.
struct simulated_barrier {
  index_t expected = 1, pending = 1, tx = 0;
  std::uint32_t phase = 0;
  constexpr void complete_if_done() {
    if (pending == 0 && tx == 0) pending = expected, ++phase;
  }
  constexpr void arrive() {
    --pending;
    complete_if_done();
  }
  // try_wait.parity P: true once the phase of parity P has completed (the current phase's parity
  // differs from P).
  constexpr bool passed(std::uint32_t parity) const { return (phase & 1u) != parity; }
};
}  // namespace detail

/// Runs a schedule with the mbarrier's rules on the host: the producer waits on a stage's empty
/// barrier, announces expected_bytes and arrives on its full barrier, and its copies complete
/// delivered_bytes; each consumer waits on the full barrier and releases the stage with
/// releases_per_consumer arrivals. Roles move whenever they can (copies complete at once); when
/// none can and work remains, the schedule would hang on the GPU, and the report says where.
/// Example: expected_bytes 16384 with delivered_bytes 8192 leaves consumer 0 at iteration 0
/// waiting on full barrier 0, parity 0, with 8192 bytes still expected.
/// @pre stages, iterations, consumers >= 1 (else layout_error).
constexpr pipeline_report simulate_pipeline(const pipeline_schedule& s) {
  if (s.stages < 1 || s.iterations < 1 || s.consumers < 1 || s.stages > 64 || s.consumers > 64)
    detail::refuse("simulate_pipeline: {} stages, {} iterations and {} consumers (each 1 or more; stages and consumers at most 64)", s.stages, s.iterations, s.consumers);
  detail::simulated_barrier full[64], empty[64];
  for (index_t i = 0; i < s.stages; ++i) {
    full[i] = {1, 1, 0, 0};
    empty[i] = {s.empty_arrivals, s.empty_arrivals, 0, 0};
  }
  index_t producer = 0, producer_stage = 0;
  std::uint32_t producer_phase = s.producer_start_phase;
  index_t consumer[64] = {}, consumer_stage[64] = {};
  std::uint32_t consumer_phase[64] = {};
  for (index_t c = 0; c < s.consumers; ++c) consumer_phase[c] = s.consumer_start_phase;
  for (;;) {
    bool moved = false;
    if (producer < s.iterations && empty[producer_stage].passed(producer_phase)) {
      auto& f = full[producer_stage];
      f.tx += s.expected_bytes;  // arrive.expect_tx: the bytes first, then the arrival
      f.arrive();
      f.tx -= s.delivered_bytes;  // the copies' complete_tx
      f.complete_if_done();
      ++producer;
      if (++producer_stage == s.stages) producer_stage = 0, producer_phase ^= 1u;
      moved = true;
    }
    for (index_t c = 0; c < s.consumers; ++c)
      if (consumer[c] < s.iterations && full[consumer_stage[c]].passed(consumer_phase[c])) {
        for (index_t r = 0; r < s.releases_per_consumer; ++r) empty[consumer_stage[c]].arrive();
        ++consumer[c];
        if (++consumer_stage[c] == s.stages) consumer_stage[c] = 0, consumer_phase[c] ^= 1u;
        moved = true;
      }
    bool done = producer == s.iterations;
    for (index_t c = 0; c < s.consumers; ++c) done = done && consumer[c] == s.iterations;
    pipeline_report r;
    r.producer_iteration = producer;
    if (done) {
      r.completed = true;
      return r;
    }
    if (moved) continue;
    // Stuck: name a consumer that waits, else the producer.
    for (index_t c = 0; c < s.consumers; ++c)
      if (consumer[c] < s.iterations) {
        const auto& f = full[consumer_stage[c]];
        r.stuck_consumer = c, r.consumer_iteration = consumer[c], r.stage = consumer_stage[c], r.parity = consumer_phase[c];
        r.pending_arrivals = f.pending, r.transaction_bytes = f.tx, r.waits_on_full = true;
        return r;
      }
    const auto& e = empty[producer_stage];
    r.stage = producer_stage, r.parity = producer_phase, r.pending_arrivals = e.pending, r.transaction_bytes = e.tx;
    return r;
  }
}

/// The schedule a tma_pipeline type commits to, for `iterations` K blocks and `consumers`
/// consumer roles each releasing once: its own expect_tx, its copies' bytes and its arrival
/// counts. simulate_pipeline of it completes; a kernel that changes one number is checked by
/// changing it here.
template <class Pipeline>
constexpr pipeline_schedule schedule_of(index_t iterations, index_t consumers) {
  pipeline_schedule s;
  s.stages = Pipeline::stages;
  s.iterations = iterations;
  s.consumers = consumers;
  s.expected_bytes = Pipeline::stage_bytes;
  s.delivered_bytes = Pipeline::stage_bytes;
  s.empty_arrivals = Pipeline::empty_arrivals;
  s.releases_per_consumer = Pipeline::empty_arrivals / consumers;
  return s;
}

}  // namespace strider
