// strider/static/fixed_string.hpp: moved to strider/util/fixed_string.hpp with the other utilities
// that are not stride algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/fixed_string.hpp"
