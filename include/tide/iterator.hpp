#pragma once
/// \file iterator.hpp
/// All of tide's iterator adaptors.

#include "iterator/advance.hpp"
#include "iterator/constant_iterator.hpp"
#include "iterator/counting_iterator.hpp"
#include "iterator/discard_iterator.hpp"
#include "iterator/is_contiguous_iterator.hpp"
#include "iterator/iterator_adaptor.hpp"
#include "iterator/iterator_categories.hpp"
#include "iterator/iterator_facade.hpp"
#include "iterator/iterator_traits.hpp"
#include "iterator/offset_iterator.hpp"
#include "iterator/permutation_iterator.hpp"
#include "iterator/retag.hpp"
#include "iterator/reverse_iterator.hpp"
#include "iterator/tabulate_output_iterator.hpp"
#include "iterator/transform_input_output_iterator.hpp"
#include "iterator/transform_iterator.hpp"
#include "iterator/transform_output_iterator.hpp"
#include "iterator/zip_iterator.hpp"
