#pragma once
/// \file adjacent_difference.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
