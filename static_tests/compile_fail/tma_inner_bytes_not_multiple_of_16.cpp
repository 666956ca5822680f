// expect: tma_inner_bytes_not_multiple_of_16<24>
// A box whose rows are 6 floats (24 bytes): TMA's inner box bytes are a multiple of 16.
#include <strider/atom/tma.hpp>

strider::index_t bytes = strider::tma_box<strider::contiguous<8, 6>, float>::bytes;
