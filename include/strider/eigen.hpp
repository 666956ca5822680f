// strider/eigen.hpp: strider views as Eigen Maps and TensorMaps, and Eigen objects as strider
// views. Needs Eigen 3.4 (Debian: libeigen3-dev; CMake: find_package(Eigen3) and Eigen3::Eigen).
#pragma once

#include "interop/eigen.hpp"
