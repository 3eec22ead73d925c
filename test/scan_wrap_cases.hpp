// The cases of the integer scans' wrap tests (test_scan.cpp, test_transform_scan.cpp): the OpenMP
// scan sums 4- and 8-byte integers a 16-byte vector at a time, so every tail of its 16-item step,
// its 4096-item blocks, starts 0-3 items into the buffer, and in place or not.
#pragma once
#include "common.hpp"

namespace tide_test {

/// Sizes 0-40, and around 64 items, the 4096-item blocks and a few blocks more.
inline std::vector<std::int64_t> scan_wrap_sizes() {
  std::vector<std::int64_t> ns;
  for (std::int64_t n = 0; n <= 40; ++n) ns.push_back(n);
  for (std::int64_t n : {63, 64, 65, 4095, 4096, 4097, 3 * 4096 + 17, 8192 + 33, (1 << 16) + 5}) ns.push_back(n);
  return ns;
}

/// For items of T in [lo, hi] (unsigned ones over their whole range, so that the sums wrap), at each
/// size and offset, in place and not: scan(form, first, last, out, init) on backend B's copy of the
/// items from `off`, for form 0 (inclusive), 1 (inclusive from init) and 2 (exclusive from init),
/// each checked against the wrapping sums of item(x).
template <class B, class T, class Item, class Scan>
void check_scan_wrap_cases(const std::string& salt, double lo, double hi, Item item, Scan scan) {
  using U = std::make_unsigned_t<T>;
  const T init = static_cast<T>(hi > 1e6 ? U(0xfedcba9876543210ull) : U(12345));
  for (auto n : scan_wrap_sizes())
    for (std::int64_t off = 0; off < 4; ++off) {
      auto h = random_vector<T>(n + off, salt, lo, hi);
      std::vector<T> want[3];  // inclusive, inclusive from init, exclusive from init
      for (auto& w : want) w.resize(static_cast<std::size_t>(n));
      U a = 0, b = U(init);
      for (std::int64_t i = 0; i < n; ++i) {
        const U x = U(item(h[std::size_t(off + i)]));
        want[2][std::size_t(i)] = T(b);
        a = U(a + x), b = U(b + x);
        want[0][std::size_t(i)] = T(a), want[1][std::size_t(i)] = T(b);
      }
      CAPTURE(n);
      CAPTURE(off);
      for (int in_place = 0; in_place < 2; ++in_place) {
        CAPTURE(in_place);
        for (int form = 0; form < 3; ++form) {
          CAPTURE(form);
          auto d = to_backend<B>(h);
          typename B::template vector<T> out(h.size(), T(7));
          scan(form, d.begin() + off, d.end(), in_place ? d.begin() + off : out.begin() + off, init);
          auto all = to_std(in_place ? d : out);
          CHECK(std::vector<T>(all.begin() + off, all.end()) == want[form]);
        }
      }
    }
}

}  // namespace tide_test
