// copy_strided against a naive reference loop written here: for every logical index, in row-major
// order, dst[dst_layout(i)] = src[src_layout(i)], with offsets computed by this file's own loop.
#include <strider/core.hpp>
#include <strider/static.hpp>
#include <strider/storage/copy.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#if __has_include(<sys/wait.h>)
#include <sys/wait.h>
#include <unistd.h>
#endif
#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::copy_options;
using strider::copy_strided;
using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using strider::layout_error;

namespace {

using strider_test::offsets;  // every element's offset in C order, by a plain odometer

// Index of the first element where the buffers differ, or -1 (a short failure message for big
// buffers).
template <class T>
index_t first_difference(const T* a, const std::vector<T>& b) {
  for (std::size_t i = 0; i < b.size(); ++i)
    if (!(a[i] == b[i])) return static_cast<index_t>(i);
  return -1;
}
template <class T>
index_t first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  return first_difference(a.data(), b);
}

template <class T>
T value_of(index_t i) {
  // "s" + std::to_string(i) would draw a false -Wrestrict warning from g++ 12 at -O3.
  if constexpr (std::is_same_v<T, std::string>) return std::string("s").append(std::to_string(i));
  else return static_cast<T>(i % 30011 + 1);
}

template <class T>
T sentinel() {
  if constexpr (std::is_same_v<T, std::string>) return "untouched";
  else return static_cast<T>(-7);
}

// Fills `src` (the source buffer, required_span + src_shift elements), sets `dst` (the
// destination buffer, required_span + dst_shift) to the sentinel, copies from `src_shift` into
// `dst_shift` elements in, and compares the whole destination buffer (elements outside the
// destination layout must keep their value) with the reference.
template <class T>
void check_copy_between(const dynamic_layout& src_l, const dynamic_layout& dst_l, copy_options options, T* src, index_t src_shift, T* dst, index_t dst_shift) {
  const auto src_n = static_cast<std::size_t>(src_l.required_span() + src_shift), dst_n = static_cast<std::size_t>(dst_l.required_span() + dst_shift);
  for (std::size_t i = 0; i < src_n; ++i) src[i] = value_of<T>(static_cast<index_t>(i));
  std::fill(dst, dst + dst_n, sentinel<T>());
  std::vector<T> expected(dst_n, sentinel<T>());
  const auto so = offsets(src_l), dof = offsets(dst_l);
  REQUIRE(so.size() == dof.size());
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k] + dst_shift)] = src[static_cast<std::size_t>(so[k] + src_shift)];
  copy_strided(src + src_shift, src_l, dst + dst_shift, dst_l, options);
  CHECK(first_difference(dst, expected) == -1);
}

// Copies between two distinct std::vector buffers (check_copy_between).
template <class T = float>
void check_copy(const dynamic_layout& src_l, const dynamic_layout& dst_l, copy_options options = {}, index_t src_shift = 0, index_t dst_shift = 0) {
  // Exactly as large as needed, so that AddressSanitizer sees any read or write past the end.
  std::vector<T> src(static_cast<std::size_t>(src_l.required_span() + src_shift)), dst(static_cast<std::size_t>(dst_l.required_span() + dst_shift));
  check_copy_between(src_l, dst_l, options, src.data(), src_shift, dst.data(), dst_shift);
}

// Copies inside one buffer (the layouts may overlap): the reference reads a snapshot, as if
// the whole source were read before anything is written (NumPy's copyto).
template <class T = float>
void check_in_place(const dynamic_layout& src_l, const dynamic_layout& dst_l, copy_options options = {}) {
  const index_t span = std::max(src_l.required_span(), dst_l.required_span());
  std::vector<T> buffer(static_cast<std::size_t>(span));
  for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = value_of<T>(static_cast<index_t>(i));
  const std::vector<T> snapshot = buffer;
  std::vector<T> expected = buffer;
  const auto so = offsets(src_l), dof = offsets(dst_l);
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k])] = snapshot[static_cast<std::size_t>(so[k])];
  copy_strided(static_cast<const T*>(buffer.data()), src_l, buffer.data(), dst_l, options);
  CHECK(first_difference(buffer, expected) == -1);
}

dynamic_layout contiguous(const dims& shape) { return dynamic_layout::contiguous(shape); }

using strider_test::message_of;

// Streaming stores wherever a kernel can use them, for one scope, so that small arrays take the
// streaming paths.
struct force_streaming {
  using streaming = strider::detail::copy_engine::streaming;
  streaming saved = strider::detail::copy_engine::stream_mode();
  force_streaming() { strider::detail::copy_engine::stream_mode() = streaming::always; }
  ~force_streaming() { strider::detail::copy_engine::stream_mode() = saved; }
  force_streaming(const force_streaming&) = delete;
  force_streaming& operator=(const force_streaming&) = delete;
};

const std::vector<index_t> odd_sizes = {1, 3, 7, 16, 17, 33, 64, 65, 129};

}  // namespace

// The cases that start threads come first: the ThreadSanitizer build (runtime_tests/CMakeLists.txt)
// compiles only these (STRIDER_COPY_TEST_THREADS_ONLY), as the rest would cost it minutes of
// compile time and test nothing it checks.
TEST_CASE("copy: two threads") {
  // Each copy moves at least 4 MiB, enough for two threads (one per 2 MiB).
  const copy_options two{2};
  check_copy(strider::transpose(contiguous({801, 830}), 0, 1), contiguous({830, 801}), two);
  check_copy(contiguous({3, 200001}), contiguous({3, 200001}), two, 1, 0);
  check_copy(strider::flip(contiguous({600000})), contiguous({600000}), two);
  check_copy(strider::permute(contiguous({90, 91, 92}), {2, 1, 0}), contiguous({92, 91, 90}), two);
  check_copy(strider::slice(contiguous({1000, 1202}), ":, ::2"), contiguous({1000, 601}), two);
  check_in_place(strider::transpose(contiguous({800, 800}), 0, 1), contiguous({800, 800}), two);
  force_streaming on;
  check_copy(strider::transpose(contiguous({801, 830}), 0, 1), contiguous({830, 801}), two, 0, 1);
}

TEST_CASE("copy: the thread pool, reused, grown and shared by copies started at once") {
  // 20 MB read and written: up to 10 threads (one per 2 MiB).
  const dynamic_layout src = strider::transpose(contiguous({1500, 1700}), 0, 1), dst = contiguous({1700, 1500});
  std::vector<float> in(static_cast<std::size_t>(src.required_span()));
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = value_of<float>(static_cast<index_t>(i));
  std::vector<float> expected(in.size());
  const auto so = offsets(src), dof = offsets(dst);
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k])] = in[static_cast<std::size_t>(so[k])];
  const auto copied = [&](unsigned threads) {
    std::vector<float> out(in.size(), sentinel<float>());
    copy_strided(in.data(), src, out.data(), dst, copy_options{threads});
    return out;
  };
  for (unsigned threads : {2u, 5u, 3u, 5u, 1u}) CHECK(first_difference(copied(threads), expected) == -1);
  // Two copies at once: one has the pool, the other runs on its own calling thread (whichever
  // comes second). Checked after the join: Catch's assertions are not thread-safe.
  std::vector<float> first, second;
  std::thread other([&] {
    for (int i = 0; i < 8; ++i) first = copied(4);
  });
  for (int i = 0; i < 8; ++i) second = copied(4);
  other.join();
  CHECK(first_difference(first, expected) == -1);
  CHECK(first_difference(second, expected) == -1);
#if __has_include(<sys/wait.h>)
  // A child of fork() has none of the pool's threads: its threaded copies start their own (a
  // child that waited for the parent's threads would hang; the alarm turns that into a failure).
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    alarm(10);
    _exit(first_difference(copied(3), expected) == -1 ? 0 : 1);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
#endif
}

namespace {
// An element whose copy throws for one value, as a std::string's may (bad_alloc).
struct throwing_copy {
  float value = 0;
  throwing_copy() = default;
  explicit throwing_copy(float v) : value(v) {}
  throwing_copy(const throwing_copy&) = default;
  throwing_copy& operator=(const throwing_copy& other) {
    if (other.value == 777.0f) throw std::runtime_error("throwing_copy: 777");
    value = other.value;
    return *this;
  }
};
}  // namespace

TEST_CASE("copy: an element copy that throws leaves the copy, and the pool, as they were") {
  // 16 MB, enough for 4 threads: such an element is copied on the calling thread only, so the
  // exception reaches the caller and no helper outlives the copy.
  const dynamic_layout src = strider::transpose(contiguous({1000, 1000}), 0, 1), dst = contiguous({1000, 1000});
  std::vector<throwing_copy> in(1000 * 1000), out(1000 * 1000);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = throwing_copy(static_cast<float>(i % 700));
  in[123456].value = 777.0f;
  CHECK_THROWS_AS(copy_strided(in.data(), src, out.data(), dst, copy_options{4}), std::runtime_error);
  in[123456].value = 1.0f;
  copy_strided(in.data(), src, out.data(), dst, copy_options{4});
  CHECK(out[1].value == in[1000].value);
#if defined(STRIDER_COPY_PTHREADS)
  // The pool is free for the next copy (a copy that unwound while it held the pool kept it busy).
  std::atomic<int> ran{0};
  CHECK(strider::detail::copy_engine::thread_pool::instance().run(2, [](void* context, unsigned) { ++*static_cast<std::atomic<int>*>(context); }, &ran));
  CHECK(ran == 2);
#endif
}

#if !defined(STRIDER_COPY_TEST_THREADS_ONLY)

namespace {
// The longest tuples of floats the kernels in use move (kernels.hpp's tuples_up_to), from the
// instruction set the dispatch chose: 16 with AVX2 or AVX-512 (9 to 16 unpacked only), 4 otherwise.
index_t float_tuples_up_to() {
  using strider::detail::copy_engine::instruction_set;
  const instruction_set isa = strider::detail::copy_engine::copy_instruction_set();
  return isa == instruction_set::avx512 || isa == instruction_set::avx2 ? 16 : 4;
}
}  // namespace

TEST_CASE("copy: the kernels run are the target's, or with dispatch AVX2's where the CPU has it") {
  namespace engine = strider::detail::copy_engine;
  // The expectation from the compiler's macros and the CPU, apart from isa.hpp's choice.
  engine::instruction_set expected = engine::instruction_set::plain;
#if defined(STRIDER_COPY_PORTABLE)
  expected = engine::instruction_set::plain;
#elif defined(__AVX512F__)
  expected = engine::instruction_set::avx512;
#elif defined(__AVX2__)
  expected = engine::instruction_set::avx2;
#elif defined(__x86_64__) && !defined(STRIDER_COPY_NO_DISPATCH)
  const char* limit = std::getenv("STRIDER_COPY_ISA");
  const bool sse2_only = limit != nullptr && std::string(limit) == "sse2";
  expected = !sse2_only && __builtin_cpu_supports("avx2") ? engine::instruction_set::avx2 : engine::instruction_set::sse2;
#elif defined(__x86_64__)
  expected = engine::instruction_set::sse2;
#endif
  CHECK(engine::copy_instruction_set() == expected);
  // Either set's kernels copy: a transpose, a full reversal and an unpacking of triples.
  check_copy<float>(strider::transpose(contiguous({70, 90}), 0, 1), contiguous({90, 70}));
  check_copy<double>(strider::permute(contiguous({20, 24, 18}), {2, 1, 0}), contiguous({18, 24, 20}));
  check_copy<float>(strider::transpose(contiguous({1000, 3}), 0, 1), contiguous({3, 1000}));
}

TEST_CASE("copy: contiguous, rank 0 and empty layouts") {
  check_copy(dynamic_layout{}, dynamic_layout{});
  check_copy(contiguous({1}), contiguous({1}));
  check_copy(contiguous({1000}), contiguous({1000}));
  check_copy(contiguous({3, 5, 7}), contiguous({3, 5, 7}));
  check_copy(contiguous({0}), contiguous({0}));
  check_copy(contiguous({3, 0, 5}), strider::permute(contiguous({5, 0, 3}), {2, 1, 0}));
  check_copy(contiguous({4, 1, 6}), dynamic_layout({4, 1, 6}, {6, 100, 1}));  // extent-1 stride ignored
  check_copy(dynamic_layout({}, {}, 5), dynamic_layout({}, {}, 2));           // rank 0 with offsets
  // Empty copies never touch memory: null pointers are fine.
  copy_strided<float>(nullptr, contiguous({0, 3}), nullptr, contiguous({0, 3}));
}

TEST_CASE("copy: 2-D transposes of odd sizes, both directions") {
  for (index_t r : odd_sizes)
    for (index_t c : odd_sizes) {
      INFO(r << " x " << c);
      check_copy(strider::transpose(contiguous({r, c}), 0, 1), contiguous({c, r}));
      check_copy(contiguous({r, c}), strider::transpose(contiguous({c, r}), 0, 1));
      check_copy(contiguous({r, c}), dynamic_layout::column_major({r, c}));
    }
  for (index_t r : {1, 7, 16, 33, 65, 129})
    for (index_t c : {1, 9, 31, 64, 97}) {
      INFO(r << " x " << c);
      // Flipped and transposed (rot90): the source runs backwards along its fast axis.
      check_copy(strider::transpose(strider::flip(contiguous({r, c}), {1}), 0, 1), contiguous({c, r}));
      check_copy<double>(strider::transpose(strider::flip(contiguous({r, c}), {1}), 0, 1), contiguous({c, r}));
      // 1- and 2-byte elements have their own transpose kernels.
      check_copy<std::uint8_t>(strider::transpose(contiguous({r, c}), 0, 1), contiguous({c, r}));
      check_copy<std::int16_t>(strider::transpose(contiguous({r, c}), 0, 1), contiguous({c, r}));
    }
  check_copy(strider::transpose(contiguous({129, 257}), 0, 1), contiguous({257, 129}), {}, 3, 5);  // misaligned
  check_copy<double>(strider::transpose(contiguous({67, 45}), 0, 1), contiguous({45, 67}));
  check_copy<std::int16_t>(strider::transpose(contiguous({67, 45}), 0, 1), contiguous({45, 67}));
  check_copy<std::int64_t>(strider::transpose(contiguous({33, 16}), 0, 1), contiguous({16, 33}), {}, 1, 0);
  // Every start inside a line on either side. The narrower first strip goes through edge tiles;
  // on a short B the line tiles read across the source's line boundaries, on a long one (32
  // lines or more) the rows of B before the first boundary and after the last go through edge
  // tiles too.
  for (index_t src_shift = 0; src_shift < 16; ++src_shift)
    for (index_t dst_shift : {0, 1, 5, 11}) {
      INFO("shifts " << src_shift << ", " << dst_shift);
      check_copy(strider::transpose(contiguous({48, 64}), 0, 1), contiguous({64, 48}), {}, src_shift, dst_shift);
      check_copy<double>(strider::transpose(strider::flip(contiguous({24, 40}), {1}), 0, 1), contiguous({40, 24}), {}, src_shift, dst_shift);
      check_copy<std::int16_t>(strider::transpose(contiguous({64, 96}), 0, 1), contiguous({96, 64}), {}, src_shift, dst_shift);
    }
  // (Destination rows longer than staged_row_bytes, so that the strips are not staged.)
  for (index_t src_shift = 0; src_shift < 16; ++src_shift) {
    const index_t dst_shift = src_shift * 5 % 16;
    INFO("long B, shifts " << src_shift << ", " << dst_shift);
    check_copy(strider::transpose(contiguous({260, 531}), 0, 1), contiguous({531, 260}), {}, src_shift, dst_shift);
    check_copy<double>(strider::transpose(strider::flip(contiguous({130, 260}), {1}), 0, 1), contiguous({260, 130}), {}, src_shift, dst_shift);
    if (src_shift % 5 == 0)
      check_copy<std::int16_t>(strider::transpose(contiguous({520, 1030}), 0, 1), contiguous({1030, 520}), {}, src_shift, dst_shift);
  }
}

TEST_CASE("copy: transposes align their source reads on a long B or in deep strips, not on a short B") {
  namespace engine = strider::detail::copy_engine;
  // Both buffers start 4 elements into a cache line (as std::vector's large buffers do, 16
  // bytes in): the first aligned source line is 12 floats on.
  std::vector<float> src(1 << 20), dst(src.size());
  const auto b_peel_of = [&](const dynamic_layout& from) {
    const strider::copy_plan plan = strider::make_copy_plan(from.value(), contiguous(from.shape()).value(), sizeof(float));
    float* s = src.data() + (16 - reinterpret_cast<std::uintptr_t>(src.data()) % 64 / sizeof(float)) % 16 + 4;
    return engine::prepare(plan, s, dst.data(), 1).tiles.b_peel;
  };
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;  // the plain loops (STRIDER_COPY_PORTABLE) choose none of this
  CHECK(b_peel_of(strider::transpose(contiguous({300, 512}), 0, 1)) == (simd ? 12 : 0));  // 32 lines of B
  CHECK(b_peel_of(strider::transpose(contiguous({300, 496}), 0, 1)) == 0);                // 31
  CHECK(b_peel_of(strider::permute(contiguous({2, 56, 56, 64}), {0, 3, 1, 2})) == 0);    // NHWC to NCHW: 4
  CHECK(b_peel_of(strider::permute(contiguous({64, 64, 64}), {2, 1, 0})) == (simd ? 12 : 0));  // deep strips
}

TEST_CASE("copy: the peels and line blocks of a strips walk, against the addresses counted one by one") {
  namespace engine = strider::detail::copy_engine;
  alignas(64) static std::int16_t shorts[128];
  alignas(64) static double doubles[32];
  const auto starts_line = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 64 == 0; };
  for (int e = 0; e < 32; ++e) {
    // Elements to the line's end: steps forward until an address starts a line.
    const std::int16_t* at = shorts + e;
    index_t forward = 0, backward = 0;
    while (!starts_line(at + forward)) ++forward;
    // Backward: rows read downward from `at` until one starts a line; then the next begins the next line block.
    while (!starts_line(at - backward)) ++backward;
    CHECK(engine::elements_to_alignment(at, 64) == forward);
    CHECK(engine::rows_to_source_line(at, false) == forward);
    CHECK(engine::rows_to_source_line(at, true) == (backward + 1) % 32);
  }
  for (int e = 0; e < 8; ++e) CHECK(engine::rows_to_source_line(doubles + e, false) == (8 - e) % 8);
  // Blocks of rows of B cut where the source's lines are: every block ends at b_peel + k * w or b_hi.
  for (index_t b_peel : {0, 1, 5, 15})
    for (index_t b_hi : {3, 16, 40})
      for (index_t b = 0; b < b_hi; ++b) {
        index_t end = b + 1;
        while (end < b_hi && !(end == b_peel || (end > b_peel && (end - b_peel) % 16 == 0))) ++end;
        CHECK(engine::line_block_end(b, b_hi, b_peel, 16) == end);
      }
}

TEST_CASE("copy: transposes whose destination rows are a page apart walk their strips in panels") {
  namespace engine = strider::detail::copy_engine;
  // 640 rows of B, 4160 bytes apart in the destination: panels of 16 strips of floats (256 source
  // rows; a test of the choice, so that the copies below take it, the last panel partial); not
  // where the rows are less than a page apart, nor where B is shorter than 8 lines.
  const auto wide = strider::transpose(contiguous({1040, 640}), 0, 1);
  std::vector<float> src(static_cast<std::size_t>(wide.required_span())), dst(src.size());
  const auto panel_of = [&](const dynamic_layout& from, const dynamic_layout& to) {
    const strider::copy_plan plan = strider::make_copy_plan(from.value(), to.value(), sizeof(float));
    return engine::prepare(plan, src.data(), dst.data(), 1).tiles.panel;
  };
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;  // the plain loops (STRIDER_COPY_PORTABLE) choose none of this
  CHECK(panel_of(wide, contiguous({640, 1040})) == (simd ? 16 : 0));
  CHECK(panel_of(strider::transpose(contiguous({1040, 128}), 0, 1), contiguous({128, 1040})) == (simd ? 16 : 0));
  CHECK(panel_of(strider::transpose(contiguous({1000, 640}), 0, 1), contiguous({640, 1000})) == 0);
  CHECK(panel_of(strider::transpose(contiguous({1040, 112}), 0, 1), contiguous({112, 1040})) == 0);

  for (index_t shift : {0, 3, 8}) {
    INFO("shift " << shift);
    check_copy(wide, contiguous({640, 1040}), {}, shift, (shift + 5) % 16);
    check_copy<double>(strider::transpose(strider::flip(contiguous({520, 640}), {1}), 0, 1), contiguous({640, 520}), {}, shift, shift);
    check_copy<std::int16_t>(strider::transpose(contiguous({2080, 576}), 0, 1), contiguous({576, 2080}), {}, shift, 1);
    check_copy<std::uint8_t>(strider::transpose(contiguous({4100, 576}), 0, 1), contiguous({576, 4100}), {}, shift, 2);
    check_copy(strider::permute(contiguous({2, 1040, 640}), {0, 2, 1}), contiguous({2, 640, 1040}), {}, shift, 0);  // a batch
    check_copy(strider::transpose(contiguous({1030, 601}), 0, 1), contiguous({601, 1030}), {}, shift, 2);  // a partial last panel
    check_copy(strider::transpose(contiguous({1040, 133}), 0, 1), contiguous({133, 1040}), {}, shift, 3);   // 8 lines of B and 5 rows
  }
  force_streaming on;
  check_copy(wide, contiguous({640, 1040}), {}, 1, 0);
  // Threads cut the walk inside panels and inside strips.
  for (unsigned threads : {2u, 3u, 7u}) {
    INFO(threads << " threads");
    check_copy(wide, contiguous({640, 1040}), {copy_options{threads}}, 0, 0);
    check_copy(strider::transpose(contiguous({1030, 601}), 0, 1), contiguous({601, 1030}), {copy_options{threads}}, 5, 2);
  }
}

// check_copy_between buffers that start on a 64-byte boundary, so that the layouts' first
// elements are `src_shift` and `dst_shift` elements past one (std::vector's own alignment is the
// allocator's). Trivial element types only.
template <class T = float>
void check_copy_from_line(const dynamic_layout& src_l, const dynamic_layout& dst_l, copy_options options, index_t src_shift, index_t dst_shift) {
  const auto allocate = [](index_t n) { return static_cast<T*>(std::aligned_alloc(64, (static_cast<std::size_t>(n) * sizeof(T) + 63) / 64 * 64)); };
  const std::unique_ptr<T, decltype(&std::free)> src(allocate(src_l.required_span() + src_shift), &std::free), dst(allocate(dst_l.required_span() + dst_shift), &std::free);
  check_copy_between(src_l, dst_l, options, src.get(), src_shift, dst.get(), dst_shift);
}

TEST_CASE("copy: full reversals of whole, aligned lines walk their planes in panels, not deep") {
  namespace engine = strider::detail::copy_engine;
  // permute (2,1,0) of 256x5x128 floats: A 16 lines, B 8 lines whose destination rows are 1280
  // floats apart, loop C 128 and 256 floats on the two sides. From buffers that start on a
  // line, every tile is whole, aligned lines plane by plane: panels of 16 strips. From a buffer
  // that starts inside a line on either side, or with B running backwards: deep strips (a test
  // of the choice, so that the copies below take both).
  const auto reversal = strider::permute(contiguous({256, 5, 128}), {2, 1, 0});
  const strider::copy_plan plan = strider::make_copy_plan(reversal.value(), contiguous(reversal.shape()).value(), sizeof(float));
  const std::size_t n = static_cast<std::size_t>(reversal.size()) + 16;
  const std::unique_ptr<float, decltype(&std::free)> src(static_cast<float*>(std::aligned_alloc(64, n * sizeof(float))), &std::free), dst(static_cast<float*>(std::aligned_alloc(64, n * sizeof(float))), &std::free);
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;  // the plain loops (STRIDER_COPY_PORTABLE) choose none of this
  const auto job = [&](index_t src_shift, index_t dst_shift) { return engine::prepare(plan, src.get() + src_shift, dst.get() + dst_shift, 1); };
  CHECK_FALSE(job(0, 0).walk.deep);
  CHECK(job(0, 0).tiles.panel == (simd ? 16 : 0));
  CHECK(job(4, 0).walk.deep == simd);
  CHECK(job(0, 4).walk.deep == simd);
  // There the seam tiles go in panels of 4 strips: A is 16 lines (seam_panels_pay).
  CHECK(job(4, 0).tiles.panel == (simd ? 4 : 0));
  CHECK(job(0, 4).tiles.panel == (simd ? 4 : 0));
  const auto backwards = strider::permute(strider::flip(contiguous({256, 5, 128}), {2}), {2, 1, 0});
  const strider::copy_plan backwards_plan = strider::make_copy_plan(backwards.value(), contiguous(backwards.shape()).value(), sizeof(float));
  CHECK(engine::prepare(backwards_plan, src.get(), dst.get(), 1).walk.deep == simd);
  // Whole, aligned lines too, but source rows 64 KiB apart (256x64x256: rows of 64 x 256
  // floats), which a panel's 256 rows would read from the same few cache sets
  // (aligned_panels_collide_bytes): the deep walk, its seam tiles in panels of 4 (their rows do
  // not collide at 64 KiB: seam_panels_collide_bytes).
  {
    const auto pitched = strider::permute(contiguous({256, 64, 256}), {2, 1, 0});
    const strider::copy_plan pitched_plan = strider::make_copy_plan(pitched.value(), contiguous(pitched.shape()).value(), sizeof(float));
    const std::size_t bytes = static_cast<std::size_t>(pitched.size()) * sizeof(float);
    const std::unique_ptr<float, decltype(&std::free)> from(static_cast<float*>(std::aligned_alloc(64, bytes)), &std::free), to(static_cast<float*>(std::aligned_alloc(64, bytes)), &std::free);
    CHECK(engine::source_rows_collide(pitched_plan, engine::aligned_panels_collide_bytes));
    CHECK_FALSE(engine::source_rows_collide(pitched_plan, engine::seam_panels_collide_bytes));
    CHECK(engine::prepare(pitched_plan, from.get(), to.get(), 1).walk.deep == simd);
    CHECK(engine::prepare(pitched_plan, from.get(), to.get(), 1).tiles.panel == (simd ? 4 : 0));
  }

  for (index_t shift : {0, 4}) {
    INFO("shift " << shift);
    for (unsigned threads : {1u, 2u, 3u}) {
      INFO(threads << " threads");
      check_copy_from_line(reversal, contiguous(reversal.shape()), {copy_options{threads}}, 0, shift);
      check_copy_from_line(reversal, contiguous(reversal.shape()), {copy_options{threads}}, shift, 0);
      const auto four = strider::permute(contiguous({272, 3, 2, 160}), {3, 1, 2, 0});  // 17 strips: a panel of one
      check_copy_from_line(four, contiguous(four.shape()), {copy_options{threads}}, shift, shift);
      check_copy_from_line<double>(strider::permute(contiguous({128, 5, 64}), {2, 1, 0}), contiguous({64, 5, 128}), {copy_options{threads}}, shift, 0);
    }
  }
  force_streaming on;
  check_copy_from_line(reversal, contiguous(reversal.shape()), {}, 0, 0);
}

TEST_CASE("copy: a full reversal's seam tiles go in panels where its planes are wide, at any alignment") {
  namespace engine = strider::detail::copy_engine;
  // permute (2,1,0) of 272x9x144 floats: A 17 lines, B 9 lines whose destination rows are 2448
  // floats apart, loop C 144 and 272 floats on the two sides. From buffers that start inside a
  // line the deep walk's seam tiles go in panels of 4 strips, which span two items where 4 does
  // not divide A's 17 strips (a test of the choice). With A one panel wide (64x9x144), floats
  // with A under four panels (160x9x144) or source rows 128 KiB apart (256x128x256: rows of
  // 128 x 256 floats), or 2-byte elements (256x9x256, A 8 lines of 32), tile position by tile
  // position (seam_panels_pay); doubles with A 20 lines (160x9x144) in panels.
  const auto reversal = strider::permute(contiguous({272, 9, 144}), {2, 1, 0});
  const auto narrow = strider::permute(contiguous({64, 9, 144}), {2, 1, 0});
  const auto under_four = strider::permute(contiguous({160, 9, 144}), {2, 1, 0});
  const auto pitched = strider::permute(contiguous({256, 128, 256}), {2, 1, 0});
  const auto halves = strider::permute(contiguous({256, 9, 256}), {2, 1, 0});
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;
  const auto job = [&]<class T>(const dynamic_layout& view, T*, index_t shift) {
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(T));
    const std::size_t n = static_cast<std::size_t>(view.size() + shift);
    const std::unique_ptr<T, decltype(&std::free)> src(static_cast<T*>(std::aligned_alloc(64, (n * sizeof(T) + 63) / 64 * 64)), &std::free), dst(static_cast<T*>(std::aligned_alloc(64, (n * sizeof(T) + 63) / 64 * 64)), &std::free);
    return engine::prepare(plan, src.get() + shift, dst.get() + shift, 1).tiles;
  };
  CHECK(job(reversal, static_cast<float*>(nullptr), 3).seams == simd);
  CHECK(job(reversal, static_cast<float*>(nullptr), 3).panel == (simd ? 4 : 0));
  CHECK(job(reversal, static_cast<double*>(nullptr), 3).panel == (simd ? 4 : 0));
  CHECK(job(narrow, static_cast<float*>(nullptr), 3).seams == simd);
  CHECK(job(narrow, static_cast<float*>(nullptr), 3).panel == 0);
  CHECK(job(under_four, static_cast<float*>(nullptr), 3).seams == simd);
  CHECK(job(under_four, static_cast<float*>(nullptr), 3).panel == 0);
  CHECK(job(under_four, static_cast<double*>(nullptr), 3).panel == (simd ? 4 : 0));
  CHECK(job(pitched, static_cast<float*>(nullptr), 3).seams == simd);
  CHECK(job(pitched, static_cast<float*>(nullptr), 3).panel == 0);
  CHECK(job(halves, static_cast<std::int16_t*>(nullptr), 3).seams == simd);
  CHECK(job(halves, static_cast<std::int16_t*>(nullptr), 3).panel == 0);

  for (index_t src_shift : {0, 3, 15})
    for (index_t dst_shift : {5, 13}) {
      INFO("shifts " << src_shift << ", " << dst_shift);
      for (unsigned threads : {1u, 2u, 3u}) {
        INFO(threads << " threads");
        check_copy_from_line(reversal, contiguous(reversal.shape()), {copy_options{threads}}, src_shift, dst_shift);
        check_copy_from_line<double>(strider::permute(contiguous({96, 6, 72}), {2, 1, 0}), contiguous({72, 6, 96}), {copy_options{threads}}, src_shift % 8, dst_shift % 8);
      }
    }
  // A 4-D relative: (3,1,2,0) of 272x3x3x160, whose loop C is the middle pair folded.
  const auto four = strider::permute(contiguous({272, 3, 3, 160}), {3, 1, 2, 0});
  check_copy_from_line(four, contiguous(four.shape()), {copy_options{2u}}, 7, 9);
  force_streaming on;
  check_copy_from_line(reversal, contiguous(reversal.shape()), {}, 1, 4);
}

TEST_CASE("copy: transposes into short, adjacent destination rows (NCHW to NHWC), through the staging buffer") {
  // Many buffers' worth of rows, a partial last buffer, columns past the last whole line (1 to
  // 15 of them, through registers: short_parts_in_registers), rows shorter than a line (floats and
  // doubles past their tuples kernels), on one thread and two.
  for (index_t channels : {5, 6, 7, 9, 12, 15, 16, 17, 19, 23, 24, 27, 31, 40, 64, 100, 256}) {
    INFO(channels << " channels");
    check_copy(strider::permute(contiguous({2, channels, 37, 29}), {0, 2, 3, 1}), contiguous({2, 37, 29, channels}));
    check_copy(strider::permute(contiguous({2, channels, 37, 29}), {0, 2, 3, 1}), contiguous({2, 37, 29, channels}), {}, 1, 3);
    check_copy(strider::permute(contiguous({4, channels, 37, 29}), {0, 2, 3, 1}), contiguous({4, 37, 29, channels}), {copy_options{2}}, 3, 0);
    check_copy<double>(strider::permute(contiguous({2, channels, 700}), {0, 2, 1}), contiguous({2, 700, channels}), {}, 1, 0);
    // The source running backwards along its fast axis.
    check_copy<double>(strider::permute(strider::flip(contiguous({2, channels, 1000}), {2}), {0, 2, 1}), contiguous({2, 1000, channels}));
    check_copy<std::uint8_t>(strider::permute(contiguous({3, channels, 700}), {0, 2, 1}), contiguous({3, 700, channels}));
    check_copy<std::int16_t>(strider::permute(contiguous({3, channels, 700}), {0, 2, 1}), contiguous({3, 700, channels}));
  }
  // Rows shorter than a line go through the buffer too, for 4- and 8-byte elements (a test of
  // the choice): 12 floats, 6 doubles.
  namespace engine = strider::detail::copy_engine;
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;
  const auto staged = [&]<class T>(index_t channels, T*) {
    const auto view = strider::permute(contiguous({2, channels, 700}), {0, 2, 1});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(T));
    std::vector<T> src(static_cast<std::size_t>(view.size())), dst(src.size());
    return engine::prepare(plan, src.data(), dst.data(), 1).tiles.staged;
  };
  CHECK(staged(12, static_cast<float*>(nullptr)) == simd);
  CHECK(staged(6, static_cast<double*>(nullptr)) == simd);
  force_streaming on;
  check_copy(strider::permute(contiguous({2, 24, 1073}), {0, 2, 1}), contiguous({2, 1073, 24}), {}, 0, 5);
  check_copy(strider::permute(contiguous({2, 12, 1073}), {0, 2, 1}), contiguous({2, 1073, 12}), {}, 3, 5);
  check_copy<double>(strider::permute(contiguous({2, 7, 1073}), {0, 2, 1}), contiguous({2, 1073, 7}), {}, 1, 0);
}

TEST_CASE("copy: staged blocks' rows past their last whole line of rows, and columns past A's last whole line, every count (tail_rows)") {
  // Batches of three transposes into short, adjacent destination rows (staged strips): A (the
  // destination's rows) of 1 element to two lines and three, B every count of rows past its
  // whole lines (1 to a line - 1, after no whole line and after one), so that every half square
  // and every masked square of tail_rows runs, and every width of columns past A's last whole
  // line. The source's rows are two elements longer than B (not contiguous across A and B); plain
  // and streaming stores, the destination shifted off its line boundary.
  namespace engine = strider::detail::copy_engine;
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;
  const auto run = [&]<class T>(T*) {
    const index_t line = static_cast<index_t>(64 / sizeof(T));
    int staged = 0, cases = 0;
    for (index_t na = 1; na <= 2 * line + 3; ++na)
      for (index_t nb = 1; nb < 2 * line; ++nb) {
        if (nb == line) continue;
        INFO(na << " x " << nb << ", " << sizeof(T) << "-byte elements");
        const auto src = strider::permute(strider::slice(contiguous({3, na, nb + 2}), ":, :, :" + std::to_string(nb)), {0, 2, 1});
        const auto dst = contiguous({3, nb, na});
        const strider::copy_plan plan = strider::make_copy_plan(src.value(), dst.value(), sizeof(T));
        std::vector<T> a(static_cast<std::size_t>(src.required_span())), b(static_cast<std::size_t>(dst.required_span()));
        staged += engine::prepare(plan, a.data(), b.data(), 1).tiles.staged ? 1 : 0;
        ++cases;
        check_copy<T>(src, dst, {}, 0, 1);
        force_streaming on;
        check_copy<T>(src, dst, {}, 1, 0);
      }
    // Most are staged (the shortest rows go by the tuples kernels), where the kernels are SIMD.
    if (simd) CHECK(staged > cases / 2);
  };
  run(static_cast<float*>(nullptr));
  run(static_cast<double*>(nullptr));
}

TEST_CASE("copy: staged walks of rows under a line stream from a sixth of the cache with masked stores, only past the cache with stores by pieces (short_rows_stream_pays)") {
  namespace engine = strider::detail::copy_engine;
  if (engine::copy_instruction_set() == engine::instruction_set::plain) return;
  REQUIRE(engine::stream_mode() == engine::streaming::automatic);
  // AVX-512's kernels store a row's last lanes by one masked store, AVX2's and SSE2's by pieces.
  const bool masked = engine::copy_instruction_set() == engine::instruction_set::avx512;
  CHECK(engine::with_kernels([]<class K>() { return K::template short_rows_masked<float>; }) == masked);
  const auto cache = static_cast<index_t>(engine::copy_cache_bytes());
  // permute (0, 2, 1) of items x na x 20 floats, into rows of na; the buffers are not touched.
  const auto job_of = [&](index_t written, index_t na, unsigned threads) {
    const index_t items = written / (na * 20 * 4);
    const auto view = strider::permute(contiguous({items, na, 20}), {0, 2, 1});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    const std::unique_ptr<float[]> src(new float[static_cast<std::size_t>(view.size())]), dst(new float[static_cast<std::size_t>(view.size())]);
    const auto job = engine::prepare(plan, src.get(), dst.get(), threads);
    CHECK(job.tiles.staged);
    return job.stream;
  };
  const index_t past = cache + (index_t{2} << 20), inside = cache / 4 * 3, third = cache / 3, fifth = cache / 5, eighth = cache / 8;
  CHECK(job_of(past, 10, 1));
  CHECK(job_of(past, 10, 2));
  // Where other tiles stream on one thread and on two (a third of the cache: one thread only):
  CHECK(engine::stream_pays(static_cast<std::size_t>(inside), 1, true));
  CHECK(engine::stream_pays(static_cast<std::size_t>(inside), 2, true));
  CHECK(engine::stream_pays(static_cast<std::size_t>(third), 1, true));
  CHECK_FALSE(engine::stream_pays(static_cast<std::size_t>(third), 2, true));
  CHECK(job_of(inside, 10, 1) == masked);
  CHECK(job_of(inside, 10, 2) == masked);
  CHECK(job_of(third, 10, 1) == masked);
  CHECK(job_of(third, 10, 2) == masked);
  CHECK(job_of(fifth, 10, 1) == masked);
  CHECK(job_of(fifth, 10, 2) == masked);
  CHECK_FALSE(engine::stream_pays(static_cast<std::size_t>(fifth), 1, true));
  CHECK_FALSE(job_of(eighth, 10, 1));
  CHECK_FALSE(job_of(eighth, 10, 2));
  // Rows of a line or more: the tiles' rule (stream_pays).
  CHECK(job_of(inside, 24, 1));
  CHECK_FALSE(job_of(third, 24, 2));
}

TEST_CASE("copy: streamed staged blocks ask for the next block's source lines where their source rows are not one run (staged_ahead_pays)") {
  namespace engine = strider::detail::copy_engine;
  const auto plan_of = [](const dynamic_layout& src, std::size_t size) { return strider::make_copy_plan(src.value(), contiguous(src.shape()).value(), size); };
  // permute (0, 3, 1, 4, 2) of 3 x 3 x 28 x 5 x 43: A (28) 215 elements apart, B (43) of stride 1.
  const auto scattered = strider::permute(contiguous({3, 3, 28, 5, 43}), {0, 3, 1, 4, 2});
  // permute (0, 2, 1) of 30 x 10 x 20: each item's 10 rows of 20 one run of 200.
  const auto batch = strider::permute(contiguous({30, 10, 20}), {0, 2, 1});
  // NCHW to NHWC, 2 x 64 x 56 x 56: rows of 3136 (H and W as one), 64 rows of B a block.
  const auto nchw = strider::permute(contiguous({2, 64, 56, 56}), {0, 2, 3, 1});
  // B running backwards: its stride is -1.
  const auto flipped = strider::permute(strider::flip(contiguous({3, 28, 43}), {2}), {0, 2, 1});
  CHECK(engine::staged_block_rows(28, 4) == 144);
  CHECK(engine::staged_block_rows(64, 4) == 64);
  CHECK(engine::staged_block_rows(200, 4) == 16);
  CHECK(engine::staged_block_rows(10, 8) == 200);
  CHECK(engine::staged_ahead_pays(plan_of(scattered, 4), 4, true));
  CHECK_FALSE(engine::staged_ahead_pays(plan_of(scattered, 4), 4, false));
  CHECK_FALSE(engine::staged_ahead_pays(plan_of(batch, 4), 4, true));
  CHECK_FALSE(engine::staged_ahead_pays(plan_of(batch, 8), 8, true));
  CHECK(engine::staged_ahead_pays(plan_of(nchw, 4), 4, true));
  CHECK_FALSE(engine::staged_ahead_pays(plan_of(flipped, 4), 4, true));
  // Every staged position copied once, in shares cut anywhere, against the naive loop: streamed
  // (the requests are made), blocks of B shorter than B (NCHW: 3136 rows of B in blocks of 64),
  // shares of 1 to 7 members run in turn, the destination shifted off its line.
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;
  force_streaming on;
  for (const auto& src : {scattered, nchw, strider::permute(contiguous({2, 3, 12, 7, 40}), {0, 3, 1, 4, 2})}) {
    const strider::copy_plan plan = plan_of(src, sizeof(float));
    const std::vector<index_t> so = offsets(src), dof = offsets(contiguous(src.shape()));
    std::vector<float> a(static_cast<std::size_t>(src.required_span())), b(static_cast<std::size_t>(src.size() + 1));
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 30011) + 0.5f;
    std::vector<float> expected(b.size(), -7.0f);
    for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k] + 1)] = a[static_cast<std::size_t>(so[k])];
    for (unsigned members : {1u, 2u, 3u, 7u}) {
      INFO(src.shape()[1] << " x " << src.shape()[2] << ", " << members << " members");
      std::fill(b.begin(), b.end(), -7.0f);
      const auto job = engine::prepare(plan, a.data(), b.data() + 1, members);
      if (simd) {
        CHECK(job.tiles.staged);
        CHECK(job.tiles.staged_ahead);
      }
      const engine::copy_shares shares = engine::share_copy(job.walk, members, false);
      for (index_t k = 0; k < shares.pieces; ++k) engine::run_piece(job, shares, k);
      CHECK(first_difference(b, expected) == -1);
    }
    check_copy(src, contiguous(src.shape()), {copy_options{2}}, 0, 3);
    check_copy<double>(src, contiguous(src.shape()), {}, 1, 0);
  }
}

TEST_CASE("copy: 3-D and 4-D permutations") {
  const dims shape3{5, 17, 33};
  for (dims perm : {dims{0, 1, 2}, dims{0, 2, 1}, dims{1, 0, 2}, dims{1, 2, 0}, dims{2, 0, 1}, dims{2, 1, 0}}) {
    INFO(perm[0] << perm[1] << perm[2]);
    const auto src = strider::permute(contiguous(shape3), perm);
    check_copy(src, contiguous(src.shape()));
    check_copy<double>(src, contiguous(src.shape()));
    const auto big = strider::permute(contiguous({16, 32, 48}), perm);
    check_copy(big, contiguous(big.shape()));
  }
  dims perm{0, 1, 2, 3};
  do {
    const auto src = strider::permute(contiguous({3, 5, 7, 9}), perm);
    check_copy(src, contiguous(src.shape()));
    check_copy(contiguous(src.shape()), src);
  } while (std::next_permutation(perm.begin(), perm.end()));
}

namespace {

// The streams of a rows walk on one side, counted from its rows (an independent count of
// copy_engine::row_streams): the rows' offsets in the plan's loop order, grouped in runs of
// adjacent rows; the streams are the runs before the first one that starts where the first run
// ends, or all of them where none does.
index_t streams_by_enumeration(const strider::copy_plan& p, bool source) {
  const std::size_t outer = p.rank - 1;
  const index_t n = p.extent[outer];
  std::vector<index_t> index(outer, 0);
  std::vector<std::pair<index_t, index_t>> runs;  // [start, end) of each run, in walk order
  for (bool more = true; more;) {
    index_t at = source ? p.src_offset : p.dst_offset;
    for (std::size_t d = 0; d < outer; ++d) at += index[d] * (source ? p.src_stride[d] : p.dst_stride[d]);
    if (!runs.empty() && runs.back().second == at) runs.back().second += n;
    else runs.emplace_back(at, at + n);
    more = false;
    for (std::size_t d = outer; d-- > 0;) {
      if (++index[d] < p.extent[d]) {
        more = true;
        break;
      }
      index[d] = 0;
    }
  }
  for (std::size_t k = 1; k < runs.size(); ++k)
    if (runs[k].first == runs.front().second) return static_cast<index_t>(k);
  return static_cast<index_t>(runs.size());
}

// The plan of copying permute(contiguous(shape), perm) into a contiguous destination.
strider::copy_plan plan_of(const dims& shape, const dims& perm, std::size_t size = sizeof(float)) {
  const auto src = strider::permute(contiguous(shape), perm);
  return strider::make_copy_plan(src.value(), contiguous(src.shape()).value(), size);
}

// permute(contiguous(shape), perm) into a contiguous destination, against the naive loop: floats
// at two alignments, doubles, int16 and uint8, then with streaming stores forced.
void check_permute_copies(const dims& shape, const dims& perm) {
  const auto src = strider::permute(contiguous(shape), perm);
  const auto dst = contiguous(src.shape());
  check_copy(src, dst);
  check_copy(src, dst, {}, 3, 1);
  check_copy<double>(src, dst, {}, 0, 1);
  check_copy<std::int16_t>(src, dst, {}, 1, 0);
  check_copy<std::uint8_t>(src, dst, {}, 5, 3);
  force_streaming on;
  check_copy(src, dst);
  check_copy(src, dst, {}, 1, 5);
  check_copy<double>(src, dst, {}, 2, 0);
}

}  // namespace

TEST_CASE("copy: rows walks take the source's order where the destination's reads in many streams") {
  namespace engine = strider::detail::copy_engine;
  SECTION("streams, against a count of the rows, for random permutes in both orders") {
    std::mt19937 random(70);
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const auto rank = static_cast<std::size_t>(std::uniform_int_distribution<int>(3, 5)(random));
      dims shape, perm;
      for (std::size_t d = 0; d < rank; ++d) {
        shape.push_back(std::uniform_int_distribution<index_t>(1, 9)(random));
        perm.push_back(static_cast<index_t>(d));
      }
      std::shuffle(perm.begin(), perm.end(), random);
      const strider::copy_plan p = plan_of(shape, perm);
      if (p.blocked || p.rank < 3) continue;
      INFO("trial " << trial);
      for (const strider::copy_plan& q : {p, engine::loops_in_source_order(p)}) {
        CHECK(engine::row_streams(q, true) == streams_by_enumeration(q, true));
        CHECK(engine::row_streams(q, false) == streams_by_enumeration(q, false));
      }
      ++checked;
    }
    CHECK(checked > 50);
  }
  SECTION("the rule, on the measured cases") {
    // permute(1, 0, 2) of 22×2276×188: rows of 752 bytes read in 22 streams.
    const strider::copy_plan wide = plan_of({22, 2276, 188}, {1, 0, 2});
    CHECK(engine::row_streams(wide, true) == 22);
    CHECK(engine::row_streams(wide, false) == 1);
    CHECK(engine::rows_in_source_order_pay(wide));
    const strider::copy_plan walked = engine::loops_in_source_order(wide);
    CHECK(walked.extent[0] == 22);
    CHECK(walked.src_stride[0] == 2276 * 188);
    CHECK(walked.extent[1] == 2276);
    CHECK(walked.src_stride[1] == 188);
    CHECK(engine::row_streams(walked, true) == 1);
    CHECK(engine::row_streams(walked, false) == 2276);
    // Rows of 24 bytes: 4200 streams read in the destination's order, 365 written in the source's.
    CHECK(engine::rows_in_source_order_pay(plan_of({60, 70, 365, 6}, {2, 0, 1, 3})));
    // Rows of 40 bytes, 3 streams written in the source's order.
    CHECK(engine::rows_in_source_order_pay(plan_of({433016, 3, 10}, {1, 0, 2})));
    // 13 read streams: the prefetcher follows them.
    const strider::copy_plan few = plan_of({13, 3, 11592, 19}, {1, 2, 0, 3});
    CHECK(engine::row_streams(few, true) == 13);
    CHECK_FALSE(engine::rows_in_source_order_pay(few));
    // Rows of 72 bytes: 1829 streams read, 284 written.
    const strider::copy_plan short_rows = plan_of({1829, 4, 71, 18}, {1, 2, 0, 3});
    CHECK(engine::row_streams(short_rows, true) == 1829);
    CHECK(engine::row_streams(engine::loops_in_source_order(short_rows), false) == 284);
    CHECK_FALSE(engine::rows_in_source_order_pay(short_rows));
    // Not rows of a contiguous source, a broadcast, or a transpose.
    CHECK_FALSE(engine::rows_in_source_order_pay(strider::make_copy_plan(strider::flip(strider::permute(contiguous({22, 300, 188}), {1, 0, 2}), {2}).value(), contiguous({300, 22, 188}).value(), sizeof(float))));
    CHECK_FALSE(engine::rows_in_source_order_pay(strider::make_copy_plan(strider::broadcast_to(contiguous({1, 300, 188}), {22, 300, 188}).value(), contiguous({22, 300, 188}).value(), sizeof(float))));
    CHECK_FALSE(engine::rows_in_source_order_pay(plan_of({22, 300, 188}, {2, 1, 0})));
  }
  SECTION("the streams in which rows are read, counted on measured cases") {
    // Rows of 50 and 10 floats: read in 4 streams (the prefetcher follows them) and in 1540.
    CHECK(engine::row_streams(plan_of({4, 15, 1406, 50}, {1, 2, 0, 3}), true) == 4);
    CHECK(engine::row_streams(plan_of({154, 10, 284, 10}, {2, 0, 1, 3}), true) == 1540);
    // Rows of 20 and 40 bytes read in 151 and 160 streams far apart, in the destination's order
    // (smaller shapes of those measured in benchmarks/README.md, "Rows left to the hardware
    // prefetcher"), from several starts, against the naive loop.
    for (const auto& [shape, perm] : {std::pair{dims{151, 82, 5}, dims{1, 0, 2}}, std::pair{dims{160, 30, 10}, dims{1, 0, 2}}}) {
      INFO("extent " << shape[0]);
      REQUIRE(engine::row_streams(engine::rows_walk_order(plan_of(shape, perm)), true) > 32);
      check_permute_copies(shape, perm);
    }
  }
  SECTION("copies in the source's order, against the naive loop") {
    for (const auto& [shape, perm] : {std::pair{dims{20, 30, 70}, dims{1, 0, 2}}, std::pair{dims{3, 9, 14, 3, 83}, dims{3, 2, 1, 0, 4}}, std::pair{dims{6, 70, 20, 6}, dims{2, 0, 1, 3}}}) {
      INFO("rank " << shape.size() << ", extent " << shape[0]);
      REQUIRE(engine::rows_in_source_order_pay(plan_of(shape, perm)));
      check_permute_copies(shape, perm);
    }
    // An outer axis flipped: the source's order walks it backwards (its stride's magnitude ranks it).
    const auto flipped = strider::flip(strider::permute(contiguous({20, 30, 70}), {1, 0, 2}), {1});
    const strider::copy_plan backwards = strider::make_copy_plan(flipped.value(), contiguous({30, 20, 70}).value(), sizeof(float));
    REQUIRE(engine::rows_in_source_order_pay(backwards));
    CHECK(engine::loops_in_source_order(backwards).src_stride[0] == -30 * 70);
    check_copy(flipped, contiguous({30, 20, 70}));
    check_copy<double>(flipped, contiguous({30, 20, 70}), {}, 1, 3);
    // Two threads share the walk in the source's order (6.6 MB).
    const auto src = strider::permute(contiguous({22, 400, 188}), {1, 0, 2});
    REQUIRE(engine::rows_in_source_order_pay(plan_of({22, 400, 188}, {1, 0, 2})));
    check_copy(src, contiguous(src.shape()), copy_options{2});
    check_copy(src, contiguous(src.shape()), copy_options{2}, 1, 3);
  }
}

TEST_CASE("copy: rows walks of short rows take the order of their outer loops that reads in few streams and writes in the fewest") {
  namespace engine = strider::detail::copy_engine;
  // The order the rule asks for, found by enumerating every order of the outer loops and
  // counting each one's streams from its rows (streams_by_enumeration): of the source's order and
  // the orders reading in at most 16 streams, the fewest writes, then the fewest reads; taken
  // where it writes in at most 16 streams or an eighth of the destination's order's reads.
  struct counts {
    index_t reads = 0, writes = 0;
  };
  const auto counted = [](const strider::copy_plan& q) { return counts{streams_by_enumeration(q, true), streams_by_enumeration(q, false)}; };
  const auto reordered = [](const strider::copy_plan& p, const std::vector<std::size_t>& order) {
    strider::copy_plan q = p;
    for (std::size_t d = 0; d < order.size(); ++d) {
      q.extent[d] = p.extent[order[d]];
      q.src_stride[d] = p.src_stride[order[d]];
      q.dst_stride[d] = p.dst_stride[order[d]];
    }
    return q;
  };
  const auto same_loops = [](const strider::copy_plan& a, const strider::copy_plan& b) {
    for (std::size_t d = 0; d < a.rank; ++d)
      if (a.extent[d] != b.extent[d] || a.src_stride[d] != b.src_stride[d] || a.dst_stride[d] != b.dst_stride[d]) return false;
    return a.rank == b.rank;
  };
  SECTION("the order, against an enumeration of every order's rows") {
    std::mt19937 random(71);
    int searched = 0, reordered_count = 0;
    for (int trial = 0; trial < 300 && searched < 40; ++trial) {
      const auto rank = static_cast<std::size_t>(std::uniform_int_distribution<int>(4, 6)(random));
      dims shape, perm;
      index_t size = 1;
      for (std::size_t d = 0; d + 1 < rank; ++d) {
        shape.push_back(std::uniform_int_distribution<index_t>(2, 9)(random));
        perm.push_back(static_cast<index_t>(d));
        size *= shape[shape.size() - 1];
      }
      shape.push_back(std::uniform_int_distribution<index_t>(2, 31)(random));  // rows under 256 bytes of doubles
      size *= shape[shape.size() - 1];
      perm.push_back(static_cast<index_t>(rank - 1));
      std::shuffle(perm.begin(), perm.end() - 1, random);
      if (size < engine::rows_order_search_bytes / 8) continue;
      const strider::copy_plan p = plan_of(shape, perm, sizeof(double));
      // Rows of 256 bytes or more (axes that merge with the last) keep rows_in_source_order_pay.
      if (p.blocked || p.rank < 3 || p.rank - 1 > engine::rows_order_search_loops || p.extent[p.rank - 1] * 8 >= engine::source_order_row_bytes) continue;
      std::string text;
      for (std::size_t d = 0; d < rank; ++d) text += std::to_string(shape[d]) + (d + 1 < rank ? "x" : " permuted ");
      for (std::size_t d = 0; d < rank; ++d) text += std::to_string(perm[d]) + (d + 1 < rank ? "," : "");
      INFO("trial " << trial << ": " << text);
      const counts destination = counted(p);
      const strider::copy_plan walked = engine::rows_walk_order(p);
      if (destination.reads <= 16) {
        CHECK(same_loops(walked, p));
        continue;
      }
      ++searched;
      counts best = counted(engine::loops_in_source_order(p));
      std::vector<std::size_t> order(p.rank - 1);
      std::iota(order.begin(), order.end(), std::size_t{0});
      do {
        const counts c = counted(reordered(p, order));
        if (c.reads <= 16 && (c.writes < best.writes || (c.writes == best.writes && c.reads < best.reads))) best = c;
      } while (std::next_permutation(order.begin(), order.end()));
      const counts got = counted(walked);
      if (best.writes <= 16 || destination.reads / 8 >= best.writes) {
        CHECK(got.reads == best.reads);
        CHECK(got.writes == best.writes);
        reordered_count += same_loops(walked, p) ? 0 : 1;
      } else {
        CHECK(same_loops(walked, p));
      }
    }
    CHECK(searched >= 40);
    CHECK(reordered_count > 10);
  }
  SECTION("the measured cases") {
    // permute(3, 1, 2, 0, 4) of 2×218×9×73×36 floats: rows of 144 bytes; 3924 streams read in
    // the destination's order, 143226 written in the source's; 2 and 73 in (1962, 73, 2).
    const strider::copy_plan p = plan_of({2, 218, 9, 73, 36}, {3, 1, 2, 0, 4});
    REQUIRE(p.rank == 4);
    CHECK(engine::row_streams(p, true) == 3924);
    CHECK(engine::row_streams(engine::loops_in_source_order(p), false) == 143226);
    const strider::copy_plan walked = engine::rows_walk_order(p);
    CHECK(walked.extent[0] == 1962);
    CHECK(walked.extent[1] == 73);
    CHECK(walked.extent[2] == 2);
    CHECK(engine::row_streams(walked, true) == 2);
    CHECK(engine::row_streams(walked, false) == 73);
    // Rows of 752 bytes keep the source's order; rows read in 4 streams, the destination's.
    CHECK(same_loops(engine::rows_walk_order(plan_of({22, 2276, 188}, {1, 0, 2})), engine::loops_in_source_order(plan_of({22, 2276, 188}, {1, 0, 2}))));
    CHECK(same_loops(engine::rows_walk_order(plan_of({4, 15, 1406, 50}, {1, 2, 0, 3})), plan_of({4, 15, 1406, 50}, {1, 2, 0, 3})));
    // No order of 1829×4×71×18's reads in 16 streams or fewer but the source's (284 written).
    CHECK(same_loops(engine::rows_walk_order(plan_of({1829, 4, 71, 18}, {1, 2, 0, 3})), plan_of({1829, 4, 71, 18}, {1, 2, 0, 3})));
    // Under rows_order_search_bytes (a copy in one core's L2): no search.
    const strider::copy_plan small = plan_of({2, 10, 9, 7, 36}, {3, 1, 2, 0, 4});
    REQUIRE(small.size * 4 < engine::rows_order_search_bytes);
    CHECK(same_loops(engine::rows_walk_order(small), small));
  }
  SECTION("copies in that order, against the naive loop") {
    const dims shape{2, 30, 9, 20, 36}, perm{3, 1, 2, 0, 4};
    const strider::copy_plan p = plan_of(shape, perm);
    const strider::copy_plan walked = engine::rows_walk_order(p);
    REQUIRE_FALSE(same_loops(walked, p));
    REQUIRE_FALSE(same_loops(walked, engine::loops_in_source_order(p)));
    check_permute_copies(shape, perm);
    const auto src = strider::permute(contiguous(shape), perm);
    check_copy(src, contiguous(src.shape()), copy_options{2});
    check_copy(src, contiguous(src.shape()), copy_options{2}, 3, 1);
  }
}

TEST_CASE("copy: tiled transposes take the source's order outside the tiles where the destination's revisits short source pieces far apart") {
  namespace engine = strider::detail::copy_engine;
  SECTION("the rule, on the measured cases") {
    // permute(3, 2, 1, 0) of 505×128×14×4: tiles of 505 × 4 read pieces of 4 floats; the loop
    // of 14 steps 4 floats in the source, outside 128 tiles in the destination's order.
    const strider::copy_plan p = plan_of({505, 128, 14, 4}, {3, 2, 1, 0});
    REQUIRE(p.blocked);
    REQUIRE(p.rank == 4);
    CHECK(p.extent[0] == 14);
    CHECK(p.src_stride[0] == 4);
    CHECK(p.extent[1] == 128);
    CHECK(engine::tiles_in_source_order_pay(p));
    const strider::copy_plan q = engine::loops_in_source_order(p);
    CHECK(q.extent[0] == 128);
    CHECK(q.extent[1] == 14);
    for (std::size_t d = 2; d < 4; ++d) {  // the tiled pair stays as it was
      CHECK(q.extent[d] == p.extent[d]);
      CHECK(q.src_stride[d] == p.src_stride[d]);
      CHECK(q.dst_stride[d] == p.dst_stride[d]);
    }
    // Three tiles between one source piece and the next (loop 3 inside loop 818): the destination's order.
    CHECK_FALSE(engine::tiles_in_source_order_pay(plan_of({3, 818, 24, 75}, {1, 0, 3, 2})));
    // Pieces of 762 floats read (the source contiguous across the pair), 3 written: the destination's order.
    CHECK_FALSE(engine::tiles_in_source_order_pay(plan_of({11, 119, 8, 3, 254}, {4, 1, 2, 0, 3})));
    // A tuples walk (5 floats), a rows walk and a single outer loop are not tiles to reorder.
    CHECK_FALSE(engine::tiles_in_source_order_pay(plan_of({8, 546, 342, 5}, {0, 3, 1, 2})));
    CHECK_FALSE(engine::tiles_in_source_order_pay(plan_of({22, 2276, 188}, {1, 0, 2})));
    CHECK_FALSE(engine::tiles_in_source_order_pay(plan_of({64, 64, 64}, {2, 1, 0})));
  }
  SECTION("copies in the source's order, against the naive loop") {
    // B of a line or more (a shorter one walks B' instead): staged strips (20 × 18 and 30 × 18,
    // the destination contiguous across the pair) and line tiles with edge tiles (20 × 18).
    const auto walks_source_order = [](const strider::copy_plan& p) { return engine::tiles_in_source_order_pay(p) && !engine::source_run_pays(engine::runs_inside(p)); };
    for (const auto& [shape, perm] : {std::pair{dims{40, 20, 36, 18}, dims{2, 0, 3, 1}}, std::pair{dims{3, 20, 30, 40, 18}, dims{0, 3, 1, 4, 2}}, std::pair{dims{20, 30, 40, 18}, dims{3, 2, 1, 0}}}) {
      INFO("rank " << shape.size() << ", extent " << shape[0]);
      REQUIRE(walks_source_order(plan_of(shape, perm)));
      check_permute_copies(shape, perm);
    }
    // Two threads (6 MB).
    const auto src = strider::permute(contiguous({60, 20, 72, 18}), {2, 0, 3, 1});
    REQUIRE(walks_source_order(plan_of({60, 20, 72, 18}, {2, 0, 3, 1})));
    check_copy(src, contiguous(src.shape()), copy_options{2});
    check_copy(src, contiguous(src.shape()), copy_options{2}, 1, 3);
  }
}

namespace {

// The (source, destination) offset pairs that plan p copies, sorted: a plain odometer over its
// loops.
std::vector<std::pair<index_t, index_t>> pairs_of(const strider::copy_plan& p) {
  std::vector<std::pair<index_t, index_t>> pairs;
  std::vector<index_t> index(p.rank, 0);
  for (bool more = p.size > 0; more;) {
    index_t so = p.src_offset, dof = p.dst_offset;
    for (std::size_t d = 0; d < p.rank; ++d) {
      so += index[d] * p.src_stride[d];
      dof += index[d] * p.dst_stride[d];
    }
    pairs.emplace_back(so, dof);
    more = false;
    for (std::size_t d = p.rank; d-- > 0;) {
      if (++index[d] < p.extent[d]) {
        more = true;
        break;
      }
      index[d] = 0;
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// Whether the offsets on one side (`source`) of loops [lo, hi) then loop `last` (innermost),
// walked in that order, are first, first + 1, first + 2, ...: one contiguous run.
bool contiguous_run(const strider::copy_plan& p, std::size_t lo, std::size_t hi, std::size_t last, bool source) {
  std::vector<std::size_t> loops;
  for (std::size_t d = lo; d < hi; ++d) loops.push_back(d);
  loops.push_back(last);
  std::vector<index_t> index(loops.size(), 0);
  index_t expected = 0;
  for (bool more = true; more;) {
    index_t at = 0;
    for (std::size_t k = 0; k < loops.size(); ++k) at += index[k] * (source ? p.src_stride[loops[k]] : p.dst_stride[loops[k]]);
    if (at != expected++) return false;
    more = false;
    for (std::size_t k = loops.size(); k-- > 0;) {
      if (++index[k] < p.extent[loops[k]]) {
        more = true;
        break;
      }
      index[k] = 0;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("copy: a short B walks with the loops that continue the source's run (B'), a short A with the destination's (A')") {
  namespace engine = strider::detail::copy_engine;
  SECTION("runs_inside copies the same pairs and puts the runs' loops where the counts find them, against enumeration") {
    std::mt19937 random(71);
    int with_b = 0, with_a = 0;
    for (int trial = 0; trial < 600; ++trial) {
      const auto rank = static_cast<std::size_t>(std::uniform_int_distribution<int>(3, 5)(random));
      dims shape, perm;
      for (std::size_t d = 0; d < rank; ++d) {
        shape.push_back(std::uniform_int_distribution<index_t>(1, 7)(random));
        perm.push_back(static_cast<index_t>(d));
      }
      std::shuffle(perm.begin(), perm.end(), random);
      const strider::copy_plan p = plan_of(shape, perm);
      if (!p.blocked || p.rank < 3) continue;
      INFO("trial " << trial);
      const strider::copy_plan q = engine::runs_inside(p);
      CHECK(pairs_of(q) == pairs_of(p));
      CHECK(q.blocked);
      const std::size_t b = q.rank - 2, a = q.rank - 1, a_run = engine::destination_run_loops(q), b_run = engine::source_run_loops(q);
      REQUIRE(a_run + b_run <= b);
      const std::size_t a_first = b - a_run, b_first = a_first - b_run;
      // A' and B' are contiguous runs on their sides (A' only where A is shorter than a line).
      CHECK(contiguous_run(q, a_first, b, a, false));
      if (q.src_stride[b] == 1) CHECK(contiguous_run(q, b_first, a_first, b, true));
      if (a_run > 0) CHECK(q.extent[a] * 4 < 64);
      // No other outer loop continues either run (A' taken first): each is as long as it can be.
      index_t na = q.extent[a], nb = q.extent[b];
      for (std::size_t k = a_first; k < b; ++k) na *= q.extent[k];
      for (std::size_t k = b_first; k < a_first; ++k) nb *= q.extent[k];
      for (std::size_t d = 0; d < a_first; ++d) {
        if (engine::short_destination_run(q)) CHECK(q.dst_stride[d] != na);
        if (d < b_first) CHECK_FALSE((q.src_stride[b] == 1 && q.src_stride[d] == nb));
      }
      with_b += b_run > 0;
      with_a += a_run > 0;
    }
    CHECK(with_b > 20);
    CHECK(with_a > 10);
  }
  SECTION("the rule, on the measured cases") {
    // permute(2, 1, 0) of 1279×2236×3: B = 3, and the loop of 2236 steps 3 in the source.
    const strider::copy_plan reversal = engine::runs_inside(plan_of({1279, 2236, 3}, {2, 1, 0}));
    CHECK(engine::source_run_pays(reversal));
    CHECK(engine::source_run_loops(reversal) == 1);
    CHECK(engine::destination_run_loops(reversal) == 0);
    CHECK(reversal.extent[0] == 2236);
    // The loop that continues B of a full reversal already lies outside it in the plan's order
    // (copy_shares_test's case).
    CHECK(engine::source_run_pays(plan_of({40, 11000, 3}, {2, 1, 0})));
    // B' = 7 × 18 × 47 × 21: the whole source but A.
    CHECK(engine::source_run_loops(engine::runs_inside(plan_of({47, 21, 47, 18, 7}, {1, 3, 2, 4, 0}))) == 3);
    // B of 15 floats walks B'; of 16 (a line) with A = 33 (under three lines), or of 8 doubles
    // with B' = 384 doubles (under a page), not.
    CHECK(engine::source_run_pays(engine::runs_inside(plan_of({33, 48, 15}, {2, 1, 0}))));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(plan_of({33, 48, 16}, {2, 1, 0}))));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(plan_of({33, 48, 8}, {2, 1, 0}, sizeof(double)))));
  }
  SECTION("the rule for a B of one line or more but under four, on the measured cases") {
    const auto pays = [](const dims& shape, const dims& perm, std::size_t size = sizeof(float)) { return engine::source_run_pays(engine::runs_inside(plan_of(shape, perm, size))); };
    // B = 28, A = 840, B' = 28 × 8 × 33; B of a whole line with rows aligned alike.
    CHECK(pays({840, 33, 8, 28}, {3, 2, 1, 0}));
    CHECK(pays({3232, 81, 16}, {2, 1, 0}));
    CHECK(pays({18, 60, 181, 23}, {0, 3, 2, 1}));
    CHECK(pays({60, 130, 10}, {2, 1, 0}, sizeof(double)));
    // A of 28 floats (under three lines); B' of 558 floats (under a page).
    CHECK_FALSE(pays({28, 28, 335, 31}, {3, 1, 2, 0}));
    CHECK_FALSE(pays({19385, 18, 31}, {2, 1, 0}));
    // B of two lines or more but under four: A of a page or more.
    CHECK(pays({1708, 83, 43}, {2, 1, 0}));
    CHECK(pays({26, 137, 96, 33}, {3, 2, 0, 1}));
    CHECK_FALSE(pays({442, 246, 48}, {2, 1, 0}));
    CHECK_FALSE(pays({236, 541, 14, 4}, {2, 3, 1, 0}));
    CHECK_FALSE(pays({2000, 100, 64}, {2, 1, 0}));  // four lines
    // Rows of 64 floats, aligned alike (the ragged seam tiles stream them); the destination
    // contiguous across B and A (staged strips).
    CHECK_FALSE(pays({18, 64, 181, 23}, {0, 3, 2, 1}));
    CHECK(engine::destination_rows_aligned_alike(engine::runs_inside(plan_of({18, 64, 181, 23}, {0, 3, 2, 1}))));
    CHECK_FALSE(pays({50, 17, 80, 4, 18}, {3, 0, 4, 1, 2}));
    const strider::copy_plan staged = engine::runs_inside(plan_of({50, 17, 80, 4, 18}, {3, 0, 4, 1, 2}));
    CHECK(staged.dst_stride[staged.rank - 2] == staged.extent[staged.rank - 1]);
    // Rows of 128 floats aligned alike, B = 18, where no seam tiles would take the pair: in the
    // destination's order loop C (329) steps 128 floats there, A's extent, but the copy walks its
    // loops in the source's order (tiles_in_source_order_pay), where C (6) steps 42112. B' pays
    // unless the plan it is weighed against has its destination across the seams.
    const strider::copy_plan reversal = plan_of({128, 329, 6, 18}, {3, 2, 1, 0});
    const strider::copy_plan source_order = engine::loops_in_source_order(reversal);
    REQUIRE(engine::tiles_in_source_order_pay(reversal));
    CHECK(engine::destination_rows_aligned_alike(engine::runs_inside(reversal)));
    CHECK(engine::destination_across_seams(reversal));
    CHECK_FALSE(engine::destination_across_seams(source_order));
    CHECK_FALSE(engine::destination_across_seams(engine::runs_inside(reversal)));
    CHECK(engine::source_run_pays(engine::runs_inside(reversal)));
    CHECK(engine::source_run_pays(engine::runs_inside(reversal), engine::tuples_most, &source_order));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(reversal), engine::tuples_most, &reversal));
    // Where the copy would take ragged seam tiles (its own order, C = 5 stepping 112 = A): not.
    const strider::copy_plan ragged = plan_of({112, 123, 5, 3, 24}, {1, 4, 3, 2, 0});
    const strider::copy_plan ragged_walk = engine::rows_walk_order(ragged);
    REQUIRE_FALSE(engine::tiles_in_source_order_pay(ragged));
    CHECK(engine::destination_across_seams(ragged_walk));
    CHECK(engine::source_run_pays(engine::runs_inside(ragged)));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(ragged), engine::tuples_most, &ragged_walk));
    CHECK_FALSE(engine::destination_across_seams(plan_of({128, 18}, {1, 0})));  // no loop C
    // A = 4 takes the loop of 153, which continues both runs: A' = 153 × 4, no B' (B = 59 is
    // a line or more in any case).
    const strider::copy_plan short_a = engine::runs_inside(plan_of({261, 4, 3, 51, 59}, {0, 4, 2, 3, 1}));
    CHECK(engine::destination_run_loops(short_a) == 1);
    CHECK(engine::source_run_loops(short_a) == 0);
    CHECK_FALSE(engine::source_run_pays(short_a));
    // A = 7 and B = 11 both short: A' = 5 × 7 and B' = 9 × 11, under the loop of 6.
    const strider::copy_plan both = engine::runs_inside(plan_of({5, 6, 7, 9, 11}, {3, 1, 4, 0, 2}));
    CHECK(engine::source_run_pays(both));
    CHECK(engine::source_run_loops(both) == 1);
    CHECK(engine::destination_run_loops(both) == 1);
    CHECK(both.extent[0] == 6);
    CHECK(both.extent[1] == 9);
    CHECK(both.extent[2] == 5);
    // The loop of 11 continues both runs of 6 × 9 × 11 × 5 permuted (1, 3, 2, 0): A' takes it
    // (A' = 11 × 6), which leaves B' none: the plan's own walk.
    const strider::copy_plan shared = engine::runs_inside(plan_of({6, 9, 11, 5}, {1, 3, 2, 0}));
    CHECK(engine::destination_run_loops(shared) == 1);
    CHECK(engine::source_run_loops(shared) == 0);
    CHECK_FALSE(engine::source_run_pays(shared));
    // A tuples walk (5 floats packed), a rows walk and a long B are not walked as runs.
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(plan_of({8, 546, 342, 5}, {0, 3, 1, 2}))));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(plan_of({22, 2276, 188}, {1, 0, 2}))));
    CHECK_FALSE(engine::source_run_pays(engine::runs_inside(plan_of({64, 64, 64}, {2, 1, 0}))));
  }
  SECTION("copies, against the naive loop") {
    for (const auto& [shape, perm] : {std::pair{dims{57, 40, 3}, dims{2, 1, 0}}, std::pair{dims{33, 48, 15}, dims{2, 1, 0}}, std::pair{dims{12, 9, 14, 11}, dims{2, 0, 3, 1}},
                                      std::pair{dims{10, 20, 7, 6, 2}, dims{3, 0, 2, 4, 1}}, std::pair{dims{7, 20, 4, 5, 3}, dims{4, 0, 3, 2, 1}}, std::pair{dims{47, 5, 7, 3, 7}, dims{1, 3, 2, 4, 0}},
                                      std::pair{dims{5, 6, 7, 9, 11}, dims{3, 1, 4, 0, 2}}, std::pair{dims{64, 16, 3}, dims{2, 1, 0}}, std::pair{dims{5, 64, 6, 3}, dims{3, 2, 0, 1}},
                                      std::pair{dims{60, 64, 20}, dims{2, 1, 0}}, std::pair{dims{3, 50, 80, 3, 17}, dims{4, 3, 2, 0, 1}}, std::pair{dims{1100, 30, 40}, dims{2, 1, 0}},
                                      std::pair{dims{64, 29, 6, 18}, dims{3, 2, 1, 0}}}) {
      INFO("rank " << shape.size() << ", extent " << shape[0]);
      REQUIRE(engine::source_run_pays(engine::runs_inside(plan_of(shape, perm))));
      check_permute_copies(shape, perm);
    }
    // A runs backwards in the source (a flipped output axis), and steps two rows of the source.
    const auto flipped = strider::flip(strider::permute(contiguous({57, 40, 3}), {2, 1, 0}), {2});
    REQUIRE(engine::source_run_pays(engine::runs_inside(strider::make_copy_plan(flipped.value(), contiguous({3, 40, 57}).value(), sizeof(float)))));
    check_copy(flipped, contiguous({3, 40, 57}));
    check_copy<std::int16_t>(flipped, contiguous({3, 40, 57}), {}, 3, 1);
    const auto every_other = strider::permute(strider::slice(contiguous({80, 30, 3}), "::2"), {2, 1, 0});
    REQUIRE(engine::source_run_pays(engine::runs_inside(strider::make_copy_plan(every_other.value(), contiguous({3, 30, 40}).value(), sizeof(float)))));
    check_copy(every_other, contiguous({3, 30, 40}));
    check_copy<double>(every_other, contiguous({3, 30, 40}), {}, 1, 2);
    // B of 10 doubles (80 bytes: one line or more), walked as B'.
    REQUIRE(engine::source_run_pays(engine::runs_inside(plan_of({60, 130, 10}, {2, 1, 0}, sizeof(double)))));
    check_copy<double>(strider::permute(contiguous({60, 130, 10}), {2, 1, 0}), contiguous({10, 130, 60}), {}, 0, 3);
    check_copy<double>(strider::permute(contiguous({60, 130, 10}), {2, 1, 0}), contiguous({10, 130, 60}), {}, 5, 0);
    // Two threads share the walk (4.3 MB), with streaming stores forced on aligned rows.
    const auto src = strider::permute(contiguous({320, 560, 3}), {2, 1, 0});
    REQUIRE(engine::source_run_pays(engine::runs_inside(plan_of({320, 560, 3}, {2, 1, 0}))));
    check_copy(src, contiguous(src.shape()), copy_options{2});
    check_copy(src, contiguous(src.shape()), copy_options{2}, 1, 3);
    // Rows of 64 floats aligned alike (B = 18, loops in the source's order otherwise), shared and
    // streamed.
    const auto aligned = strider::permute(contiguous({64, 29, 6, 18}), {3, 2, 1, 0});
    check_copy(aligned, contiguous(aligned.shape()), copy_options{2}, 0, 4);
    force_streaming on;
    check_copy(src, contiguous(src.shape()), copy_options{2});
    check_copy(aligned, contiguous(aligned.shape()), copy_options{2}, 7, 0);
  }
  SECTION("a short A that two loops or more continue, with no B', walks A' alone (destination_run_alone_pays)") {
    // A = 4 floats (the source's axis 2) continued by the loops of 2, 11 and 1862 (A' = 163856),
    // B = 83 continued by none; loop C by A, what the ragged seam tiles would walk, is 8 floats.
    const strider::copy_plan measured = engine::runs_inside(plan_of({2, 11, 4, 1862, 83}, {4, 3, 1, 0, 2}));
    CHECK(engine::source_run_loops(measured) == 0);
    CHECK(engine::destination_run_loops(measured) == 3);
    CHECK(engine::destination_across_seams(measured));
    CHECK(engine::destination_run_alone_pays(measured));
    CHECK(engine::source_run_pays(measured));
    // One loop continuing A (C by A is then all of A'); C by A of 160 floats (10 lines); a B'.
    CHECK_FALSE(engine::destination_run_alone_pays(engine::runs_inside(plan_of({3, 14, 2458}, {2, 1, 0}))));
    CHECK_FALSE(engine::destination_run_alone_pays(engine::runs_inside(plan_of({2, 53, 80, 32, 27}, {1, 4, 3, 2, 0}))));
    CHECK_FALSE(engine::destination_run_alone_pays(engine::runs_inside(plan_of({5, 6, 7, 9, 11}, {3, 1, 4, 0, 2}))));
    // The job: a plane of A' by B, B' being B alone, numbered strip by strip of A' (not b_major),
    // and the copies against the naive loop.
    const strider::copy_plan small = engine::runs_inside(plan_of({2, 5, 4, 30, 83}, {4, 3, 1, 0, 2}));
    std::vector<float> s(static_cast<std::size_t>(small.size)), d(s.size());
    const auto job = engine::prepare(small, s.data(), d.data(), 1);
    if (job.tiles.simd) {
      CHECK(job.tiles.source_run == 0);
      CHECK(job.tiles.destination_run == 3);
      CHECK_FALSE(job.walk.b_major);
      CHECK(job.walk.n == 2 * 5 * 30 * 4);
      CHECK(job.walk.nb == 83);
    }
    check_permute_copies({2, 5, 4, 12, 83}, {4, 3, 1, 0, 2});
    check_permute_copies({4, 5, 4, 16, 31}, {3, 4, 1, 0, 2});
    // Two threads (4.3 MB and 5.6 MB), sharing A' (B of 1080 rows; of 13, one block), streamed
    // where forced.
    for (const auto& [shape, perm] : {std::pair{dims{4, 31, 4, 360, 3}, dims{3, 4, 1, 0, 2}}, std::pair{dims{3, 3, 2, 3000, 13}, dims{1, 4, 3, 2, 0}}}) {
      const auto shared = strider::permute(contiguous(shape), perm);
      REQUIRE(engine::destination_run_alone_pays(engine::runs_inside(strider::make_copy_plan(shared.value(), contiguous(shared.shape()).value(), sizeof(float)))));
      check_copy(shared, contiguous(shared.shape()), copy_options{2}, 3, 1);
      force_streaming on;
      check_copy(shared, contiguous(shared.shape()), copy_options{2}, 0, 2);
    }
  }
  SECTION("a B' of 4 to 8 elements back to back in the source is unpacked as tuples into rows no one pitch apart (source_run_tuples)") {
    // Tuples where the kernels move k in registers (AVX2 and AVX-512: floats up to 8, SSE2 4; the
    // portable kernels none).
    const auto expected = [](auto element, index_t k) {
      using T = decltype(element);
      return engine::with_kernels([k]<class K>() { return k <= std::min<index_t>(8, K::template tuples_up_to<T>) && K::template tuples_in_registers<T>(engine::tuples_kind::unpack, k) ? k : 0; });
    };
    struct tuple_case {
      dims shape, perm;
      index_t k;
    };
    // The measured case, smaller (rows 81 and 324 floats apart); pairs of pairs; 3 × 2 and 2 × 4;
    // three loops in B'; rows aligned alike (64 and 384 floats apart), which stream where forced.
    for (const auto& [shape, perm, k] : {tuple_case{{5, 4, 81, 2, 3}, {0, 4, 1, 3, 2}, 6}, tuple_case{{6, 70, 2, 2}, {3, 0, 2, 1}, 4}, tuple_case{{3, 37, 3, 2}, {3, 0, 2, 1}, 6},
                                         tuple_case{{7, 45, 2, 4}, {3, 0, 2, 1}, 8}, tuple_case{{4, 19, 2, 2, 2}, {4, 0, 2, 3, 1}, 8}, tuple_case{{3, 64, 2, 2}, {3, 0, 2, 1}, 4},
                                         tuple_case{{5, 48, 2, 4}, {3, 0, 2, 1}, 8}}) {
      INFO("B' of " << k << ", A of " << shape[1 + (shape.size() == 5 ? 1 : 0)]);
      const strider::copy_plan plan = engine::runs_inside(plan_of(shape, perm)), doubles = engine::runs_inside(plan_of(shape, perm, sizeof(double)));
      REQUIRE(engine::source_run_pays(plan));
      std::vector<float> s(static_cast<std::size_t>(plan.size)), d(s.size());
      std::vector<double> sd(s.size()), dd(s.size());
      CHECK(engine::prepare(plan, s.data(), d.data(), 1).tiles.source_run_tuples == expected(0.0f, k));
      CHECK(engine::prepare(doubles, sd.data(), dd.data(), 1).tiles.source_run_tuples == expected(0.0, k));
      check_permute_copies(shape, perm);
      // Two threads, whose shares cut an item inside (its rows then go by tiles).
      const auto src = strider::permute(contiguous(shape), perm);
      check_copy(src, contiguous(src.shape()), copy_options{2});
      check_copy(src, contiguous(src.shape()), copy_options{2}, 1, 2);
      check_copy<double>(src, contiguous(src.shape()), copy_options{2}, 0, 3);
      force_streaming on;
      check_copy(src, contiguous(src.shape()), copy_options{2}, 0, 1);
    }
    // Items (A by B') under a page that follow one another in the source ask for their lines a
    // page ahead (source_run_tuples_ahead); items of a page or more, or apart, do not.
    const auto ahead = [](const dynamic_layout& from) {
      const strider::copy_plan q = engine::runs_inside(strider::make_copy_plan(from.value(), contiguous(from.shape()).value(), sizeof(float)));
      std::vector<float> s(static_cast<std::size_t>(from.required_span())), d(static_cast<std::size_t>(q.size));
      const auto job = engine::prepare(q, s.data(), d.data(), 1);
      return std::pair{job.tiles.source_run_tuples, job.tiles.source_run_ahead};
    };
    CHECK(ahead(strider::permute(contiguous({5, 4, 81, 2, 3}), {0, 4, 1, 3, 2})) == std::pair<index_t, index_t>{expected(0.0f, 6), expected(0.0f, 6) > 0 ? 4096 : 0});
    CHECK(ahead(strider::permute(contiguous({3, 200, 2, 4}), {3, 0, 2, 1})) == std::pair<index_t, index_t>{expected(0.0f, 8), 0});
    const auto every_other_item = strider::permute(strider::slice(contiguous({12, 50, 2, 2}), "::2"), {3, 0, 2, 1});
    CHECK(ahead(every_other_item) == std::pair<index_t, index_t>{expected(0.0f, 4), 0});
    check_copy(every_other_item, contiguous(every_other_item.shape()));
    check_copy(every_other_item, contiguous(every_other_item.shape()), copy_options{2}, 2, 1);
    // A' longer than A: tiles.
    const strider::copy_plan measured = engine::runs_inside(plan_of({5, 4, 81, 2, 3}, {0, 4, 1, 3, 2}));
    const auto rule = [&](std::size_t destination_run) {
      engine::tiles_job tiles;
      tiles.destination_run = destination_run;
      return engine::with_kernels([&]<class K>() { return engine::source_run_tuples<K, float>(measured, tiles, 6); });
    };
    CHECK(rule(0) == expected(0.0f, 6));
    CHECK(rule(1) == 0);
    // A stepping more than B' (a source with gaps: every other item of the loop of 6): tiles.
    const auto gapped = strider::permute(strider::slice(contiguous({40, 6, 2, 2}), ":, ::2"), {3, 1, 2, 0});
    const strider::copy_plan apart = engine::runs_inside(strider::make_copy_plan(gapped.value(), contiguous(gapped.shape()).value(), sizeof(float)));
    REQUIRE(engine::source_run_pays(apart));
    std::vector<float> s(static_cast<std::size_t>(gapped.required_span())), d(static_cast<std::size_t>(apart.size));
    const auto job = engine::prepare(apart, s.data(), d.data(), 1);
    CHECK(job.tiles.source_run == (job.tiles.simd ? 1u : 0u));  // the portable kernels' tiles are no SIMD tiles
    if (job.tiles.simd) CHECK(job.walk.nb == 4);
    CHECK(job.tiles.source_run_tuples == 0);
    check_copy(gapped, contiguous(gapped.shape()));
    check_copy<double>(gapped, contiguous(gapped.shape()), copy_options{2}, 1, 0);
  }
}

TEST_CASE("copy: full reversals walk loop C inside each tile position (deep strips), at every alignment") {
  namespace engine = strider::detail::copy_engine;
  // The engine takes the deep walk for these (a test of the choice, so that the cases below
  // reach it): loop C steps 48 floats on both sides.
  const auto reversal = strider::permute(contiguous({40, 48, 56}), {2, 1, 0});
  const strider::copy_plan plan = strider::make_copy_plan(reversal.value(), contiguous(reversal.shape()).value(), sizeof(float));
  std::vector<float> src(static_cast<std::size_t>(reversal.required_span())), dst(src.size());
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;  // the plain loops (STRIDER_COPY_PORTABLE) choose none of this
  CHECK(engine::prepare(plan, src.data(), dst.data(), 1).walk.deep == simd);
  CHECK_FALSE(engine::prepare(plan, src.data(), dst.data(), 1).tiles.seams);  // A's extent, 40, is no whole line
  // Seam tiles where both sides are contiguous across C and the extents are whole lines.
  const auto seamed = strider::permute(contiguous({48, 40, 32}), {2, 1, 0});
  const strider::copy_plan seamed_plan = strider::make_copy_plan(seamed.value(), contiguous(seamed.shape()).value(), sizeof(float));
  CHECK(engine::prepare(seamed_plan, src.data(), dst.data(), 1).tiles.seams == simd);
  // Not where loop C's steps are long: the batch of a batched transpose.
  const auto batched = strider::permute(contiguous({4, 64, 64}), {0, 2, 1});
  const strider::copy_plan batched_plan = strider::make_copy_plan(batched.value(), contiguous(batched.shape()).value(), sizeof(float));
  CHECK_FALSE(engine::prepare(batched_plan, src.data(), dst.data(), 1).walk.deep);

  // Whole and partial lines of A and B, every start inside a cache line on both sides (the
  // edge tiles before the first line boundary and after the last), a run of C cut by the
  // loops outside it, and B running backwards.
  for (index_t shift : {0, 1, 4, 7, 12, 15}) {
    INFO("shift " << shift);
    for (const dims& shape : {dims{40, 48, 56}, dims{64, 5, 64}, dims{33, 7, 70}, dims{16, 3, 16}, dims{16, 2, 32}, dims{48, 40, 32}}) {
      const auto src_l = strider::permute(contiguous(shape), {2, 1, 0});
      check_copy(src_l, contiguous(src_l.shape()), {}, shift, 0);
      check_copy(src_l, contiguous(src_l.shape()), {}, 0, shift);
      check_copy(src_l, contiguous(src_l.shape()), {}, shift, (shift * 5) % 16);
    }
    const auto four = strider::permute(contiguous({32, 6, 5, 48}), {3, 1, 2, 0});
    check_copy(four, contiguous(four.shape()), {}, shift, shift);
    const auto batch = strider::permute(contiguous({3, 48, 4, 40}), {0, 3, 2, 1});
    check_copy(batch, contiguous(batch.shape()), {}, shift, 3);
    const auto seamed_batch = strider::permute(contiguous({3, 48, 4, 32}), {0, 3, 2, 1});  // seams, runs of 4
    check_copy(seamed_batch, contiguous(seamed_batch.shape()), {}, shift, (shift + 7) % 16);
    const auto backwards = strider::permute(strider::flip(contiguous({40, 6, 56}), {2}), {2, 1, 0});
    check_copy(backwards, contiguous(backwards.shape()), {}, shift, shift);
    check_copy<double>(backwards, contiguous(backwards.shape()), {}, shift, 1);
    check_copy<double>(strider::permute(contiguous({24, 9, 40}), {2, 1, 0}), contiguous({40, 9, 24}), {}, shift % 8, 3);
    check_copy<std::int16_t>(strider::permute(contiguous({70, 9, 40}), {2, 1, 0}), contiguous({40, 9, 70}), {}, shift, shift + 1);
    check_copy<std::int16_t>(strider::permute(contiguous({64, 9, 32}), {2, 1, 0}), contiguous({32, 9, 64}), {}, shift, shift + 1);
    check_copy<std::uint8_t>(strider::permute(contiguous({64, 3, 128}), {2, 1, 0}), contiguous({128, 3, 64}), {}, shift, 3 * shift);
    check_copy<std::uint8_t>(strider::permute(contiguous({70, 9, 90}), {2, 1, 0}), contiguous({90, 9, 70}), {}, shift, 2 * shift);
  }
  force_streaming on;
  for (index_t shift : {0, 4, 9}) {
    const auto src_l = strider::permute(contiguous({64, 12, 80}), {2, 1, 0});
    check_copy(src_l, contiguous(src_l.shape()), {}, shift, shift);
    check_copy(src_l, contiguous(src_l.shape()), {}, 3, 0);
    check_copy(src_l, contiguous(src_l.shape()), {}, 0, shift + 2);
    check_copy<double>(src_l, contiguous(src_l.shape()), {}, shift, shift + 1);
  }
}

TEST_CASE("copy: deep walks whose source rows are a multiple of 128 KiB apart take plain stores unless streaming is forced") {
  namespace engine = strider::detail::copy_engine;
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;  // the plain loops walk nothing deep
  // The rule, on the measured cases: source rows of A 256, 128, 256 and 1024 KiB apart collide;
  // 400, 250, 48 and 320 KiB apart do not.
  CHECK_FALSE(engine::deep_stream_pays(plan_of({256, 256, 256}, {2, 1, 0})));
  CHECK_FALSE(engine::deep_stream_pays(plan_of({512, 256, 128}, {2, 1, 0})));
  CHECK_FALSE(engine::deep_stream_pays(plan_of({384, 256, 256}, {2, 1, 0})));
  CHECK_FALSE(engine::deep_stream_pays(plan_of({64, 64, 64, 64}, {3, 2, 1, 0})));
  CHECK(engine::deep_stream_pays(plan_of({320, 320, 320}, {2, 1, 0})));
  CHECK(engine::deep_stream_pays(plan_of({256, 256, 250}, {2, 1, 0})));
  CHECK(engine::deep_stream_pays(plan_of({256, 48, 256}, {2, 1, 0})));
  CHECK(engine::deep_stream_pays(plan_of({256, 256, 320}, {2, 1, 0})));
  CHECK_FALSE(engine::deep_stream_pays(plan_of({256, 256, 256}, {2, 1, 0}, sizeof(double))));
  // The planner, on copies large enough to stream on one thread (32 MB written, past a quarter
  // of any cache copies count): 128×256×256's rows of A are 256 KiB apart, 128×256×250's 250.
  // The arrays are not touched: prepare reads only their addresses.
  const auto job = [](const dims& shape) {
    const strider::copy_plan plan = plan_of(shape, {2, 1, 0});
    static const std::unique_ptr<float[]> src(new float[128 * 256 * 256 + 16]), dst(new float[128 * 256 * 256 + 16]);
    const auto to_line = [](float* p) { return reinterpret_cast<float*>((reinterpret_cast<std::uintptr_t>(p) + 63) / 64 * 64); };
    return engine::prepare(plan, to_line(src.get()), to_line(dst.get()), 1);
  };
  CHECK(job({128, 256, 256}).walk.deep == simd);
  CHECK_FALSE(job({128, 256, 256}).stream);
  CHECK(job({128, 256, 250}).walk.deep == simd);
  CHECK(job({128, 256, 250}).stream == simd);
  {
    force_streaming on;
    CHECK(job({128, 256, 256}).stream == simd);
  }
}

TEST_CASE("copy: full reversals whose items are not whole lines go by ragged seam tiles, streaming where rows align") {
  namespace engine = strider::detail::copy_engine;
  const bool simd = engine::copy_instruction_set() != engine::instruction_set::plain;
  const auto tiles = [&]<class T>(const dynamic_layout& view, T*) {
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(T));
    std::vector<T> src(static_cast<std::size_t>(view.required_span())), dst(src.size());
    return engine::prepare(plan, src.data(), dst.data(), 1).tiles;
  };
  // permute (2,1,0) of 40x48x56: A = 40 and B = 56 floats, neither a whole number of lines, so
  // the seams between items of C fall inside lines (the choice, so that the cases below reach
  // the kernel). Whole lines on both sides keep seam_tiles.
  const auto ragged = strider::permute(contiguous({40, 48, 56}), {2, 1, 0});
  CHECK(tiles(ragged, static_cast<float*>(nullptr)).ragged_seams == simd);
  CHECK_FALSE(tiles(ragged, static_cast<float*>(nullptr)).seams);
  CHECK(tiles(strider::permute(contiguous({48, 40, 32}), {2, 1, 0}), static_cast<float*>(nullptr)).seams == simd);
  CHECK_FALSE(tiles(strider::permute(contiguous({48, 40, 32}), {2, 1, 0}), static_cast<float*>(nullptr)).ragged_seams);
  CHECK(tiles(strider::permute(contiguous({12, 48, 56}), {2, 1, 0}), static_cast<float*>(nullptr)).ragged_seams == simd);
  CHECK(tiles(strider::permute(contiguous({70, 9, 90}), {2, 1, 0}), static_cast<std::uint8_t*>(nullptr)).ragged_seams == simd);
  // The destination contiguous across C and A, and loop C stepping past the deep walk's reach in
  // the source (3360 and 1200 floats), where B or A is shorter than a line: (3,1,0,2) of
  // 5x7x40x12 (B = 12, too long for tuples but AVX2's and AVX-512's unpack_long_tuples) and (2,3,1,0) of
  // 15x6x40x30 (A = 15), ragged seams all the same; with A and B 4 lines or longer (72x6x40x66),
  // strip by strip as before (ragged_seams_below_lines).
  const auto short_b = strider::permute(contiguous({5, 7, 40, 12}), {3, 1, 0, 2});
  const auto far_c = strider::permute(contiguous({15, 6, 40, 30}), {2, 3, 1, 0});
  CHECK(tiles(short_b, static_cast<float*>(nullptr)).ragged_seams == (simd && float_tuples_up_to() < 12));
  CHECK(tiles(far_c, static_cast<float*>(nullptr)).ragged_seams == simd);
  CHECK_FALSE(tiles(strider::permute(contiguous({72, 6, 40, 66}), {2, 3, 1, 0}), static_cast<float*>(nullptr)).ragged_seams);
  CHECK(tiles(strider::permute(contiguous({24, 6, 40, 66}), {2, 3, 1, 0}), static_cast<float*>(nullptr)).ragged_seams == simd);

  // Panels of 16 blocks of A' for floats whose B holds two blocks or more and whose destination
  // rows span more than 256 KiB; of 4 otherwise (walk.hpp's ragged_panel_blocks, measured).
  CHECK(engine::ragged_panel_blocks(sizeof(float), 22960, 210) == 16);  // (2,3,1,0) of 14x15x2296x10
  CHECK(engine::ragged_panel_blocks(sizeof(float), 56, 48 * 40) == 16);  // (2,1,0) of 40x48x56, below
  CHECK(engine::ragged_panel_blocks(sizeof(float), 107, 144) == 4);      // 62 KB of rows
  CHECK(engine::ragged_panel_blocks(sizeof(float), 10, 568635) == 4);    // one block of B
  CHECK(engine::ragged_panel_blocks(sizeof(double), 257, 65280) == 4);   // (2,1,0) of 255x256x257 doubles
  CHECK(engine::ragged_panel_blocks(sizeof(std::int16_t), 22960, 210) == 4);
  // Every start inside a line on both sides, A and B one element past a line or short of one,
  // items shorter than a tile's run of A' (A = 17: a tile spans two seams), every element size.
  for (index_t shift : {0, 3, 8, 13}) {
    INFO("shift " << shift);
    for (const dims& shape : {dims{40, 48, 56}, dims{17, 9, 17}, dims{33, 5, 31}, dims{47, 6, 65}, dims{100, 3, 20}}) {
      const auto src_l = strider::permute(contiguous(shape), {2, 1, 0});
      check_copy_from_line(src_l, contiguous(src_l.shape()), {}, shift, (shift * 7) % 16);
      check_copy_from_line<double>(src_l, contiguous(src_l.shape()), {}, shift % 8, (shift + 3) % 8);
    }
    check_copy_from_line<std::int16_t>(strider::permute(contiguous({70, 9, 33}), {2, 1, 0}), contiguous({33, 9, 70}), {}, shift, 2 * shift);
    check_copy_from_line<std::uint8_t>(strider::permute(contiguous({70, 9, 90}), {2, 1, 0}), contiguous({90, 9, 70}), {}, shift, 3 * shift);
    // A 4-D relative: (3,1,2,0) of 20x3x5x23, loop C the middle pair folded.
    const auto four = strider::permute(contiguous({20, 3, 5, 23}), {3, 1, 2, 0});
    check_copy_from_line(four, contiguous(four.shape()), {}, shift, shift + 1);
    check_copy_from_line(short_b, contiguous(short_b.shape()), {}, shift, shift + 5);
    check_copy_from_line(far_c, contiguous(far_c.shape()), {}, shift, 3);
    check_copy_from_line<std::uint8_t>(far_c, contiguous(far_c.shape()), {}, shift, 2 * shift);
    check_copy_from_line<double>(strider::permute(contiguous({12, 48, 56}), {2, 1, 0}), contiguous({56, 48, 12}), {}, shift % 8, 1);
  }
  // Streaming: the destination's rows B apart are whole lines apart for 40x48x56 (48 * 40 floats)
  // and each run finds its first line boundary; for 33x7x70 (7 * 33 floats) they are not, and
  // the tiles take plain stores.
  force_streaming on;
  const auto job = [&](const dynamic_layout& view, index_t shift) {
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    std::vector<float> src(static_cast<std::size_t>(view.required_span())), dst(src.size() + 16);
    return engine::prepare(plan, src.data(), dst.data() + shift, 1);
  };
  CHECK(job(ragged, 5).stream == simd);
  CHECK_FALSE(job(strider::permute(contiguous({33, 7, 70}), {2, 1, 0}), 0).stream);
  for (index_t shift : {0, 5, 11}) {
    check_copy_from_line(ragged, contiguous(ragged.shape()), {}, shift, shift + 2);
    check_copy_from_line(strider::permute(contiguous({33, 7, 70}), {2, 1, 0}), contiguous({70, 7, 33}), {}, shift, shift);
    check_copy_from_line<std::uint8_t>(strider::permute(contiguous({90, 8, 70}), {2, 1, 0}), contiguous({70, 8, 90}), {}, shift, shift + 1);
  }
  // Threads whose parts cut planes (60 items of C for 2 and 3 threads, fewer than 32 each): the
  // cut planes go strip by strip with plain stores, the whole ones by ragged seam tiles streaming.
  const auto large = strider::permute(contiguous({136, 60, 150}), {2, 1, 0});
  for (unsigned threads : {2u, 3u}) {
    INFO(threads << " threads");
    check_copy_from_line(large, contiguous(large.shape()), {copy_options{threads}}, 0, 0);
    check_copy_from_line(large, contiguous(large.shape()), {copy_options{threads}}, 5, 9);
  }
}

// A prepared job run range by range, [cuts[k], cuts[k + 1]), each into a zeroed `dst` (its
// destination): the elements of `expected` (0 where the copy writes nothing; no copied value is
// 0) not written exactly once, with their value, by the ranges together.
// The destination (`size` elements, zero outside the copy) that copying `view` of src + src_shift
// into a contiguous array at dst + dst_shift writes, by a naive loop over the elements.
template <class T>
std::vector<T> copied_by_naive_loop(const dynamic_layout& view, const std::vector<T>& src, index_t src_shift, std::size_t size, index_t dst_shift) {
  std::vector<T> expected(size, T(0));
  const auto so = offsets(view), dof = offsets(contiguous(view.shape()));
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k] + dst_shift)] = src[static_cast<std::size_t>(so[k] + src_shift)];
  return expected;
}

template <class T>
index_t wrong_at_cuts(const strider::detail::copy_engine::copy_job<strider::detail::copy_engine::copied_as_t<T>>& job, std::vector<T>& dst, const std::vector<T>& expected, const std::vector<index_t>& cuts) {
  std::vector<int> writes(dst.size(), 0);
  std::vector<T> got(dst.size(), T(0));
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    std::fill(dst.begin(), dst.end(), T(0));
    if (cuts[k] < cuts[k + 1]) strider::detail::copy_engine::run_range(job, cuts[k], cuts[k + 1]);
    for (std::size_t i = 0; i < dst.size(); ++i)
      if (dst[i] != T(0)) ++writes[i], got[i] = dst[i];
  }
  index_t wrong = 0;
  for (std::size_t i = 0; i < dst.size(); ++i) wrong += writes[i] != (expected[i] != T(0) ? 1 : 0) || got[i] != expected[i];
  return wrong;
}

TEST_CASE("copy: a walk of A' alone (destination_run_alone_pays) copies every element once at any cut of its positions") {
  namespace engine = strider::detail::copy_engine;
  // Positions strip by strip of A': ranges cut inside strips and inside rows of B go by whole
  // rows and parts of rows. Each job is run range by range at random cuts into a zeroed
  // destination: every element written once, with its value, against a naive loop.
  // A' of 400 and 360 elements (panels of 16 strips), and of 160 (one panel, 6 items).
  std::mt19937 random(5);
  for (const auto& [shape, perm] : {std::pair{dims{2, 5, 4, 10, 33}, dims{4, 3, 1, 0, 2}}, std::pair{dims{3, 3, 2, 60, 13}, dims{1, 4, 3, 2, 0}},
                                    std::pair{dims{16, 5, 6, 2, 19}, dims{2, 4, 0, 3, 1}}}) {
    const auto view = strider::permute(contiguous(shape), perm);
    const auto check = [&]<class T>(T*) {
      for (const auto& [src_shift, dst_shift] : {std::pair<index_t, index_t>{0, 0}, {1, 3}}) {
        INFO(sizeof(T) << "-byte elements, shifts " << src_shift << ", " << dst_shift);
        const strider::copy_plan plan = engine::runs_inside(strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(T)));
        REQUIRE(engine::destination_run_alone_pays(plan));
        std::vector<T> src(static_cast<std::size_t>(plan.size + src_shift)), dst(static_cast<std::size_t>(plan.size + dst_shift));
        for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(i % 113 + 1);
        const auto job = engine::prepare(plan, src.data() + src_shift, dst.data() + dst_shift, 1);
        const std::vector<T> expected = copied_by_naive_loop(view, src, src_shift, dst.size(), dst_shift);
        const index_t total = job.walk.total();
        for (int draw = 0; draw < 5; ++draw) {
          std::vector<index_t> cuts{0, total};
          for (int k = 0; k < 2 * draw; ++k) cuts.push_back(std::uniform_int_distribution<index_t>(0, total)(random));
          std::sort(cuts.begin(), cuts.end());
          INFO(cuts.size() - 1 << " ranges");
          CHECK(wrong_at_cuts(job, dst, expected, cuts) == 0);
        }
      }
    };
    check(static_cast<float*>(nullptr));
    check(static_cast<double*>(nullptr));
    check(static_cast<std::int16_t*>(nullptr));
  }
}

TEST_CASE("copy: a batch of small transposes streams its staged items gathered into runs of up to a page, at any cut of their positions") {
  namespace engine = strider::detail::copy_engine;
  if (engine::copy_instruction_set() == engine::instruction_set::plain) return;  // the plain loops stage nothing
  // permute(0, 2, 1) of a batch of items a x b (destination rows of a, A; source rows of b, B),
  // contiguous on both sides: a staged strips walk, its blocks (one item each, or a line of rows
  // of B and the rest where a thread's range cuts an item) following one another in the
  // destination. Streamed, they are gathered into runs of up to a page (kernels.hpp's
  // staged_run). Each job is run range by range at random cuts (inside items, inside rows of B)
  // into a zeroed destination: every element written once, with its value, against a naive loop.
  std::mt19937 random(11);
  struct batch {
    index_t items, a, b;
    std::size_t size;
  };
  // Items of 792, 720 and 1920 bytes (several to a run), 3960 and 5120 (one); doubles; halves.
  // Rows of B past the last whole line of them: 2, 4, 1, 5 one by one; 8 (of 40), 12 (of 44,
  // with A a line and one), 5 doubles (of 13) by masked loads where the kernels have them.
  for (const auto& [items, a, b, size] : {batch{300, 11, 18, 4}, batch{97, 9, 20, 4}, batch{40, 12, 40, 4}, batch{21, 30, 33, 4}, batch{7, 64, 20, 4}, batch{25, 17, 44, 4},
                                          batch{60, 5, 9, 8}, batch{30, 6, 13, 8}, batch{13, 40, 20, 2}, batch{9, 40, 37, 2}}) {
    INFO(items << " items of " << a << " x " << b << ", " << size << "-byte elements");
    const auto view = strider::permute(contiguous({items, a, b}), {0, 2, 1});
    const auto check = [&]<class T>(T*) {
      for (const auto& [src_shift, dst_shift] : {std::pair<index_t, index_t>{0, 0}, {1, 3}, {5, 0}}) {
        INFO("shifts " << src_shift << ", " << dst_shift);
        const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(T));
        std::vector<T> src(static_cast<std::size_t>(plan.size + src_shift)), dst(static_cast<std::size_t>(plan.size + dst_shift));
        for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(i % 113 + 1);
        const force_streaming on;
        const auto job = engine::prepare(plan, src.data() + src_shift, dst.data() + dst_shift, 1);
        REQUIRE(job.tiles.staged);
        REQUIRE(job.stream);
        const std::vector<T> expected = copied_by_naive_loop(view, src, src_shift, dst.size(), dst_shift);
        const index_t total = job.walk.total();
        for (int draw = 0; draw < 4; ++draw) {
          std::vector<index_t> cuts{0, total};
          for (int k = 0; k < draw; ++k) cuts.push_back(std::uniform_int_distribution<index_t>(0, total)(random));
          std::sort(cuts.begin(), cuts.end());
          INFO(cuts.size() - 1 << " ranges");
          CHECK(wrong_at_cuts(job, dst, expected, cuts) == 0);
        }
      }
    };
    if (size == 8) check(static_cast<double*>(nullptr));
    else if (size == 2) check(static_cast<std::int16_t*>(nullptr));
    else check(static_cast<float*>(nullptr));
  }
  // Items that do not follow one another in the destination (every other item: each block
  // written out alone), nor in the source.
  const force_streaming on;
  const auto spaced = strider::slice(contiguous({600, 18, 11}), "::2");
  check_copy(strider::permute(contiguous({300, 11, 18}), {0, 2, 1}), spaced, {}, 0, 3);
  check_copy(strider::permute(contiguous({300, 11, 18}), {0, 2, 1}), spaced, {}, 0, 0);
  const auto every_other = strider::permute(strider::slice(contiguous({600, 11, 18}), "::2"), {0, 2, 1});
  check_copy(every_other, contiguous(every_other.shape()), {}, 2, 1);
}

TEST_CASE("copy: deep walks shared by rows of B write each element once, at any cut of their positions") {
  namespace engine = strider::detail::copy_engine;
  if (engine::copy_instruction_set() == engine::instruction_set::plain) return;  // the plain loops walk no deep strips
  // The walk numbered row of B by row (engine::deep_by_rows), run range by range into a zeroed
  // destination: every element of the copy must be written by exactly one range, with its value,
  // for the cuts of shares of 2 to 16 members and for cuts at random positions (inside rows of
  // B, inside seam tiles' blocks), in the three deep kernels: line tiles across C, seam tiles
  // (their last block wrapping into the next item, in panels too) and ragged seam tiles.
  std::mt19937 random(7);
  const auto check_into = [&]<class T>(const dynamic_layout& view, const dynamic_layout& dst_l, index_t src_shift, index_t dst_shift, T*) {
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), dst_l.value(), sizeof(T));
    std::vector<T> src(static_cast<std::size_t>(view.required_span() + src_shift)), dst(static_cast<std::size_t>(dst_l.required_span() + dst_shift));
    for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<T>(i % 101 + 1);
    auto job = engine::prepare(plan, src.data() + src_shift, dst.data() + dst_shift, 1);
    REQUIRE(job.walk.deep);
    job.walk = engine::deep_by_rows(job.walk, plan.extent[plan.rank - 3]);
    std::vector<T> expected(dst.size(), T(0));
    const auto so = offsets(view), dof = offsets(dst_l);
    for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k] + dst_shift)] = src[static_cast<std::size_t>(so[k] + src_shift)];
    const auto run_cuts = [&](const std::vector<index_t>& cuts) { return wrong_at_cuts(job, dst, expected, cuts); };
    const index_t total = job.walk.total();
    for (unsigned threads : {2u, 3u, 5u, 16u}) {
      const engine::copy_shares shares = engine::share_copy(job.walk, threads);
      std::vector<index_t> cuts;
      for (index_t k = 0; k <= shares.pieces; ++k) cuts.push_back(shares.boundary(k));
      INFO(threads << " members' pieces");
      CHECK(run_cuts(cuts) == 0);
    }
    for (int draw = 0; draw < 3; ++draw) {
      std::vector<index_t> cuts{0, total};
      for (int k = 0; k < 5; ++k) cuts.push_back(std::uniform_int_distribution<index_t>(0, total)(random));
      std::sort(cuts.begin(), cuts.end());
      INFO("random cuts");
      CHECK(run_cuts(cuts) == 0);
    }
    return job.tiles;
  };
  const auto check_ranges = [&]<class T>(const dynamic_layout& view, index_t src_shift, index_t dst_shift, T* type) {
    return check_into(view, contiguous(view.shape()), src_shift, dst_shift, type);
  };
  SECTION("the rule, on the measured cases") {
    // 14x15x2296x10 (2,3,1,0): 15 planes of 14 x 22960 floats, too few for two members' pieces
    // to hold whole ones, 1435 blocks of a line of rows of B; permute (2,1,0) of 255x256x257: 256
    // planes, enough for two members, and 17 blocks of rows, too few for sixteen.
    const auto job = [](const dynamic_layout& view, unsigned threads) {
      const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
      return engine::prepare(plan, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), threads).walk;
    };
    const auto few_planes = strider::permute(contiguous({14, 15, 2296, 10}), {2, 3, 1, 0});
    const auto cube = strider::permute(contiguous({255, 256, 257}), {2, 1, 0});
    CHECK(job(few_planes, 2).b_major);
    CHECK(job(few_planes, 2).nc == 15);
    CHECK(job(few_planes, 2).outer == 1);
    CHECK(job(few_planes, 2).total() == 14 * 15 * 2296 * 10);
    CHECK_FALSE(job(few_planes, 1).b_major);
    CHECK(job(few_planes, 16).b_major);  // 1435 blocks of rows: enough for 16 members
    CHECK(job(cube, 2).deep);
    CHECK_FALSE(job(cube, 2).b_major);
    CHECK_FALSE(job(cube, 16).b_major);
    // The shares' cuts fall on blocks of a line of rows of B, every row all of C by A.
    const engine::copy_shares shares = engine::share_copy(job(few_planes, 2), 2);
    CHECK(shares.pieces == 2 * 4);  // 1435 blocks, 32 or more per piece, at most 4 pieces each
    for (index_t k = 0; k <= shares.pieces; ++k) CHECK(shares.boundary(k) % (14 * 15 * 16) == 0);
  }
  SECTION("every range of shares and of random cuts, in the three deep kernels") {
    for (index_t shift : {0, 3, 8}) {
      INFO("shift " << shift);
      // Line tiles across C: the destination not contiguous across C and A (its rows padded), or
      // B running backwards.
      const auto padded = strider::slice(contiguous({56, 6, 48}), ":, :, :40");
      const engine::tiles_job across = check_into(strider::permute(contiguous({40, 6, 56}), {2, 1, 0}), padded, shift, shift, static_cast<float*>(nullptr));
      CHECK_FALSE((across.seams || across.ragged_seams));
      check_into(strider::permute(contiguous({33, 7, 70}), {2, 1, 0}), strider::slice(contiguous({70, 7, 40}), ":, :, 3:36"), shift, 1, static_cast<double*>(nullptr));
      check_ranges(strider::permute(strider::flip(contiguous({40, 6, 56}), {2}), {2, 1, 0}), shift, shift, static_cast<float*>(nullptr));
      CHECK(check_ranges(strider::permute(contiguous({32, 6, 5, 48}), {3, 1, 2, 0}), shift, shift, static_cast<float*>(nullptr)).seams);
      // Seam tiles: their blocks start at the source's line boundaries (b_peel), in panels where
      // A of floats holds four panels or more and the destination's rows are a page apart.
      CHECK(check_ranges(strider::permute(contiguous({48, 40, 32}), {2, 1, 0}), shift, (shift * 5) % 16, static_cast<float*>(nullptr)).seams);
      CHECK(check_ranges(strider::permute(contiguous({272, 9, 144}), {2, 1, 0}), shift, 3, static_cast<float*>(nullptr)).panel > 0);
      check_ranges(strider::permute(contiguous({3, 48, 4, 32}), {0, 3, 2, 1}), shift, 7, static_cast<float*>(nullptr));
      check_ranges(strider::permute(contiguous({48, 12, 64}), {2, 1, 0}), shift % 8, 3, static_cast<double*>(nullptr));
      // Ragged seam tiles, the rows of B in blocks of a line from the share's first.
      CHECK(check_ranges(strider::permute(contiguous({14, 15, 229, 10}), {2, 3, 1, 0}), shift, 1, static_cast<float*>(nullptr)).ragged_seams);
      check_ranges(strider::permute(contiguous({47, 6, 65}), {2, 1, 0}), shift, shift + 2, static_cast<float*>(nullptr));
      check_ranges(strider::permute(contiguous({70, 9, 90}), {2, 1, 0}), shift, 2 * shift, static_cast<std::uint8_t*>(nullptr));
      check_ranges(strider::permute(contiguous({70, 9, 40}), {2, 1, 0}), shift, shift + 1, static_cast<std::int16_t*>(nullptr));
    }
  }
}

TEST_CASE("copy: slices with steps, flips, negative strides") {
  const auto c = contiguous({37, 41});
  check_copy(strider::slice(contiguous({1001}), "::2"), contiguous({501}));
  check_copy(strider::slice(contiguous({3, 65}), ":, ::2"), contiguous({3, 33}));
  for (const char* index : {"::2, :", ":, ::2", "1::3, 2:-1:5", "::-1, :", ":, ::-1", "::-2, ::-3", "5:20, 7:8", "::-1, ::-1"}) {
    INFO(index);
    const auto s = strider::slice(c, index);
    check_copy(s, contiguous(s.shape()));
    check_copy(contiguous(s.shape()), s);  // strided destination (negative strides too)
    check_copy(strider::transpose(s, 0, 1), contiguous({s.extent(1), s.extent(0)}));
  }
  check_copy(strider::flip(contiguous({1000})), contiguous({1000}));
  check_copy(strider::flip(contiguous({3, 1000}), {1}), contiguous({3, 1000}));
  check_copy<double>(strider::flip(contiguous({7, 99}), {1}), contiguous({7, 99}));
  check_copy(contiguous({7, 99}), strider::flip(contiguous({7, 99})));
  check_copy(strider::flip(strider::transpose(contiguous({33, 65}), 0, 1), {0}), contiguous({65, 33}));
}

TEST_CASE("copy: broadcast (zero-stride) sources, unfold and diagonal") {
  check_copy(strider::broadcast_to(contiguous({65}), {33, 65}), contiguous({33, 65}));
  check_copy(strider::broadcast_to(contiguous({33, 1}), {33, 65}), contiguous({33, 65}));
  check_copy(strider::broadcast_to(dynamic_layout{}, {4, 5, 6}), contiguous({4, 5, 6}));
  check_copy<double>(strider::broadcast_to(contiguous({1000}), {3, 1000}), contiguous({3, 1000}));
  check_copy(strider::broadcast_to(contiguous({7}), {9, 7}), strider::transpose(contiguous({7, 9}), 0, 1));
  check_copy(strider::unfold(contiguous({100}), 0, 8, 3), contiguous({31, 8}));
  check_copy(strider::unfold(contiguous({10, 50}), 1, 16, 4), contiguous({10, 9, 16}));
  check_copy(strider::diagonal(contiguous({17, 17})), contiguous({17}));
  check_copy(strider::diagonal(contiguous({9, 17}), 3), contiguous({9}));
  check_copy(strider::diagonal(contiguous({9, 17}), -2), contiguous({7}));
  check_copy(contiguous({9}), strider::diagonal(contiguous({9, 17}), 3));  // into a diagonal
}

TEST_CASE("copy: destination strided in its innermost axis") {
  const auto dst = strider::slice(contiguous({20, 66}), ":, ::2");
  check_copy(contiguous({20, 33}), dst);
  check_copy(strider::transpose(contiguous({33, 20}), 0, 1), dst);
  check_copy(strider::slice(contiguous({40, 33}), "::2, :"), dst);
}

// copied_as_t: where the engine has SIMD kernels, trivially copyable types of 1, 2, 4 or 8 bytes
// aligned to their size run as one word type per size (one instantiation of the engine); others,
// and every type where the plain loops copy, as themselves. Copies through the words keep every
// bit (NaN payloads, negative zero).
TEST_CASE("copy: element types of one size and alignment run as one word type (copied_as_t)") {
  namespace engine = strider::detail::copy_engine;
  struct two_floats {
    float x, y;
  };
  struct four_bytes {
    std::uint8_t b[4];
  };
#if defined(STRIDER_COPY_SSE2)
  constexpr bool words = true;
#else
  constexpr bool words = false;
#endif
  CHECK(std::is_same_v<engine::copied_as_t<float>, engine::copied_as_t<std::int32_t>> == words);
  CHECK(std::is_same_v<engine::copied_as_t<float>, engine::copied_as_t<std::uint32_t>> == words);
  CHECK(std::is_same_v<engine::copied_as_t<double>, engine::copied_as_t<std::int64_t>> == words);
  CHECK(std::is_same_v<engine::copied_as_t<std::int16_t>, engine::copied_as_t<std::uint16_t>> == words);
  CHECK(std::is_same_v<engine::copied_as_t<std::uint8_t>, engine::copied_as_t<bool>> == words);
  CHECK(std::is_same_v<engine::copied_as_t<double>, engine::copied_as_t<two_floats>> == false);  // aligned to 4, not 8
  CHECK(std::is_same_v<engine::copied_as_t<two_floats>, two_floats>);
  CHECK(std::is_same_v<engine::copied_as_t<four_bytes>, four_bytes>);  // aligned to 1
  CHECK(std::is_same_v<engine::copied_as_t<std::string>, std::string>);
  if constexpr (words) {
    CHECK(sizeof(engine::copied_as_t<float>) == 4);
    CHECK(std::is_same_v<engine::copied_as_t<engine::copied_as_t<float>>, engine::copied_as_t<float>>);
  }
  // Bits through a transpose, a reversal and an unpack of pairs: quiet and signalling NaNs with
  // payloads, negative zero, denormals, against the bytes of a naive loop.
  const float specials[] = {-0.0f, std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::signaling_NaN(), -1.5f};
  for (const auto& [src_l, dst_l] : {std::pair{strider::transpose(contiguous({37, 29}), 0, 1), contiguous({29, 37})},
                                     std::pair{strider::flip(contiguous({301})), contiguous({301})},
                                     std::pair{strider::transpose(contiguous({500, 2}), 0, 1), contiguous({2, 500})}}) {
    std::vector<float> src(static_cast<std::size_t>(src_l.required_span())), dst(static_cast<std::size_t>(dst_l.required_span()));
    for (std::size_t i = 0; i < src.size(); ++i) {
      src[i] = specials[i % 5];
      if (i % 5 >= 2 && i % 5 <= 3) {  // a payload in the NaN's low bits
        std::uint32_t bits = 0;
        std::memcpy(&bits, &src[i], 4);
        bits |= static_cast<std::uint32_t>(i % 1000 + 1);
        std::memcpy(&src[i], &bits, 4);
      }
    }
    copy_strided(static_cast<const float*>(src.data()), src_l, dst.data(), dst_l);
    const auto so = offsets(src_l), dof = offsets(dst_l);
    index_t wrong = 0;
    for (std::size_t k = 0; k < so.size(); ++k) wrong += std::memcmp(&dst[static_cast<std::size_t>(dof[k])], &src[static_cast<std::size_t>(so[k])], 4) != 0;
    CHECK(wrong == 0);
  }
}

TEST_CASE("copy: element types without SIMD kernels") {
  check_copy<std::string>(strider::transpose(contiguous({17, 33}), 0, 1), contiguous({33, 17}));
  check_copy<std::string>(strider::broadcast_to(contiguous({5}), {3, 5}), contiguous({3, 5}));
  check_copy<std::string>(strider::flip(contiguous({9})), contiguous({9}));
  check_copy<std::uint8_t>(strider::transpose(contiguous({70, 130}), 0, 1), contiguous({130, 70}));
  struct rgb {
    float r, g, b;
    bool operator==(const rgb&) const = default;
  };
  std::vector<rgb> src(12), dst(12);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = {float(i), float(i) + 0.5f, -float(i)};
  copy_strided(src.data(), strider::transpose(contiguous({3, 4}), 0, 1), dst.data(), contiguous({4, 3}));
  for (index_t i = 0; i < 4; ++i)
    for (index_t j = 0; j < 3; ++j) CHECK(dst[std::size_t(i * 3 + j)] == src[std::size_t(j * 4 + i)]);
}

TEST_CASE("copy: streaming stores (threshold lowered)") {
  force_streaming on;
  for (index_t shift : {0, 1, 3}) {
    INFO("shift " << shift);
    check_copy(strider::transpose(contiguous({129, 64}), 0, 1), contiguous({64, 129}), {}, 0, shift);
    check_copy(strider::transpose(contiguous({48, 160}), 0, 1), contiguous({160, 48}), {}, shift, shift);
    check_copy<double>(strider::transpose(contiguous({40, 72}), 0, 1), contiguous({72, 40}), {}, 0, shift);
    check_copy(strider::transpose(strider::flip(contiguous({48, 100}), {1}), 0, 1), contiguous({100, 48}), {}, 0, shift);
    check_copy<std::int16_t>(strider::transpose(contiguous({64, 96}), 0, 1), contiguous({96, 64}), {}, 0, shift);
    check_copy<std::uint8_t>(strider::transpose(contiguous({130, 192}), 0, 1), contiguous({192, 130}), {}, 0, shift);
    check_copy(contiguous({3, 1001}), contiguous({3, 1001}), {}, 1, shift);
    check_copy(strider::slice(contiguous({4, 1002}), ":, ::2"), contiguous({4, 501}), {}, 0, shift);
    check_copy(strider::slice(contiguous({4, 1503}), ":, ::3"), contiguous({4, 501}), {}, 0, shift);
    check_copy(strider::slice(contiguous({3, 1001}), ":, ::2"), contiguous({3, 501}), {}, 0, shift);  // ends at the buffer's end
    check_copy<double>(strider::slice(contiguous({3, 199}), ":, ::2"), contiguous({3, 100}), {}, 0, shift);
    check_copy(strider::flip(contiguous({4, 999}), {1}), contiguous({4, 999}), {}, 0, shift);
    check_copy(strider::broadcast_to(contiguous({999}), {4, 999}), contiguous({4, 999}), {}, 0, shift);
    check_copy<double>(strider::flip(contiguous({4, 99}), {1}), contiguous({4, 99}), {}, 0, shift);
    check_copy<double>(strider::slice(contiguous({4, 198}), ":, ::2"), contiguous({4, 99}), {}, 0, shift);
    check_copy<double>(strider::broadcast_to(contiguous({99}), {4, 99}), contiguous({4, 99}), {}, 0, shift);
  }
}

TEST_CASE("copy: overlapping source and destination go through a temporary") {
  const auto line = contiguous({100});
  check_in_place(strider::slice(line, "1:"), strider::slice(line, ":-1"));  // shift left by one
  check_in_place(strider::slice(line, ":-1"), strider::slice(line, "1:"));  // shift right by one
  check_in_place(strider::flip(line), line);                                // reverse in place
  check_in_place(line, line);                                               // onto itself
  const auto square = contiguous({65, 65});
  check_in_place(strider::transpose(square, 0, 1), square);  // in-place transpose
  check_in_place<double>(strider::transpose(square, 0, 1), square);
  check_in_place<std::string>(strider::transpose(contiguous({9, 9}), 0, 1), contiguous({9, 9}));
  check_in_place(strider::slice(square, "::2, ::2"), strider::slice(square, "1:34, 1:34"));
  // Disjoint interleaved layouts in one buffer need no temporary and stay correct.
  check_in_place(strider::slice(contiguous({20, 30}), ":, ::2"), strider::slice(contiguous({20, 30}), ":, 1::2"));
}

namespace {
// An element that counts its copy constructions: the temporary of an overlapping copy is built
// by copy construction, the copy itself assigns.
struct counted {
  static inline int constructions = 0;
  int value = 0;
  counted() = default;
  explicit counted(int v) : value(v) {}
  counted(const counted& other) : value(other.value) { ++constructions; }
  counted& operator=(const counted&) = default;
};
}  // namespace

TEST_CASE("copy: interleaved layouts of one buffer are copied in place, without a temporary") {
  // a[:, ::2] into a[:, 1::2], a[:, 0] into a[:, 1]: their storage ranges overlap, their elements
  // never do (the offsets differ modulo every stride's common divisor), so the engine copies
  // directly (no copy construction), with the result of a copy through a snapshot.
  const dynamic_layout a = contiguous({20, 30});
  std::vector<counted> buffer;
  for (int i = 0; i < 600; ++i) buffer.emplace_back(i);
  counted::constructions = 0;
  copy_strided(static_cast<const counted*>(buffer.data()), strider::slice(a, ":, ::2"), buffer.data(), strider::slice(a, ":, 1::2"));
  CHECK(counted::constructions == 0);
  for (int r = 0; r < 20; ++r)
    for (int c = 1; c < 30; c += 2) CHECK(buffer[static_cast<std::size_t>(r * 30 + c)].value == r * 30 + c - 1);
  counted::constructions = 0;
  copy_strided(static_cast<const counted*>(buffer.data()), strider::slice(a, ":, 0"), buffer.data(), strider::slice(a, ":, 1"));
  CHECK(counted::constructions == 0);
  // Overlapping elements still go through the temporary: a shift by one.
  const dynamic_layout line = contiguous({100});
  std::vector<counted> shifted;
  for (int i = 0; i < 100; ++i) shifted.emplace_back(i);
  counted::constructions = 0;
  copy_strided(static_cast<const counted*>(shifted.data()), strider::slice(line, ":-1"), shifted.data(), strider::slice(line, "1:"));
  CHECK(counted::constructions == 99);
  for (int i = 1; i < 100; ++i) CHECK(shifted[static_cast<std::size_t>(i)].value == i - 1);
  // Two threads over interleaved columns of a large buffer, and the same as floats.
  check_in_place(strider::slice(contiguous({1000, 1202}), ":, ::2"), strider::slice(contiguous({1000, 1202}), ":, 1::2"), copy_options{2});
  check_in_place<double>(strider::select(contiguous({3000, 2}), 1, 0), strider::select(contiguous({3000, 2}), 1, 1), copy_options{2});
}

TEST_CASE("copy: threads share a copy that fits in the cache one part each, and claim pieces of a larger one") {
  namespace engine = strider::detail::copy_engine;
  // The rule (machine.hpp's fits_in_cache): source and destination fit together, the written
  // bytes at most half the cache as copies count it (the last-level cache, at most 32 MiB).
  const std::size_t cache = std::min(engine::last_level_cache_bytes(), std::size_t{32} << 20);
  CHECK(engine::copy_cache_bytes() == cache);
  CHECK(engine::fits_in_cache(cache / 2));
  CHECK_FALSE(engine::fits_in_cache(cache / 2 + 1));
  // Both ways of sharing, on two threads, against the naive loop: a transpose and a contiguous
  // copy that write just over half the cache (pieces claimed), and ones that write 4 MiB (one
  // part each).
  const index_t large = static_cast<index_t>(cache / 2 / sizeof(float)) / 1024 + 1;
  REQUIRE_FALSE(engine::fits_in_cache(static_cast<std::size_t>(large * 1024) * sizeof(float)));
  const copy_options two{2};
  check_copy(strider::transpose(contiguous({1024, large}), 0, 1), contiguous({large, 1024}), two);
  check_copy(contiguous({large, 1024}), contiguous({large, 1024}), two);
  REQUIRE(engine::fits_in_cache(std::size_t{4} << 20));
  check_copy(strider::transpose(contiguous({1024, 1024}), 0, 1), contiguous({1024, 1024}), two);
  check_copy(contiguous({1024, 1024}), contiguous({1024, 1024}), two);
}

TEST_CASE("copy: random layouts against the reference") {
  std::mt19937_64 rng(12345);
  auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  // A random view of a random contiguous array: permuted, sliced with steps, flipped.
  auto random_view = [&](const dims& shape) {
    dims base_shape;
    std::string index;
    for (std::size_t d = 0; d < shape.size(); ++d) {
      const index_t step = pick(1, 3) * (pick(0, 3) == 0 ? -1 : 1);
      const index_t start = pick(0, 2);
      base_shape.push_back(shape[d] * (step < 0 ? -step : step) + start + pick(0, 2));
      if (d > 0) index += ",";
      if (step > 0) index += std::to_string(start) + ":" + std::to_string(start + shape[d] * step) + ":" + std::to_string(step);
      else index += std::to_string(-start - 1) + ":" + std::to_string(-start - 1 + shape[d] * step) + ":" + std::to_string(step);
    }
    dims perm;
    for (std::size_t d = 0; d < shape.size(); ++d) perm.push_back(static_cast<index_t>(d));
    std::shuffle(perm.begin(), perm.end(), rng);
    dims inverse = perm;
    for (std::size_t d = 0; d < shape.size(); ++d) inverse[static_cast<std::size_t>(perm[d])] = static_cast<index_t>(d);
    // Slice a base whose axes are permuted so that the result's axes are those of `shape`.
    dims permuted_base;
    for (std::size_t d = 0; d < shape.size(); ++d) permuted_base.push_back(base_shape[static_cast<std::size_t>(perm[d])]);
    const auto base = strider::permute(contiguous(permuted_base), inverse);
    auto v = strider::slice(base, index);
    REQUIRE(v.shape() == shape);
    return v;
  };
  for (int iteration = 0; iteration < 300; ++iteration) {
    dims shape;
    const auto rank = static_cast<std::size_t>(pick(1, 4));
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(pick(1, rank <= 2 ? 70 : 12));
    const auto src = random_view(shape);
    const auto dst = pick(0, 1) == 0 ? contiguous(shape) : random_view(shape);
    INFO("iteration " << iteration);
    check_copy(src, dst);
    if (iteration % 10 == 0) check_copy<double>(src, dst);
  }
}

TEST_CASE("copy: static layouts use a compile-time plan") {
  using namespace strider;
  using src_t = transpose_t<strider::contiguous<33, 17>, 0, 1>;
  using dst_t = strider::contiguous<17, 33>;
  constexpr copy_plan plan = make_copy_plan(src_t::value, dst_t::value, sizeof(float));
  STATIC_REQUIRE(plan.blocked);
  STATIC_REQUIRE(plan.rank == 2);
  STATIC_REQUIRE(make_copy_plan(strider::contiguous<4, 5, 6>::value, strider::contiguous<4, 5, 6>::value, 4).rank == 1);
  STATIC_REQUIRE(make_copy_plan(flip_t<strider::contiguous<4, 5>>::value, strider::contiguous<4, 5>::value, 4).src_stride[0] == -1);
  std::vector<float> src(33 * 17), dst(33 * 17, -1.0f);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = float(i);
  copy_strided(src.data(), src_t{}, dst.data(), dst_t{});
  for (index_t i = 0; i < 17; ++i)
    for (index_t j = 0; j < 33; ++j) CHECK(dst[std::size_t(i * 33 + j)] == src[std::size_t(j * 17 + i)]);
  // The static and dynamic overloads agree.
  std::vector<float> again(dst.size(), -1.0f);
  copy_strided(src.data(), src_t::dynamic(), again.data(), dst_t::dynamic());
  CHECK(again == dst);
  using sliced_t = slice_t<strider::contiguous<9, 10>, "::-2, 1::3">;
  std::vector<float> small(15, -1.0f);
  copy_strided(src.data(), sliced_t{}, small.data(), strider::contiguous<5, 3>{});
  for (index_t i = 0; i < 5; ++i)
    for (index_t j = 0; j < 3; ++j) CHECK(small[std::size_t(i * 3 + j)] == src[std::size_t((8 - 2 * i) * 10 + 1 + 3 * j)]);
}

TEST_CASE("copy: errors") {
  std::vector<float> a(100), b(100);
  CHECK(message_of([&] { copy_strided(a.data(), contiguous({3, 4}), b.data(), contiguous({4, 3})); }) ==
        "copy: shapes (3, 4) and (4, 3) differ (broadcast the source to the destination's shape first)");
  CHECK(message_of([&] { copy_strided(a.data(), contiguous({12}), b.data(), contiguous({3, 4})); }).starts_with("copy: shapes (12,) and (3, 4) differ"));
  CHECK(message_of([&] { copy_strided(a.data(), contiguous({4}), b.data(), strider::broadcast_to(contiguous({1}), {4})); })
            .starts_with("copy: destination layout is not unique"));
  CHECK(message_of([&] { copy_strided(a.data(), contiguous({3, 3}), b.data(), dynamic_layout({3, 3}, {1, 1})); })
            .starts_with("copy: destination layout is not unique"));
  // A non-unique source is fine (it is read only).
  check_copy(dynamic_layout({3, 3}, {1, 1}), contiguous({3, 3}));
}

TEST_CASE("copy: stride-3 gathers and de-interleaves of triples (packed RGB), every tail length") {
  for (const index_t n : {1, 2, 3, 5, 8, 9, 16, 17, 23, 24, 25, 31, 33, 100, 4097}) {
    INFO("n " << n);
    // a[..., ::3]: every third element of each row (the row kernel of stride 3).
    const auto rows = strider::slice(contiguous({3, 3 * n + 2}), ":, ::3");
    check_copy(rows, contiguous(rows.shape()));
    check_copy<double>(rows, contiguous(rows.shape()));
    check_copy<std::int32_t>(rows, contiguous(rows.shape()));
    check_copy<std::int16_t>(rows, contiguous(rows.shape()));  // no SIMD kernel: the scalar loop
    check_copy(strider::slice(contiguous({3 * n}), "1::3"), contiguous({n}), {}, 5, 3);
    // An n x 3 matrix transposed: three destination rows from packed triples, with a batch axis,
    // and a destination whose rows lie apart (a crop of a wider array).
    const auto triples = strider::transpose(contiguous({n, 3}), 0, 1);
    check_copy(triples, contiguous({3, n}));
    check_copy<double>(triples, contiguous({3, n}), {}, 1, 2);
    check_copy<std::int16_t>(triples, contiguous({3, n}));
    check_copy(strider::permute(contiguous({2, n, 3}), {0, 2, 1}), contiguous({2, 3, n}));
    check_copy(triples, strider::slice(contiguous({3, n + 5}), ":, 2:-3"));
    check_copy<std::string>(triples, contiguous({3, n}));
  }
  // Large enough for two threads, with plain stores (below two threads' streaming threshold on
  // a 32 MiB L3) and with streaming stores.
  check_copy(strider::transpose(contiguous({1 << 20, 3}), 0, 1), contiguous({3, 1 << 20}), {2});
  check_copy(strider::slice(contiguous({256, 3, 4096}), "..., ::3"), contiguous({256, 3, 1366}), {2});
  {
    const force_streaming streaming;
    check_copy(strider::transpose(contiguous({1 << 20, 3}), 0, 1), contiguous({3, 1 << 20}), {2});
    check_copy(strider::slice(contiguous({5, 3 * 77}), ":, 2::3"), contiguous({5, 77}));
    check_copy<double>(strider::slice(contiguous({5, 3 * 77}), ":, ::3"), contiguous({5, 77}), {}, 0, 3);
  }
}

TEST_CASE("copy: pairs, triples and quads unpacked into rows and packed from them (n x k transposes), every tail length") {
  namespace engine = strider::detail::copy_engine;
  // The choice: the short loop adjacent on one side, its tuples whole (no gap between them).
  const auto shape_of = [](const dynamic_layout& from, const dynamic_layout& to) {
    return engine::tuples_of(strider::make_copy_plan(from.value(), to.value(), sizeof(float)));
  };
  for (const index_t k : {2, 3, 4}) {
    INFO("k " << k);
    const auto unpacked = shape_of(strider::transpose(contiguous({100, k}), 0, 1), contiguous({k, 100}));
    CHECK((unpacked.kind == engine::tuples_kind::unpack && unpacked.k == k));
    const auto packed = shape_of(strider::transpose(contiguous({k, 100}), 0, 1), contiguous({100, k}));
    CHECK((packed.kind == engine::tuples_kind::pack && packed.k == k));
  }
  CHECK(shape_of(strider::transpose(contiguous({100, 5}), 0, 1), contiguous({5, 100})).kind == engine::tuples_kind::none);
  CHECK(shape_of(strider::transpose(strider::slice(contiguous({100, 4}), ":, :3"), 0, 1), contiguous({3, 100})).kind == engine::tuples_kind::none);

  for (const index_t k : {2, 3, 4})
    for (const index_t n : {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 1001}) {
      INFO("k " << k << ", n " << n);
      // n x k tuples into k rows: complex pairs split, packed RGB and RGBA into planes.
      const auto tuples = strider::transpose(contiguous({n, k}), 0, 1);
      check_copy(tuples, contiguous({k, n}));
      check_copy(tuples, contiguous({k, n}), {}, 1, 3);
      check_copy<double>(tuples, contiguous({k, n}), {}, 0, 1);
      check_copy<std::int16_t>(tuples, contiguous({k, n}));
      check_copy<std::uint8_t>(tuples, contiguous({k, n}), {}, 1, 0);
      check_copy(strider::permute(contiguous({2, n, k}), {0, 2, 1}), contiguous({2, k, n}));  // a batch
      check_copy(tuples, strider::slice(contiguous({k, n + 5}), ":, 2:-3"));                     // rows apart
      check_copy<std::string>(tuples, contiguous({k, n}));
      // k rows into n x k tuples: planes into pixels (CHW to HWC).
      const auto rows = strider::transpose(contiguous({k, n}), 0, 1);
      check_copy(rows, contiguous({n, k}));
      check_copy(rows, contiguous({n, k}), {}, 3, 1);
      check_copy<double>(rows, contiguous({n, k}), {}, 1, 0);
      check_copy<std::int16_t>(rows, contiguous({n, k}), {}, 0, 1);
      check_copy<std::uint8_t>(rows, contiguous({n, k}));
      check_copy(strider::permute(contiguous({2, k, n}), {0, 2, 1}), contiguous({2, n, k}));
      check_copy(strider::transpose(strider::slice(contiguous({k, n + 5}), ":, 2:-3"), 0, 1), contiguous({n, k}));  // rows apart
      check_copy(strider::transpose(strider::flip(contiguous({k, n}), {0}), 0, 1), contiguous({n, k}));             // rows in reverse (BGR to RGB)
      check_copy<std::string>(rows, contiguous({n, k}));
    }
  // Images: NCHW to NHWC with 3 channels, and back.
  check_copy(strider::permute(contiguous({2, 3, 37, 29}), {0, 2, 3, 1}), contiguous({2, 37, 29, 3}));
  check_copy(strider::permute(contiguous({2, 37, 29, 3}), {0, 3, 1, 2}), contiguous({2, 3, 37, 29}));
  check_copy<std::uint8_t>(strider::permute(contiguous({2, 4, 37, 29}), {0, 2, 3, 1}), contiguous({2, 37, 29, 4}));
  // Streaming stores at every start inside a line (pairs of floats from an odd place reach no line
  // boundary: plain stores), and on two threads.
  const force_streaming streaming;
  for (const index_t k : {2, 3, 4})
    for (index_t shift = 0; shift < 16; shift += 3) {
      INFO("streamed, k " << k << ", shift " << shift);
      check_copy(strider::transpose(contiguous({333, k}), 0, 1), contiguous({k, 333}), {}, shift, shift);
      check_copy(strider::transpose(contiguous({k, 333}), 0, 1), contiguous({333, k}), {}, shift, shift);
      check_copy<double>(strider::transpose(contiguous({333, k}), 0, 1), contiguous({k, 333}), {}, shift, shift);
      check_copy<double>(strider::transpose(contiguous({k, 333}), 0, 1), contiguous({333, k}), {}, shift, shift);
    }
  check_copy(strider::transpose(contiguous({1 << 19, 4}), 0, 1), contiguous({4, 1 << 19}), {2});
  check_copy(strider::transpose(contiguous({2, 1 << 19}), 0, 1), contiguous({1 << 19, 2}), {2});
}

TEST_CASE("copy: tuples of 5 to 8 floats unpacked and packed in registers where AVX2 or AVX-512 moves them, every tail length") {
  namespace engine = strider::detail::copy_engine;
  const auto plan_of = [](const dynamic_layout& from, const dynamic_layout& to) { return strider::make_copy_plan(from.value(), to.value(), sizeof(float)); };
  // With tuples up to 8, the short loop of 5 to 8 is taken as tuples both ways, 9 is not.
  for (const index_t k : {5, 6, 7, 8}) {
    const auto unpacked = engine::tuples_of(plan_of(strider::transpose(contiguous({100, k}), 0, 1), contiguous({k, 100})), 8);
    CHECK((unpacked.kind == engine::tuples_kind::unpack && unpacked.k == k));
    const auto packed = engine::tuples_of(plan_of(strider::transpose(contiguous({k, 100}), 0, 1), contiguous({100, k})), 8);
    CHECK((packed.kind == engine::tuples_kind::pack && packed.k == k));
  }
  CHECK(engine::tuples_of(plan_of(strider::transpose(contiguous({100, 9}), 0, 1), contiguous({9, 100})), 8).kind == engine::tuples_kind::none);
  // The engine takes them so exactly where its kernels are AVX2's or AVX-512's.
  {
    const strider::copy_plan plan = plan_of(strider::transpose(contiguous({100, 6}), 0, 1), contiguous({6, 100}));
    alignas(64) static float base[1200];
    const auto job = engine::prepare<float>(plan, base, base + 600, 1);
    const bool wide = engine::copy_instruction_set() == engine::instruction_set::avx2 || engine::copy_instruction_set() == engine::instruction_set::avx512;
    CHECK((job.walk.kind == engine::walk_kind::tuples) == wide);
  }
  for (const index_t k : {5, 6, 7, 8})
    for (const index_t n : {1, 2, 15, 16, 17, 31, 32, 33, 100, 1001}) {
      INFO("k " << k << ", n " << n);
      const auto tuples = strider::transpose(contiguous({n, k}), 0, 1);
      check_copy(tuples, contiguous({k, n}));
      check_copy(tuples, contiguous({k, n}), {}, 1, 3);
      check_copy(strider::permute(contiguous({2, n, k}), {0, 2, 1}), contiguous({2, k, n}));
      check_copy(tuples, strider::slice(contiguous({k, n + 5}), ":, 2:-3"));
      check_copy<double>(tuples, contiguous({k, n}), {}, 0, 1);
      const auto rows = strider::transpose(contiguous({k, n}), 0, 1);
      check_copy(rows, contiguous({n, k}));
      check_copy(rows, contiguous({n, k}), {}, 3, 1);
      check_copy(strider::permute(contiguous({2, k, n}), {0, 2, 1}), contiguous({2, n, k}));
      check_copy(strider::transpose(strider::slice(contiguous({k, n + 5}), ":, 2:-3"), 0, 1), contiguous({n, k}));
      check_copy(strider::transpose(strider::flip(contiguous({k, n}), {0}), 0, 1), contiguous({n, k}));
      check_copy<double>(rows, contiguous({n, k}), {}, 1, 0);
    }
  const force_streaming streaming;
  for (const index_t k : {5, 6, 7, 8})
    for (index_t shift = 0; shift < 16; shift += 5) {
      INFO("streamed, k " << k << ", shift " << shift);
      check_copy(strider::transpose(contiguous({333, k}), 0, 1), contiguous({k, 333}), {}, shift, shift);
      check_copy(strider::transpose(contiguous({k, 333}), 0, 1), contiguous({333, k}), {}, shift, shift);
    }
}

TEST_CASE("copy: streamed tuples into rows not aligned alike go through a buffer (unpack_tuples_staged), every start and length") {
  // Rows a pitch of no whole number of lines apart: each row streams the lines a block of tuples
  // completes, and its first and last partial lines are written plainly. Lengths around one and
  // two blocks (8 lines of the element), starts at every few places inside a line, pieces of a
  // run cut at any tuple (threads), and the element sizes with their own line lengths.
  const force_streaming streaming;
  for (const index_t k : {2, 3, 4, 5, 8})
    for (const index_t n : {15, 127, 128, 129, 143, 257, 300, 1001})
      for (index_t shift = 0; shift < 16; shift += 7) {
        INFO("k " << k << ", n " << n << ", shift " << shift);
        const auto tuples = strider::transpose(contiguous({n, k}), 0, 1);
        check_copy_from_line<float>(tuples, contiguous({k, n}), {}, shift, shift);
        check_copy_from_line<float>(strider::permute(contiguous({3, n, k}), {0, 2, 1}), contiguous({3, k, n}), {}, shift, 16 - shift);
        check_copy_from_line<float>(tuples, strider::slice(contiguous({k, n + 5}), ":, 2:-3"), {}, 0, shift);
        if (k <= 4) {
          check_copy_from_line<double>(tuples, contiguous({k, n}), {}, shift % 8, shift % 8);
          check_copy_from_line<std::int16_t>(tuples, contiguous({k, n}), {}, shift, shift);
        }
      }
  // Two threads (4.6 MB read and written): pieces start and end anywhere in a run.
  check_copy(strider::permute(contiguous({24, 3001, 8}), {0, 2, 1}), contiguous({24, 8, 3001}), {2});
  check_copy(strider::permute(contiguous({40, 2999, 5}), {0, 2, 1}), contiguous({40, 5, 2999}), {2}, 1, 3);
}

TEST_CASE("copy: tuples of 9 to 16 floats unpacked in registers where AVX2 or AVX-512 moves them (unpack_long_tuples), packed by the tiles") {
  namespace engine = strider::detail::copy_engine;
  const auto plan_of = [](const dynamic_layout& from, const dynamic_layout& to) { return strider::make_copy_plan(from.value(), to.value(), sizeof(float)); };
  // Unpacking takes tuples up to 16 where the kernels say so; packing stops at 8.
  for (const index_t k : {9, 12, 16}) {
    const auto unpacked = engine::tuples_of(plan_of(strider::transpose(contiguous({100, k}), 0, 1), contiguous({k, 100})), 16);
    CHECK((unpacked.kind == engine::tuples_kind::unpack && unpacked.k == k));
    CHECK(engine::tuples_of(plan_of(strider::transpose(contiguous({k, 100}), 0, 1), contiguous({100, k})), 16).kind == engine::tuples_kind::none);
  }
  CHECK(engine::tuples_of(plan_of(strider::transpose(contiguous({100, 17}), 0, 1), contiguous({17, 100})), 16).kind == engine::tuples_kind::none);
  {
    const strider::copy_plan plan = plan_of(strider::transpose(contiguous({100, 10}), 0, 1), contiguous({10, 100}));
    alignas(64) static float base[2000];
    const auto job = engine::prepare<float>(plan, base, base + 1000, 1);
    CHECK((job.walk.kind == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10));
    // Runs of 32 and 48 tuples into rows 128 and 192 bytes apart (whole lines), streamed: on
    // AVX2, whose long tuples' line is two registers, the tiles (measured faster); in the cache,
    // runs of 16 (one line) or 80 (5 lines), and on AVX-512, tuples.
    const bool avx2 = engine::copy_instruction_set() == engine::instruction_set::avx2;
    const auto walk_of = [&](index_t n, bool streamed) {
      const strider::copy_plan p = plan_of(strider::permute(contiguous({4, 5, n, 10}), {1, 0, 3, 2}), contiguous({5, 4, 10, n}));
      CHECK(engine::with_kernels([&]<class K>() { return engine::tuples_up_to_for<K, float>(p, 1); }) == (avx2 && streamed && n >= 32 && n < 64 ? 8 : float_tuples_up_to()));
      return engine::prepare<float>(p, base, base + 1000, 1).walk.kind;
    };
    CHECK((walk_of(32, false) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10));
    CHECK((walk_of(80, false) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10));
    const force_streaming forced;
    CHECK((walk_of(32, true) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10 && !avx2));
    CHECK((walk_of(48, true) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10 && !avx2));
    CHECK((walk_of(16, true) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10));
    CHECK((walk_of(80, true) == engine::walk_kind::tuples) == (float_tuples_up_to() >= 10));
  }
  // Every tail length (a block is 16 tuples, 8 on AVX2), starts inside a line, rows apart, a batch, pieces
  // cut anywhere (two threads), streamed with rows aligned alike (n a multiple of 16) and not.
  // (Each k is its own kernel, unpack_long_tuples_of; a run's last m tuples go one by one up to
  // m = 3, as a masked block from m = 4: n = 11, 12, 19, 20 on AVX2, 19, 20 on AVX-512.)
  for (const index_t k : {9, 10, 11, 12, 13, 14, 15, 16})
    for (const index_t n : {1, 2, 7, 8, 9, 11, 12, 15, 16, 17, 19, 20, 24, 25, 31, 33, 48, 100, 1001}) {
      INFO("k " << k << ", n " << n);
      const auto tuples = strider::transpose(contiguous({n, k}), 0, 1);
      check_copy(tuples, contiguous({k, n}));
      check_copy_from_line<float>(tuples, contiguous({k, n}), {}, 3, 5);
      check_copy(strider::permute(contiguous({3, n, k}), {0, 2, 1}), contiguous({3, k, n}));
      check_copy(tuples, strider::slice(contiguous({k, n + 5}), ":, 2:-3"));
      check_copy<std::int32_t>(tuples, contiguous({k, n}), {}, 1, 0);
      check_copy(strider::transpose(contiguous({k, n}), 0, 1), contiguous({n, k}));  // packed by the tiles
      check_copy(strider::permute(contiguous({2, n, 37, k}), {1, 3, 0, 2}), contiguous({n, k, 2, 37}));  // runs of 37 between items
    }
  const force_streaming streaming;
  {
    // The job says what the kernel does: long tuples stream only into rows a whole number of
    // lines apart (320 floats) or through a block (unpack_in_blocks: 333 x 12 floats fit one,
    // 401 x 12 do not), tuples of up to 8 into others too (through the buffer).
    alignas(64) static float base[2 * 16 * 333];
    const auto streams = [&](index_t n, index_t k) {
      const strider::copy_plan plan = plan_of(strider::transpose(contiguous({n, k}), 0, 1), contiguous({k, n}));
      const auto job = engine::prepare<float>(plan, base, base + 16 * 333, 1);
      return job.walk.kind == engine::walk_kind::tuples && job.stream;
    };
    const bool in_registers = float_tuples_up_to() >= 12;
    CHECK(streams(320, 12) == in_registers);
    CHECK(streams(333, 12) == in_registers);
    CHECK_FALSE(streams(401, 12));
    CHECK(streams(333, 8) == in_registers);
    CHECK(streams(320, 8) == in_registers);
    // Rows 320 floats apart are whole lines apart (20 lines), 333 and 401 not.
    CHECK(engine::tuples_rows_aligned_alike(plan_of(strider::transpose(contiguous({320, 12}), 0, 1), contiguous({12, 320}))));
    CHECK_FALSE(engine::tuples_rows_aligned_alike(plan_of(strider::transpose(contiguous({333, 12}), 0, 1), contiguous({12, 333}))));
    CHECK_FALSE(engine::tuples_rows_aligned_alike(plan_of(strider::transpose(contiguous({401, 8}), 0, 1), contiguous({8, 401}))));
  }
  for (const index_t k : {9, 12, 16})
    for (index_t shift = 0; shift < 16; shift += 5) {
      INFO("streamed, k " << k << ", shift " << shift);
      check_copy_from_line<float>(strider::transpose(contiguous({320, k}), 0, 1), contiguous({k, 320}), {}, shift, shift);
      check_copy_from_line<float>(strider::transpose(contiguous({333, k}), 0, 1), contiguous({k, 333}), {}, shift, shift);
    }
  check_copy(strider::permute(contiguous({40, 1504, 12}), {0, 2, 1}), contiguous({40, 12, 1504}), {2});
  check_copy(strider::permute(contiguous({2, 300, 148, 10}), {1, 3, 0, 2}), contiguous({300, 10, 2, 148}), {2}, 1, 2);
}

TEST_CASE("copy: an unpack's tuples before the rows' first line boundary go by a block at tuple 0, every start and run length") {
  namespace engine = strider::detail::copy_engine;
  // Runs of n tuples of k into k rows of n, the rows starting at every few places inside a line:
  // with 16 lanes (AVX-512) a run of 16 to 31 tuples from inside a line has no whole aligned
  // block after its head (its blocks start at tuple 0, stored plainly), and a longer one has (the
  // wide kernels store one block at tuple 0 over the head, which the first aligned block
  // overlaps). Against the naive loop; streamed (forced) where rows are whole lines apart too.
  const index_t up_to = float_tuples_up_to();
  const auto check_runs = [up_to](index_t n, index_t k, index_t shift, unsigned threads) {
    namespace engine = strider::detail::copy_engine;
    INFO("n " << n << ", k " << k << ", shift " << shift << ", threads " << threads);
    const dynamic_layout runs = strider::permute(contiguous({5, n, k}), {0, 2, 1});
    // AVX2 (a line two registers) leaves streamed runs of 2 or 3 lines of tuples longer than 8,
    // into rows a whole number of lines apart, to the tiles (copy_engine.hpp's tuples_up_to_for).
    const bool streamed = engine::stream_mode() == engine::streaming::always;
    const bool to_tiles = engine::copy_instruction_set() == engine::instruction_set::avx2 && streamed && k > 8 && n % 16 == 0 && n >= 32 && n < 64;
    if (k <= up_to) {
      alignas(64) static float base[2 * 5 * 48 * 16];
      const auto job = engine::prepare<float>(strider::make_copy_plan(runs.value(), contiguous(runs.shape()).value(), sizeof(float)), base, base + 5 * 48 * 16, 1);
      CHECK(job.walk.kind == (to_tiles ? engine::walk_kind::strips : engine::walk_kind::tuples));
    }
    check_copy_from_line<float>(runs, contiguous(runs.shape()), copy_options{threads}, 0, shift);
    check_copy_from_line<float>(runs, contiguous(runs.shape()), copy_options{threads}, 3, shift);
  };
  const auto every_case = [&check_runs](unsigned threads) {
    for (const index_t k : {5, 6, 7, 8, 9, 12, 16})
      for (const index_t n : {8, 15, 16, 17, 20, 24, 31, 32, 33, 47, 48})
        for (const index_t shift : {0, 1, 4, 8, 12, 15}) check_runs(n, k, shift, threads);
  };
  every_case(1);
  every_case(2);
  // Rows of 16 and 32 floats inside 4-D copies (permute(1, 0, 3, 2)), each run a block of the
  // destination, with the destination 4 floats into a line (as std::allocator leaves it).
  for (const index_t n : {16, 32})
    for (const index_t k : {6, 8, 10}) {
      INFO("4-D, n " << n << ", k " << k);
      const dynamic_layout view = strider::permute(contiguous({20, 9, n, k}), {1, 0, 3, 2});
      check_copy_from_line<float>(view, contiguous(view.shape()), {}, 0, 4);
      check_copy_from_line<float>(view, contiguous(view.shape()), {2}, 4, 4);
    }
  const force_streaming streaming;
  every_case(1);
}

// Elements that std::copy copies need no default constructor; the kernels' stack buffers
// (tiles, staging, tuples) hold them as bytes (machine.hpp's scratch).
struct no_default_4 {
  explicit no_default_4(std::int32_t v) : value(v) {}
  std::int32_t value;
};
struct no_default_8 {
  explicit no_default_8(std::int64_t v) : value(v) {}
  std::int64_t value;
};

TEST_CASE("copy: trivially copyable elements without a default constructor, through every kernel") {
  const auto run = [](auto element, const dynamic_layout& src_l, const dynamic_layout& dst_l, unsigned threads) {
    using T = decltype(element);
    std::vector<T> src, dst;
    for (index_t i = 0; i < src_l.required_span(); ++i) src.emplace_back(i);
    for (index_t i = 0; i < dst_l.required_span(); ++i) dst.emplace_back(-1);
    copy_strided(static_cast<const T*>(src.data()), src_l, dst.data(), dst_l, copy_options{threads});
    const auto so = offsets(src_l), dof = offsets(dst_l);
    index_t wrong = 0;
    for (std::size_t k = 0; k < so.size(); ++k) wrong += dst[static_cast<std::size_t>(dof[k])].value != so[k];
    return wrong;
  };
  const force_streaming streaming;  // the streamed kernels' buffers too
  const std::vector<std::pair<dynamic_layout, dynamic_layout>> copies{
      {strider::transpose(contiguous({70, 90}), 0, 1), contiguous({90, 70})},                                // tiles
      {strider::permute(contiguous({20, 30, 40}), {2, 1, 0}), contiguous({40, 30, 20})},                     // full reversal
      {strider::permute(contiguous({2, 24, 9, 9}), {0, 2, 3, 1}), contiguous({2, 9, 9, 24})},                // staged tiles
      {strider::transpose(contiguous({1000, 3}), 0, 1), contiguous({3, 1000})},                              // tuples
      {strider::transpose(contiguous({3, 1000}), 0, 1), contiguous({1000, 3})},                              // packed
      {strider::transpose(contiguous({333, 8}), 0, 1), contiguous({8, 333})},                                // staged tuples
      {strider::permute(contiguous({2, 9, 37, 10}), {1, 3, 0, 2}), contiguous({9, 10, 2, 37})},              // tuples in blocks
      {strider::slice(contiguous({40, 300}), ":, ::-3"), contiguous({40, 100})},                             // gathered rows
  };
  for (const unsigned threads : {1u, 2u})
    for (std::size_t c = 0; c < copies.size(); ++c) {
      INFO("copy " << c << ", threads " << threads);
      CHECK(run(no_default_4(0), copies[c].first, copies[c].second, threads) == 0);
      CHECK(run(no_default_8(0), copies[c].first, copies[c].second, threads) == 0);
    }
}

TEST_CASE("copy: short runs of tuples unpacked in whole destination blocks through a buffer (unpack_in_blocks), streamed") {
  namespace engine = strider::detail::copy_engine;
  // staged_tuples_runs against enumeration: the largest m such that B, A and the m loops just
  // outside B put their destination offsets on exactly [0, elements), elements at most the bytes.
  std::mt19937 random(72);
  const auto draw = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(random); };
  int unpacks = 0, blocks = 0;
  for (int round = 0; round < 400; ++round) {
    const std::size_t rank = static_cast<std::size_t>(draw(3, 5));
    std::vector<index_t> shape(rank), axes(rank);
    for (std::size_t d = 0; d < rank; ++d) shape[d] = draw(2, 12);
    shape[rank - 1] = draw(2, 16);  // the tuples' k, kept innermost in the source
    for (std::size_t d = 0; d < rank; ++d) axes[d] = static_cast<index_t>(d);
    std::shuffle(axes.begin(), axes.end(), random);
    const dynamic_layout view = strider::permute(contiguous(dims(shape)), dims(axes));
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    if (engine::tuples_of(plan, 16).kind != engine::tuples_kind::unpack) continue;
    ++unpacks;
    const std::size_t bytes = static_cast<std::size_t>(draw(1, 8)) * 256, b = plan.rank - 2;
    index_t expected = 0, runs = 1;
    for (std::size_t m = 0; m <= b; ++m) {
      if (m > 0) runs *= plan.extent[b - m];
      std::vector<index_t> offsets{0};
      for (std::size_t d = b - m; d <= b + 1; ++d) {
        std::vector<index_t> next;
        for (const index_t o : offsets)
          for (index_t i = 0; i < plan.extent[d]; ++i) next.push_back(o + i * plan.dst_stride[d]);
        offsets = next;
      }
      std::sort(offsets.begin(), offsets.end());
      bool contiguous_block = static_cast<std::size_t>(offsets.size()) * sizeof(float) <= bytes;
      for (std::size_t i = 0; i < offsets.size() && contiguous_block; ++i) contiguous_block = offsets[i] == static_cast<index_t>(i);
      if (contiguous_block) expected = runs;
    }
    INFO("round " << round << ", rank " << rank);
    CHECK(engine::staged_tuples_runs(plan, bytes) == expected);
    blocks += expected > 1;
  }
  CHECK(unpacks > 50);
  CHECK(blocks > 10);
  // The planner takes blocks where the tuples stream and the rows are no whole number of lines
  // apart: the 2 runs of permute(1, 3, 0, 2) of 2 x 60 x 37 x k, 37 x 2 x k floats each.
  const force_streaming streaming;
  const engine::instruction_set isa = engine::copy_instruction_set();
  const index_t up_to = float_tuples_up_to();
  alignas(64) static float base[2 * 2 * 60 * 37 * 16];
  for (const index_t k : {2, 4, 8, 10, 16}) {
    const dynamic_layout view = strider::permute(contiguous({2, 60, 37, k}), {1, 3, 0, 2});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    const auto job = engine::prepare<float>(plan, base, base + 2 * 60 * 37 * 16, 1);
    INFO("k " << k);
    CHECK((job.walk.kind == engine::walk_kind::tuples) == (k <= up_to));
    // The portable kernels (plain loops) move no tuples in registers and do not stream them.
    const bool registers = isa != engine::instruction_set::plain;
    if (k <= up_to) CHECK((job.tuples.group_runs == (registers ? 2 : 0) && job.stream == registers));
  }
  {
    // Rows a whole number of lines apart (runs of 32 floats, two of them) stream directly.
    const dynamic_layout view = strider::permute(contiguous({2, 60, 32, 4}), {1, 3, 0, 2});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    CHECK(engine::prepare<float>(plan, base, base + 2 * 60 * 37 * 16, 1).tuples.group_runs == 0);
    // Runs of 8-tuples as long as unpack_tuples_staged's blocks keep it; longer tuples, blocks.
    const auto group_runs = [&](index_t n, index_t k) {
      const dynamic_layout runs = strider::permute(contiguous({2, 3, n, k}), {1, 3, 0, 2});
      const strider::copy_plan runs_plan = strider::make_copy_plan(runs.value(), contiguous(runs.shape()).value(), sizeof(float));
      return engine::prepare<float>(runs_plan, base, base + 2 * 60 * 37 * 16, 1).tuples.group_runs;
    };
    CHECK(group_runs(127, 8) == (up_to >= 8 ? 2 : 0));
    CHECK(group_runs(201, 8) == 0);
    CHECK(group_runs(201, 10) == (up_to >= 10 ? 2 : 0));
  }
  // Copies against the naive loop: blocks of one run ((0,2,1): adjacent rows) and of several,
  // runs of 1 to 100 tuples, starts inside a line, two threads (blocks cut by their ranges),
  // blocks too large for the buffer (fewer loops in them), and other element sizes.
  for (const index_t k : {2, 3, 4, 5, 8, 10, 16})
    for (const index_t n : {1, 5, 37, 100}) {
      INFO("k " << k << ", n " << n);
      for (const unsigned threads : {1u, 2u}) {
        check_copy(strider::permute(contiguous({7, n, k}), {0, 2, 1}), contiguous({7, k, n}), {threads});
        check_copy(strider::permute(contiguous({2, 9, n, k}), {1, 3, 0, 2}), contiguous({9, k, 2, n}), {threads}, 1, 3);
        check_copy_from_line<float>(strider::permute(contiguous({3, 5, n, k}), {1, 3, 0, 2}), contiguous({5, k, 3, n}), {threads}, 5, 7);
        check_copy(strider::permute(contiguous({3, 4, 2, n, k}), {1, 2, 4, 0, 3}), contiguous({4, 2, k, 3, n}), {threads});
      }
      check_copy<double>(strider::permute(contiguous({2, 9, n, k}), {1, 3, 0, 2}), contiguous({9, k, 2, n}), {2u}, 1, 0);
      check_copy<std::int16_t>(strider::permute(contiguous({2, 9, n, k}), {1, 3, 0, 2}), contiguous({9, k, 2, n}), {2u}, 0, 1);
    }
  check_copy(strider::permute(contiguous({40, 30, 37, 10}), {1, 3, 0, 2}), contiguous({30, 10, 40, 37}), {2u});  // 59 KB items: the runs one by one
}

TEST_CASE("copy: streamed blocks that follow each other in the destination complete each other's partial lines (blocks_follow), every start") {
  namespace engine = strider::detail::copy_engine;
  const auto plan_of = [](const dynamic_layout& view) { return strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float)); };
  // One run of 17 x 11 floats a block, the next block 187 floats on: they follow.
  CHECK(engine::blocks_follow(engine::rows_walk_order(plan_of(strider::permute(contiguous({300, 107, 17, 11}), {0, 1, 3, 2}))), 1, 187));
  // Two runs a block (2 x 37 x 10 floats), the loop of 9000 outside stepping 740.
  CHECK(engine::blocks_follow(engine::rows_walk_order(plan_of(strider::permute(contiguous({2, 9000, 37, 10}), {1, 3, 0, 2}))), 2, 740));
  CHECK_FALSE(engine::blocks_follow(engine::rows_walk_order(plan_of(strider::permute(contiguous({2, 9000, 37, 10}), {1, 3, 0, 2}))), 1, 370));
  // Walked in the source's order, one run a block, the next run's block is a b-step away.
  const strider::copy_plan source_order = engine::loops_in_source_order(engine::rows_walk_order(plan_of(strider::permute(contiguous({161, 314, 19, 12}), {1, 0, 3, 2}))));
  CHECK_FALSE(engine::blocks_follow(source_order, 1, 19 * 12));
  // Blocks of one run, 12 bytes to 2 KB, no whole number of lines (more runs than fill the
  // buffer: one run a block), from places across a line, two threads (ranges that start and end
  // inside blocks and lines), against the naive loop.
  const force_streaming streaming;
  const index_t up_to = float_tuples_up_to();
  const bool registers = engine::copy_instruction_set() != engine::instruction_set::plain;
  alignas(64) static float base[2 * 6000];
  for (const index_t k : {3, 5, 6, 8, 10, 11, 12})
    for (const index_t n : {1, 3, 17, 18, 19, 37}) {
      const index_t items = engine::staging_bytes / (n * k * static_cast<index_t>(sizeof(float))) + 3;
      const dynamic_layout runs = strider::permute(contiguous({items, n, k}), {0, 2, 1});
      if (k <= up_to && n > 1) {  // (n = 1: no unpack, a contiguous copy)
        INFO("k " << k << ", n " << n);
        const strider::copy_plan plan = plan_of(runs);
        const auto job = engine::prepare<float>(plan, base, base + 6000, 1);
        CHECK((job.tuples.group_runs == (registers ? 1 : 0) && job.stream == registers));
        CHECK(engine::blocks_follow(plan, 1, n * k));
      }
      for (const index_t shift : {0, 1, 5, 8, 13, 15})
        for (const unsigned threads : {1u, 2u}) {
          INFO("k " << k << ", n " << n << ", shift " << shift << ", threads " << threads);
          check_copy_from_line<float>(runs, contiguous(runs.shape()), {threads}, 0, shift);
        }
      INFO("k " << k << ", n " << n);
      check_copy_from_line<float>(strider::permute(contiguous({2, 30, n, k}), {1, 3, 0, 2}), contiguous({30, k, 2, n}), {2u}, 3, 9);
      check_copy_from_line<double>(runs, contiguous(runs.shape()), {2u}, 1, 3);
      if (k <= 4) check_copy_from_line<std::int16_t>(runs, contiguous(runs.shape()), {2u}, 5, 11);
    }
}

TEST_CASE("copy: an unpack in blocks asks for each short run two blocks ahead unless its runs are one stream (staged_runs_ahead)") {
  namespace engine = strider::detail::copy_engine;
  // The expected distances come from each view's own layout: the same run of the block two
  // items on of the loop outside the block, in floats.
  const auto ahead = [](const dynamic_layout& view) {
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    return engine::staged_runs_ahead(plan, engine::staged_tuples_runs(plan, engine::staging_bytes));
  };
  // permute(1, 3, 0, 2) of c × a × n × k: blocks of c runs (n × k each, c apart by a × n × k),
  // block a + 1 is n × k floats on.
  CHECK(ahead(strider::permute(contiguous({2, 9000, 37, 16}), {1, 3, 0, 2})) == 2 * 37 * 16);
  CHECK(ahead(strider::permute(contiguous({4, 4500, 37, 10}), {1, 3, 0, 2})) == 2 * 37 * 10);
  // permute(1, 0, 3, 2) of a × b × n × k: one run a block, the next item of a b × n × k floats on.
  CHECK(ahead(strider::permute(contiguous({175, 363, 14, 8}), {1, 0, 3, 2})) == 2 * 363 * 14 * 8);
  // One run a block, each where the last ends: one stream, left to the hardware.
  CHECK(ahead(strider::permute(contiguous({1, 6000, 100, 4}), {1, 3, 0, 2})) == 0);
  CHECK(ahead(strider::permute(contiguous({7, 300, 5, 9}), {0, 1, 3, 2})) == 0);
  // Runs of a page or more (266 × 14 floats): 0.
  CHECK(ahead(strider::permute(contiguous({12, 95, 266, 14}), {1, 0, 3, 2})) == 0);
  CHECK(ahead(strider::permute(contiguous({2, 9000, 64, 16}), {1, 3, 0, 2})) == 0);
  // No loop outside the block (the block is the whole copy), or no block: 0.
  CHECK(ahead(strider::permute(contiguous({2, 37, 10}), {2, 0, 1})) == 0);
  CHECK(engine::staged_runs_ahead(strider::make_copy_plan(strider::permute(contiguous({2, 9000, 37, 16}), {1, 3, 0, 2}).value(),
                                                          contiguous({9000, 16, 2, 37}).value(), sizeof(float)),
                                  0) == 0);
  // The planner asks it of the blocks it takes (streamed tuples in registers).
  const force_streaming streaming;
  alignas(64) static float base[2 * 2 * 60 * 37 * 16];
  const engine::instruction_set isa = engine::copy_instruction_set();
  const index_t up_to = float_tuples_up_to();
  for (const index_t k : {2, 4, 8, 10, 16}) {
    const dynamic_layout view = strider::permute(contiguous({2, 60, 37, k}), {1, 3, 0, 2});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    const auto job = engine::prepare<float>(plan, base, base + 2 * 60 * 37 * 16, 1);
    INFO("k " << k);
    CHECK(job.tuples.run_ahead == (job.tuples.group_runs > 0 ? 2 * 37 * k : 0));
    if (k <= up_to && isa != engine::instruction_set::plain) CHECK(job.tuples.run_ahead == 2 * 37 * k);
  }
}

TEST_CASE("copy: an unpack whose destination's order reads each run far from the last walks in the source's order (tuples_in_source_order_pay)") {
  namespace engine = strider::detail::copy_engine;
  // permute(1, 0, 3, 2) of a × b × n × k: each source run (n tuples of k) is one block of the
  // destination (k rows of n), and in the destination's order the loop of a, stepping b × n × k
  // in the source, lies inside the loop of b that continues the run: a runs between.
  const auto pays = [](std::initializer_list<index_t> shape, index_t up_to, index_t run_ahead) {
    const dynamic_layout view = strider::permute(contiguous(strider::dims(std::vector<index_t>(shape))), {1, 0, 3, 2});
    const strider::copy_plan plan = strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float));
    return engine::tuples_in_source_order_pay(engine::rows_walk_order(plan), up_to, run_ahead);
  };
  // Runs of 448 bytes, 175 between: the source's order, asked for ahead or not.
  CHECK(pays({175, 363, 14, 8}, 16, 0));
  CHECK(pays({175, 363, 14, 8}, 16, 2 * 363 * 14 * 8));
  // Runs of 1584 bytes (24 lines and more): asked for ahead, the destination's order keeps them.
  CHECK(pays({49, 330, 44, 9}, 16, 0));
  CHECK_FALSE(pays({49, 330, 44, 9}, 16, 2 * 330 * 44 * 9));
  CHECK_FALSE(pays({49, 330, 24, 16}, 16, 2 * 330 * 24 * 16));  // 1536 bytes: 24 lines
  CHECK(pays({49, 330, 23, 16}, 16, 2 * 330 * 23 * 16));        // 1472 bytes
  // 17 runs between: more than row_streams_followed (16); 16 are not.
  CHECK(pays({17, 95, 20, 8}, 16, 0));
  CHECK_FALSE(pays({16, 95, 20, 8}, 16, 0));
  // Tuples longer than the kernels move are no unpack.
  CHECK(pays({175, 363, 14, 12}, 16, 0));
  CHECK_FALSE(pays({175, 363, 14, 12}, 8, 0));
  // A run whose k rows are not adjacent in the destination (two runs a block, 74 floats apart).
  const dynamic_layout two_runs = strider::permute(contiguous({2, 9000, 37, 16}), {1, 3, 0, 2});
  CHECK_FALSE(engine::tuples_in_source_order_pay(
      engine::rows_walk_order(strider::make_copy_plan(two_runs.value(), contiguous(two_runs.shape()).value(), sizeof(float))), 16, 0));
  // Copies that take it, against the naive loop: runs of 8, 12, 9 and 3 tuples, 1 and 2 threads,
  // shifted by elements too.
  const auto copies = [] {
    for (const unsigned threads : {1u, 2u})
      for (const std::vector<index_t>& shape : {std::vector<index_t>{40, 30, 14, 8}, {40, 30, 14, 12}, {20, 30, 44, 9}, {17, 5, 3, 3}}) {
        INFO("threads " << threads << ", a " << shape[0] << ", n " << shape[2] << ", k " << shape[3]);
        const dynamic_layout src_l = strider::permute(contiguous(strider::dims(shape)), {1, 0, 3, 2});
        check_copy(src_l, contiguous(src_l.shape()), copy_options{threads});
        check_copy(src_l, contiguous(src_l.shape()), copy_options{threads}, 1, 3);
      }
  };
  copies();
  // Streamed (forced), the planner's job for the destination's order says whether it asks for
  // the runs ahead: runs of 1584 bytes asked for ahead keep that order.
  const force_streaming streaming;
  copies();
  const index_t up_to = float_tuples_up_to();
  alignas(64) static float base[2 * 49 * 40 * 44 * 9];
  const dynamic_layout view = strider::permute(contiguous({49, 40, 44, 9}), {1, 0, 3, 2});
  const strider::copy_plan plan = engine::rows_walk_order(strider::make_copy_plan(view.value(), contiguous(view.shape()).value(), sizeof(float)));
  const auto job = engine::prepare<float>(plan, base, base + 49 * 40 * 44 * 9, 1);
  CHECK(engine::tuples_in_source_order_pay(plan, up_to, job.tuples.run_ahead) == (up_to >= 9 && job.tuples.run_ahead == 0));
  if (up_to >= 9) CHECK(job.tuples.run_ahead == 2 * 40 * 44 * 9);
}

TEST_CASE("copy: an unpack whose A' steps far in the source walks in blocks of A' (unpack_block_items)") {
  namespace engine = strider::detail::copy_engine;
  // permute(1, 4, 2, 0, 3) of r × p × q × n × 3: runs of n tuples of 3 (the source's last two
  // axes) unpacked into 3 destination rows, each r × n long (A' = the loop of r, stepping n in
  // the destination), the r items p × q × n × 3 elements apart in the source, where the loops
  // of q and p continue the run.
  const dims perm{1, 4, 2, 0, 3};
  const auto walked = [&perm](const dims& shape, std::size_t size = sizeof(float)) { return engine::rows_walk_order(plan_of(shape, perm, size)); };
  const strider::copy_plan measured = walked({1154, 25, 4, 14, 3});
  REQUIRE(measured.rank == 5);
  REQUIRE(engine::tuples_of(measured, 8).kind == engine::tuples_kind::unpack);
  // Blocks of 5 items (4 lines of 16 floats over runs of 14), of 3 as doubles (lines of 8).
  CHECK(engine::unpack_block_items(measured, 3) == 5);
  CHECK(engine::unpack_block_items(walked({1154, 25, 4, 14, 3}, sizeof(double)), 3) == 3);
  // Runs of 12 floats are 48 bytes, under unpack_block_least_run_bytes; as doubles 96.
  CHECK(engine::unpack_block_items(walked({1154, 25, 4, 12, 3}), 3) == 0);
  CHECK(engine::unpack_block_items(walked({1154, 25, 4, 12, 3}, sizeof(double)), 3) == 3);
  // Tuples of 5: more than unpack_block_most_tuples.
  CHECK(engine::unpack_block_items(walked({1154, 25, 4, 14, 5}), 5) == 0);
  // A sweep of A' of 30 rows of 16800 bytes (504000) is short of 512 KiB; of 32, not.
  CHECK(engine::unpack_block_items(walked({30, 25, 4, 14, 3}), 3) == 0);
  CHECK(engine::unpack_block_items(walked({32, 25, 4, 14, 3}), 3) == 5);
  // 16 items between a run and the next are no more than row_streams_followed; 17 are.
  CHECK(engine::unpack_block_items(walked({16, 50, 4, 14, 3}), 3) == 0);
  CHECK(engine::unpack_block_items(walked({17, 50, 4, 14, 3}), 3) == 5);
  // permute(1, 3, 0, 2): the 3 rows of 1154 × 14 are one block of the destination.
  const strider::copy_plan adjacent = engine::rows_walk_order(plan_of({1154, 100, 14, 3}, {1, 3, 0, 2}));
  REQUIRE(adjacent.rank == 4);
  CHECK(adjacent.dst_stride[2] == 1154 * 14);
  CHECK(engine::unpack_block_items(adjacent, 3) == 0);

  // The blocked loops: (25, 4, 1154, 3, 14) become (230, 25, 4, 5, 3, 14); the rest is the last
  // 4 items.
  const strider::copy_plan blocks = engine::blocked_unpack(measured, 3, 5), rest = engine::blocked_unpack_rest(measured, 5);
  const index_t extent[] = {230, 25, 4, 5, 3, 14}, src_stride[] = {21000, 168, 42, 4200, 1, 3}, dst_stride[] = {70, 193872, 16156, 14, 64624, 1};
  REQUIRE(blocks.rank == 6);
  for (std::size_t d = 0; d < 6; ++d) {
    INFO("loop " << d);
    CHECK(blocks.extent[d] == extent[d]);
    CHECK(blocks.src_stride[d] == src_stride[d]);
    CHECK(blocks.dst_stride[d] == dst_stride[d]);
  }
  CHECK(blocks.size == 1150 * 25 * 4 * 42);
  REQUIRE(rest.rank == 5);
  CHECK(rest.extent[2] == 4);
  CHECK(rest.src_offset == measured.src_offset + 1150 * 4200);
  CHECK(rest.dst_offset == measured.dst_offset + 1150 * 14);
  CHECK(rest.size == 4 * 25 * 4 * 42);

  // Blocks and rest visit the plan's pairs of offsets, each once, against an enumeration of
  // the loops (pairs_of): rests of 0, 1 and 3 items (the one item's loop dropped), and a loop that does not
  // continue the source's run (permute(2, 0, 4, 1, 3): the loop of 4, whole arrays apart).
  struct plan_case {
    dims shape, perm;
    index_t items;
  };
  for (const auto& [shape, axes, items] : {plan_case{{35, 6, 4, 14, 3}, perm, 5}, plan_case{{36, 6, 4, 14, 3}, perm, 5}, plan_case{{38, 6, 4, 14, 3}, perm, 5},
                                           plan_case{{36, 6, 4, 14, 3}, perm, 2}, plan_case{{4, 20, 30, 17, 3}, {2, 0, 4, 1, 3}, 4}}) {
    const strider::copy_plan p = engine::rows_walk_order(plan_of(shape, axes));
    INFO("A' of " << p.extent[p.rank - 3] << ", blocks of " << items);
    REQUIRE(engine::tuples_of(p, 8).kind == engine::tuples_kind::unpack);
    REQUIRE(p.dst_stride[p.rank - 3] == p.extent[p.rank - 1]);
    const strider::copy_plan q = engine::blocked_unpack(p, 3, items), r = engine::blocked_unpack_rest(p, items);
    std::vector<std::pair<index_t, index_t>> both = pairs_of(q);
    CHECK(static_cast<index_t>(both.size()) == q.size);
    if (r.rank > 0) {
      const auto rest_pairs = pairs_of(r);
      CHECK(static_cast<index_t>(rest_pairs.size()) == r.size);
      both.insert(both.end(), rest_pairs.begin(), rest_pairs.end());
      std::sort(both.begin(), both.end());
    }
    CHECK(r.rank == (p.extent[p.rank - 3] % items == 0 ? 0 : p.extent[p.rank - 3] % items == 1 ? p.rank - 1 : p.rank));
    CHECK(both == pairs_of(p));
  }

  // Copies that take it (on one thread), against the naive loop: rests of 1, 3 and 0 items as
  // floats (2, 3 and 1 as doubles), shifted, and streamed where forced (check_permute_copies).
  for (const index_t r : {101, 103, 100}) {
    INFO("r = " << r);
    REQUIRE(engine::unpack_block_items(walked({r, 8, 4, 14, 3}), 3) == 5);
    REQUIRE(engine::unpack_block_items(walked({r, 8, 4, 14, 3}, sizeof(double)), 3) == 3);
    check_permute_copies({r, 8, 4, 14, 3}, perm);
  }
}

// Issue 35: streaming stores on a tiled transpose whose destination rows are not all a whole
// number of cache lines apart. The outer loop of these copies steps the destination by 35
// elements; the planner once checked only the tile's own rows and streamed to misaligned lines
// (a SIGSEGV in _mm_stream_ps). 17.9 MB of floats: above the automatic streaming threshold.
TEST_CASE("copy: transposes whose outer destination pitch is not a whole cache line (streaming)") {
  // Checked by a loop over the three axes with the strides written out, not the offset tables of
  // check_copy: 4.48 million elements, sixteen times.
  const auto run_all = [](auto element) {
    using T = decltype(element);
    std::vector<T> a(35 * 16 * 8000), out(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<T>(i);  // exact: fewer than 2^24
    const dynamic_layout nchw = contiguous({35, 16, 8000});
    for (const unsigned threads : {1u, 2u}) {
      INFO("threads " << threads << ", element size " << sizeof(T));
      // tensor_view(a, contiguous({35, 16, 8000})).permute({2, 1, 0}).contiguous(): out(k, j, i) = a(i, j, k)
      std::fill(out.begin(), out.end(), T(-1));
      copy_strided(static_cast<const T*>(a.data()), strider::permute(nchw, {2, 1, 0}), out.data(), contiguous({8000, 16, 35}), copy_options{threads});
      index_t wrong = 0;
      for (index_t i = 0; i < 35; ++i)
        for (index_t j = 0; j < 16; ++j)
          for (index_t k = 0; k < 8000; ++k) wrong += out[static_cast<std::size_t>((k * 16 + j) * 35 + i)] != a[static_cast<std::size_t>((i * 16 + j) * 8000 + k)];
      CHECK(wrong == 0);
      // contiguous({35, 16, 8000}).permute({0, 2, 1}) into contiguous({8000, 16, 35}).permute({2, 0, 1}):
      // element (i, k, j) of both, out[(k * 16 + j) * 35 + i] = a[(i * 16 + j) * 8000 + k] again.
      std::fill(out.begin(), out.end(), T(-1));
      copy_strided(static_cast<const T*>(a.data()), strider::permute(nchw, {0, 2, 1}), out.data(), strider::permute(contiguous({8000, 16, 35}), {2, 0, 1}),
                   copy_options{threads});
      wrong = 0;
      for (index_t i = 0; i < 35; ++i)
        for (index_t j = 0; j < 16; ++j)
          for (index_t k = 0; k < 8000; ++k) wrong += out[static_cast<std::size_t>((k * 16 + j) * 35 + i)] != a[static_cast<std::size_t>((i * 16 + j) * 8000 + k)];
      CHECK(wrong == 0);
    }
  };
  SECTION("automatic") {
    run_all(float{});
    run_all(double{});
  }
  SECTION("forced") {
    force_streaming on;
    run_all(float{});
    run_all(double{});
  }
}

TEST_CASE("copy: random transposes with odd destination pitches, streaming forced") {
  force_streaming on;
  std::mt19937_64 rng(35);
  const auto draw = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  for (int round = 0; round < 60; ++round) {
    // Three or four axes; the destination is C-contiguous over a permutation of the source's
    // axes, so its pitches are products of odd and even extents alike. At most 2^20 elements:
    // streaming is forced, so larger copies take no other path (and cost minutes under
    // AddressSanitizer).
    const std::size_t rank = static_cast<std::size_t>(draw(3, 4));
    dims shape;
    do {
      shape = dims{};
      for (std::size_t d = 0; d < rank; ++d) shape.push_back(draw(1, 3) == 1 ? draw(1, 7) : draw(17, 70));
    } while (std::accumulate(shape.begin(), shape.end(), index_t{1}, std::multiplies<>()) > (index_t{1} << 20));
    dims order;
    for (std::size_t d = 0; d < rank; ++d) order.push_back(static_cast<index_t>(d));
    std::shuffle(order.begin(), order.end(), rng);
    const dynamic_layout src = strider::permute(contiguous(shape), order);
    const dynamic_layout dst = contiguous(src.shape());
    const index_t shift = draw(0, 3);
    INFO("shape " << shape.size() << " round " << round << " shift " << shift);
    check_copy<float>(src, dst, {}, 0, shift);
    check_copy<double>(src, dst, {}, shift, shift);
    check_copy<std::int16_t>(src, dst, {}, 0, shift);
  }
}

// The planner's streaming invariant, by brute force over plans: when a tiled copy streams, the
// first whole line of every destination row (every combination of the outer loops' indices) is
// cache-line aligned, computed here from the plan's loops and the destination address alone.
TEST_CASE("copy: a tiled copy streams only where every destination row's lines are aligned") {
  namespace engine = strider::detail::copy_engine;
  force_streaming on;
  std::mt19937_64 rng(3535);
  const auto draw = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int streamed = 0, refused = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::size_t rank = static_cast<std::size_t>(draw(2, 4));
    dims shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(draw(2, 40));
    dims order;
    for (std::size_t d = 0; d < rank; ++d) order.push_back(static_cast<index_t>(d));
    std::shuffle(order.begin(), order.end(), rng);
    const dynamic_layout src = strider::permute(contiguous(shape), order);
    const dynamic_layout dst = contiguous(src.shape());
    const strider::copy_plan plan = strider::make_copy_plan(src.value(), dst.value(), sizeof(float));
    if (!plan.blocked || plan.rank < 2) continue;
    // A destination pointer at every offset within a cache line, in elements.
    alignas(64) static float base[64];
    float* const dst_ptr = base + draw(0, 15);
    const auto job = engine::prepare<float>(plan, base, dst_ptr, 1);
    if (job.walk.kind != engine::walk_kind::strips || job.tiles.staged) continue;
    if (!job.stream) {
      ++refused;
      continue;
    }
    ++streamed;
    if (job.tiles.ragged_seams) {
      // Ragged seam tiles stream from each run's first line boundary along A' (the destination
      // contiguous across C and A), in rows B apart: those must be whole lines apart.
      const std::size_t b_loop = plan.rank - 2, c_loop = plan.rank - 3;
      CHECK(plan.dst_stride[c_loop] == plan.extent[plan.rank - 1]);
      if ((static_cast<std::size_t>(plan.dst_stride[b_loop]) * sizeof(float)) % 64 != 0) FAIL("ragged seam tiles stream rows " << plan.dst_stride[b_loop] << " elements apart");
      continue;
    }
    // Every row: the indices of loops 0 .. rank-2 (all but the innermost).
    std::vector<index_t> index(plan.rank - 1, 0);
    for (bool more = true; more;) {
      index_t off = plan.dst_offset + job.tiles.peel;
      for (std::size_t d = 0; d + 1 < plan.rank; ++d) off += index[d] * plan.dst_stride[d];
      const auto address = reinterpret_cast<std::uintptr_t>(dst_ptr) + static_cast<std::uintptr_t>(off) * sizeof(float);
      if (address % 64 != 0) {
        FAIL("streamed row at element offset " << off << " is not cache-line aligned");
      }
      std::size_t d = plan.rank - 1;
      while (d > 0 && ++index[d - 1] == plan.extent[d - 1]) index[--d] = 0;
      more = d > 0;
    }
  }
  // Both outcomes were drawn, so the check above saw streaming plans (with the SIMD kernels:
  // the plain loops stream nothing).
  CHECK((streamed > 0) == (strider::detail::copy_engine::copy_instruction_set() != strider::detail::copy_engine::instruction_set::plain));
  CHECK(refused > 0);
}

#if __has_include(<sys/mman.h>) && defined(MAP_ANONYMOUS)
namespace {
// At least `bytes` of readable pages followed by an unreadable one: a read past end() faults,
// so a kernel that reads nothing past an array placed to end there passes.
struct guarded_page {
  std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::size_t size;  // the readable bytes, a whole number of pages
  std::byte* base;
  explicit guarded_page(std::size_t bytes = 1) : size((bytes + page - 1) / page * page) {
    base = static_cast<std::byte*>(mmap(nullptr, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    REQUIRE(base != MAP_FAILED);
    REQUIRE(mprotect(base + size, page, PROT_NONE) == 0);
  }
  ~guarded_page() { munmap(base, size + page); }
  guarded_page(const guarded_page&) = delete;
  guarded_page& operator=(const guarded_page&) = delete;
  std::byte* end() const { return base + size; }
};

#if defined(__AVX2__) && !defined(STRIDER_COPY_PORTABLE)
// load_first of register kind V (elements of T): for every n, at the element's alignment and one
// byte off it, the n elements that end at the guard page in lanes [0, n), zeros in the rest.
template <class V, class T>
void check_load_first(const guarded_page& page) {
  constexpr int lanes = V::lanes;
  for (std::size_t i = 0; i < page.size; ++i) page.base[i] = static_cast<std::byte>(i * 7 + 1);
  for (int skew = 0; skew < 2; ++skew)
    for (int n = 0; n <= lanes; ++n) {
      const std::byte* p = page.end() - static_cast<std::ptrdiff_t>(n * static_cast<int>(sizeof(T)) + skew);
      alignas(64) std::byte lanes_out[64];
      V::store(lanes_out, V::load_first(p, n));
      for (int k = 0; k < lanes; ++k) {
        const std::byte* got = lanes_out + k * static_cast<int>(sizeof(T));
        for (std::size_t b = 0; b < sizeof(T); ++b) {
          const std::byte want = k < n ? p[static_cast<std::size_t>(k) * sizeof(T) + b] : std::byte{0};
          if (got[b] != want) FAIL("load_first(n = " << n << ", skew " << skew << "): lane " << k << " byte " << b << " is " << int(got[b]) << ", not " << int(want));
        }
      }
    }
}

// store_first of register kind V: for every n, at the element's alignment and one byte off it,
// lanes [0, n) of a register written to the n elements that end at the guard page, and the
// bytes before them untouched (no write past them: the guard page would fault).
template <class V, class T>
void check_store_first(const guarded_page& page) {
  constexpr int lanes = V::lanes;
  alignas(64) std::byte pattern[64];
  for (std::size_t b = 0; b < sizeof(pattern); ++b) pattern[b] = static_cast<std::byte>(b * 5 + 3);
  const typename V::reg v = V::load(pattern);
  for (int skew = 0; skew < 2; ++skew)
    for (int n = 0; n <= lanes; ++n) {
      for (std::size_t i = 0; i < page.size; ++i) page.base[i] = std::byte{0xEE};
      std::byte* p = page.end() - static_cast<std::ptrdiff_t>(n * static_cast<int>(sizeof(T)) + skew);
      V::store_first(p, v, n);
      const std::size_t written = static_cast<std::size_t>(n) * sizeof(T);
      for (std::size_t b = 0; b < written; ++b)
        if (p[b] != pattern[b]) FAIL("store_first(n = " << n << ", skew " << skew << "): byte " << b << " is " << int(p[b]) << ", not " << int(pattern[b]));
      for (const std::byte* q = page.base; q < p; ++q)
        if (*q != std::byte{0xEE}) FAIL("store_first(n = " << n << ", skew " << skew << ") wrote " << (p - q) << " bytes before its first element");
      if (skew == 1 && p[written] != std::byte{0xEE}) FAIL("store_first(n = " << n << ") wrote past its last element");
    }
}
#endif
}  // namespace

TEST_CASE("copy: store_first writes a register's first n elements, lane by lane, and nothing else") {
#if defined(__AVX2__) && !defined(STRIDER_COPY_PORTABLE)
  namespace kernels = strider::detail::copy_engine::target_kernels;
  const guarded_page page;
  check_store_first<kernels::avx_4, float>(page);
  check_store_first<kernels::avx_8, double>(page);
#if defined(__AVX512F__)
  check_store_first<kernels::avx512_4, float>(page);
  check_store_first<kernels::avx512_8, double>(page);
#endif
#else
  SUCCEED("no masked stores in this build's kernels (copy_avx2 and copy_avx512 run this)");
#endif
}

TEST_CASE("copy: load_first reads a register's first n elements, lane by lane, and nothing past them") {
#if defined(__AVX2__) && !defined(STRIDER_COPY_PORTABLE)
  namespace kernels = strider::detail::copy_engine::target_kernels;
  const guarded_page page;
  check_load_first<kernels::avx_4, float>(page);
  check_load_first<kernels::avx_8, double>(page);
#if defined(__AVX512F__)
  check_load_first<kernels::avx512_4, float>(page);
  check_load_first<kernels::avx512_8, double>(page);
#endif
#else
  SUCCEED("no masked loads in this build's kernels (copy_avx2 and copy_avx512 run this)");
#endif
}

namespace {
// A permute whose innermost source axis B is short: the destination's rows (A) are whole lines
// apart, so its middle tiles are whole lines of A by B elements (narrow tiles); the source placed
// to end at a guard page.
template <class T>
void check_short_b(const dynamic_layout& src_l, const dynamic_layout& dst_l, index_t src_shift, index_t dst_shift) {
  const index_t span = src_l.required_span() + src_shift;
  const guarded_page page(static_cast<std::size_t>(span) * sizeof(T));
  T* src = reinterpret_cast<T*>(page.end()) - span;
  std::vector<T> dst(static_cast<std::size_t>(dst_l.required_span() + dst_shift));
  check_copy_between(src_l, dst_l, {}, src, src_shift, dst.data(), dst_shift);
}
}  // namespace

TEST_CASE("copy: transposes of a short innermost source axis (narrow tiles), every width, reading nothing past the source") {
  for (index_t b = 1; b <= 16; ++b)
    for (index_t shift = 0; shift < 3; ++shift) {
      INFO("B = " << b << ", shift " << shift);
      // (2,1,0) of 35 x 2 x B: A = 35 (two whole lines and a peel), C = 2.
      const dynamic_layout reversal = strider::permute(contiguous({35, 2, b}), {2, 1, 0});
      check_short_b<float>(reversal, contiguous(reversal.shape()), shift, shift);
      check_short_b<float>(reversal, contiguous(reversal.shape()), shift, 2 - shift);
      // (1,0) of 48 x B doubles: A = 48, six lines.
      const dynamic_layout transposed = strider::transpose(contiguous({48, b}), 0, 1);
      check_short_b<double>(transposed, contiguous(transposed.shape()), shift, 0);
      // Source rows far apart: (1,3,2,0) of 33 x 2 x 3 x B, A = 33 rows 6B apart.
      const dynamic_layout four = strider::permute(contiguous({33, 2, 3, b}), {1, 3, 2, 0});
      check_short_b<float>(four, contiguous(four.shape()), shift, 1);
    }
}
#endif

#endif  // !STRIDER_COPY_TEST_THREADS_ONLY
