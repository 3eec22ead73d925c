// reduce_by_key and tide::pair, on every backend.
#include "common.hpp"

using namespace tide_test;

namespace {

/// The reference: one (key, reduction) per run of adjacent keys equal under `same`.
template <class K, class V, class Acc, class Same, class Op>
void reference_reduce_by_key(const std::vector<K>& keys, const std::vector<V>& vals, std::vector<K>& keys_out,
                             std::vector<Acc>& vals_out, Same same, Op op) {
  keys_out.clear();
  vals_out.clear();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i == 0 || !same(keys[i - 1], keys[i])) {
      keys_out.push_back(keys[i]);
      vals_out.push_back(static_cast<Acc>(vals[i]));
    } else {
      vals_out.back() = op(vals_out.back(), static_cast<Acc>(vals[i]));
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE("reduce_by_key sums each run of equal keys for every value type at every size", B,
                   TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    // Runs of one, short runs, long runs, and one or two runs over everything (chunks with no head).
    std::vector<int> max_runs{9};
    if (std::is_same_v<T, std::int32_t>) max_runs = {1, 9, 5000, 1 << 21};
    for (int max_run : max_runs) {
      for (auto n : sizes()) {
        auto keys = random_runs(n, "rbk-" + std::to_string(max_run), max_run);
        auto vals = random_vector<T>(n, "rbk-values", 0, 100);
        std::vector<int> want_keys;
        std::vector<double> want_vals;
        reference_reduce_by_key(keys, vals, want_keys, want_vals, std::equal_to<>(), std::plus<>());
        auto dk = to_backend<B>(keys);
        auto dv = to_backend<B>(vals);
        typename B::template vector<int> keys_out(n);  // partly written: initialized, as copied back whole
        typename B::template vector<T> vals_out(n);
        auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(),
                                        vals_out.begin());
        CAPTURE(n);
        CAPTURE(max_run);
        auto segments = static_cast<std::size_t>(ends.first - keys_out.begin());
        REQUIRE(segments == want_keys.size());
        CHECK(ends.second - vals_out.begin() == ends.first - keys_out.begin());
        auto got_keys = to_std(keys_out);
        auto got_vals = to_std(vals_out);
        got_keys.resize(segments);
        CHECK(got_keys == want_keys);
        std::size_t bad = 0;
        for (std::size_t s = 0; s < segments; ++s) bad += close(got_vals[s], want_vals[s]) ? 0 : 1;
        CHECK(bad == 0);
      }
    }
  };
  run(std::int32_t{});
  run(std::uint32_t{});
  run(std::int64_t{});
  run(float{});
  run(double{});
}

TEST_CASE_TEMPLATE("reduce_by_key with a non-commutative operator keeps the order", B, TIDE_TEST_BACKENDS) {
  for (int max_run : {3, 100000}) {
    for (auto n : sizes()) {
      auto keys = random_runs(n, "rbk-affine-" + std::to_string(max_run), max_run);
      auto a = random_vector<std::uint32_t>(n, "rbk-affine-a", 0, 1 << 30);
      auto b = random_vector<std::uint32_t>(n, "rbk-affine-b", 0, 1 << 30);
      std::vector<affine> vals(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i) vals[i] = {a[i] | 1u, b[i]};
      std::vector<int> want_keys;
      std::vector<affine> want_vals;
      reference_reduce_by_key(keys, vals, want_keys, want_vals, std::equal_to<>(), affine_compose{});
      auto dk = to_backend<B>(keys);
      auto dv = to_backend<B>(vals);
      typename B::template vector<int> keys_out(n);  // partly written: initialized, as copied back whole
      typename B::template vector<affine> vals_out(n);
      auto [keys_end, vals_end] = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(),
                                                      vals_out.begin(), tide::equal_to<>(), affine_compose{});
      CAPTURE(n);
      CAPTURE(max_run);
      REQUIRE(static_cast<std::size_t>(vals_end - vals_out.begin()) == want_vals.size());
      CHECK(keys_end - keys_out.begin() == vals_end - vals_out.begin());
      auto got_vals = to_std(vals_out);
      got_vals.resize(want_vals.size());
      CHECK(got_vals == want_vals);
    }
  }
}

TEST_CASE_TEMPLATE("reduce_by_key accumulates in the input values' type and adds with plus of the output's", B,
                   TIDE_TEST_BACKENDS) {
  // Thrust: signed char partial sums (they wrap) even into an int output.
  for (auto n : sizes()) {
    auto keys = random_runs(n, "rbk-schar", 3000);
    auto vals = random_vector<signed char>(n, "rbk-schar", -100, 100);
    std::vector<int> want;
    std::int64_t s = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (i > 0 && keys[i] != keys[i - 1]) want.push_back(static_cast<signed char>(static_cast<unsigned char>(s & 0xff))), s = 0;
      s += vals[i];
    }
    if (n > 0) want.push_back(static_cast<signed char>(static_cast<unsigned char>(s & 0xff)));
    auto dk = to_backend<B>(keys);
    auto dv = to_backend<B>(vals);
    typename B::template vector<int> keys_out(n), vals_out(n);
    auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin());
    CAPTURE(n);
    auto got = to_std(vals_out);
    got.resize(static_cast<std::size_t>(ends.second - vals_out.begin()));
    CHECK(got == want);
  }
  // Double values into an int output: plus<int> truncates each operand; a run of one is written as is.
  auto dk = to_backend<B>(std::vector<int>{1, 1, 1, 2, 3, 3});
  auto dv = to_backend<B>(std::vector<double>{0.5, 0.5, 1.5, 2.75, -1.5, 3.5});
  typename B::template vector<int> keys_out(6), vals_out(6);
  tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin());
  CHECK(to_std(vals_out) == std::vector<int>{1, 2, 2, 0, 0, 0});  // 0 + 0 + 1; 2.75; -1 + 3
  static_assert(std::is_same_v<tide::detail::reduce_by_key_sum_t<int*, double*>, double>);
  static_assert(std::is_same_v<tide::detail::reduce_by_key_sum_t<signed char*, tide::discard_iterator<>>, signed char>);
}

TEST_CASE_TEMPLATE("float reduce_by_key repeats bit for bit", B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = (1 << 20) + 7;
  auto keys = random_runs(n, "rbk-float-repeat", 50000);
  auto vals = random_vector<float>(n, "rbk-float-repeat");
  auto dk = to_backend<B>(keys);
  auto dv = to_backend<B>(vals);
  typename B::template vector<int> keys_out(n);  // partly written: initialized, as copied back whole
  typename B::template vector<float> vals_out(n);
  auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin());
  auto segments = static_cast<std::size_t>(ends.second - vals_out.begin());
  auto first = to_std(vals_out);
  tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin());
  auto second = to_std(vals_out);
  first.resize(segments);
  second.resize(segments);
  CHECK(same_bits(first, second));
}

TEST_CASE_TEMPLATE("reduce_by_key compares adjacent keys with the given predicate", B, TIDE_TEST_BACKENDS) {
  // Runs of keys with the same tens digit; each run keeps its first key.
  std::vector<int> keys{10, 11, 19, 20, 25, 30, 31, 40, 10};
  std::vector<int> vals{1, 2, 3, 4, 5, 6, 7, 8, 9};
  auto same_tens = [] TIDE_HOST_DEVICE(int a, int b) { return a / 10 == b / 10; };
  auto dk = to_backend<B>(keys);
  auto dv = to_backend<B>(vals);
  typename B::template vector<int> keys_out(9, -1), vals_out(9, -1);
  auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin(),
                                  same_tens);
  CHECK(ends.first == keys_out.begin() + 5);
  CHECK(to_std(keys_out) == std::vector<int>{10, 20, 30, 40, 10, -1, -1, -1, -1});
  CHECK(to_std(vals_out) == std::vector<int>{6, 9, 13, 8, 9, -1, -1, -1, -1});
  tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(), vals_out.begin(), same_tens,
                      tide::maximum<>());
  CHECK(to_std(vals_out) == std::vector<int>{3, 5, 7, 8, 9, -1, -1, -1, -1});
}

TEST_CASE_TEMPLATE("reduce_by_key counts runs into a discard_iterator and a constant_iterator", B,
                   TIDE_TEST_BACKENDS) {
  // Run-length encoding: values a constant 1, keys thrown away.
  const std::int64_t n = (1 << 20) + 7;
  auto keys = random_runs(n, "rbk-rle", 40);
  std::vector<int> want_keys;
  std::vector<std::int64_t> want_counts;
  reference_reduce_by_key(keys, std::vector<std::int64_t>(n, 1), want_keys, want_counts, std::equal_to<>(),
                          std::plus<>());
  auto dk = to_backend<B>(keys);
  typename B::template vector<std::int64_t> counts(n, std::int64_t(-1));  // copied back whole: initialized
  auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), tide::make_constant_iterator(std::int64_t(1)),
                                  tide::make_discard_iterator(), counts.begin());
  REQUIRE(static_cast<std::size_t>(ends.second - counts.begin()) == want_counts.size());
  CHECK(ends.first - tide::make_discard_iterator() == ends.second - counts.begin());
  auto got = to_std(counts);
  got.resize(want_counts.size());
  CHECK(got == want_counts);
}

TEST_CASE_TEMPLATE("reduce_by_key reads keys through a transform_iterator and sums a user struct", B,
                   TIDE_TEST_BACKENDS) {
  const std::int64_t n = 100000;
  auto keys = tide::make_transform_iterator(tide::make_counting_iterator<std::int64_t>(0),
                                            [] TIDE_HOST_DEVICE(std::int64_t i) { return i / 1000; });
  std::vector<point> h(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) h[i] = {1, static_cast<int>(i % 1000)};
  auto dv = to_backend<B>(h);
  typename B::template vector<std::int64_t> keys_out(n);
  typename B::template vector<point> vals_out(n);
  auto ends = tide::reduce_by_key(B::policy(), keys, keys + n, dv.begin(), keys_out.begin(), vals_out.begin(),
                                  tide::equal_to<>(), point_add{});
  REQUIRE(ends.first - keys_out.begin() == 100);
  auto got_keys = to_std(keys_out);
  auto got_vals = to_std(vals_out);
  bool ok = true;
  for (int s = 0; s < 100; ++s) ok = ok && got_keys[s] == s && got_vals[s] == point{1000, 499500};
  CHECK(ok);
}

namespace {
/// A key too large for the CUDA kernel to gather a tile of in shared memory (the path that writes
/// each head's key and value straight from registers): 160 bytes.
struct wide_key {
  std::int64_t id;
  std::int64_t pad[19];
};
struct wide_key_equal {
  TIDE_HOST_DEVICE bool operator()(const wide_key& a, const wide_key& b) const { return a.id == b.id; }
};
}  // namespace

TEST_CASE_TEMPLATE("reduce_by_key with keys too wide to gather in shared memory gives the same runs", B,
                   TIDE_TEST_BACKENDS) {
  for (int max_run : {1, 9, 20000}) {
    for (std::int64_t n : {std::int64_t(1), std::int64_t(1000), std::int64_t(100003)}) {
      auto ids = random_runs(n, "rbk-wide-" + std::to_string(max_run), max_run);
      std::vector<wide_key> keys(static_cast<std::size_t>(n));
      for (std::int64_t i = 0; i < n; ++i) keys[i] = wide_key{ids[i], {i, 1, 2, 3}};
      auto vals = random_vector<double>(n, "rbk-wide-values", -100, 100);
      std::vector<wide_key> want_keys;
      std::vector<double> want_vals;
      reference_reduce_by_key(keys, vals, want_keys, want_vals, wide_key_equal{}, std::plus<>());
      auto dk = to_backend<B>(keys);
      auto dv = to_backend<B>(vals);
      typename B::template vector<wide_key> keys_out(n);
      typename B::template vector<double> vals_out(n);
      auto ends = tide::reduce_by_key(B::policy(), dk.begin(), dk.end(), dv.begin(), keys_out.begin(),
                                      vals_out.begin(), wide_key_equal{});
      CAPTURE(n);
      CAPTURE(max_run);
      const auto segments = static_cast<std::size_t>(ends.first - keys_out.begin());
      REQUIRE(segments == want_keys.size());
      auto got_keys = to_std(keys_out);
      auto got_vals = to_std(vals_out);
      std::size_t bad = 0;
      for (std::size_t s = 0; s < segments; ++s) {
        const bool same_key = got_keys[s].id == want_keys[s].id && got_keys[s].pad[0] == want_keys[s].pad[0];
        bad += same_key && close(got_vals[s], want_vals[s]) ? 0 : 1;
      }
      CHECK(bad == 0);
    }
  }
}

TEST_CASE_TEMPLATE("reduce_by_key from misaligned starts gives the same runs for keys and values of one width", B,
                   TIDE_TEST_BACKENDS) {
  // Keys and values of one width run in 16-byte vectors of both on CUDA where both are aligned to
  // them, one at a time otherwise. (In place is not allowed: Thrust's precondition is that the
  // input ranges do not overlap either output range.)
  auto run = [](auto key_tag, auto value_tag, auto op) {
    using K = decltype(key_tag);
    using V = decltype(value_tag);
    for (int max_run : {1, 9, 3000}) {
      for (auto n : sizes()) {
        for (std::int64_t offset : {0, 1, 3}) {
          if (n <= offset) continue;
          const auto ids = random_runs(n, "rbk-width-" + std::to_string(max_run), max_run);
          const auto raw = random_vector<std::uint32_t>(n, "rbk-width-values", 0, 1 << 30);
          std::vector<K> keys(static_cast<std::size_t>(n));
          std::vector<V> vals(static_cast<std::size_t>(n));
          for (std::int64_t i = 0; i < n; ++i) {
            keys[i] = static_cast<K>(ids[i] % 100);  // narrow keys: equal runs also meet by chance
            if constexpr (std::is_same_v<V, affine>) vals[i] = {raw[i] | 1u, raw[i] >> 3};
            else vals[i] = static_cast<V>(raw[i] % 97);
          }
          const std::vector<K> in_keys(keys.begin() + offset, keys.end());
          const std::vector<V> in_vals(vals.begin() + offset, vals.end());
          std::vector<K> want_keys;
          std::vector<V> want_vals;
          reference_reduce_by_key(in_keys, in_vals, want_keys, want_vals, std::equal_to<>(), op);
          CAPTURE(n);
          CAPTURE(max_run);
          CAPTURE(offset);
          CAPTURE(sizeof(K));
          // From keys + offset into separate outputs at the same offset.
          auto dk = to_backend<B>(keys);
          auto dv = to_backend<B>(vals);
          typename B::template vector<K> keys_out(n);
          typename B::template vector<V> vals_out(n);
          auto ends = tide::reduce_by_key(B::policy(), dk.begin() + offset, dk.end(), dv.begin() + offset,
                                          keys_out.begin() + offset, vals_out.begin() + offset, tide::equal_to<>(), op);
          auto segments = static_cast<std::size_t>(ends.first - (keys_out.begin() + offset));
          REQUIRE(segments == want_keys.size());
          auto got_keys = to_std(keys_out);
          auto got_vals = to_std(vals_out);
          CHECK(std::vector<K>(got_keys.begin() + offset, got_keys.begin() + offset + segments) == want_keys);
          CHECK(std::vector<V>(got_vals.begin() + offset, got_vals.begin() + offset + segments) == want_vals);
        }
      }
    }
  };
  run(std::int8_t{}, std::uint8_t{}, tide::plus<std::uint8_t>());
  run(std::uint16_t{}, std::int16_t{}, tide::plus<std::int16_t>());
  run(std::int32_t{}, float{}, tide::plus<float>());
  run(std::uint32_t{}, std::uint32_t{}, tide::plus<std::uint32_t>());
  run(std::uint64_t{}, double{}, tide::plus<double>());
  run(std::int64_t{}, affine{}, affine_compose{});  // not commutative
}

TEST_CASE_TEMPLATE("reduce_by_key of an empty range writes nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> keys, vals, keys_out(2, 7), vals_out(2, 7);
  auto ends = tide::reduce_by_key(B::policy(), keys.begin(), keys.end(), vals.begin(), keys_out.begin(),
                                  vals_out.begin());
  CHECK(ends.first == keys_out.begin());
  CHECK(ends.second == vals_out.begin());
  CHECK(to_std(keys_out) == std::vector<int>{7, 7});
  CHECK(to_std(vals_out) == std::vector<int>{7, 7});
}

TEST_CASE_TEMPLATE("reduce_by_key with last before first throws naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1), out(10, 0);
  CHECK_THROWS_WITH_AS(tide::reduce_by_key(B::policy(), d.end(), d.begin(), d.begin(), out.begin(), out.begin()),
                       "tide::reduce_by_key: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE("reduce_by_key without a policy picks the system from the iterators") {
  std::vector<int> keys{1, 1, 2, 2, 2, 3}, vals{1, 2, 3, 4, 5, 6}, keys_out(6), vals_out(6);
  auto ends = tide::reduce_by_key(keys.begin(), keys.end(), vals.begin(), keys_out.begin(), vals_out.begin());
  CHECK(ends.first - keys_out.begin() == 3);
  CHECK(vals_out[1] == 12);
  tide::device_vector<int> dk(keys), dv(vals), dko(6), dvo(6);
  auto [kend, vend] = tide::reduce_by_key(dk.begin(), dk.end(), dv.begin(), dko.begin(), dvo.begin());
  CHECK(kend == dko.begin() + 3);
  CHECK(vend == dvo.begin() + 3);
  CHECK(to_std(dvo)[2] == 6);
}

TEST_CASE("tide::pair holds two values, compares, and binds to structured bindings") {
  tide::pair<int, double> p(1, 2.5);
  CHECK(p.first == 1);
  CHECK(p.second == 2.5);
  auto q = tide::make_pair(1, 2.5);
  CHECK(p == q);
  tide::pair<long, double> widened = p;
  CHECK(widened.first == 1L);
  auto [a, b] = q;
  CHECK(a == 1);
  CHECK(b == 2.5);
  std::pair<int, double> s = p;
  CHECK(s.second == 2.5);
  static_assert(std::is_trivially_copyable_v<tide::pair<int, float>>);
}
