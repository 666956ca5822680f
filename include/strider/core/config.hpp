// strider/core/config.hpp: moved to strider/util/config.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/config.hpp"
