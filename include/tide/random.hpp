#pragma once
/// \file random.hpp
/// Random numbers as `thrust/random.h` has them: engines, engine adaptors and distributions, in
/// host and device code, giving Thrust 3.0.1's sequences bit for bit. Everything lives in
/// `tide::random` and is also named in `tide` (tide::minstd_rand, tide::random::minstd_rand), as
/// Thrust names it in `thrust::random` and `thrust`. Engines and distributions are small values
/// (no dynamic memory): the usual device pattern seeds one per element and discards to its place:
///
///   struct estimate {
///     TIDE_HOST_DEVICE float operator()(unsigned i) const {
///       tide::default_random_engine rng(1234);
///       rng.discard(2 * i);
///       tide::uniform_real_distribution<float> u01;
///       float x = u01(rng), y = u01(rng);
///       return x * x + y * y <= 1.0f ? 4.0f : 0.0f;
///     }
///   };
///
/// The per-header notes say where Thrust's engines differ from the standard's (ranlux48's seeding)
/// and how normal_distribution depends on the compiler (random/distributions.hpp).

#include <cstdint>

#include "random/adaptors.hpp"
#include "random/distributions.hpp"
#include "random/engines.hpp"

namespace tide {
namespace random {

/// ranlux24_base keeping 23 of each 223 outputs: the standard's check value holds
/// (the 10000th output of a default-constructed one is 9901578).
using ranlux24 = discard_block_engine<ranlux24_base, 223, 23>;
/// ranlux48_base keeping 11 of each 389 outputs (Thrust's seeding: not std::ranlux48's numbers).
using ranlux48 = discard_block_engine<ranlux48_base, 389, 11>;
/// L'Ecuyer's three-component Tausworthe generator, as Thrust composes it.
using taus88 = xor_combine_engine<linear_feedback_shift_engine<std::uint32_t, 32u, 31u, 13u, 12u>, 0,
                                  xor_combine_engine<linear_feedback_shift_engine<std::uint32_t, 32u, 29u, 2u, 4u>, 0,
                                                     linear_feedback_shift_engine<std::uint32_t, 32u, 28u, 3u, 17u>, 0>,
                                  0>;
/// Thrust's default engine: minstd_rand.
using default_random_engine = minstd_rand;

}  // namespace random

using random::default_random_engine;
using random::ranlux24;
using random::ranlux48;
using random::taus88;

}  // namespace tide
