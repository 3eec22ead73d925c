#pragma once
/// \file unique_by_key.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
