// strider/strider.hpp: the whole library except the Boost.Hana boundary (strider/hana.hpp).
#pragma once

#include "access.hpp"
#include "atom.hpp"
#include "print.hpp"
#include "core.hpp"
#include "static.hpp"
#include "storage.hpp"
#include "table.hpp"
