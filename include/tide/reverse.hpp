#pragma once
/// \file reverse.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
