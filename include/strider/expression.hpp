// strider/expression.hpp: the layout expression language of the `strider` command
// ("contiguous(3, 4)[1:].permute(1, 0)"), parsed and evaluated at run time with the core's rules,
// and printed as the equivalent static type.
#pragma once

#include "expression/expression.hpp"
#include "expression/explain.hpp"
