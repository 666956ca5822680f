// strider/core/error.hpp: moved to strider/util/error.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/error.hpp"
