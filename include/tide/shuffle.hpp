#pragma once
/// \file shuffle.hpp
/// shuffle and shuffle_copy: reorder a range by a pseudorandom permutation drawn from a random
/// engine, giving Thrust 3.0.1's permutation for the same engine state, on every backend, and
/// leaving the engine where Thrust leaves it (24 draws per call, an empty range included).
///
/// The permutation is Thrust's: a Feistel bijection f of [0, 2^b) (detail/feistel_bijection.hpp),
/// 2^b the power of two at or above n (at least 16), restricted to [0, n) by keeping, in order of
/// x, the f(x) below n: result[k] = first[f(x_k)] for the k-th such x. Thrust's host and CUDA
/// systems share that one definition, so seq, par and the device give one permutation.
///
/// Each is one stream compaction (select_if in backend/{seq,omp,cuda}/shuffle.hpp) over the values
/// f(x) of x in [0, 2^b), kept where below n and written through an output that gathers
/// first[f(x)]: only kept values are ever read from the input. Where n is a power of two (16 or
/// more) every value is kept, and it is one gather (transform): result[x] = first[f(x)]. shuffle
/// writes into a temporary buffer and copies back.
///
/// The forms that take a policy also run in device code, with tide::seq or tide::device: in the
/// calling thread, with no allocation and no exceptions (backend/seq/device_code.hpp). In device
/// code shuffle permutes in place without a buffer: about n ln n lookups of up to n / 32
/// evaluations of the bijection each, so large ranges are better served by shuffle_copy there.

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "backend/omp/shuffle.hpp"
#include "backend/seq/device_code.hpp"
#include "backend/seq/shuffle.hpp"
#include "detail/dispatch.hpp"
#include "detail/feistel_bijection.hpp"
#include "detail/temporary_buffer.hpp"
#include "detail/user_backend.hpp"
#include "functional.hpp"
#include "iterator/counting_iterator.hpp"
#include "iterator/permutation_iterator.hpp"
#include "iterator/transform_iterator.hpp"
#include "iterator/transform_output_iterator.hpp"
#include "transform.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "backend/cuda/shuffle.hpp"
#endif

namespace tide {

namespace detail {

/// x -> f(x), in Key (32 bits where the domain allows: a smaller item for the compaction).
template <class Key>
struct feistel_value {
  feistel_bijection f;
  TIDE_HOST_DEVICE Key operator()(Key x) const { return static_cast<Key>(f(x)); }
};

/// v < n: the bijection's values that index the input.
template <class Key>
struct below_bound {
  Key n;
  TIDE_HOST_DEVICE bool operator()(Key v) const { return v < n; }
};

/// v -> first[v]: the output's gather, run only for kept values (all below n).
template <class It>
struct gather_from {
  It first;
  TIDE_EXEC_CHECK_DISABLE
  template <class Key>
  TIDE_HOST_DEVICE decltype(auto) operator()(Key v) const {
    return first[static_cast<iter_difference_t<It>>(v)];
  }
};

/// result[k] = first[f(x_k)], x_k the k-th x in [0, f.domain()) with f(x) < n (n > 0).
TIDE_EXEC_CHECK_DISABLE
template <class Key, class Policy, class It, class OutIt>
TIDE_HOST_DEVICE void shuffle_copy_keys(const Policy& policy, It first, size_type n, OutIt result,
                                        const feistel_bijection& f) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    // In device code seq; nvcc's device pass also sees the host's call (backend/seq/device_code.hpp).
    if (false) shuffle_copy_keys<Key>(policy.policy, first, n, result, f);
    shuffle_copy_keys<Key>(seq_policy{}, first, n, result, f);
  } else
#endif
  {
    auto values = make_transform_iterator(counting_iterator<Key>(0), feistel_value<Key>{f});
    if (static_cast<std::uint64_t>(n) == f.domain()) {
      // n a power of two (16 or more): every value is kept, so result[x] = first[f(x)], one gather.
      dispatch::transform(policy, make_permutation_iterator(first, values), n, result, identity<>());
    } else {
      auto out = make_transform_output_iterator(result, gather_from<It>{first});
      dispatch::select_if(policy, values, static_cast<size_type>(f.domain()), out,
                          below_bound<Key>{static_cast<Key>(n)}, "shuffle_copy");
    }
  }
}

/// shuffle_copy's work on unwrapped iterators (n > 0).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It, class OutIt>
TIDE_HOST_DEVICE void shuffle_copy_n(const Policy& policy, It first, size_type n, OutIt result,
                                     const feistel_bijection& f) {
  // Below 2^32 elements the domain is at most 2^32: its values fit 32 bits, and so does n.
  if (static_cast<std::uint64_t>(n) < (std::uint64_t(1) << 32))
    shuffle_copy_keys<std::uint32_t>(policy, first, n, result, f);
  else
    shuffle_copy_keys<std::uint64_t>(policy, first, n, result, f);
}

/// The kept values of f (those below n) by rank: kth(k) is P(k), the value written to output k.
/// A walk of [0, f.domain()) from the nearest of 64 checkpoints (the count kept before each 64th
/// of the domain), so each lookup evaluates f at most domain / 64 times, with 512 bytes of state.
class kept_values {
 public:
  static constexpr int checkpoints = 64;

  TIDE_HOST_DEVICE kept_values(const feistel_bijection& f, std::uint64_t n) : f_(f), n_(n) {
    const std::uint64_t domain = f.domain();
    block_ = domain >= checkpoints ? domain / checkpoints : 1;
    blocks_ = static_cast<int>(domain / block_);
    std::uint64_t kept = 0;
    for (int c = 0; c < blocks_; ++c) {
      before_[c] = kept;
      for (std::uint64_t x = c * block_, end = x + block_; x < end; ++x) kept += f(x) < n ? 1 : 0;
    }
  }

  /// P(k) for k < n.
  TIDE_HOST_DEVICE std::uint64_t kth(std::uint64_t k) const {
    int lo = 0, hi = blocks_;  // the last checkpoint with before_ <= k: before_[0] = 0 <= k
    while (hi - lo > 1) {
      const int mid = (lo + hi) / 2;
      if (before_[mid] <= k)
        lo = mid;
      else
        hi = mid;
    }
    std::uint64_t rank = before_[lo];
    for (std::uint64_t x = lo * block_;; ++x) {
      const std::uint64_t v = f_(x);
      if (v < n_) {
        if (rank == k) return v;
        ++rank;
      }
    }
  }

 private:
  const feistel_bijection& f_;
  std::uint64_t n_;
  std::uint64_t block_;
  int blocks_;
  std::uint64_t before_[checkpoints];
};

/// shuffle without a buffer (device code, where nothing is allocated): first[i] becomes the
/// original first[P(i)], P(i) the i-th kept value of f. Left to right, P(i) streamed in order of x;
/// where P(i) < i that element was already swapped away, to position P(P(i)) or further along its
/// chain, so the chain is followed (kept_values lookups) until it reaches a position >= i. About
/// n ln n chain steps for a random permutation, each at most domain / 64 evaluations of f.
TIDE_EXEC_CHECK_DISABLE
template <class It>
TIDE_HOST_DEVICE void shuffle_without_buffer(It first, size_type n, const feistel_bijection& f) {
  const std::uint64_t count = static_cast<std::uint64_t>(n);
  const kept_values kept(f, count);
  std::uint64_t x = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t j;
    do j = f(x++);
    while (j >= count);
    while (j < i) j = kept.kth(j);
    if (j != i) {
      auto a = first + static_cast<iter_difference_t<It>>(i);
      auto b = first + static_cast<iter_difference_t<It>>(j);
      iter_value_t<It> t = *a;
      *a = *b;
      *b = t;
    }
  }
}

/// shuffle's work (n > 0): compacts into a buffer, then copies back.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class It>
TIDE_HOST_DEVICE void shuffle_in_place(const Policy& policy, It first, size_type n, const feistel_bijection& f) {
#if defined(__CUDA_ARCH__)
  if constexpr (is_device_pass_policy_v<Policy>) {
    if (false) shuffle_in_place(policy.policy, first, n, f);  // as shuffle_copy_keys
    shuffle_without_buffer(unwrap_iterator(first), n, f);
  } else if constexpr (std::is_same_v<base_policy_t<Policy>, seq_policy>) {
    shuffle_without_buffer(unwrap_iterator(first), n, f);
  } else
#endif
  {
    using T = iter_value_t<It>;
    auto u_first = unwrap_iterator(first);
    if constexpr (std::is_trivially_copyable_v<T>) {
      temporary_buffer<T> shuffled(policy, static_cast<std::size_t>(n), "shuffle");
      shuffle_copy_n(policy, u_first, n, shuffled.data(), f);
      dispatch::transform(writer_policy<It>(policy), shuffled.data(), n, u_first, identity<>());
    } else {
      // Host systems only (a device system's values are trivially copyable): constructed copies.
      static_assert(!std::is_same_v<base_policy_t<Policy>, cuda_policy>, "tide::shuffle: trivially copyable values");
      std::vector<T> original(u_first, advanced(u_first, n));
      shuffle_copy_n(writer_policy<It>(policy), original.data(), n, u_first, f);
    }
  }
}

}  // namespace detail

// ---- shuffle_copy -----------------------------------------------------------------------------

/// Writes [first, last) to [result, result + (last - first)) in the pseudorandom order that
/// Thrust's shuffle_copy draws from g: the same permutation for the same engine state, and g left
/// as Thrust leaves it (24 draws, even for an empty range). The output must not overlap the input.
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class RandomIt, class OutIt, class URBG, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void shuffle_copy(const Policy& policy, RandomIt first, RandomIt last, OutIt result, URBG&& g) {
  size_type n = detail::range_size(policy, first, last, "shuffle_copy");
  const detail::feistel_bijection f(static_cast<std::uint64_t>(n), g);
  if (n == 0) return;
  detail::shuffle_copy_n(detail::writer_policy<OutIt>(detail::run_policy(policy)), detail::unwrap_iterator(first), n,
                         detail::unwrap_iterator(result), f);
}
/// Also in device code (as Thrust's), where it runs as with tide::seq.
TIDE_EXEC_CHECK_DISABLE
template <class RandomIt, class OutIt, class URBG, detail::enable_if_not_policy_t<RandomIt> = 0>
TIDE_HOST_DEVICE void shuffle_copy(RandomIt first, RandomIt last, OutIt result, URBG&& g) {
  tide::shuffle_copy(detail::implicit_policy(first, result), first, last, result, g);
}

// ---- shuffle ----------------------------------------------------------------------------------

/// Reorders [first, last) in the pseudorandom order that Thrust's shuffle draws from g: the same
/// permutation for the same engine state, and g left as Thrust leaves it (24 draws, even for an
/// empty range).
TIDE_EXEC_CHECK_DISABLE
template <class Policy, class RandomIt, class URBG, detail::enable_if_policy_t<Policy> = 0>
TIDE_HOST_DEVICE void shuffle(const Policy& policy, RandomIt first, RandomIt last, URBG&& g) {
  size_type n = detail::range_size(policy, first, last, "shuffle");
  const detail::feistel_bijection f(static_cast<std::uint64_t>(n), g);
  if (n <= 1) return;  // one element stays where it is
  detail::shuffle_in_place(detail::run_policy(policy), first, n, f);
}
/// Also in device code (as Thrust's), where it runs as with tide::seq.
TIDE_EXEC_CHECK_DISABLE
template <class RandomIt, class URBG, detail::enable_if_not_policy_t<RandomIt> = 0>
TIDE_HOST_DEVICE void shuffle(RandomIt first, RandomIt last, URBG&& g) {
  tide::shuffle(detail::implicit_policy(first), first, last, g);
}

// With a user's policy (tide::execution_policy<D>): the user's overload, else the inherited system.
TIDE_USER_BACKEND(shuffle)
TIDE_USER_BACKEND(shuffle_copy)

}  // namespace tide
