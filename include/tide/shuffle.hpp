#pragma once
/// \file shuffle.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
