// strider/core/text.hpp: moved to strider/util/text.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/text.hpp"
