#pragma once
/// \file partition.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
