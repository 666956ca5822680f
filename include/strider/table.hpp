// strider/table.hpp: offset, coordinate and inverse tables of a layout, and the writers that
// print them (text grid, Markdown, CSV, JSON, C++ header, SVG).
#pragma once

#include "table/svg.hpp"
#include "table/tables.hpp"
#include "table/writers.hpp"
