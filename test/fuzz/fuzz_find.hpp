// Part of tide_fuzz: the searching and comparing family (find.hpp, equal_range in binary_search.hpp),
// the device system against tide::seq on the host, exactly (indices). Included by fuzz_search.cpp
// after fuzz.hpp's helpers (outcome, from_device, uniform_value, draw_values). Every function takes
// inputs with NaN: the searches test the same predicate on both sides, and where an order is needed
// (is_sorted's sorted prefix, equal_range's sorted range) NaN is ordered last or replaced.

/// x == v, x < v: the predicates the cases search with.
template <class T>
struct fuzz_equals {
  T v;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x == v; }
};
template <class T>
struct fuzz_below {
  T v;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x < v; }
};

/// A strict weak order for floats with NaN: NaN after every number, all NaNs equivalent.
template <class T>
bool fuzz_nan_last(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) return a < b || (a == a && b != b);
  else return a < b;
}

/// A value of h (or a fresh one), and h with it planted at a random position half the time.
template <class T>
T fuzz_pick(std::vector<T>& h, std::mt19937_64& g) {
  if (h.empty() || g() % 4 == 0) return uniform_value<T>(g, g() & 1);
  const T v = h[g() % h.size()];
  if (g() % 2) h[g() % h.size()] = v;
  return v;
}

/// find, find_if (x < v) and find_if_not (x < v) of a value of the input.
template <class T>
outcome run_find(const std::vector<T>& input, std::mt19937_64& g) {
  std::vector<T> h = input;
  const T v = fuzz_pick(h, g);
  tide::device_vector<T> d(h.begin(), h.end());
  auto got = tide::find(tide::device, d.begin(), d.end(), v) - d.begin();
  auto want = tide::find(tide::seq, h.begin(), h.end(), v) - h.begin();
  if (got != want) return outcome::fail("find: " + std::to_string(got) + " vs " + std::to_string(want));
  got = tide::find_if(tide::device, d.begin(), d.end(), fuzz_below<T>{v}) - d.begin();
  want = tide::find_if(tide::seq, h.begin(), h.end(), fuzz_below<T>{v}) - h.begin();
  if (got != want) return outcome::fail("find_if: " + std::to_string(got) + " vs " + std::to_string(want));
  got = tide::find_if_not(tide::device, d.begin(), d.end(), fuzz_below<T>{v}) - d.begin();
  want = tide::find_if_not(tide::seq, h.begin(), h.end(), fuzz_below<T>{v}) - h.begin();
  if (got != want) return outcome::fail("find_if_not: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}

/// mismatch of the input against a copy of it with a few changes (none, a quarter of the time).
template <class T>
outcome run_mismatch(const std::vector<T>& h, std::mt19937_64& g) {
  std::vector<T> other = h;
  if (!h.empty() && g() % 4) {
    const int changes = std::uniform_int_distribution<int>(1, 4)(g);
    for (int k = 0; k < changes; ++k) {
      // Late positions more often: an early one would end every search at once.
      const std::size_t at = h.size() - 1 - std::size_t(g() % h.size()) / (1 + g() % 64);
      other[at] = uniform_value<T>(g, g() & 1);
    }
  }
  tide::device_vector<T> d1(h.begin(), h.end()), d2(other.begin(), other.end());
  auto got = tide::mismatch(tide::device, d1.begin(), d1.end(), d2.begin());
  auto want = tide::mismatch(tide::seq, h.begin(), h.end(), other.begin());
  if (got.first - d1.begin() != want.first - h.begin() || got.second - d2.begin() != want.second - other.begin())
    return outcome::fail("mismatch: " + std::to_string(got.first - d1.begin()) + " vs " +
                         std::to_string(want.first - h.begin()));
  return outcome::ok();
}

/// is_sorted_until and is_sorted (less and greater) of the input with a sorted prefix of random
/// length (the whole input a quarter of the time).
template <class T>
outcome run_is_sorted(const std::vector<T>& input, std::mt19937_64& g) {
  std::vector<T> h = input;
  const std::size_t prefix = g() % 4 == 0 ? h.size() : std::size_t(g() % (h.size() + 1));
  const bool down = g() & 1;
  std::sort(h.begin(), h.begin() + std::ptrdiff_t(prefix), [&](const T& a, const T& b) {
    return down ? fuzz_nan_last(b, a) : fuzz_nan_last(a, b);
  });
  tide::device_vector<T> d(h.begin(), h.end());
  auto got = tide::is_sorted_until(tide::device, d.begin(), d.end()) - d.begin();
  auto want = tide::is_sorted_until(tide::seq, h.begin(), h.end()) - h.begin();
  if (got != want) return outcome::fail("is_sorted_until: " + std::to_string(got) + " vs " + std::to_string(want));
  got = tide::is_sorted_until(tide::device, d.begin(), d.end(), tide::greater<>()) - d.begin();
  want = tide::is_sorted_until(tide::seq, h.begin(), h.end(), tide::greater<>()) - h.begin();
  if (got != want)
    return outcome::fail("is_sorted_until greater: " + std::to_string(got) + " vs " + std::to_string(want));
  if (tide::is_sorted(tide::device, d.begin(), d.end()) != tide::is_sorted(tide::seq, h.begin(), h.end()))
    return outcome::fail("is_sorted");
  return outcome::ok();
}

/// partition_point of the input partitioned by x < v, and is_partitioned of it and of the input.
template <class T>
outcome run_partition_point(const std::vector<T>& input, std::mt19937_64& g) {
  std::vector<T> h = input;
  const T v = fuzz_pick(h, g);
  std::vector<T> parted = h;
  std::stable_partition(parted.begin(), parted.end(), fuzz_below<T>{v});
  tide::device_vector<T> d(parted.begin(), parted.end()), dh(h.begin(), h.end());
  auto got = tide::partition_point(tide::device, d.begin(), d.end(), fuzz_below<T>{v}) - d.begin();
  auto want = tide::partition_point(tide::seq, parted.begin(), parted.end(), fuzz_below<T>{v}) - parted.begin();
  if (got != want) return outcome::fail("partition_point: " + std::to_string(got) + " vs " + std::to_string(want));
  if (!tide::is_partitioned(tide::device, d.begin(), d.end(), fuzz_below<T>{v}))
    return outcome::fail("is_partitioned of a partitioned range");
  if (tide::is_partitioned(tide::device, dh.begin(), dh.end(), fuzz_below<T>{v}) !=
      std::is_partitioned(h.begin(), h.end(), fuzz_below<T>{v}))
    return outcome::fail("is_partitioned");
  return outcome::ok();
}

/// equal_range of values of the sorted input (NaN replaced by 0), scalar and over many values.
template <class T>
outcome run_equal_range(const std::vector<T>& input, std::mt19937_64& g) {
  std::vector<T> sorted = input;
  for (auto& x : sorted)
    if (x != x) x = T(0);
  std::sort(sorted.begin(), sorted.end());
  std::vector<T> values(std::uniform_int_distribution<std::size_t>(1, 2000)(g));
  for (auto& v : values) v = !sorted.empty() && g() % 2 ? sorted[g() % sorted.size()] : uniform_value<T>(g, g() & 1);
  tide::device_vector<T> d(sorted.begin(), sorted.end()), dv(values.begin(), values.end());
  auto got = tide::equal_range(tide::device, d.begin(), d.end(), values[0]);
  auto want = tide::equal_range(tide::seq, sorted.begin(), sorted.end(), values[0]);
  if (got.first - d.begin() != want.first - sorted.begin() || got.second - d.begin() != want.second - sorted.begin())
    return outcome::fail("scalar equal_range");
  using range = tide::pair<std::int64_t, std::int64_t>;
  tide::device_vector<range> out(values.size());
  std::vector<range> want_all(values.size());
  tide::equal_range(tide::device, d.begin(), d.end(), dv.begin(), dv.end(), out.begin());
  tide::equal_range(tide::seq, sorted.begin(), sorted.end(), values.begin(), values.end(), want_all.begin());
  const std::vector<range> got_all = from_device(out);
  for (std::size_t k = 0; k < values.size(); ++k)
    if (got_all[k].first != want_all[k].first || got_all[k].second != want_all[k].second)
      return outcome::fail("equal_range of many values: value " + std::to_string(k));
  return outcome::ok();
}
