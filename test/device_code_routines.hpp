#pragma once
// The routines test_device_code.cpp runs on one thread's arrays, on the host and in kernels:
// run_all (every algorithm once) and run_more (the other forms), each with its std:: result
// (expected_*) and its check (check_*). Array k of a routine's output is w + k * n.
#include "common.hpp"

#include <climits>
#include <numeric>

namespace tide_test::device_code {

// ---- functors, callable on both sides -----------------------------------------------------------

struct is_even {
  TIDE_HOST_DEVICE bool operator()(int x) const { return x % 2 == 0; }
};
struct mod7 {
  TIDE_HOST_DEVICE int operator()(int x) const { return x % 7; }
};
struct div3 {
  TIDE_HOST_DEVICE int operator()(int i) const { return i / 3; }
};
struct square {
  TIDE_HOST_DEVICE long long operator()(int x) const { return static_cast<long long>(x) * x; }
};
struct reverse_index {
  int n;
  TIDE_HOST_DEVICE int operator()(int i) const { return n - 1 - i; }
};
struct max_op {
  TIDE_HOST_DEVICE int operator()(int a, int b) const { return a < b ? b : a; }
};
/// A non-const operator() with state, as Thrust accepts.
struct add_calls {
  int calls = 0;
  TIDE_HOST_DEVICE int operator()(int x) { return x + 10 * (++calls > 0); }
};
struct add_one {
  TIDE_HOST_DEVICE void operator()(int& x) const { x += 1; }
};

/// y = a x + y over rows of n, through tide::transform(tide::seq, ...) from host or device code.
struct saxpy_op {
  float a;
  TIDE_HOST_DEVICE float operator()(float x, float y) const { return a * x + y; }
};
struct saxpy_row {
  float a;
  int n;
  TIDE_HOST_DEVICE void operator()(const float* x, float* y) const {
    tide::transform(tide::seq, x, x + n, y, y, saxpy_op{a});
  }
};

// ---- one thread's work ----------------------------------------------------------------------------

constexpr int num_arrays = 31;
constexpr int num_results = 28;  // r[26] unused

/// Every algorithm over in[0, n); array k of the results is w + k * n, scalars go to r.
template <class P>
TIDE_HOST_DEVICE void run_all(const P& p, const int* in, int n, int* w, long long* r) {
  auto at = [&](int k) { return w + static_cast<long long>(k) * n; };
  const int h = n / 2;
  auto index = tide::counting_iterator<int>(0);
  auto thirds = tide::make_transform_iterator(index, div3{});

  // sorts
  tide::copy(p, in, in + n, at(0));
  tide::stable_sort(p, at(0), at(0) + n, tide::greater<int>());
  tide::transform(p, in, in + n, at(1), mod7{});
  tide::sequence(p, at(2), at(2) + n);
  tide::sort_by_key(p, at(1), at(1) + n, at(2));  // ties: values in input order
  tide::copy_n(p, in, n, at(7));
  tide::sort(p, at(7), at(7) + n);
  tide::transform(p, in, in + n, at(29), mod7{});
  tide::sequence(p, at(30), at(30) + n);
  tide::stable_sort_by_key(p, at(29), at(29) + n, at(30), tide::greater<int>());

  // scans
  tide::inclusive_scan(p, in, in + n, at(3));
  tide::exclusive_scan(p, in, in + n, at(4), 10);
  tide::inclusive_scan_by_key(p, thirds, thirds + n, in, at(5));
  tide::exclusive_scan_by_key(p, thirds, thirds + n, in, at(6), 1);

  // reductions
  r[0] = tide::reduce(p, in, in + n);
  r[1] = tide::reduce(p, in, in + n, 100LL);
  r[2] = tide::reduce(p, in, in + n, INT_MIN, max_op{});
  r[3] = tide::transform_reduce(p, in, in + n, square{}, 0LL, tide::plus<long long>());
  r[4] = tide::inner_product(p, in, in + n, at(7), 0LL);
  r[5] = tide::count(p, in, in + n, 3);
  r[6] = tide::count_if(p, in, in + n, is_even{});
  r[7] = tide::min_element(p, in, in + n) - in;
  r[8] = tide::max_element(p, in, in + n) - in;
  auto mm = tide::minmax_element(p, in, in + n);
  r[9] = mm.first - in;
  r[10] = mm.second - in;
  r[11] = tide::all_of(p, in, in + n, is_even{});
  r[12] = tide::any_of(p, in, in + n, is_even{});
  r[13] = tide::none_of(p, in, in + n, is_even{});
  r[14] = tide::equal(p, in, in + n, at(7));

  // searches in the sorted at(7)
  tide::lower_bound(p, at(7), at(7) + n, in, in + n, at(8));
  tide::upper_bound(p, at(7), at(7) + n, in, in + n, at(9));
  tide::binary_search(p, at(7), at(7) + n, index, index + n, at(10));
  r[22] = tide::lower_bound(p, at(7), at(7) + n, 10) - at(7);
  r[23] = tide::upper_bound(p, at(7), at(7) + n, 10) - at(7);
  r[24] = tide::binary_search(p, at(7), at(7) + n, 10);
  r[25] = tide::binary_search(p, at(7), at(7) + n, -1);

  // compaction
  tide::fill(p, at(11), at(11) + n, -1);
  r[15] = tide::copy_if(p, in, in + n, at(11), is_even{}) - at(11);
  tide::copy(p, in, in + n, at(12));
  r[16] = tide::remove_if(p, at(12), at(12) + n, is_even{}) - at(12);
  tide::copy(p, at(7), at(7) + n, at(13));
  r[17] = tide::unique(p, at(13), at(13) + n) - at(13);
  r[18] = tide::unique_copy(p, in, in + n, at(14)) - at(14);
  tide::copy_n(p, in, n, at(25));
  r[20] = tide::remove(p, at(25), at(25) + n, 3) - at(25);
  r[21] = tide::remove_copy_if(p, in, in + n, at(26), is_even{}) - at(26);

  // element-wise
  tide::sequence(p, at(15), at(15) + n, 5, 2);
  tide::for_each(p, at(15), at(15) + n, add_one{});
  tide::tabulate(p, at(16), at(16) + n, square{});
  auto reversed = tide::make_transform_iterator(index, reverse_index{n});
  tide::gather(p, reversed, reversed + n, in, at(17));
  tide::scatter(p, in, in + n, reversed, at(18));
  tide::fill_n(p, at(23), n, 0);
  tide::transform_if(p, in, in + n, at(23), tide::negate<int>(), is_even{});
  tide::transform(p, in, in + n, at(24), add_calls{});

  // merges of two sorted halves, reduce_by_key
  tide::copy(p, in, in + n, at(19));
  tide::sort(p, at(19), at(19) + h);
  tide::sort(p, at(19) + h, at(19) + n);
  tide::merge(p, at(19), at(19) + h, at(19) + h, at(19) + n, at(20));
  tide::merge_by_key(p, at(19), at(19) + h, at(19) + h, at(19) + n, index, index + h, at(27), at(28));
  r[19] = tide::reduce_by_key(p, thirds, thirds + n, in, at(21), at(22)).first - at(21);
#if defined(__CUDA_ARCH__)
  r[27] = tide::reduce(p, in + n, in, 7);  // last before first: empty in device code (the host throws)
#else
  r[27] = 7;
#endif
}

/// What run_all must give, by std:: algorithms; -2 marks the outputs it leaves unspecified.
inline void expected_all(const int* in, int n, int* w, long long* r) {
  auto at = [&](int k) { return w + static_cast<long long>(k) * n; };
  const int h = n / 2;
  std::vector<int> v(in, in + n);
  std::fill(w, w + static_cast<long long>(num_arrays) * n, -2);

  std::copy(v.begin(), v.end(), at(0));
  std::stable_sort(at(0), at(0) + n, std::greater<int>());
  std::vector<std::pair<int, int>> kv(n);
  for (int i = 0; i < n; ++i) kv[i] = {v[i] % 7, i};
  std::stable_sort(kv.begin(), kv.end(), [](auto a, auto b) { return a.first < b.first; });
  for (int i = 0; i < n; ++i) at(1)[i] = kv[i].first, at(2)[i] = kv[i].second;
  for (int i = 0; i < n; ++i) kv[i] = {v[i] % 7, i};
  std::stable_sort(kv.begin(), kv.end(), [](auto a, auto b) { return a.first > b.first; });
  for (int i = 0; i < n; ++i) at(29)[i] = kv[i].first, at(30)[i] = kv[i].second;
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  std::copy(sorted.begin(), sorted.end(), at(7));

  std::partial_sum(v.begin(), v.end(), at(3));
  for (int i = 0, acc = 10; i < n; ++i) at(4)[i] = acc, acc += v[i];
  for (int i = 0, acc = 0; i < n; ++i) acc = (i % 3 == 0 ? 0 : acc) + v[i], at(5)[i] = acc;
  for (int i = 0, acc = 0; i < n; ++i) {
    if (i % 3 == 0) acc = 1;
    at(6)[i] = acc;
    acc += v[i];
  }

  r[0] = std::accumulate(v.begin(), v.end(), 0);
  r[1] = std::accumulate(v.begin(), v.end(), 100LL);
  r[2] = n == 0 ? INT_MIN : *std::max_element(v.begin(), v.end());
  r[3] = 0;
  for (int x : v) r[3] += static_cast<long long>(x) * x;
  r[4] = std::inner_product(v.begin(), v.end(), sorted.begin(), 0LL);
  r[5] = std::count(v.begin(), v.end(), 3);
  r[6] = std::count_if(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  r[7] = std::min_element(v.begin(), v.end()) - v.begin();
  r[8] = std::max_element(v.begin(), v.end()) - v.begin();  // the first largest
  r[9] = r[7];
  r[10] = r[8];  // Thrust's minmax_element: the first largest too
  r[11] = std::all_of(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  r[12] = std::any_of(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  r[13] = std::none_of(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  r[14] = std::equal(v.begin(), v.end(), sorted.begin());

  for (int i = 0; i < n; ++i) {
    at(8)[i] = static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), v[i]) - sorted.begin());
    at(9)[i] = static_cast<int>(std::upper_bound(sorted.begin(), sorted.end(), v[i]) - sorted.begin());
    at(10)[i] = std::binary_search(sorted.begin(), sorted.end(), i);
  }
  r[22] = std::lower_bound(sorted.begin(), sorted.end(), 10) - sorted.begin();
  r[23] = std::upper_bound(sorted.begin(), sorted.end(), 10) - sorted.begin();
  r[24] = std::binary_search(sorted.begin(), sorted.end(), 10);
  r[25] = std::binary_search(sorted.begin(), sorted.end(), -1);

  std::fill(at(11), at(11) + n, -1);
  r[15] = std::copy_if(v.begin(), v.end(), at(11), [](int x) { return x % 2 == 0; }) - at(11);
  r[16] = std::remove_copy_if(v.begin(), v.end(), at(12), [](int x) { return x % 2 == 0; }) - at(12);
  r[17] = std::unique_copy(sorted.begin(), sorted.end(), at(13)) - at(13);
  r[18] = std::unique_copy(v.begin(), v.end(), at(14)) - at(14);
  r[20] = std::remove_copy(v.begin(), v.end(), at(25), 3) - at(25);
  r[21] = std::remove_copy_if(v.begin(), v.end(), at(26), [](int x) { return x % 2 == 0; }) - at(26);

  for (int i = 0; i < n; ++i) {
    at(15)[i] = 5 + 2 * i + 1;
    at(16)[i] = i * i;
    at(17)[i] = v[n - 1 - i];
    at(18)[n - 1 - i] = v[i];
    at(23)[i] = v[i] % 2 == 0 ? -v[i] : 0;
    at(24)[i] = v[i] + 10;
  }

  std::vector<int> halves = v;
  std::sort(halves.begin(), halves.begin() + h);
  std::sort(halves.begin() + h, halves.end());
  std::copy(halves.begin(), halves.end(), at(19));
  std::merge(halves.begin(), halves.begin() + h, halves.begin() + h, halves.end(), at(20));
  std::vector<std::pair<int, int>> a(h), b(n - h), merged(n);
  for (int i = 0; i < h; ++i) a[i] = {halves[i], i};
  for (int i = h; i < n; ++i) b[i - h] = {halves[i], i};
  std::merge(a.begin(), a.end(), b.begin(), b.end(), merged.begin(),
             [](auto x, auto y) { return x.first < y.first; });
  for (int i = 0; i < n; ++i) at(27)[i] = merged[i].first, at(28)[i] = merged[i].second;
  r[26] = -3;  // unused
  r[27] = 7;
  r[19] = (n + 2) / 3;
  for (int s = 0; s < r[19]; ++s) {
    at(21)[s] = s;
    int sum = 0;
    for (int i = 3 * s; i < std::min(n, 3 * s + 3); ++i) sum += v[i];
    at(22)[s] = sum;
  }
}

/// Where run_all's output is fully specified, it equals the expected; compacted outputs only in
/// their kept prefix.
inline void check_all(int n, const int* got_w, const long long* got_r, const int* want_w, const long long* want_r,
                      const std::string& where) {
  CAPTURE(where);
  CAPTURE(n);
  for (int k = 0; k < num_arrays; ++k) {
    CAPTURE(k);
    long long limit = n;
    if (k == 12) limit = want_r[16];
    if (k == 13) limit = want_r[17];
    if (k == 14) limit = want_r[18];
    if (k == 21 || k == 22) limit = want_r[19];
    if (k == 25) limit = want_r[20];
    if (k == 26) limit = want_r[21];
    int bad = -1;
    for (long long i = 0; i < limit && bad < 0; ++i)
      if (got_w[k * n + i] != want_w[k * n + i]) bad = static_cast<int>(i);
    CHECK(bad == -1);
  }
  for (int j = 0; j < num_results; ++j) {
    CAPTURE(j);
    CHECK(got_r[j] == want_r[j]);
  }
}

// ---- the other forms ------------------------------------------------------------------------------

constexpr int more_arrays = 13;
constexpr int more_results = 8;

struct same_parity {
  TIDE_HOST_DEVICE bool operator()(int a, int b) const { return (a - b) % 2 == 0; }
};
/// A comparator with a non-const operator() (and state), as Thrust accepts.
struct counting_less {
  int calls = 0;
  TIDE_HOST_DEVICE bool operator()(int a, int b) {
    ++calls;
    return a < b;
  }
};

/// The forms run_all leaves out: stencils, _into, init and custom operators, zipped values.
template <class P>
TIDE_HOST_DEVICE void run_more(const P& p, const int* in, int n, int* w, long long* r) {
  auto at = [&](int k) { return w + static_cast<long long>(k) * n; };
  const int h = n / 2;
  auto index = tide::counting_iterator<int>(0);
  auto reversed = tide::make_transform_iterator(index, reverse_index{n});

  r[0] = tide::copy_if(p, index, index + n, in, at(0), is_even{}) - at(0);
  tide::fill(p, at(1), at(1) + n, -1);
  tide::gather_if(p, reversed, reversed + n, in, in, at(1), is_even{});
  tide::fill(at(2), at(2) + n, -1);  // fill and fill_n without a policy: Thrust allows them in device code
  tide::scatter_if(p, in, in + n, reversed, in, at(2), is_even{});
  tide::reduce_into(p, in, in + n, r + 1, 0LL, tide::plus<long long>());
  tide::count_into(p, in, in + n, r + 2, 3);
  tide::count_if_into(p, in, in + n, r + 3, is_even{});
  tide::transform_reduce_into(p, in, in + n, r + 4, square{}, 1LL, tide::plus<long long>());
  tide::inclusive_scan(p, in, in + n, at(3), 5, tide::plus<int>());
  tide::exclusive_scan(p, in, in + n, at(4));
  r[5] = tide::unique_copy(p, in, in + n, at(5), same_parity{}) - at(5);
  tide::copy(p, in, in + n, at(12));
  tide::sort(p, at(12), at(12) + h, tide::greater<int>());
  tide::sort(p, at(12) + h, at(12) + n, tide::greater<int>());
  tide::merge(p, at(12), at(12) + h, at(12) + h, at(12) + n, at(6), tide::greater<int>());
  tide::fill_n(at(7), n, 0);
  tide::transform_if(p, in, in + n, index, in, at(7), tide::plus<int>(), is_even{});
  r[6] = tide::inner_product(p, in, in + n, in, INT_MIN, max_op{}, tide::multiplies<int>());
  tide::copy(p, in, in + n, at(8));
  tide::sort(p, at(8), at(8) + n, counting_less{});
  tide::transform(p, in, in + n, at(9), mod7{});
  tide::sequence(p, at(10), at(10) + n);
  tide::copy(p, in, in + n, at(11));
  tide::stable_sort_by_key(p, at(9), at(9) + n, tide::make_zip_iterator(at(10), at(11)));
  r[7] = tide::max_element(p, in, in + n, counting_less{}) - in;
}

inline void expected_more(const int* in, int n, int* w, long long* r) {
  auto at = [&](int k) { return w + static_cast<long long>(k) * n; };
  const int h = n / 2;
  std::vector<int> v(in, in + n);
  std::fill(w, w + static_cast<long long>(more_arrays) * n, -2);
  r[0] = 0;
  for (int i = 0; i < n; ++i)
    if (v[i] % 2 == 0) at(0)[r[0]++] = i;
  for (int i = 0; i < n; ++i) {
    at(1)[i] = v[i] % 2 == 0 ? v[n - 1 - i] : -1;
    at(2)[i] = v[n - 1 - i] % 2 == 0 ? v[n - 1 - i] : -1;
    at(7)[i] = v[i] % 2 == 0 ? v[i] + i : 0;
  }
  r[1] = std::accumulate(v.begin(), v.end(), 0LL);
  r[2] = std::count(v.begin(), v.end(), 3);
  r[3] = std::count_if(v.begin(), v.end(), [](int x) { return x % 2 == 0; });
  r[4] = 1;
  for (int x : v) r[4] += static_cast<long long>(x) * x;
  for (int i = 0, acc = 5; i < n; ++i) acc += v[i], at(3)[i] = acc;
  for (int i = 0, acc = 0; i < n; ++i) at(4)[i] = acc, acc += v[i];
  r[5] = std::unique_copy(v.begin(), v.end(), at(5), [](int a, int b) { return (a - b) % 2 == 0; }) - at(5);
  std::vector<int> halves = v;
  std::sort(halves.begin(), halves.begin() + h, std::greater<int>());
  std::sort(halves.begin() + h, halves.end(), std::greater<int>());
  std::copy(halves.begin(), halves.end(), at(12));
  std::merge(halves.begin(), halves.begin() + h, halves.begin() + h, halves.end(), at(6), std::greater<int>());
  r[6] = INT_MIN;
  for (int x : v) r[6] = std::max<long long>(r[6], x * x);
  std::copy(v.begin(), v.end(), at(8));
  std::sort(at(8), at(8) + n);
  std::vector<std::pair<int, int>> kv(n);
  for (int i = 0; i < n; ++i) kv[i] = {v[i] % 7, i};
  std::stable_sort(kv.begin(), kv.end(), [](auto a, auto b) { return a.first < b.first; });
  for (int i = 0; i < n; ++i) at(9)[i] = kv[i].first, at(10)[i] = kv[i].second, at(11)[i] = v[kv[i].second];
  r[7] = std::max_element(v.begin(), v.end()) - v.begin();
}

inline void check_more(int n, const int* got_w, const long long* got_r, const int* want_w,
                       const long long* want_r, const std::string& where) {
  CAPTURE(where);
  CAPTURE(n);
  for (int k = 0; k < more_arrays; ++k) {
    CAPTURE(k);
    long long limit = k == 0 ? want_r[0] : k == 5 ? want_r[5] : n;
    int bad = -1;
    for (long long i = 0; i < limit && bad < 0; ++i)
      if (got_w[k * n + i] != want_w[k * n + i]) bad = static_cast<int>(i);
    CHECK(bad == -1);
  }
  for (int j = 0; j < more_results; ++j) {
    CAPTURE(j);
    CHECK(got_r[j] == want_r[j]);
  }
}

/// The sizes each thread gets: every size 0..70 (one insertion-sorted block to several merged
/// ones), then a few larger.
inline std::vector<int> thread_sizes() {
  std::vector<int> s;
  for (int n = 0; n <= 70; ++n) s.push_back(n);
  for (int n : {100, 257, 1000, 4099}) s.push_back(n);
  return s;
}

inline std::vector<int> thread_input(int n) {
  auto v = random_vector<int>(n, "device-code", 0, 20);  // small values: many ties
  return v;
}

/// run_all's or run_more's shapes, call, std:: result and check, for the tests that run either.
struct all_routine {
  static constexpr int arrays = num_arrays, results = num_results;
  template <class P>
  static TIDE_HOST_DEVICE void run(const P& p, const int* in, int n, int* w, long long* r) {
    run_all(p, in, n, w, r);
  }
  static void expected(const int* in, int n, int* w, long long* r) { expected_all(in, n, w, r); }
  static void check(int n, const int* gw, const long long* gr, const int* ww, const long long* wr,
                    const std::string& where) {
    check_all(n, gw, gr, ww, wr, where);
  }
};
struct more_routine {
  static constexpr int arrays = more_arrays, results = more_results;
  template <class P>
  static TIDE_HOST_DEVICE void run(const P& p, const int* in, int n, int* w, long long* r) {
    run_more(p, in, n, w, r);
  }
  static void expected(const int* in, int n, int* w, long long* r) { expected_more(in, n, w, r); }
  static void check(int n, const int* gw, const long long* gw_r, const int* ww, const long long* wr,
                    const std::string& where) {
    check_more(n, gw, gw_r, ww, wr, where);
  }
};

}  // namespace tide_test::device_code
