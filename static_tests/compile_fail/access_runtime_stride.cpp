// expect: access: the extent or stride of tile axis .* is known only at run time
// A tile of a matrix whose rows' stride is a run-time value has no certificate at compile time:
// only a tile's offset may be run-time (the certificate is read at offset 0).
#include <strider/access.hpp>

using tiles = strider::tile_t<strider::contiguous<strider::dyn, strider::dyn>, 64, 64>;
using threads = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
constexpr auto sectors = strider::access_t<strider::tile_at_t<tiles>, threads, 4>::sectors;
