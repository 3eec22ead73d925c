// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the reductions (reduce, its maximum, transform_reduce, reduce of affine maps, min/max_element,
// count) and histogram_even.
#include "fuzz.hpp"

namespace tide_fuzz {
namespace {

struct square_ld {  // host reference of transform_reduce over floats
  template <class T>
  long double operator()(const T& x) const { return static_cast<long double>(x) * static_cast<long double>(x); }
};
template <class A>
struct square_in {  // x * x in A
  template <class T>
  TIDE_HOST_DEVICE A operator()(const T& x) const { return static_cast<A>(x) * static_cast<A>(x); }
};

template <class T>
outcome run_reduce(const std::vector<T>& h) {
  const auto n = std::int64_t(h.size());
  if constexpr (std::is_integral_v<T>) {
    const auto a = as_arith(h);
    tide::device_vector<arith_t<T>> d(a.begin(), a.end());
    auto got = tide::reduce(tide::device, d.begin(), d.end(), arith_t<T>(7), tide::plus<arith_t<T>>());
    auto want = tide::reduce(tide::seq, a.begin(), a.end(), arith_t<T>(7), tide::plus<arith_t<T>>());
    if (got != want) return outcome::fail("reduce: " + std::to_string(got) + " vs " + std::to_string(want));
    // Widened: the accumulator is the init's type (uint64 + T).
    auto got64 = tide::reduce(tide::device, d.begin(), d.end(), std::uint64_t(0));
    auto want64 = tide::reduce(tide::seq, a.begin(), a.end(), std::uint64_t(0));
    if (got64 != want64) return outcome::fail("reduce into uint64");
  } else {
    tide::device_vector<T> d(h.begin(), h.end());
    T got = tide::reduce(tide::device, d.begin(), d.end(), T(0));
    long double want = tide::reduce(tide::seq, h.begin(), h.end(), 0.0L);
    long double abs_sum = 0;
    for (T x : h) abs_sum += std::fabs(static_cast<long double>(x));
    if (!close_sum(got, want, abs_sum, n))
      return outcome::fail("reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  }
  return outcome::ok();
}

template <class T>
outcome run_reduce_max(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const T init = std::numeric_limits<T>::lowest();
  T got = tide::reduce(tide::device, d.begin(), d.end(), init, tide::maximum<T>());
  T want = tide::reduce(tide::seq, h.begin(), h.end(), init, tide::maximum<T>());
  // max is exact; of -0.0 and +0.0 either may win.
  if (!(got == want)) return outcome::fail("reduce max: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}

template <class T>
outcome run_transform_reduce(const std::vector<T>& h) {
  const auto n = std::int64_t(h.size());
  if constexpr (std::is_integral_v<T>) {
    const auto a = as_arith(h);
    tide::device_vector<arith_t<T>> d(a.begin(), a.end());
    using U = std::uint64_t;
    U got = tide::transform_reduce(tide::device, d.begin(), d.end(), square_in<U>(), U(1), tide::plus<U>());
    U want = tide::transform_reduce(tide::seq, a.begin(), a.end(), square_in<U>(), U(1), tide::plus<U>());
    if (got != want) return outcome::fail("transform_reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  } else {
    tide::device_vector<T> d(h.begin(), h.end());
    T got = tide::transform_reduce(tide::device, d.begin(), d.end(), square_in<T>(), T(0), tide::plus<T>());
    long double want =
        tide::transform_reduce(tide::seq, h.begin(), h.end(), square_ld(), 0.0L, tide::plus<long double>());
    if (!close_sum(got, want, want, n))  // all terms are >= 0: the sum is the sum of |terms|
      return outcome::fail("transform_reduce: " + std::to_string(got) + " vs " + std::to_string(want));
  }
  return outcome::ok();
}

template <class T>
outcome run_reduce_affine(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  auto dm = tide::make_transform_iterator(tide::make_transform_iterator(d.begin(), bits_of<T>()), to_affine());
  auto hm = tide::make_transform_iterator(tide::make_transform_iterator(h.begin(), bits_of<T>()), to_affine());
  const affine init{3, 5};
  const auto n = std::int64_t(h.size());
  affine got = tide::reduce(tide::device, dm, dm + n, init, affine_compose());
  affine want = tide::reduce(tide::seq, hm, hm + n, init, affine_compose());
  if (got.a != want.a || got.b != want.b) return outcome::fail("reduce of affine maps (not commutative)");
  return outcome::ok();
}

template <class T>
outcome run_histogram_even(const std::vector<T>& h, std::mt19937_64& g, int given_bins) {
  int bins = std::uniform_int_distribution<int>(1, g() % 4 ? 300 : 5000)(g);
  if (given_bins > 0) bins = given_bins;  // (drawn all the same: the stream goes on as before)
  T lower, upper;
  if constexpr (std::is_floating_point_v<T>) {
    lower = T(std::uniform_real_distribution<double>(-1500, 500)(g));
    upper = lower + T(std::uniform_real_distribution<double>(1, 2000)(g));
  } else {
    T x = uniform_value<T>(g, g() & 1), y = uniform_value<T>(g, g() & 1);
    if (x == y) {
      if (y != std::numeric_limits<T>::max()) ++y;
      else --x;
    }
    lower = std::min(x, y);
    upper = std::max(x, y);
  }
  tide::device_vector<T> d(h.begin(), h.end());
  tide::device_vector<std::uint32_t> hist(bins, 0);
  tide::histogram_even(tide::device, d.begin(), d.end(), hist.begin(), bins, lower, upper);
  std::vector<std::uint32_t> want(bins, 0);
  tide::histogram_even(tide::seq, h.begin(), h.end(), want.begin(), bins, lower, upper);
  return first_difference(from_device(hist), want, "histogram_even");
}

template <class T>
outcome run_min_max(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const std::int64_t got_min = tide::min_element(tide::device, d.begin(), d.end()) - d.begin();
  const std::int64_t got_max = tide::max_element(tide::device, d.begin(), d.end()) - d.begin();
  auto mm = tide::minmax_element(tide::device, d.begin(), d.end());
  const std::int64_t want_min = tide::min_element(tide::seq, h.begin(), h.end()) - h.begin();
  const std::int64_t want_max = tide::max_element(tide::seq, h.begin(), h.end()) - h.begin();
  auto wmm = tide::minmax_element(tide::seq, h.begin(), h.end());
  if (got_min != want_min || got_max != want_max)
    return outcome::fail("min/max_element: " + std::to_string(got_min) + "," + std::to_string(got_max) + " vs " +
                         std::to_string(want_min) + "," + std::to_string(want_max));
  if (mm.first - d.begin() != wmm.first - h.begin() || mm.second - d.begin() != wmm.second - h.begin())
    return outcome::fail("minmax_element");
  return outcome::ok();
}

template <class T>
outcome run_count(const std::vector<T>& h, std::mt19937_64& g) {
  const T value = h.empty() ? T(0) : h[g() % h.size()];
  tide::device_vector<T> d(h.begin(), h.end());
  auto got = tide::count(tide::device, d.begin(), d.end(), value);
  auto want = tide::count(tide::seq, h.begin(), h.end(), value);
  if (std::int64_t(got) != std::int64_t(want))
    return outcome::fail("count: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}

}  // namespace

template <class T>
outcome run_reduce_family(const case_desc& c, const std::vector<T>& h, std::mt19937_64& g) {
  switch (c.algorithm) {
    case alg::reduce: return run_reduce(h);
    case alg::reduce_max: return run_reduce_max(h);
    case alg::transform_reduce: return run_transform_reduce(h);
    case alg::reduce_affine: return run_reduce_affine(h);
    case alg::histogram_even: return run_histogram_even(h, g, c.bins);
    case alg::min_max_element: return run_min_max(h);
    case alg::count: return run_count(h, g);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_reduce_family)

}  // namespace tide_fuzz
