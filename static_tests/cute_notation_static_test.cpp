// CuTe's notation at compile time (expression/cute.hpp): a CuTe layout string held against a
// strider type, each worked out by hand (modes flattened, then reversed; CuTe counts mode 0
// fastest, strider the last axis).
#include <array>
#include <strider/expression.hpp>
#include <strider/static.hpp>
#include <strider/table.hpp>

namespace {
using namespace strider;
// (4,8):(8,1): 4 rows of stride 8 and 8 columns of stride 1 in CuTe's order, i.e. column index
// fastest in CuTe's 1-D order is the row: strider shape (8, 4), strides (1, 8).
static_assert(std::is_same_v<from_cute<"(4,8):(8,1)">, layout<shape<8, 4>, strides<1, 8>>>);
static_assert(offset_table_v<from_cute<"(4,8):(8,1)">> == offset_table_v<permute_t<contiguous<4, 8>, 1, 0>>);
// The nested example of CuTe's docs, and a shape alone (compact column-major strides).
static_assert(std::is_same_v<from_cute<"((2,4),8):((1,16),2)">, layout<shape<8, 4, 2>, strides<2, 16, 1>>>);
static_assert(std::is_same_v<from_cute<"(_2,_3)">, layout<shape<3, 2>, strides<2, 1>>>);
static_assert(to_cute_string(contiguous<4, 8>::dynamic()) == "(8,4):(1,8)");
static_assert(to_cute_string(from_cute_string("(12,(4,8)):(59,(13,1))")) == "(12,4,8):(59,13,1)");
}  // namespace
