#pragma once
/// \file find.hpp
/// PLACEHOLDER (issue 17): being written; nothing here yet.

#include "execution.hpp"
