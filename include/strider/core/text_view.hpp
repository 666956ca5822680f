// strider/core/text_view.hpp: moved to strider/util/text_view.hpp with the other utilities that are not stride
// algebra. Deprecated: this forwarding header goes in the next release.
#pragma once

#include "../util/text_view.hpp"
