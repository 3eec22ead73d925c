#pragma once
/// \file tide.hpp
/// Everything tide offers: policies, containers, iterators, functors and algorithms.

#include "config.hpp"
#include "error.hpp"
#include "execution.hpp"
#include "functional.hpp"
#include "memory.hpp"
#include "memory_resource.hpp"
#include "tuple.hpp"
#include "vector.hpp"
#include "iterator.hpp"

#include "binary_search.hpp"
#include "copy.hpp"
#include "extrema.hpp"
#include "gather.hpp"
#include "histogram.hpp"
#include "jacobi.hpp"
#include "logical.hpp"
#include "merge.hpp"
#include "reduce.hpp"
#include "reduce_by_key.hpp"
#include "scan.hpp"
#include "scatter.hpp"
#include "sort.hpp"
#include "transform.hpp"
#include "tridiagonal.hpp"
