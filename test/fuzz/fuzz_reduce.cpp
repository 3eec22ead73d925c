// tide_fuzz, one family in a source of its own (fuzz.hpp says why; fuzz.cpp draws the cases):
// the reductions (reduce, its maximum, transform_reduce, reduce of affine maps, min/max_element,
// count), histogram_even and histogram_range.
#include "fuzz.hpp"

#include <array>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#endif

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

// ---- histogram_range --------------------------------------------------------------------------
// Bounds of the sample type or of another (alt_bound below), strictly increasing, drawn as keys:
// an order-preserving map of a type's values to consecutive unsigned integers, so that a gap of 1
// is the smallest step of the type (1 for integers, the next float for floats). Samples: the
// case's values, with a share replaced by values on, just beside, below and above the bounds (and
// for floats NaN, +-0, +-inf), and sometimes runs of thousands of one value (a CUDA warp whose
// tile holds one value searches once). The reference is computed here (std::upper_bound over the
// bounds, every comparison exact in long double), not with tide::seq: seq's search is the CUDA
// kernel's (detail/histogram_bins.hpp's range_bins::search).

/// The other bound type a sample type T is drawn with (half the cases; the rest take T). Each pair
/// compares exactly in C++'s usual conversions (the library's comparison; the reference compares
/// exactly): integers of another width or signedness (tide compares them as values, across
/// signedness), 8-bit integers with float bounds, 32-bit with double, float with double and back.
template <class T> struct alt_bound_of;
template <> struct alt_bound_of<std::int8_t> { using type = float; };
template <> struct alt_bound_of<std::uint8_t> { using type = std::int8_t; };
template <> struct alt_bound_of<std::int32_t> { using type = double; };
template <> struct alt_bound_of<std::uint32_t> { using type = std::int64_t; };
template <> struct alt_bound_of<std::int64_t> { using type = std::uint64_t; };
template <> struct alt_bound_of<std::uint64_t> { using type = std::int32_t; };
template <> struct alt_bound_of<float> { using type = double; };
template <> struct alt_bound_of<double> { using type = float; };
template <class T>
using alt_bound = typename alt_bound_of<T>::type;

template <class X>
const char* arith_name() {
  if constexpr (std::is_same_v<X, float>) return "float";
  else if constexpr (std::is_same_v<X, double>) return "double";
  else if constexpr (std::is_same_v<X, std::int8_t>) return "int8";
  else if constexpr (std::is_same_v<X, std::uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<X, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<X, std::uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<X, std::int64_t>) return "int64";
  else return "uint64";
}

/// X's values (not NaN) in order as keys lo() .. hi(), one apart: integers less their lowest;
/// floats by their bits, -0.0 and +0.0 one key (value() gives the zero of the sign asked for).
template <class X, bool = std::is_floating_point_v<X>>
struct ordered_keys {
  static std::uint64_t base() { return static_cast<std::uint64_t>(std::numeric_limits<X>::lowest()); }
  static std::uint64_t key(X x) { return static_cast<std::uint64_t>(x) - base(); }
  static X value(std::uint64_t k, bool) { return static_cast<X>(k + base()); }  // modulo 2^bits
  static std::uint64_t lo() { return 0; }
  static std::uint64_t hi() { return key(std::numeric_limits<X>::max()); }
};
template <class X>
struct ordered_keys<X, true> {
  using U = std::conditional_t<sizeof(X) == 4, std::uint32_t, std::uint64_t>;
  static constexpr std::uint64_t sign = std::uint64_t(1) << (8 * sizeof(X) - 1);
  static std::uint64_t bits(X x) {
    U u;
    std::memcpy(&u, &x, sizeof u);
    return u;
  }
  static std::uint64_t key(X x) {
    const std::uint64_t u = bits(x);
    return u & sign ? sign - (u & ~sign) : sign + u;
  }
  static X value(std::uint64_t k, bool negative_zero) {
    std::uint64_t u = k >= sign ? k - sign : (sign - k) | sign;
    if (u == 0 && negative_zero) u = sign;
    const U w = U(u);
    X x;
    std::memcpy(&x, &w, sizeof x);
    return x;
  }
  static std::uint64_t lo() { return sign - bits(std::numeric_limits<X>::infinity()); }
  static std::uint64_t hi() { return sign + bits(std::numeric_limits<X>::infinity()); }
};

/// A count in [1, m], log-uniform.
inline std::uint64_t log_uniform(std::mt19937_64& g, std::uint64_t m) {
  if (m <= 1) return 1;
  const double v = std::exp2(std::uniform_real_distribution<double>(0, std::log2(double(m)))(g));
  return v >= double(m) ? m : std::max<std::uint64_t>(1, std::uint64_t(v));
}

/// nb strictly increasing values of G whose keys lie in [klo, khi] (khi - klo >= nb - 1): the gaps
/// (in keys) all the smallest step, even, mixed or wild, placed at the low end, the high end, about
/// zero or anywhere; for floats also evenly spaced values (rounded, then made increasing), and
/// sometimes -inf first or +inf last. `how` says which.
template <class G>
std::vector<G> draw_bounds(std::mt19937_64& g, std::size_t nb, std::uint64_t klo, std::uint64_t khi,
                           std::string& how) {
  using K = ordered_keys<G>;
  std::vector<std::uint64_t> keys(nb);
  const bool negative_zero = g() & 1;
  if (std::is_floating_point_v<G> && g() % 3 == 0) {
    // Evenly spaced values about where the case's float samples are (+-1000; 0 to 99).
    const double a = std::uniform_real_distribution<double>(-1500, 500)(g);
    const double span = g() % 4 ? std::uniform_real_distribution<double>(1, 4000)(g)
                                : std::uniform_real_distribution<double>(1e-3, 1)(g);
    how = "gaps=values";
    for (std::size_t i = 0; i < nb; ++i) {
      keys[i] = K::key(G(a + span * double(i) / double(nb - 1)));
      if (i > 0 && keys[i] <= keys[i - 1]) keys[i] = keys[i - 1] + 1;  // rounded together: the next key
    }
  } else {
    const std::uint64_t budget = khi - klo, n_gaps = nb - 1;
    const std::uint64_t max_gap = budget / n_gaps;  // >= 1
    const std::uint64_t even = log_uniform(g, max_gap);
    const int gaps = std::uniform_int_distribution<int>(0, 3)(g);
    static const char* gap_names[] = {"unit", "even", "mixed", "wild"};
    std::vector<std::uint64_t> gap(n_gaps);
    std::uint64_t sum = 0;  // at most n_gaps * max_gap <= budget
    for (auto& d : gap) {
      switch (gaps) {
        case 0: d = 1; break;
        case 1: d = even; break;
        case 2: d = g() % 3 == 0 ? 1 : log_uniform(g, even); break;
        default: d = log_uniform(g, max_gap); break;
      }
      sum += d;
    }
    const std::uint64_t room = budget - sum;  // the first key: klo + [0, room]
    std::uint64_t first;
    const int at = std::uniform_int_distribution<int>(0, 5)(g);
    static const char* at_names[] = {"low", "high", "zero", "zero", "any", "any"};
    if (at == 0) first = klo;
    else if (at == 1) first = klo + room;
    else if (at <= 3) {
      const std::uint64_t kz = K::key(G(0)), half = sum / 2;
      first = kz - klo >= half ? kz - half : klo;  // kz is in [klo, khi]
      first = std::min(std::max(first, klo), klo + room);
    } else {
      first = klo + std::uniform_int_distribution<std::uint64_t>(0, room)(g);
    }
    how = std::string("gaps=") + gap_names[gaps] + " at=" + at_names[at];
    keys[0] = first;
    for (std::size_t i = 1; i < nb; ++i) keys[i] = keys[i - 1] + gap[i - 1];
  }
  std::vector<G> bounds(nb);
  for (std::size_t i = 0; i < nb; ++i) bounds[i] = K::value(keys[i], negative_zero);
  if constexpr (std::is_floating_point_v<G>) {
    if (g() % 8 == 0) bounds.front() = -std::numeric_limits<G>::infinity(), how += " -inf";
    if (g() % 8 == 0) bounds.back() = std::numeric_limits<G>::infinity(), how += " +inf";
  }
  return bounds;
}

/// The T nearest v: v itself where T holds it; integers truncated, and clamped to T's range;
/// floats rounded, past T's range infinite.
template <class T>
T sample_near(long double v) {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_integral_v<T>) {
    if (!(v >= static_cast<long double>(L::lowest()))) return L::lowest();  // NaN too
    if (v >= static_cast<long double>(L::max())) return L::max();
    return static_cast<T>(v);
  } else {
    if (std::isnan(v)) return L::quiet_NaN();
    if (v > static_cast<long double>(L::max())) return L::infinity();
    if (v < static_cast<long double>(L::lowest())) return -L::infinity();
    return static_cast<T>(v);
  }
}
template <class T>
T next_up(T x) {
  if constexpr (std::is_integral_v<T>) return x == std::numeric_limits<T>::max() ? x : T(x + 1);
  else return std::nextafter(x, std::numeric_limits<T>::infinity());
}
template <class T>
T next_down(T x) {
  if constexpr (std::is_integral_v<T>) return x == std::numeric_limits<T>::lowest() ? x : T(x - 1);
  else return std::nextafter(x, -std::numeric_limits<T>::infinity());
}

/// A sample where bins begin and end: on a bound, one step beside one, inside a bin, below the
/// first or at or above the last bound, a special value, or any value.
template <class T>
T pointed_sample(std::mt19937_64& g, const std::vector<long double>& lb) {
  using L = std::numeric_limits<T>;
  const std::size_t nb = lb.size();
  auto bound = [&]() -> long double {
    const int r = std::uniform_int_distribution<int>(0, 5)(g);
    return r == 0 ? lb.front() : r == 1 ? lb.back() : lb[g() % nb];
  };
  switch (std::uniform_int_distribution<int>(0, 11)(g)) {
    case 0:
    case 1:
    case 2: return sample_near<T>(bound());
    case 3: return next_down(sample_near<T>(bound()));
    case 4: return next_up(sample_near<T>(bound()));
    case 5: {  // inside a bin
      const std::size_t i = g() % (nb - 1);
      const long double t = std::uniform_real_distribution<double>(0, 1)(g);
      return sample_near<T>(lb[i] + (lb[i + 1] - lb[i]) * t);
    }
    case 6:  // below the first bound
      if (g() % 2) return next_down(sample_near<T>(lb.front()));
      return std::is_floating_point_v<T> && g() % 2 ? -L::infinity() : L::lowest();
    case 7:  // at or above the last
      if (g() % 2) return next_up(sample_near<T>(lb.back()));
      return std::is_floating_point_v<T> && g() % 2 ? L::infinity() : L::max();
    case 8:
    case 9:
      if constexpr (std::is_floating_point_v<T>) {
        switch (g() % 6) {
          case 0: return L::quiet_NaN();
          case 1: return -L::quiet_NaN();
          case 2: return T(0);
          case 3: return -T(0);
          case 4: return L::infinity();
          default: return -L::infinity();
        }
      } else {
        return g() % 3 == 0 ? T(0) : g() % 2 ? L::max() : L::lowest();
      }
    default: return uniform_value<T>(g, g() & 1);
  }
}

/// Bin counts where the CUDA plan of histogram_range over bounds of `bound_bytes` bytes changes
/// (pb::histogram_bins); on the host systems, which have no such plan, powers of two +-1. Up to 2^18.
inline const std::vector<int>& range_bin_counts(std::size_t bound_bytes) {
  static std::array<std::vector<int>, 9> cache;
  static std::array<bool, 9> done{};
  if (!done[bound_bytes]) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
    cache[bound_bytes] = tide::backend::cuda::boundaries::histogram_bins(bound_bytes);
#else
    for (int p = 1; p <= 18; ++p)
      for (int d = -1; d <= 1; ++d) cache[bound_bytes].push_back((1 << p) + d);
#endif
    done[bound_bytes] = true;
  }
  return cache[bound_bytes];
}

/// histogram_range of samples T over bounds B, the bounds drawn as G (T or B, whichever holds the
/// values both can: converted to B exactly) unless `wide` (drawn as B, over all of B).
template <class T, class B>
outcome run_histogram_range_with(const std::vector<T>& h, std::mt19937_64& g) {
  constexpr bool narrow_in_t = std::is_floating_point_v<B> && (std::is_integral_v<T> || sizeof(T) < sizeof(B));
  using G = std::conditional_t<narrow_in_t, T, B>;
  static_assert(!std::is_integral_v<T> || !std::is_floating_point_v<B> ||
                    std::numeric_limits<T>::digits <= std::numeric_limits<B>::digits,
                "integer samples with float bounds must convert exactly");
  // Wide: the bounds over all of B, values T may not hold (a quarter of the cases where it differs).
  bool wide = !std::is_same_v<G, B> && g() % 4 == 0;
  // The keys the bounds may take: all of G's, or for integers the values both T and B hold.
  std::uint64_t klo, khi;
  if constexpr (std::is_integral_v<T> && std::is_integral_v<B>) {
    using KB = ordered_keys<B>;
    const long double lo = std::max<long double>(std::numeric_limits<T>::lowest(), std::numeric_limits<B>::lowest());
    const long double hi = std::min<long double>(std::numeric_limits<T>::max(), std::numeric_limits<B>::max());
    wide = !std::is_same_v<T, B> && g() % 4 == 0;
    klo = wide ? KB::lo() : KB::key(static_cast<B>(lo));
    khi = wide ? KB::hi() : KB::key(static_cast<B>(hi));
  } else if (wide) {
    klo = ordered_keys<B>::lo(), khi = ordered_keys<B>::hi();
  } else {
    klo = ordered_keys<G>::lo(), khi = ordered_keys<G>::hi();
  }
  // The bin count: half the time where the CUDA plan changes, else small or anything to 5000.
  const std::uint64_t max_bins = std::min<std::uint64_t>(khi - klo, std::uint64_t(1) << 18);
  int bins;
  if (g() % 2) {
    const std::vector<int>& all = range_bin_counts(sizeof(B));
    std::vector<int> fit;
    for (int b : all)
      if (std::uint64_t(b) <= max_bins) fit.push_back(b);
    bins = fit.empty() ? 1 : fit[g() % fit.size()];
  } else {
    const int r = std::uniform_int_distribution<int>(0, 3)(g);
    bins = std::uniform_int_distribution<int>(1, r == 0 ? 8 : r == 3 ? 5000 : 300)(g);
  }
  bins = int(std::min<std::uint64_t>(std::uint64_t(bins), max_bins));
  const std::size_t nb = std::size_t(bins) + 1;

  std::string how;
  std::vector<B> bounds(nb);
  if (wide || std::is_same_v<G, B>) {
    bounds = draw_bounds<B>(g, nb, klo, khi, how);
  } else {
    const std::vector<G> gb = draw_bounds<G>(g, nb, klo, khi, how);
    for (std::size_t i = 0; i < nb; ++i) bounds[i] = static_cast<B>(gb[i]);  // exact
  }
  std::vector<long double> lb(nb);
  for (std::size_t i = 0; i < nb; ++i) lb[i] = static_cast<long double>(bounds[i]);
  for (std::size_t i = 1; i < nb; ++i)
    if (!(lb[i - 1] < lb[i])) return outcome::fail("fuzzer: bounds not increasing at " + std::to_string(i));

  // The samples: a share where bins begin and end, and runs of one value.
  std::vector<T> s = h;
  const auto n = std::int64_t(s.size());
  int share = 0;  // of 16
  if (n > 0 && g() % 4) {
    share = 1 << std::uniform_int_distribution<int>(0, 4)(g);
    for (auto& x : s)
      if (int(g() % 16) < share) x = pointed_sample<T>(g, lb);
  }
  int runs = 0;
  if (n >= 32 && g() % 3 == 0) {
    runs = std::uniform_int_distribution<int>(1, 4)(g);
    for (int r = 0; r < runs; ++r) {
      const std::int64_t len = std::min<std::int64_t>(n, std::uniform_int_distribution<std::int64_t>(32, 8192)(g));
      std::int64_t start = std::uniform_int_distribution<std::int64_t>(0, n - len)(g);
      if (g() % 2) start = start / 256 * 256;  // from a tile's start (256 divides the tiles)
      const T v = pointed_sample<T>(g, lb);
      const bool zeros = std::is_floating_point_v<T> && g() % 8 == 0;  // +0.0 and -0.0: equal, two bit patterns
      for (std::int64_t i = start; i < start + len; ++i) s[std::size_t(i)] = zeros ? (g() & 1 ? T(0) : -T(0)) : v;
    }
  }

  // The reference: bounds[i] <= x < bounds[i + 1], compared exactly; NaN and outside not counted.
  std::vector<std::uint32_t> want(std::size_t(bins), 0);
  for (T x : s) {
    const long double v = static_cast<long double>(x);
    if (!(v >= lb.front() && v < lb.back())) continue;
    ++want[std::size_t(std::upper_bound(lb.begin(), lb.end(), v) - lb.begin() - 1)];
  }
  tide::device_vector<T> d(s.begin(), s.end());
  tide::device_vector<B> db(bounds.begin(), bounds.end());
  const std::uint32_t fill = g() % 2 ? 0u : 0xdeadbeefu;  // overwritten, not added to
  tide::device_vector<std::uint32_t> hist(std::size_t(bins), fill);
  tide::histogram_range(tide::device, d.begin(), d.end(), db.begin(), db.end(), hist.begin());
  outcome r = first_difference(from_device(hist), want, "histogram_range");
  if (!r)
    r.problem += std::string(" (bounds ") + arith_name<B>() + (wide ? " wide" : "") + ", bins " +
                 std::to_string(bins) + ", " + how + ", pointed " + std::to_string(share) + "/16, runs " +
                 std::to_string(runs) + ")";
  return r;
}

template <class T>
outcome run_histogram_range(const std::vector<T>& h, std::mt19937_64& g) {
  if (g() % 2) return run_histogram_range_with<T, T>(h, g);
  return run_histogram_range_with<T, alt_bound<T>>(h, g);
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
    case alg::histogram_range: return run_histogram_range(h, g);
    case alg::min_max_element: return run_min_max(h);
    case alg::count: return run_count(h, g);
    default: return outcome::fail("no such algorithm");
  }
}

TIDE_FUZZ_INSTANTIATE_FAMILY(run_reduce_family)

}  // namespace tide_fuzz
