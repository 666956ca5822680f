// expect: expect_tx_differs<12288, 16384>
// A kernel that states its own expect_tx counts only the in-bounds part of a box past the tensor
// (48 of 64 rows); TMA counts the full box, so the full barrier would never complete: a hang.
#include <strider/atom/pipeline.hpp>
#include <strider/atom/tma.hpp>

using pipeline = strider::tma_pipeline<2, 1, strider::tma_box<strider::contiguous<64, 64>, float>>;
strider::index_t bytes = strider::require_expect_tx_v<pipeline, 12288>;
