#pragma once
/// \file set_operations.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
