// strider/print.hpp: print_layout, CuTe's print_layout for every layout kind and view, with
// printf on the host and in device code (static/print.hpp). Apart from static.hpp, whose users
// pay nothing for it.
#pragma once

#include "static/print.hpp"
