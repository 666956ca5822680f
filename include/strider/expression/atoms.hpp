// strider/expression/atoms.hpp: the instruction atoms by name in the command's expressions
// (`access(TILE, ldmatrix_x4_src, 2, 8)`, `partition(TILE, mma_m16n8k16_a, 5)`, or a name alone to
// draw it): each name is an atom's thread-value type of atom/, read from the type itself.
#pragma once

#include <string_view>

#include "../atom/ldmatrix.hpp"
#include "../atom/mma.hpp"
#include "../core/thread_value.hpp"

namespace strider::detail {

/// One named atom layout: the command's name and the thread-value value.
struct named_atom {
  std::string_view name;
  thread_value_value value;
};

/// The atoms' thread-value layouts by name: the mma.sync fragments as `<atom>_a`, `_b`, `_c`
/// (m16n8k16 for f16 and bf16, m16n8k8 for tf32, m16n8k32 for s8), and ldmatrix's and stmatrix's
/// `_src` and `_dst` (x1, x2, x4, each also `_trans`).
/// @example `find_named_atom("mma_m16n8k16_a")->value.values()` is 8.
inline constexpr named_atom named_atoms[] = {
    {"mma_m16n8k16_a", mma_m16n8k16<f16, f16, f32>::a_layout::tv_value},
    {"mma_m16n8k16_b", mma_m16n8k16<f16, f16, f32>::b_layout::tv_value},
    {"mma_m16n8k16_c", mma_m16n8k16<f16, f16, f32>::c_layout::tv_value},
    {"mma_m16n8k8_a", mma_m16n8k8<tf32, tf32, f32>::a_layout::tv_value},
    {"mma_m16n8k8_b", mma_m16n8k8<tf32, tf32, f32>::b_layout::tv_value},
    {"mma_m16n8k8_c", mma_m16n8k8<tf32, tf32, f32>::c_layout::tv_value},
    {"mma_m16n8k32_a", mma_m16n8k32<s8, s8, s32>::a_layout::tv_value},
    {"mma_m16n8k32_b", mma_m16n8k32<s8, s8, s32>::b_layout::tv_value},
    {"mma_m16n8k32_c", mma_m16n8k32<s8, s8, s32>::c_layout::tv_value},
    {"ldmatrix_x1_src", ldmatrix_x1::src_layout::tv_value},
    {"ldmatrix_x1_dst", ldmatrix_x1::dst_layout::tv_value},
    {"ldmatrix_x2_src", ldmatrix_x2::src_layout::tv_value},
    {"ldmatrix_x2_dst", ldmatrix_x2::dst_layout::tv_value},
    {"ldmatrix_x4_src", ldmatrix_x4::src_layout::tv_value},
    {"ldmatrix_x4_dst", ldmatrix_x4::dst_layout::tv_value},
    {"ldmatrix_x1_trans_src", ldmatrix_x1_trans::src_layout::tv_value},
    {"ldmatrix_x1_trans_dst", ldmatrix_x1_trans::dst_layout::tv_value},
    {"ldmatrix_x2_trans_src", ldmatrix_x2_trans::src_layout::tv_value},
    {"ldmatrix_x2_trans_dst", ldmatrix_x2_trans::dst_layout::tv_value},
    {"ldmatrix_x4_trans_src", ldmatrix_x4_trans::src_layout::tv_value},
    {"ldmatrix_x4_trans_dst", ldmatrix_x4_trans::dst_layout::tv_value},
    {"stmatrix_x1_src", stmatrix<1>::src_layout::tv_value},
    {"stmatrix_x1_dst", stmatrix<1>::dst_layout::tv_value},
    {"stmatrix_x2_src", stmatrix<2>::src_layout::tv_value},
    {"stmatrix_x2_dst", stmatrix<2>::dst_layout::tv_value},
    {"stmatrix_x4_src", stmatrix<4>::src_layout::tv_value},
    {"stmatrix_x4_dst", stmatrix<4>::dst_layout::tv_value},
};

/// The named atom, or null.
inline const named_atom* find_named_atom(std::string_view name) {
  for (const named_atom& a : named_atoms)
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace strider::detail
