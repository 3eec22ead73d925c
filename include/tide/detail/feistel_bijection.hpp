#pragma once
// The pseudorandom bijection behind shuffle and shuffle_copy: Thrust 3.0.1's (thrust/system/
// detail/generic/shuffle.inl), reimplemented so that tide gives Thrust's permutations bit for bit.
//
// A Feistel network over the domain [0, 2^b), b = ceil(log2(n)) but at least 4, with the value
// split into a left half of floor(b/2) bits and a right half of ceil(b/2) bits. 24 rounds, each
// with a 32-bit key drawn from the caller's engine (g(), truncated to 32 bits) in round order, so
// the engine advances by exactly 24 draws, whatever n is (0 included). A round maps (l, r) to
//   l' = (hi(M * l) ^ key ^ r) & left_mask
//   r' = ((lo(M * l) << (R - L)) | (r >> L)) & right_mask
// where M * l is the 64-bit product of the constant M with l, hi and lo its upper and lower 32
// bits. Each round is invertible, so the whole is a permutation of [0, 2^b); shuffle keeps, in
// order of x, the f(x) that fall in [0, n).

#include <cstdint>
#include <type_traits>

#include "../config.hpp"

namespace tide::detail {

class feistel_bijection {
 public:
  static constexpr int rounds = 24;

  /// The bijection for a range of n elements, its keys drawn from g (24 calls).
#if defined(__CUDACC__)
#pragma nv_exec_check_disable
#endif
  template <class URBG>
  TIDE_HOST_DEVICE feistel_bijection(std::uint64_t n, URBG& g) {
    const std::uint32_t bits = cipher_bits(n);
    left_bits_ = bits / 2;
    right_bits_ = bits - left_bits_;
    left_mask_ = static_cast<std::uint32_t>((std::uint64_t(1) << left_bits_) - 1);
    right_mask_ = static_cast<std::uint32_t>((std::uint64_t(1) << right_bits_) - 1);
    for (int i = 0; i < rounds; ++i) key_[i] = static_cast<std::uint32_t>(g());
  }

  /// 2^b: the size of the domain that the bijection permutes (at least 16).
  TIDE_HOST_DEVICE std::uint64_t domain() const { return std::uint64_t(1) << (left_bits_ + right_bits_); }

  /// f(x) for x in [0, domain()).
  TIDE_HOST_DEVICE std::uint64_t operator()(std::uint64_t x) const {
    std::uint32_t l = static_cast<std::uint32_t>(x >> right_bits_);
    std::uint32_t r = static_cast<std::uint32_t>(x) & right_mask_;
    const std::uint32_t lift = right_bits_ - left_bits_;  // 0 or 1
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int i = 0; i < rounds; ++i) {
      const std::uint64_t product = multiplier * l;
      const std::uint32_t hi = static_cast<std::uint32_t>(product >> 32);
      const std::uint32_t lo = static_cast<std::uint32_t>(product);
      // r >> left_bits in 64 bits: left_bits reaches 32 only for b = 64 (n above 2^63).
      const std::uint32_t shifted = static_cast<std::uint32_t>(std::uint64_t(r) >> left_bits_);
      const std::uint32_t next_l = (hi ^ key_[i] ^ r) & left_mask_;
      r = ((lo << lift) | shifted) & right_mask_;
      l = next_l;
    }
    return (std::uint64_t(l) << right_bits_) | r;
  }

 private:
  static constexpr std::uint64_t multiplier = 0xD2B74407B1CE6E93ull;

  /// b: ceil(log2(n)), at least 4.
  static TIDE_HOST_DEVICE std::uint32_t cipher_bits(std::uint64_t n) {
    if (n <= 16) return 4;
    std::uint32_t b = 0;
    for (std::uint64_t v = n - 1; v != 0; v >>= 1) ++b;
    return b;
  }

  std::uint32_t left_bits_, right_bits_;
  std::uint32_t left_mask_, right_mask_;
  std::uint32_t key_[rounds];
};

}  // namespace tide::detail
