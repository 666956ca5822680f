// strider/core/heap_array.hpp: moved to strider/util/heap_array.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/heap_array.hpp"
