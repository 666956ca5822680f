// copy_scaling: the copy engine at every thread count, against memcpy with the same number of
// threads and, when built with HPTT (-DSTRIDER_HPTT_DIR=..., see benchmarks/README.md), against
// HPTT's transposition with the same threads. Prints one Markdown table: GB/s (bytes read +
// written per second), in brackets the ratio to memcpy with the same threads, and each peer's
// speed-up from one thread. Every result is checked against a naive loop before timing.
//
//   copy_scaling [--threads 1,2,4] [--repetitions 5] [--min-time 0.15] [--cases name,name]
//                [--stream always|never] [--stream-sweep] [--tuples] [--sizes] [--huge-pages]
//                [--permute 80x108x112x10:1,3,2,0 ...] [--random 90:1]
#include <strider/core.hpp>
#include <strider/storage/copy.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <mutex>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(STRIDER_BENCH_HPTT)
#include <hptt.h>
#endif

using strider::dynamic_layout;
using strider::index_t;

namespace {

// The engine pool's wait (threads.hpp): true once done() holds, false when its spin time ends.
using strider::detail::copy_engine::spin_until;

// A team of persistent threads for the memcpy baseline: the caller is member 0, and the others
// wait for the next copy as the engine's pool does (threads.hpp), spinning a while and then
// sleeping, so that copies run back to back cost the baseline what they cost the engine.
class team {
 public:
  explicit team(unsigned size) : size_(size) {
    for (unsigned t = 1; t < size; ++t) workers_.emplace_back([this, t] { serve(t); });
  }
  ~team() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    for (std::thread& w : workers_) w.join();
  }
  // Runs work(member) on every member and returns when all are done.
  void run(const std::function<void(unsigned)>& work) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      work_ = &work;
      pending_.store(size_ - 1, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    work(0);
    if (spin_until([this] { return pending_.load(std::memory_order_acquire) == 0; })) return;
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
  }

 private:
  void serve(unsigned member) {
    unsigned long seen = 0;
    for (;;) {
      const auto next = [&] { return generation_.load(std::memory_order_acquire) != seen; };
      const std::function<void(unsigned)>* work = nullptr;
      if (!spin_until(next)) {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, next);
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        seen = generation_.load(std::memory_order_relaxed);
        if (stop_) return;
        work = work_;
      }
      (*work)(member);
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex_);  // run() checks pending_ under the lock before it sleeps
        done_.notify_one();
      }
    }
  }
  unsigned size_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(unsigned)>* work_ = nullptr;
  std::atomic<unsigned> pending_{0};
  std::atomic<unsigned long> generation_{0};
  bool stop_ = false;
};

struct copy_case {
  std::string name, title;
  dynamic_layout src, dst;
  std::vector<int> hptt_perm, hptt_size;  // row-major; empty when HPTT has no such operation
};

dynamic_layout permuted(std::vector<index_t> shape, std::vector<index_t> perm) {
  return strider::permute(dynamic_layout::contiguous(strider::dims(shape)), strider::dims(perm));
}

copy_case permute_case(std::string name, std::string title, std::vector<index_t> shape, std::vector<index_t> perm) {
  copy_case c{std::move(name), std::move(title), permuted(shape, perm), {}, {}, {}};
  c.dst = dynamic_layout::contiguous(c.src.shape());
  for (index_t p : perm) c.hptt_perm.push_back(static_cast<int>(p));
  for (index_t e : shape) c.hptt_size.push_back(static_cast<int>(e));
  return c;
}

std::vector<copy_case> make_cases() {
  std::vector<copy_case> cases;
  cases.push_back(permute_case("permute_201_256", "permute (2,0,1) 256³", {256, 256, 256}, {2, 0, 1}));
  cases.push_back(permute_case("permute_102_256", "permute (1,0,2) 256³", {256, 256, 256}, {1, 0, 2}));
  // Full reversals: the innermost axis changes and every other axis moves too (issue 70).
  cases.push_back(permute_case("permute_210_256", "permute (2,1,0) 256³", {256, 256, 256}, {2, 1, 0}));
  cases.push_back(permute_case("permute_3120_64", "permute (3,1,2,0) 64⁴", {64, 64, 64, 64}, {3, 1, 2, 0}));
  // Ragged ones: extents that are no whole number of cache lines, so that the seams between the
  // middle axis's items fall inside lines.
  cases.push_back(permute_case("permute_210_ragged", "permute (2,1,0) 255×256×257", {255, 256, 257}, {2, 1, 0}));
  cases.push_back(permute_case("permute_3120_ragged", "permute (3,1,2,0) 60×61×62×63", {60, 61, 62, 63}, {3, 1, 2, 0}));
  cases.push_back(permute_case("nchw_to_nhwc", "NCHW → NHWC 32×64×56×56", {32, 64, 56, 56}, {0, 2, 3, 1}));
  cases.push_back(permute_case("nhwc_to_nchw", "NHWC → NCHW 32×56×56×64", {32, 56, 56, 64}, {0, 3, 1, 2}));
  // The same bytes copied without a permutation: what any copy of them can reach here.
  cases.push_back(permute_case("copy_32x64x56x56", "contiguous copy 32×64×56×56", {32, 64, 56, 56}, {0, 1, 2, 3}));
  cases.push_back(permute_case("transpose_1000000x3", "transpose 1000000×3", {1000000, 3}, {1, 0}));
  cases.push_back(permute_case("copy_1000000x3", "contiguous copy 1000000×3", {1000000, 3}, {0, 1}));
  // The other way: three planes into packed triples (CHW to HWC), and complex pairs split.
  cases.push_back(permute_case("transpose_3x1000000", "transpose 3×1000000", {3, 1000000}, {1, 0}));
  cases.push_back(permute_case("transpose_1000000x2", "transpose 1000000×2", {1000000, 2}, {1, 0}));
  cases.push_back(permute_case("transpose_4096", "transpose 4096²", {4096, 4096}, {1, 0}));
  cases.push_back(permute_case("transpose_8192", "transpose 8192²", {8192, 8192}, {1, 0}));
  copy_case slice{"slice_step3", "a[..., ::3] of 2048×3×4096", strider::slice(dynamic_layout::contiguous({2048, 3, 4096}), "..., ::3"), {}, {}, {}};
  slice.dst = dynamic_layout::contiguous(slice.src.shape());
  cases.push_back(slice);
  return cases;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    if (comma > at) out.push_back(text.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

// --permute 80x108x112x10:1,3,2,0: a permute of any shape (the extents joined by x, then the
// axes of the result) as a case of its own, named by both.
copy_case parsed_permute(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw std::invalid_argument("--permute takes SHAPE:AXES, as 80x108x112x10:1,3,2,0");
  std::vector<index_t> shape, perm;
  std::string extents = text.substr(0, colon);
  std::replace(extents.begin(), extents.end(), 'x', ',');
  for (const std::string& e : split(extents)) shape.push_back(std::stoll(e));
  for (const std::string& a : split(text.substr(colon + 1))) perm.push_back(std::stoll(a));
  return permute_case("permute_" + text, "permute (" + text.substr(colon + 1) + ") " + text.substr(0, colon), shape, perm);
}

// --random N:SEED: N permutes of random shapes (rank 2 to 5, 4 to 12 million floats, every axis
// moved or not at random, the identity excluded), the same N for the same seed: a scan for the
// cases behind a peer that the named ones do not cover.
std::vector<copy_case> random_permutes(const std::string& text) {
  const std::size_t colon = text.find(':');
  const int count = std::stoi(text.substr(0, colon));
  std::mt19937_64 random(colon == std::string::npos ? 1 : std::stoull(text.substr(colon + 1)));
  const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(random); };
  std::vector<copy_case> out;
  while (static_cast<int>(out.size()) < count) {
    const int rank = static_cast<int>(std::uniform_int_distribution<int>(2, 5)(random));
    const double total = uniform(4e6, 12e6);
    // Extents from a log-uniform split of the total, each at least 2.
    std::vector<double> weight(static_cast<std::size_t>(rank));
    double sum = 0;
    for (double& w : weight) sum += (w = uniform(0.05, 1.0));
    std::vector<index_t> shape;
    for (double w : weight) shape.push_back(std::max<index_t>(2, static_cast<index_t>(std::llround(std::pow(total, w / sum)))));
    std::vector<index_t> perm(static_cast<std::size_t>(rank));
    std::iota(perm.begin(), perm.end(), index_t{0});
    std::shuffle(perm.begin(), perm.end(), random);
    if (std::is_sorted(perm.begin(), perm.end())) continue;
    std::string name, axes;
    for (index_t e : shape) name += (name.empty() ? "" : "x") + std::to_string(e);
    for (index_t a : perm) axes += (axes.empty() ? "" : ",") + std::to_string(a);
    out.push_back(parsed_permute(name + ":" + axes));
  }
  return out;
}

// --huge-pages: the arrays are allocated on 2 MiB boundaries and marked for transparent huge
// pages (madvise), as a program that asks for them gets them where the kernel's setting is
// "madvise"; otherwise they are std::vector's, in 4 KiB pages unless the setting is "always".
bool& huge_pages() {
  static bool on = false;
  return on;
}

template <class T>
struct array_allocator {
  using value_type = T;
  array_allocator() = default;
  template <class U>
  array_allocator(const array_allocator<U>&) {}
  T* allocate(std::size_t n) {
    if (!huge_pages()) return std::allocator<T>().allocate(n);
    const std::size_t huge = std::size_t{2} << 20, bytes = (n * sizeof(T) + huge - 1) / huge * huge;
    void* p = std::aligned_alloc(huge, bytes);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (!huge_pages()) return std::allocator<T>().deallocate(p, n);
    std::free(p);
  }
  friend bool operator==(const array_allocator&, const array_allocator&) { return true; }
};

std::vector<float, array_allocator<float>>& buffer(int which) {
  static std::vector<float, array_allocator<float>> buffers[2];
  return buffers[which];
}

void naive_copy(const float* s, const dynamic_layout& sl, float* d, const dynamic_layout& dl) {
  const std::size_t rank = sl.rank();
  std::vector<index_t> index(rank, 0);
  for (index_t n = 0; n < sl.size(); ++n) {
    index_t so = sl.offset(), dof = dl.offset();
    for (std::size_t k = 0; k < rank; ++k) {
      so += index[k] * sl.stride(k);
      dof += index[k] * dl.stride(k);
    }
    d[dof] = s[so];
    for (std::size_t k = rank; k-- > 0;) {
      if (++index[k] < sl.extent(k)) break;
      index[k] = 0;
    }
  }
}

using copier = std::function<void(const float*, float*)>;

// Seconds per call of `run`, after one warm-up call (page tables, the pool's threads), over calls
// that take at least min_time together.
double seconds_per_run(const std::function<void()>& run, double min_time) {
  run();
  using clock = std::chrono::steady_clock;
  long runs = 0;
  const auto start = clock::now();
  double elapsed = 0;
  do {
    run();
    ++runs;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < min_time);
  return elapsed / static_cast<double>(runs);
}

double seconds_per_copy(const copier& copy, double min_time) {
  const float* s = buffer(0).data();
  float* d = buffer(1).data();
  return seconds_per_run([&] { copy(s, d); }, min_time);
}

// The memcpy baseline: `bytes` from s to d in one piece per member of the team, cut at lines.
void threaded_memcpy(team& members, unsigned threads, const void* s, void* d, std::size_t bytes) {
  members.run([&](unsigned m) {
    const std::size_t lo = bytes * m / threads / 64 * 64, hi = m + 1 == threads ? bytes : bytes * (m + 1) / threads / 64 * 64;
    std::memcpy(static_cast<char*>(d) + lo, static_cast<const char*>(s) + lo, hi - lo);
  });
}

bool same_as_naive(const copy_case& c, const char* who, const copier& copy) {
  const std::size_t span = static_cast<std::size_t>(c.dst.required_span());
  float* d = buffer(1).data();
  naive_copy(buffer(0).data(), c.src, d, c.dst);
  std::vector<float> expected(d, d + span);
  std::fill(d, d + span, -1.0f);
  copy(buffer(0).data(), d);
  if (std::memcmp(expected.data(), d, span * sizeof(float)) == 0) return true;
  std::fprintf(stderr, "%s: %s differs from the naive loop\n", c.name.c_str(), who);
  return false;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}


double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// --stream-sweep: streaming stores against plain stores, per destination size and thread count,
// for the kinds of kernel that can stream: rows (a contiguous copy, as memcpy), tiles (a transpose
// of an n x 1024 array) and triples (a transpose of an n x 3 array, three rows written front to
// back). Prints the ratio of the streaming copy's speed to the plain one's.
int stream_sweep(const std::vector<unsigned>& thread_counts, int repetitions, double min_time) {
  const std::size_t largest = std::size_t{256} << 20;
  for (int b = 0; b < 2; ++b) {
    buffer(b).resize(largest / sizeof(float));
    for (std::size_t i = 0; i < buffer(b).size(); ++i) buffer(b)[i] = static_cast<float>(i % 100003);
  }
  using strider::detail::copy_engine::streaming;
  streaming& mode = strider::detail::copy_engine::stream_mode();
  std::printf("CPU: %s; streaming / plain stores, speed ratio (median of %d)\n\n| destination |", cpu_model().c_str(), repetitions);
  for (unsigned t : thread_counts) std::printf(" rows, %u thr | tiles, %u thr | triples, %u thr |", t, t, t);
  std::printf("\n|---|");
  for (std::size_t k = 0; k < 3 * thread_counts.size(); ++k) std::printf("---:|");
  std::printf("\n");
  // 256 KiB, 384 KiB, 512 KiB, 768 KiB, ...: each power of two and the size halfway to the next.
  for (std::size_t power = std::size_t{256} << 10, bytes = power; bytes <= largest; bytes = bytes == power ? power * 3 / 2 : (power *= 2)) {
    const index_t elements = static_cast<index_t>(bytes / sizeof(float));
    const dynamic_layout row = dynamic_layout::contiguous({elements});
    const dynamic_layout wide = dynamic_layout::contiguous({1024, elements / 1024});  // the transpose's destination
    const dynamic_layout transposed = strider::transpose(dynamic_layout::contiguous({elements / 1024, 1024}), 0, 1);
    const index_t n3 = elements / 3 / 16 * 16;  // rows of whole cache lines, as streaming needs
    const dynamic_layout three_rows = dynamic_layout::contiguous({3, n3});
    const dynamic_layout triples = strider::transpose(dynamic_layout::contiguous({n3, 3}), 0, 1);
    std::printf("| %zu KiB |", bytes >> 10);
    for (unsigned threads : thread_counts) {
      for (int kind = 0; kind < 3; ++kind) {
        const copier copy = [&](const float* s, float* d) {
          if (kind == 0) strider::copy_strided(s, row, d, row, {threads});
          else if (kind == 1) strider::copy_strided(s, transposed, d, wide, {threads});
          else strider::copy_strided(s, triples, d, three_rows, {threads});
        };
        std::vector<double> streamed, plain;
        for (int r = 0; r < repetitions; ++r) {
          mode = streaming::always;
          streamed.push_back(seconds_per_copy(copy, min_time));
          mode = streaming::never;
          plain.push_back(seconds_per_copy(copy, min_time));
        }
        mode = streaming::automatic;
        std::printf(" %.2f |", median(plain) / median(streamed));
      }
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}

// --tuples: n x k transposes both ways (k rows packed into tuples, tuples unpacked into k rows),
// k = 2, 3, 4, for elements of 1, 2, 4 and 8 bytes, 24 MiB read + written, as the ratio of the
// copy's speed to memcpy's of the same bytes with the same threads (each result checked against
// a plain loop first).
template <class T>
bool tuples_row(const char* name, index_t k, unsigned threads, int repetitions, double min_time) {
  const index_t n = (index_t{24} << 20) / (2 * k * static_cast<index_t>(sizeof(T)));
  std::vector<T> s(static_cast<std::size_t>(n * k)), d(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<T>(i % 101);
  const dynamic_layout rows = dynamic_layout::contiguous({k, n}), tuples = dynamic_layout::contiguous({n, k});
  const dynamic_layout packing = strider::transpose(rows, 0, 1), unpacking = strider::transpose(tuples, 0, 1);
  team members(threads);
  const std::size_t total = s.size() * sizeof(T);
  const auto time = [&](const std::function<void()>& copy) {
    std::vector<double> t;
    for (int r = 0; r < repetitions; ++r) t.push_back(seconds_per_run(copy, min_time));
    return median(t);
  };
  const double memcpy_time = time([&] { threaded_memcpy(members, threads, s.data(), d.data(), total); });
  bool ok = true;
  double ratio[2] = {};
  for (int way = 0; way < 2; ++way) {
    const dynamic_layout& from = way == 0 ? packing : unpacking;
    const dynamic_layout& to = way == 0 ? tuples : rows;
    strider::copy_strided(s.data(), from, d.data(), to, {threads});
    for (index_t i = 0; i < n && ok; ++i)
      for (index_t j = 0; j < k; ++j) ok = ok && (way == 0 ? d[static_cast<std::size_t>(i * k + j)] == s[static_cast<std::size_t>(j * n + i)]
                                                            : d[static_cast<std::size_t>(j * n + i)] == s[static_cast<std::size_t>(i * k + j)]);
    ratio[way] = memcpy_time / time([&] { strider::copy_strided(s.data(), from, d.data(), to, {threads}); });
  }
  std::printf("| %s | %ld | %u | %.2f | %.2f | %.1f |\n", name, static_cast<long>(k), threads, ratio[0], ratio[1], 2.0 * static_cast<double>(total) / memcpy_time / 1e9);
  std::fflush(stdout);
  if (!ok) std::fprintf(stderr, "%s, k = %ld: differs from the plain loop\n", name, static_cast<long>(k));
  return ok;
}

int tuples_table(const std::vector<unsigned>& thread_counts, int repetitions, double min_time) {
  std::printf("CPU: %s; n x k transposes of 24 MiB read + written; speed / memcpy's with the same threads (median of %d)\n\n", cpu_model().c_str(), repetitions);
  std::printf("| element | k | threads | k rows → n × k | n × k → k rows | memcpy GB/s |\n|---|---:|---:|---:|---:|---:|\n");
  bool ok = true;
  for (unsigned threads : thread_counts)
    for (index_t k : {2, 3, 4}) {
      ok &= tuples_row<std::uint8_t>("uint8", k, threads, repetitions, min_time);
      ok &= tuples_row<std::int16_t>("int16", k, threads, repetitions, min_time);
      ok &= tuples_row<float>("float32", k, threads, repetitions, min_time);
      ok &= tuples_row<double>("float64", k, threads, repetitions, min_time);
    }
  return ok ? 0 : 1;
}

// --sizes: the 2-D transpose and the full reversal (permute (2,1,0)) of 64 MiB, for elements of
// 1, 2, 4 and 8 bytes (the same bytes in each: 4096 x 4096 floats, 256 x 256 x 256 floats, the
// innermost extent scaled by 4 / size), as the ratio of the copy's speed to memcpy's of the same
// bytes with the same threads (each result checked against a plain loop first).
template <class T>
bool sizes_row(const char* name, unsigned threads, int repetitions, double min_time) {
  const index_t wide = 16384 / static_cast<index_t>(sizeof(T)), deep = 1024 / static_cast<index_t>(sizeof(T));
  const dynamic_layout transposed = strider::transpose(dynamic_layout::contiguous({4096, wide}), 0, 1);
  const dynamic_layout reversed = strider::permute(dynamic_layout::contiguous({256, 256, deep}), strider::dims({2, 1, 0}));
  std::vector<T> s(static_cast<std::size_t>(std::max(4096 * wide, 256 * 256 * deep))), d(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<T>(i % 251);
  team members(threads);
  const auto time = [&](const std::function<void()>& copy) {
    std::vector<double> t;
    for (int r = 0; r < repetitions; ++r) t.push_back(seconds_per_run(copy, min_time));
    return median(t);
  };
  bool ok = true;
  double ratio[2] = {}, memcpy_speed = 0;
  for (int way = 0; way < 2; ++way) {
    const dynamic_layout& from = way == 0 ? transposed : reversed;
    const dynamic_layout to = dynamic_layout::contiguous(from.shape());
    const std::size_t total = static_cast<std::size_t>(from.size()) * sizeof(T);
    strider::copy_strided(s.data(), from, d.data(), to, {threads});
    std::vector<index_t> at(from.shape().size(), 0);
    for (index_t i = 0; i < from.size() && ok; ++i) {  // the destination in order, the source by its strides
      index_t offset = from.offset();
      for (std::size_t k = 0; k < at.size(); ++k) offset += at[k] * from.strides()[k];
      ok = d[static_cast<std::size_t>(i)] == s[static_cast<std::size_t>(offset)];
      for (std::size_t k = at.size(); k-- > 0;) {
        if (++at[k] < from.shape()[k]) break;
        at[k] = 0;
      }
    }
    const double memcpy_time = time([&] { threaded_memcpy(members, threads, s.data(), d.data(), total); });
    ratio[way] = memcpy_time / time([&] { strider::copy_strided(s.data(), from, d.data(), to, {threads}); });
    memcpy_speed = 2.0 * static_cast<double>(total) / memcpy_time / 1e9;
  }
  std::printf("| %s | %u | %.2f | %.2f | %.1f |\n", name, threads, ratio[0], ratio[1], memcpy_speed);
  std::fflush(stdout);
  if (!ok) std::fprintf(stderr, "%s: differs from the plain loop\n", name);
  return ok;
}

int sizes_table(const std::vector<unsigned>& thread_counts, int repetitions, double min_time) {
  std::printf("CPU: %s; transposes of 64 MiB by element size; speed / memcpy's with the same threads (median of %d)\n\n", cpu_model().c_str(), repetitions);
  std::printf("| element | threads | transpose 4096 × 4096·4/size | permute (2,1,0) of 256 × 256 × 256·4/size | memcpy GB/s |\n|---|---:|---:|---:|---:|\n");
  bool ok = true;
  for (unsigned threads : thread_counts) {
    ok &= sizes_row<std::uint8_t>("uint8", threads, repetitions, min_time);
    ok &= sizes_row<std::int16_t>("int16", threads, repetitions, min_time);
    ok &= sizes_row<float>("float32", threads, repetitions, min_time);
    ok &= sizes_row<double>("float64", threads, repetitions, min_time);
  }
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<unsigned> thread_counts;
  int repetitions = 5;
  double min_time = 0.15;
  std::vector<std::string> only;
  bool sweep = false, tuples = false, sizes = false;
  std::vector<copy_case> extra;  // --permute and --random: in place of the named cases
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--stream-sweep" || flag == "--tuples" || flag == "--sizes" || flag == "--huge-pages") {
      (flag == "--tuples" ? tuples : flag == "--sizes" ? sizes : flag == "--huge-pages" ? huge_pages() : sweep) = true;
      --i;
      continue;
    }
    if (i + 1 == argc) {
      std::fprintf(stderr, "copy_scaling: %s needs a value\n", flag.c_str());
      return 2;
    }
    const std::string value = argv[i + 1];
    if (flag == "--threads")
      for (const std::string& t : split(value)) thread_counts.push_back(static_cast<unsigned>(std::stoul(t)));
    else if (flag == "--repetitions") repetitions = std::max(1, std::stoi(value));
    else if (flag == "--min-time") min_time = std::stod(value);
    else if (flag == "--cases") only = split(value);
    else if (flag == "--permute") extra.push_back(parsed_permute(value));
    else if (flag == "--random")
      for (copy_case& c : random_permutes(value)) extra.push_back(std::move(c));
    else if (flag == "--stream" && (value == "always" || value == "never"))  // the engine's own choice unless given
      strider::detail::copy_engine::stream_mode() = value == "always" ? strider::detail::copy_engine::streaming::always : strider::detail::copy_engine::streaming::never;
    else {
      std::fprintf(stderr, "copy_scaling: unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (thread_counts.empty()) {  // 1, 2, 4, ... and every core
    for (unsigned t = 1; t < cores; t *= 2) thread_counts.push_back(t);
    thread_counts.push_back(cores);
  }
  if (sweep) return stream_sweep(thread_counts, repetitions, min_time);
  if (tuples) return tuples_table(thread_counts, repetitions, min_time);
  if (sizes) return sizes_table(thread_counts, repetitions, min_time);

  std::vector<copy_case> cases = std::move(extra);
  if (cases.empty() || !only.empty())
    for (copy_case& c : make_cases())
      if (only.empty() || std::find(only.begin(), only.end(), c.name) != only.end()) cases.push_back(std::move(c));
  if (cases.empty()) {
    std::fprintf(stderr, "copy_scaling: no case named in --cases\n");
    return 2;
  }
  std::size_t largest = 0;
  for (const copy_case& c : cases) largest = std::max({largest, static_cast<std::size_t>(c.src.required_span()), static_cast<std::size_t>(c.dst.required_span())});
  for (int b = 0; b < 2; ++b) {
    buffer(b).resize(largest);
    for (std::size_t i = 0; i < largest; ++i) buffer(b)[i] = static_cast<float>(i % 100003);
  }

  struct row {
    std::vector<double> strider, memcpy, hptt;  // GB/s per thread count
  };
  std::vector<row> rows(cases.size());
  bool ok = true;
  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    const copy_case& c = cases[ci];
    const double bytes = 2.0 * static_cast<double>(c.dst.size()) * sizeof(float);
    for (unsigned threads : thread_counts) {
      team members(threads);
      const std::size_t total = static_cast<std::size_t>(c.dst.size()) * sizeof(float);
      std::vector<std::pair<const char*, copier>> peers;
      peers.emplace_back("strider", [&c, threads](const float* s, float* d) { strider::copy_strided(s, c.src, d, c.dst, {threads}); });
      peers.emplace_back("memcpy", [&members, threads, total](const float* s, float* d) { threaded_memcpy(members, threads, s, d, total); });
#if defined(STRIDER_BENCH_HPTT)
      std::shared_ptr<hptt::Transpose<float>> plan;
      if (!c.hptt_perm.empty()) {
        plan = hptt::create_plan(c.hptt_perm.data(), static_cast<int>(c.hptt_perm.size()), 1.0f, buffer(0).data(), c.hptt_size.data(), nullptr, 0.0f,
                                 buffer(1).data(), nullptr, hptt::ESTIMATE, static_cast<int>(threads), nullptr, true);
        peers.emplace_back("hptt", [plan](const float*, float*) { plan->execute(); });
      }
#endif
      for (const auto& [who, copy] : peers)
        if (std::strcmp(who, "memcpy") != 0) ok &= same_as_naive(c, who, copy);
      std::vector<std::vector<double>> times(peers.size());
      // Each repetition starts at the next peer, so that each follows every other equally often:
      // a peer's threads keep a core busy a while after its copies (libgomp's, HPTT's, spin for
      // several milliseconds), at the start of the next peer's measurement.
      for (int r = 0; r < repetitions; ++r)
        for (std::size_t i = 0; i < peers.size(); ++i) {
          const std::size_t k = (i + static_cast<std::size_t>(r)) % peers.size();
          times[k].push_back(seconds_per_copy(peers[k].second, min_time));
        }
      rows[ci].strider.push_back(bytes / median(times[0]) / 1e9);
      rows[ci].memcpy.push_back(bytes / median(times[1]) / 1e9);
      rows[ci].hptt.push_back(peers.size() > 2 ? bytes / median(times[2]) / 1e9 : 0.0);
      std::fprintf(stderr, "%s, %u threads: strider %.1f, memcpy %.1f, hptt %.1f GB/s\n", c.name.c_str(), threads, rows[ci].strider.back(), rows[ci].memcpy.back(),
                   rows[ci].hptt.back());
    }
  }
  if (!ok) return 1;

#if defined(STRIDER_BENCH_HPTT)
  const bool with_hptt = true;
#else
  const bool with_hptt = false;
#endif
  std::printf("CPU: %s, %u hardware threads; float32; GB/s = bytes read + written per second; median of %d; ", cpu_model().c_str(), cores, repetitions);
  std::printf("(ratio to memcpy with the same threads)\n\n| case |");
  for (unsigned t : thread_counts) {
    std::printf(" strider %u |", t);
    if (with_hptt) std::printf(" HPTT %u |", t);
  }
  std::printf(" strider ×%u/1 |", thread_counts.back());
  if (with_hptt) std::printf(" HPTT ×%u/1 |", thread_counts.back());
  std::printf("\n|---|");
  for (std::size_t k = 0; k < thread_counts.size() * (with_hptt ? 2 : 1) + (with_hptt ? 2 : 1); ++k) std::printf("---:|");
  std::printf("\n");
  for (std::size_t ci = 0; ci < cases.size(); ++ci) {
    const row& r = rows[ci];
    std::printf("| %s |", cases[ci].title.c_str());
    for (std::size_t t = 0; t < thread_counts.size(); ++t) {
      std::printf(" %.1f (%.2f) |", r.strider[t], r.strider[t] / r.memcpy[t]);
      if (with_hptt) {
        if (r.hptt[t] > 0) std::printf(" %.1f (%.2f) |", r.hptt[t], r.hptt[t] / r.memcpy[t]);
        else std::printf(" - |");
      }
    }
    std::printf(" %.2f |", r.strider.back() / r.strider.front());
    if (with_hptt) {
      if (r.hptt.front() > 0) std::printf(" %.2f |", r.hptt.back() / r.hptt.front());
      else std::printf(" - |");
    }
    std::printf("\n");
  }
  std::printf("\nmemcpy GB/s per thread count:");
  for (std::size_t t = 0; t < thread_counts.size(); ++t) {
    double lo = 1e30, hi = 0;
    for (const row& r : rows) {
      lo = std::min(lo, r.memcpy[t]);
      hi = std::max(hi, r.memcpy[t]);
    }
    std::printf(" %u: %.1f-%.1f;", thread_counts[t], lo, hi);
  }
  std::printf("\n");
  return 0;
}
