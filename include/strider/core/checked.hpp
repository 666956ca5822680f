// strider/core/checked.hpp: moved to strider/util/checked.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/checked.hpp"
