// strider/atom.hpp: the hardware's instructions as checked thread-value layouts (docs/atoms.md):
// the element tags (f16, bf16, tf32, f32, s8, u8, e4m3, e5m2, s32), the mma.sync and wgmma atoms with their fragments,
// device functions and host twins, tiled_mma, an atom tiled over a block tile by warps, and its
// register fragments with copy and gemm, and Hopper's: wgmma's shared-memory descriptors, TMA
// boxes and mbarrier pipelines (the driver's tensor maps: atom/tma_map.hpp, for nvcc's host code).
#pragma once

#include "atom/cp_async.hpp"
#include "atom/element_types.hpp"
#include "atom/fast_math.hpp"
#include "atom/fragment.hpp"
#include "atom/gmma_descriptor.hpp"
#include "atom/ldmatrix.hpp"
#include "atom/mma.hpp"
#include "atom/pipeline.hpp"
#include "atom/row_reduce.hpp"
#include "atom/tiled_copy.hpp"
#include "atom/tiled_mma.hpp"
#include "atom/tma.hpp"
#include "atom/tma_im2col.hpp"
#include "atom/vector_access.hpp"
#include "atom/wgmma.hpp"
