// expect: (mma_operand_element_type_differs<'A', float, strider::f16>.*tiled_mma: the tensor's element type|tiled_mma: the tensor's element type.*mma_operand_element_type_differs<'A', float, strider::f16>)
// A shared tile of float partitioned as the f16 operand A of m16n8k16.
#include <strider/strider.hpp>

using namespace strider;
using mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<1, 1>, shape<16, 8, 16>>;
float storage[16 * 16];
auto mine = mma::partition_a(tensor_view<float, contiguous<16, 16>>(storage), 3);
