// strider/atom/ldmatrix.hpp: ldmatrix and stmatrix (PTX's warp-wide moves of 8 x 8 matrices of
// 16-bit elements between shared memory and registers) as atoms (docs/atoms.md). Each has two
// thread-value types over the tile of its matrices, shape (Matrices, 8, 8) in C order:
// - `src_layout` (ldmatrix) / `dst_layout` (stmatrix): the shared-memory side, lanes 8j to 8j + 7
//   giving the 16-byte rows 0 to 7 of matrix j, each lane's 8 values one row;
// - `dst_layout` (ldmatrix) / `src_layout` (stmatrix): the register side, register j of lane L
//   holding row L / 4, columns 2 (L % 4) and 2 (L % 4) + 1 of matrix j (`.trans`: the transpose,
//   rows 2 (L % 4) and + 1 of column L / 4), the lower half first.
// The shared-memory side is what the access certificate reads: each lane's row is one 16-byte
// access, and a warp's 16-byte accesses are served 8 lanes per phase, as the hardware serves
// ldmatrix's 8 row addresses per phase; `require_conflict_free_t` of a tile read through it is
// the ldmatrix read's bank check.
#pragma once

#include <array>
#include <cstdint>

#include "../static/layout.hpp"
#include "../static/thread_value.hpp"
#include "element_types.hpp"

namespace strider {

namespace detail {
// The shared-memory side of M matrices: lane l (of 8M) holds row l % 8 of matrix l / 8. The
// register side: lane L = 4g + t, register j's two values at (j, g, 2t + e), transposed at
// (j, 2t + e, g). Members of class templates, not alias templates over as_thread_value_t, which
// nvcc 13's front end refuses (issue 51).
template <int M>
struct matrix_rows {
  using type = as_thread_value_t<layout<shape<M, 8, 8>, strides<64, 8, 1>>, 1, shape<M, 8, 8>>;
};
template <int M, bool Transposed>
struct matrix_registers {
  using type = as_thread_value_t<layout<shape<8, 4, M, 2>, std::conditional_t<Transposed, strides<1, 16, 64, 8>, strides<8, 2, 64, 1>>>, 2, shape<M, 8, 8>>;
};
template <int M>
using matrix_rows_tv = typename matrix_rows<M>::type;
template <int M, bool Transposed>
using matrix_registers_tv = typename matrix_registers<M, Transposed>::type;

// The common part of ldmatrix and stmatrix: M matrices, transposed or not.
template <int M, bool Transposed>
struct matrix_move_base {
  static_assert(M == 1 || M == 2 || M == 4, "ldmatrix / stmatrix: .x1, .x2 or .x4 (1, 2 or 4 matrices)");
  static constexpr int matrices = M;
  static constexpr bool transposed = Transposed;
  /// The element type: 16-bit (b16: f16 or bf16 bits).
  static constexpr int element_bits = 16;
  /// Each lane's 32-bit registers (one per matrix), and the lanes whose row addresses are read.
  static constexpr int registers = M;
  static constexpr int address_lanes = 8 * M;
  using shared_layout = matrix_rows_tv<M>;
  using register_layout = matrix_registers_tv<M, Transposed>;
  using registers_t = std::array<std::array<std::uint32_t, static_cast<std::size_t>(M)>, 32>;

  /// The host twin of the moves: every lane's registers from the rows the address lanes point at
  /// (rows[l] is lane l's row of 8 16-bit elements, for l < address_lanes).
  static constexpr registers_t host_load(const std::array<const std::uint16_t*, 32>& rows) {
    registers_t out{};
    for (index_t lane = 0; lane < 32; ++lane)
      for (index_t j = 0; j < M; ++j) {
        std::uint32_t r = 0;
        for (index_t e = 0; e < 2; ++e) {
          const index_t element = register_layout::element(lane, 2 * j + e);  // (matrix, row, column) in C order
          const index_t row = element / 8, column = element % 8;
          r |= std::uint32_t{rows[static_cast<std::size_t>(row)][column]} << (16 * e);
        }
        out[static_cast<std::size_t>(lane)][static_cast<std::size_t>(j)] = r;
      }
    return out;
  }
  /// stmatrix's twin: the rows the address lanes point at, written from every lane's registers.
  static constexpr void host_store(const std::array<std::uint16_t*, 32>& rows, const registers_t& values) {
    for (index_t lane = 0; lane < 32; ++lane)
      for (index_t j = 0; j < M; ++j)
        for (index_t e = 0; e < 2; ++e) {
          const index_t element = register_layout::element(lane, 2 * j + e);
          rows[static_cast<std::size_t>(element / 8)][element % 8] =
              static_cast<std::uint16_t>(values[static_cast<std::size_t>(lane)][static_cast<std::size_t>(j)] >> (16 * e));
        }
  }
};

#ifdef __CUDA_ARCH__
[[noreturn]] __device__ inline void matrix_move_needs(const char* atom, const char* architecture) {
  device_refusal_in(atom, "this instruction needs {} or later", architecture);
}
#endif
}  // namespace detail

/// `ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16`: a warp loads M 8 x 8 matrices of
/// 16-bit elements from shared memory, lane l (l < 8M) giving the address of row l % 8 of matrix
/// l / 8; `src_layout` is that side, `dst_layout` the registers. CuTe's SM75_U32x{1,2,4}_LDSM_N
/// and SM75_U16x{2,4,8}_LDSM_T.
/// @pre M is 1, 2 or 4; each row address 16-byte aligned in shared memory; sm_75 or later.
/// @example ldmatrix<4>::dst_layout::element(5, 3) == 1 * 64 + 1 * 8 + 2 + 1: lane 5's register 1
///   (values 2 and 3) holds matrix 1, row 5 / 4, columns 2 (5 % 4) and + 1.
template <int M, bool Transposed = false>
struct ldmatrix : detail::matrix_move_base<M, Transposed> {
  using src_layout = detail::matrix_rows_tv<M>;
  using dst_layout = detail::matrix_registers_tv<M, Transposed>;
#ifdef __CUDACC__
  /// The instruction: every lane passes its row's shared-memory address (lanes past 8M any).
  __device__ static void copy(std::uint32_t (&dst)[M], const void* shared_row) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
    const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_row));
    if constexpr (M == 1 && !Transposed) asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(dst[0]) : "r"(address));
    else if constexpr (M == 1) asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];\n" : "=r"(dst[0]) : "r"(address));
    else if constexpr (M == 2 && !Transposed) asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n" : "=r"(dst[0]), "=r"(dst[1]) : "r"(address));
    else if constexpr (M == 2) asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n" : "=r"(dst[0]), "=r"(dst[1]) : "r"(address));
    else if constexpr (!Transposed)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(dst[0]), "=r"(dst[1]), "=r"(dst[2]), "=r"(dst[3]) : "r"(address));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(dst[0]), "=r"(dst[1]), "=r"(dst[2]), "=r"(dst[3]) : "r"(address));
#elif defined(__CUDA_ARCH__)
    (void)dst, (void)shared_row;
    detail::matrix_move_needs("ldmatrix", "sm_75");
#endif
  }
#endif
};

/// `stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16`: the reverse move, registers to shared
/// memory; `src_layout` the registers (ldmatrix's dst_layout), `dst_layout` the rows. CuTe's
/// SM90_U32x{1,2,4}_STSM_N and SM90_U16x{2,4,8}_STSM_T.
/// @pre as ldmatrix's; sm_90 or later.
/// @example stmatrix<2, true>::src_layout::element(5, 3) == 1 * 64 + (2 + 1) * 8 + 1: lane 5's
///   register 1 holds matrix 1's column 5 / 4, rows 2 (5 % 4) and + 1.
template <int M, bool Transposed = false>
struct stmatrix : detail::matrix_move_base<M, Transposed> {
  using src_layout = detail::matrix_registers_tv<M, Transposed>;
  using dst_layout = detail::matrix_rows_tv<M>;
#ifdef __CUDACC__
  /// The instruction: every lane passes its row's shared-memory address (lanes past 8M any).
  __device__ static void copy(const std::uint32_t (&src)[M], void* shared_row) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    const auto address = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_row));
    if constexpr (M == 1 && !Transposed) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};\n" ::"r"(address), "r"(src[0]));
    else if constexpr (M == 1) asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};\n" ::"r"(address), "r"(src[0]));
    else if constexpr (M == 2 && !Transposed) asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};\n" ::"r"(address), "r"(src[0]), "r"(src[1]));
    else if constexpr (M == 2) asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};\n" ::"r"(address), "r"(src[0]), "r"(src[1]));
    else if constexpr (!Transposed)
      asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(address), "r"(src[0]), "r"(src[1]), "r"(src[2]), "r"(src[3]));
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(address), "r"(src[0]), "r"(src[1]), "r"(src[2]), "r"(src[3]));
#elif defined(__CUDA_ARCH__)
    (void)src, (void)shared_row;
    detail::matrix_move_needs("stmatrix", "sm_90");
#endif
  }
#endif
};

/// The usual spellings: `ldmatrix_x4`, `ldmatrix_x4_trans`, ... (PTX's .x1/.x2/.x4 and .trans).
using ldmatrix_x1 = ldmatrix<1>;
using ldmatrix_x2 = ldmatrix<2>;
using ldmatrix_x4 = ldmatrix<4>;
using ldmatrix_x1_trans = ldmatrix<1, true>;
using ldmatrix_x2_trans = ldmatrix<2, true>;
using ldmatrix_x4_trans = ldmatrix<4, true>;
using stmatrix_x1 = stmatrix<1>;
using stmatrix_x2 = stmatrix<2>;
using stmatrix_x4 = stmatrix<4>;
using stmatrix_x1_trans = stmatrix<1, true>;
using stmatrix_x2_trans = stmatrix<2, true>;
using stmatrix_x4_trans = stmatrix<4, true>;

}  // namespace strider
