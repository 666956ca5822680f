// strider/atom/vector_access.hpp: N elements moved as one vector access (PTX's ld/st .v2 and .v4
// of 32-bit words, or one 32- or 64-bit access), host and device alike: what a kernel issues where
// the access certificate says a thread's elements make a vector (vector_width, partition_vector_width).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../util/config.hpp"
#include "../util/error.hpp"

namespace strider {

/// N elements of T as one aligned vector of N * sizeof(T) bytes (4, 8 or 16): what load_vector
/// returns and store_vector takes. `value[i]` is element i, at the lowest address first.
/// @pre N * sizeof(T) is 4, 8 or 16, and a multiple of 4 or T is 4 bytes or more.
/// @example `vector_of<float, 4>` is 16 bytes, aligned to 16: a float4.
template <class T, int N>
struct alignas(static_cast<std::size_t>(N) * sizeof(T)) vector_of {
  static_assert(N > 0 && (static_cast<std::size_t>(N) * sizeof(T) == 4 || static_cast<std::size_t>(N) * sizeof(T) == 8 || static_cast<std::size_t>(N) * sizeof(T) == 16),
                "vector_of: a vector access moves 4, 8 or 16 bytes");
  T value[static_cast<std::size_t>(N)];
};

/// Whether `p` is a multiple of `bytes` (a power of two): the alignment a vector access of that
/// many bytes needs.
/// @pre bytes is a power of two.
/// @example `is_aligned(p, 16)` for a `cudaMalloc` pointer is true (256-byte aligned).
STRIDER_HOST_DEVICE inline bool is_aligned(const void* p, std::size_t bytes) {
  std::uintptr_t address = 0;
  std::memcpy(&address, &p, sizeof address);  // the pointer's value, without a cast between pointer and integer types
  return address % bytes == 0;
}

namespace detail {
template <std::size_t Bytes>
struct vector_words {
  std::uint32_t word[Bytes / 4];
};
}  // namespace detail

/// `load_vector<N>(at)`: the N elements at `at` as one access (ld.v4.u32 for 16 bytes, ld.v2.u32
/// for 8, one 32-bit load for 4); on the host the bytes are copied, which is what the access means.
/// @pre `at` aligned to N * sizeof(T) (checked unless NDEBUG: "load_vector: the address is not
///      aligned ..."), N elements readable there.
/// @example `load_vector<4>(&tile(r, 0))` of a 16-byte aligned row of floats is one ld.global.v4.
template <int N, class T>
STRIDER_HOST_DEVICE inline vector_of<std::remove_const_t<T>, N> load_vector(const T* at) {
  using V = vector_of<std::remove_const_t<T>, N>;
#ifndef NDEBUG
  if (!is_aligned(at, sizeof(V))) detail::refuse("load_vector: the address is not aligned to the vector's {} bytes", sizeof(V));
#endif
  V v;
#ifdef __CUDA_ARCH__
  if constexpr (sizeof(V) == 16) {
    const uint4 u = *static_cast<const uint4*>(static_cast<const void*>(at));
    const std::uint32_t w[4] = {u.x, u.y, u.z, u.w};
    std::memcpy(&v, w, sizeof v);
  } else if constexpr (sizeof(V) == 8) {
    const uint2 u = *static_cast<const uint2*>(static_cast<const void*>(at));
    const std::uint32_t w[2] = {u.x, u.y};
    std::memcpy(&v, w, sizeof v);
  } else {
    const std::uint32_t u = *static_cast<const std::uint32_t*>(static_cast<const void*>(at));
    std::memcpy(&v, &u, sizeof v);
  }
#else
  std::memcpy(&v, at, sizeof v);
#endif
  return v;
}

/// `store_vector(at, v)`: v's elements at `at` as one access. In device code a store to global
/// memory is written in PTX (st.global.v4.u32 / .v2.u32): nvcc has split a 128-bit store of
/// values it read otherwise into 32-bit stores; elsewhere (shared memory) an ordinary vector store.
/// @pre as load_vector, and writable there.
/// @example `store_vector(&out(r, 0), load_vector<4>(&in(r, 0)))` moves 16 bytes.
template <class T, int N>
STRIDER_HOST_DEVICE inline void store_vector(T* at, const vector_of<T, N>& v) {
  constexpr std::size_t bytes = sizeof(vector_of<T, N>);
#ifndef NDEBUG
  if (!is_aligned(at, bytes)) detail::refuse("store_vector: the address is not aligned to the vector's {} bytes", bytes);
#endif
#ifdef __CUDA_ARCH__
  detail::vector_words<bytes> w;
  std::memcpy(&w, &v, sizeof v);
  void* const p = static_cast<void*>(at);
  if constexpr (bytes == 16) {
    if (__isGlobal(p)) asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(w.word[0]), "r"(w.word[1]), "r"(w.word[2]), "r"(w.word[3]) : "memory");
    else *static_cast<uint4*>(p) = make_uint4(w.word[0], w.word[1], w.word[2], w.word[3]);
  } else if constexpr (bytes == 8) {
    if (__isGlobal(p)) asm volatile("st.global.v2.u32 [%0], {%1, %2};" ::"l"(p), "r"(w.word[0]), "r"(w.word[1]) : "memory");
    else *static_cast<uint2*>(p) = make_uint2(w.word[0], w.word[1]);
  } else {
    *static_cast<std::uint32_t*>(p) = w.word[0];
  }
#else
  static_cast<void>(bytes);
  std::memcpy(at, &v, sizeof v);
#endif
}

}  // namespace strider
