// strider/engine/threads.hpp: the threads that share a large copy: POSIX threads started once
// and reused by every copy (std::thread per copy where there are none).
#pragma once

#include <algorithm>
#include <cstddef>

// POSIX threads where there are any: <thread> alone costs more to compile than the core.
#if __has_include(<pthread.h>)
#include <pthread.h>
#include <time.h>

#include <atomic>
#include <cstdint>
#define STRIDER_COPY_PTHREADS 1
#else
#include <thread>
#endif

namespace strider::detail::copy_engine {


#if defined(STRIDER_COPY_PTHREADS)
// A short wait in a spin loop: the CPU's pause hint where there is one.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

// How long a pool thread spins for the next copy (and the calling thread for its helpers) before
// it sleeps: copies run back to back (a loop of them, a model's layers) then find their helpers
// awake, where a sleeping one takes a wake-up from the kernel, which on a virtual machine costs as
// much as a small copy's share. Sleeping after the spin keeps an idle pool idle.
inline constexpr long spin_nanoseconds = 200'000;

// True once `done()` holds, false when spin_nanoseconds pass first.
template <class Done>
bool spin_until(Done done) {
  timespec start{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    for (int k = 0; k < 64; ++k) {
      if (done()) return true;
      spin_pause();
    }
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((now.tv_sec - start.tv_sec) * 1'000'000'000L + (now.tv_nsec - start.tv_nsec) > spin_nanoseconds) return done();
  }
}

// Threads started once and reused by every copy, so that a copy of a few MiB pays no thread
// start per helper, and, when copies follow each other, no wake-up either (they spin a while
// between copies, then sleep). The pool grows to the largest number of threads asked for and is
// never destroyed: its threads sleep until the process ends. One copy uses it at a time; a copy
// that finds it busy (another thread's copy, or a copy started from inside one) runs on its
// calling thread alone.
class thread_pool {
 public:
  using work_fn = void (*)(void* context, unsigned member);

  static thread_pool& instance() {
    static thread_pool* pool = [] {
      auto* created = new thread_pool;  // never destroyed: see above
      // A child of fork() has none of the pool's threads: it starts its own. The pool's lock is
      // held across the fork so that the child's copy of it is in a known state.
      pthread_atfork([] { pthread_mutex_lock(&instance().mutex_); }, [] { pthread_mutex_unlock(&instance().mutex_); }, [] { instance().forget_threads(); });
      return created;
    }();
    return *pool;
  }

  // Runs work(context, m) for every member m in [0, members), member 0 on the calling thread;
  // members whose thread could not be started run there too. Returns false, running nothing,
  // when the pool is busy.
  bool run(unsigned members, work_fn work, void* context) {
    pthread_mutex_lock(&mutex_);
    if (busy_) {
      pthread_mutex_unlock(&mutex_);
      return false;
    }
    busy_ = true;
    while (started_ + 1 < members && start_one()) {
    }
    const unsigned helpers = std::min(started_, members - 1);
    work_ = work;
    context_ = context;
    pending_.store(helpers, std::memory_order_relaxed);
    // The job's generation and member count in one word, published after work_ and context_:
    // a spinning helper that sees the word sees them.
    job_.store(((job_.load(std::memory_order_relaxed) >> 32) + 1) << 32 | (helpers + 1), std::memory_order_release);
    pthread_cond_broadcast(&wake_);
    pthread_mutex_unlock(&mutex_);
    work(context, 0);
    for (unsigned m = helpers + 1; m < members; ++m) work(context, m);
    if (!spin_until([this] { return pending_.load(std::memory_order_acquire) == 0; })) {
      pthread_mutex_lock(&mutex_);
      while (pending_.load(std::memory_order_acquire) > 0) pthread_cond_wait(&done_, &mutex_);
      pthread_mutex_unlock(&mutex_);
    }
    pthread_mutex_lock(&mutex_);
    busy_ = false;
    pthread_mutex_unlock(&mutex_);
    return true;
  }

 private:
  struct helper_start {
    thread_pool* pool;
    unsigned member;
  };

  bool start_one() {  // with mutex_ held
    auto* start = new helper_start{this, started_ + 1};
    pthread_t thread;
    if (pthread_create(&thread, nullptr, &serve, start) != 0) {
      delete start;
      return false;
    }
    pthread_detach(thread);
    ++started_;
    return true;
  }

  static void* serve(void* arg) {
    const helper_start start = *static_cast<helper_start*>(arg);
    delete static_cast<helper_start*>(arg);
    thread_pool& pool = *start.pool;
    // Started inside run(), which holds the lock until the job is published: that job is this
    // helper's first.
    pthread_mutex_lock(&pool.mutex_);
    std::uint64_t seen = (pool.job_.load(std::memory_order_relaxed) >> 32) - 1;
    pthread_mutex_unlock(&pool.mutex_);
    for (;;) {
      std::uint64_t job = 0;
      const auto next_job = [&] { return ((job = pool.job_.load(std::memory_order_acquire)) >> 32) != seen; };
      if (!spin_until(next_job)) {
        pthread_mutex_lock(&pool.mutex_);
        while (!next_job()) pthread_cond_wait(&pool.wake_, &pool.mutex_);
        pthread_mutex_unlock(&pool.mutex_);
      }
      seen = job >> 32;
      // A job this helper is not a member of; the next one cannot start before its members end.
      if (start.member >= static_cast<unsigned>(job & 0xffffffffu)) continue;
      // work_ and context_ stay as published until pending_ reaches 0, after this member's work.
      pool.work_(pool.context_, start.member);
      if (pool.pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        pthread_mutex_lock(&pool.mutex_);  // the caller checks pending_ under the lock before it sleeps
        pthread_cond_signal(&pool.done_);
        pthread_mutex_unlock(&pool.mutex_);
      }
    }
  }

  thread_pool() = default;

  void forget_threads() {  // in a child of fork(), which holds mutex_ (see instance)
    pthread_cond_init(&wake_, nullptr);
    pthread_cond_init(&done_, nullptr);
    started_ = 0;
    pending_.store(0, std::memory_order_relaxed);
    busy_ = false;
    pthread_mutex_unlock(&mutex_);
  }

  pthread_mutex_t mutex_ = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t wake_ = PTHREAD_COND_INITIALIZER, done_ = PTHREAD_COND_INITIALIZER;
  unsigned started_ = 0;
  std::atomic<unsigned> pending_{0};
  std::atomic<std::uint64_t> job_{0};  // generation << 32 | members
  bool busy_ = false;
  work_fn work_ = nullptr;
  void* context_ = nullptr;
};
#endif

// Runs member(m) for m in [0, members) on that many threads, the calling thread being one.
// Returns false, running nothing, when the pool is busy with another copy.
template <class Member>
inline bool run_members(unsigned members, Member& member) {
  if (members <= 1) {
    member(0u);
    return true;
  }
#if defined(STRIDER_COPY_PTHREADS)
  const auto work = [](void* context, unsigned m) { (*static_cast<Member*>(context))(m); };
  return thread_pool::instance().run(members, work, &member);
#else
  std::vector<std::thread> helpers;
  helpers.reserve(members - 1);
  for (unsigned m = 1; m < members; ++m) helpers.emplace_back([&member, m] { member(m); });
  member(0u);
  for (std::thread& helper : helpers) helper.join();
  return true;
#endif
}

}  // namespace strider::detail::copy_engine
