// strider/access.hpp: swizzled layouts and the access certificate (docs/access.md): how a
// kernel's threads touch shared and global memory, computed from the tile's layout and the
// thread-value layout: vector width, bank conflicts, sectors. Kept out of static.hpp so that a
// translation unit that checks no access pays nothing for it.
#pragma once

#include "core/access.hpp"
#include "core/swizzle.hpp"
#include "static/access.hpp"
