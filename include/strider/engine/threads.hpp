// strider/engine/threads.hpp: the threads that share a large copy: POSIX threads started once
// and reused by every copy (std::thread per copy where there are none).
#pragma once

#include <algorithm>
#include <cstddef>

// POSIX threads where there are any: <thread> alone costs more to compile than the core.
#if __has_include(<pthread.h>)
#include <pthread.h>
#define STRIDER_COPY_PTHREADS 1
#else
#include <thread>
#endif

namespace strider::detail::copy_engine {


#if defined(STRIDER_COPY_PTHREADS)
// Threads started once and reused by every copy, so that a copy of a few MiB pays a wake-up
// (microseconds), not a thread start, per helper. The pool grows to the largest number of
// threads asked for and is never destroyed: its threads sleep until the process ends. One copy
// uses it at a time; a copy that finds it busy (another thread's copy, or a copy started from
// inside one) runs on its calling thread alone.
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
    members_ = helpers + 1;
    pending_ = helpers;
    ++generation_;
    pthread_cond_broadcast(&wake_);
    pthread_mutex_unlock(&mutex_);
    work(context, 0);
    for (unsigned m = helpers + 1; m < members; ++m) work(context, m);
    pthread_mutex_lock(&mutex_);
    while (pending_ > 0) pthread_cond_wait(&done_, &mutex_);
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
    pthread_mutex_lock(&pool.mutex_);
    unsigned long seen = pool.generation_ - 1;  // started inside run(): the current job is this helper's
    for (;;) {
      while (pool.generation_ == seen) pthread_cond_wait(&pool.wake_, &pool.mutex_);
      seen = pool.generation_;
      if (start.member >= pool.members_) continue;
      const work_fn work = pool.work_;
      void* const context = pool.context_;
      pthread_mutex_unlock(&pool.mutex_);
      work(context, start.member);
      pthread_mutex_lock(&pool.mutex_);
      if (--pool.pending_ == 0) pthread_cond_signal(&pool.done_);
    }
  }

  thread_pool() = default;

  void forget_threads() {  // in a child of fork(), which holds mutex_ (see instance)
    pthread_cond_init(&wake_, nullptr);
    pthread_cond_init(&done_, nullptr);
    started_ = members_ = pending_ = 0;
    busy_ = false;
    pthread_mutex_unlock(&mutex_);
  }

  pthread_mutex_t mutex_ = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t wake_ = PTHREAD_COND_INITIALIZER, done_ = PTHREAD_COND_INITIALIZER;
  unsigned started_ = 0, members_ = 0, pending_ = 0;
  unsigned long generation_ = 0;
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
