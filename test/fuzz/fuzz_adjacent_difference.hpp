// Fuzz cases for adjacent_difference, transform_inclusive_scan and transform_exclusive_scan
// (issue 17), #included by fuzz_transform_scan.cpp after fuzz.hpp's helpers (outcome,
// first_difference, as_arith, arith_t, from_device, same_bits, compare_scan, and the transform
// fuzz_scan_transform). NaN inputs are allowed in all three.
//
//   run_adjacent_difference<T>(h, g)     device against seq, exact (floats: the same bits, or both
//                                        NaN); out of place or in place, minus or 2a - b (integers
//                                        in the unsigned type of their width, so wrapping is defined).
//   run_transform_scan<T>(h, g, excl)    integers: device against seq, exact, under plus, maximum
//                                        or minimum of 2x + 1 or -x (drawn: ptxas once dropped a
//                                        negation in a fused max, see backend/cuda/scan.hpp's
//                                        fold_fence); floats (plus of -x): against a
//                                        long double reference within compare_scan's tolerance, and
//                                        bit for bit against the device's own plain scan of the
//                                        transformed elements (the fused transform keeps the scan's
//                                        association; NaNs equal whatever their sign: a compiler may
//                                        turn acc + (-x) into acc - x). In place or not, with or
//                                        without init.

/// 2a - b: not commutative, not minus.
struct fuzz_twice_minus {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return static_cast<T>(T(2) * a - b);
  }
};

/// -x (wrapping in the unsigned type for integers).
struct fuzz_negate {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& x) const {
    return static_cast<T>(T(0) - x);
  }
};

/// Equal bits, or both NaN (a NaN's payload is the hardware's).
template <class T>
outcome same_or_both_nan(const std::vector<T>& got, const std::vector<T>& want, const char* what) {
  if constexpr (std::is_floating_point_v<T>) {
    if (got.size() == want.size())
      for (std::size_t i = 0; i < got.size(); ++i)
        if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0 && !(std::isnan(got[i]) && std::isnan(want[i])))
          return outcome::fail(std::string(what) + ": first difference at " + std::to_string(i) + ": " +
                               std::to_string(static_cast<long double>(got[i])) + " vs " +
                               std::to_string(static_cast<long double>(want[i])));
    if (got.size() == want.size()) return outcome::ok();
  }
  return first_difference(got, want, what);
}

template <class T>
outcome run_adjacent_difference(const std::vector<T>& h, std::mt19937_64& g) {
  using A = arith_t<T>;
  const auto a = as_arith(h);
  const bool in_place = g() & 1;
  // Floats: minus only (2a - b may be fused into one rounding on the device).
  const bool twice = std::is_integral_v<T> && (g() & 1);
  tide::device_vector<A> d(a.begin(), a.end()), out(a.size());
  std::vector<A> want(a.size());
  auto target = in_place ? d.begin() : out.begin();
  if (twice) {
    tide::adjacent_difference(tide::device, d.begin(), d.end(), target, fuzz_twice_minus());
    tide::adjacent_difference(tide::seq, a.begin(), a.end(), want.begin(), fuzz_twice_minus());
  } else {
    tide::adjacent_difference(tide::device, d.begin(), d.end(), target);
    tide::adjacent_difference(tide::seq, a.begin(), a.end(), want.begin());
  }
  return same_or_both_nan(from_device(in_place ? d : out), want,
                          twice ? "adjacent_difference (2a - b)" : "adjacent_difference");
}

template <class T>
outcome run_transform_scan(const std::vector<T>& h, std::mt19937_64& g, bool exclusive) {
  using A = arith_t<T>;
  const auto a = as_arith(h);
  const auto n = std::int64_t(h.size());
  const bool in_place = g() & 1, with_init = exclusive || (g() & 1);
  const A init = A(3);
  const fuzz_scan_transform f;
  const char* name = exclusive ? "transform_exclusive_scan" : with_init ? "transform_inclusive_scan (init)"
                                                                        : "transform_inclusive_scan";
  tide::device_vector<A> d(a.begin(), a.end()), out(a.size());
  auto target = in_place ? d.begin() : out.begin();
  auto run_with = [&](auto policy, auto first, auto last, auto result, auto f, auto op) {
    if (exclusive)
      tide::transform_exclusive_scan(policy, first, last, result, f, init, op);
    else if (with_init)
      tide::transform_inclusive_scan(policy, first, last, result, f, init, op);
    else
      tide::transform_inclusive_scan(policy, first, last, result, f, op);
  };
  if constexpr (std::is_integral_v<T>) {
    // Integers: the operator and the transform drawn; device against seq, exact.
    const int op_kind = int(g() % 3), f_kind = int(g() % 2);
    static const char* op_names[] = {"plus", "maximum", "minimum"};
    const std::string what = std::string(name) + " (" + op_names[op_kind] + (f_kind ? " of -x)" : " of 2x + 1)");
    std::vector<A> want(a.size());
    auto both = [&](auto f, auto op) {
      run_with(tide::device, d.begin(), d.end(), target, f, op);
      run_with(tide::seq, a.begin(), a.end(), want.begin(), f, op);
    };
    auto with_op = [&](auto f) {
      if (op_kind == 0) both(f, tide::plus<A>());
      else if (op_kind == 1) both(f, tide::maximum<A>());
      else both(f, tide::minimum<A>());
    };
    if (f_kind) with_op(fuzz_negate());
    else with_op(f);
    return first_difference(from_device(in_place ? d : out), want, what.c_str());
  } else {
    run_with(tide::device, d.begin(), d.end(), target, f, tide::plus<A>());
    const auto got = from_device(in_place ? d : out);
    // The device's plain scan of the transformed elements: the same bits.
    std::vector<A> fa(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) fa[i] = f(a[i]);
    tide::device_vector<A> df(fa.begin(), fa.end()), plain(a.size());
    if (exclusive)
      tide::exclusive_scan(tide::device, df.begin(), df.end(), plain.begin(), init, tide::plus<A>());
    else if (with_init)
      tide::inclusive_scan(tide::device, df.begin(), df.end(), plain.begin(), init, tide::plus<A>());
    else
      tide::inclusive_scan(tide::device, df.begin(), df.end(), plain.begin(), tide::plus<A>());
    if (auto r = same_or_both_nan(got, from_device(plain), name); !r)
      return outcome::fail(r.problem + " (against the plain scan of f(x))");
    // And the sums, against long double.
    std::vector<long double> want(a.size()), abs_prefix(a.size());
    long double s = with_init ? static_cast<long double>(init) : 0, abs = with_init ? std::fabs(s) : 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const long double x = static_cast<long double>(fa[i]);
      if (exclusive) want[i] = s, abs_prefix[i] = abs;
      s += x, abs += std::fabs(x);
      if (!exclusive) want[i] = s, abs_prefix[i] = abs;
    }
    return compare_scan(got, want, abs_prefix, n);
  }
}
