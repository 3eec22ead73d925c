// Algorithms called in device code, as Thrust allows: with tide::seq or tide::device inside a
// __device__ function or a kernel, each call runs sequentially in the calling thread, allocates
// nothing and throws nothing. One __host__ __device__ routine (run_all) calls every algorithm on
// one thread's arrays; the host runs it with tide::seq, the CUDA build also in kernels (one thread
// per size, with tide::seq and with tide::device), and every result is checked against std::.
#include "common.hpp"

#include <climits>
#include <numeric>

using namespace tide_test;

namespace {

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
constexpr int num_results = 28;  // r[26] unused; r[27]: the kernels' empty-range check

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
}

/// What run_all must give, by std:: algorithms; -2 marks the outputs it leaves unspecified.
void expected_all(const int* in, int n, int* w, long long* r) {
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
void check_all(int n, const int* got_w, const long long* got_r, const int* want_w, const long long* want_r,
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
  for (int j = 0; j < 26; ++j) {  // r[26] is unused, r[27] is device-only
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
  tide::fill(p, at(2), at(2) + n, -1);
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
  tide::fill(p, at(7), at(7) + n, 0);
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

void expected_more(const int* in, int n, int* w, long long* r) {
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

void check_more(int n, const int* got_w, const long long* got_r, const int* want_w, const long long* want_r,
                const std::string& where) {
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
std::vector<int> thread_sizes() {
  std::vector<int> s;
  for (int n = 0; n <= 70; ++n) s.push_back(n);
  for (int n : {100, 257, 1000, 4099}) s.push_back(n);
  return s;
}

std::vector<int> thread_input(int n) {
  auto v = random_vector<int>(n, "device-code", 0, 20);  // small values: many ties
  return v;
}

}  // namespace

TEST_CASE("a host-device functor calling tide::transform(tide::seq) works from host code") {
  std::vector<float> x{1, 2, 3, 4}, y{10, 20, 30, 40};
  saxpy_row{2.0f, 4}(x.data(), y.data());
  CHECK(y == std::vector<float>{12, 24, 36, 48});
}

TEST_CASE("the routine device code runs gives std::'s results when the host runs it with tide::seq") {
  for (int n : thread_sizes()) {
    auto in = thread_input(n);
    std::vector<int> w(static_cast<std::size_t>(num_arrays) * n + 1, -3), want_w(w.size());
    std::vector<long long> r(num_results, -3), want_r(num_results);
    run_all(tide::seq, in.data(), n, w.data(), r.data());
    expected_all(in.data(), n, want_w.data(), want_r.data());
    check_all(n, w.data(), r.data(), want_w.data(), want_r.data(), "host seq");
  }
}

TEST_CASE("the other forms device code runs (stencils, _into, custom operators, zipped values) match std::") {
  for (int n : thread_sizes()) {
    auto in = thread_input(n);
    std::vector<int> w(static_cast<std::size_t>(more_arrays) * n + 1, -3), want_w(w.size());
    std::vector<long long> r(more_results, -3), want_r(more_results);
    run_more(tide::seq, in.data(), n, w.data(), r.data());
    expected_more(in.data(), n, want_w.data(), want_r.data());
    check_more(n, w.data(), r.data(), want_w.data(), want_r.data(), "host seq");
  }
}

TEST_CASE("the sort device code runs (in place, no allocation) is stable at every size, its fallback too") {
  auto g = rng("in-place-sort");
  for (int n = 0; n <= 300; n += (n < 80 ? 1 : 37)) {
    for (int range : {1, 3, 50, 1 << 30}) {
      std::vector<int> keys(n), vals(n);
      for (int i = 0; i < n; ++i) keys[i] = static_cast<int>(g() % range), vals[i] = i;
      if (range == 50 && n % 2) std::sort(keys.begin(), keys.end(), std::greater<int>());  // reversed runs
      std::vector<std::pair<int, int>> want(n);
      for (int i = 0; i < n; ++i) want[i] = {keys[i], vals[i]};
      std::stable_sort(want.begin(), want.end(), [](auto a, auto b) { return a.first < b.first; });
      auto less = tide::less<int>();
      // A one-entry merge stack sends most merges to the stackless fallback.
      std::vector<int> k1 = keys, v1 = vals, k2 = keys, v2 = vals;
      tide::backend::seq::in_place_sort_by_key(k1.data(), n, v1.data(), less);
      using access = tide::backend::seq::detail::key_value_access<int*, int*, tide::less<int>>;
      tide::backend::seq::detail::in_place_stable_sort<1>(access{k2.data(), v2.data(), less}, n);
      bool ok1 = true, ok2 = true;
      for (int i = 0; i < n; ++i) {
        ok1 = ok1 && k1[i] == want[i].first && v1[i] == want[i].second;
        ok2 = ok2 && k2[i] == want[i].first && v2[i] == want[i].second;
      }
      CAPTURE(n);
      CAPTURE(range);
      CHECK(ok1);
      CHECK(ok2);
    }
  }
}

#if TIDE_HAS_CUDA && TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

namespace {
struct case_layout {
  const int* in;
  const long long* offsets;  // of each case's input; its arrays at num_arrays * offset
  const int* sizes;
  int* w;
  long long* r;
};

template <bool Device>
__global__ void run_all_kernel(case_layout c, int cases) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= cases) return;
  const int n = c.sizes[t];
  const long long o = c.offsets[t];
  const int* in = c.in + o;
  int* w = c.w + num_arrays * o;
  long long* r = c.r + static_cast<long long>(num_results) * t;
  if constexpr (Device) {
    run_all(tide::device, in, n, w, r);
    r[27] = tide::reduce(tide::device, in + n, in, 7);  // last before first: empty in device code
  } else {
    run_all(tide::seq, in, n, w, r);
    r[27] = tide::reduce(tide::seq, in + n, in, 7);
  }
}

template <bool Device>
__global__ void run_more_kernel(case_layout c, int cases) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= cases) return;
  const long long o = c.offsets[t];
  int* w = c.w + more_arrays * o;
  long long* r = c.r + static_cast<long long>(more_results) * t;
  if constexpr (Device)
    run_more(tide::device, c.in + o, c.sizes[t], w, r);
  else
    run_more(tide::seq, c.in + o, c.sizes[t], w, r);
}

__global__ void saxpy_kernel(const float* x, float* y, int rows, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < rows) saxpy_row{3.0f, n}(x + t * n, y + t * n);
}

/// Each thread sorts its own 16 floats, Thrust's typical per-thread use; odd threads through
/// device_ptr with tide::device.
__global__ void sort16_kernel(float* a, int rows) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows) return;
  if (t % 2 == 0) {
    tide::sort(tide::seq, a + 16 * t, a + 16 * t + 16);
  } else {
    auto p = tide::device_pointer_cast(a + 16 * t);
    tide::sort(tide::device, p, p + 16);
  }
}
}  // namespace

TEST_CASE("in kernels, every algorithm with tide::seq and tide::device gives std::'s results per thread") {
  auto sizes = thread_sizes();
  const int cases = static_cast<int>(sizes.size());
  std::vector<long long> offsets(cases + 1, 0);
  for (int t = 0; t < cases; ++t) offsets[t + 1] = offsets[t] + sizes[t];
  const long long total = offsets[cases];
  std::vector<int> in(total);
  for (int t = 0; t < cases; ++t) {
    auto v = thread_input(sizes[t]);
    std::copy(v.begin(), v.end(), in.begin() + offsets[t]);
  }
  tide::device_vector<int> d_in(in.begin(), in.end()), d_sizes(sizes.begin(), sizes.end());
  tide::device_vector<long long> d_offsets(offsets.begin(), offsets.end());
  for (bool device : {false, true}) {
    tide::device_vector<int> d_w(num_arrays * total + 1, -3);
    tide::device_vector<long long> d_r(static_cast<std::size_t>(num_results) * cases, -3);
    case_layout c{tide::raw_pointer_cast(d_in.data()), tide::raw_pointer_cast(d_offsets.data()),
                  tide::raw_pointer_cast(d_sizes.data()), tide::raw_pointer_cast(d_w.data()),
                  tide::raw_pointer_cast(d_r.data())};
    if (device)
      run_all_kernel<true><<<(cases + 31) / 32, 32>>>(c, cases);
    else
      run_all_kernel<false><<<(cases + 31) / 32, 32>>>(c, cases);
    REQUIRE(cudaGetLastError() == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<int> w(d_w.size());
    std::vector<long long> r(d_r.size());
    tide::copy(d_w.begin(), d_w.end(), w.begin());
    tide::copy(d_r.begin(), d_r.end(), r.begin());
    for (int t = 0; t < cases; ++t) {
      const int n = sizes[t];
      std::vector<int> want_w(static_cast<std::size_t>(num_arrays) * n + 1);
      std::vector<long long> want_r(num_results);
      expected_all(in.data() + offsets[t], n, want_w.data(), want_r.data());
      const long long* got_r = r.data() + static_cast<long long>(num_results) * t;
      check_all(n, w.data() + num_arrays * offsets[t], got_r, want_w.data(), want_r.data(),
                device ? "kernel, tide::device" : "kernel, tide::seq");
      CHECK(got_r[27] == 7);
    }
  }
}

TEST_CASE("in kernels, the other forms with tide::seq and tide::device give std::'s results per thread") {
  auto sizes = thread_sizes();
  const int cases = static_cast<int>(sizes.size());
  std::vector<long long> offsets(cases + 1, 0);
  for (int t = 0; t < cases; ++t) offsets[t + 1] = offsets[t] + sizes[t];
  const long long total = offsets[cases];
  std::vector<int> in(total);
  for (int t = 0; t < cases; ++t) {
    auto v = thread_input(sizes[t]);
    std::copy(v.begin(), v.end(), in.begin() + offsets[t]);
  }
  tide::device_vector<int> d_in(in.begin(), in.end()), d_sizes(sizes.begin(), sizes.end());
  tide::device_vector<long long> d_offsets(offsets.begin(), offsets.end());
  for (bool device : {false, true}) {
    tide::device_vector<int> d_w(more_arrays * total + 1, -3);
    tide::device_vector<long long> d_r(static_cast<std::size_t>(more_results) * cases, -3);
    case_layout c{tide::raw_pointer_cast(d_in.data()), tide::raw_pointer_cast(d_offsets.data()),
                  tide::raw_pointer_cast(d_sizes.data()), tide::raw_pointer_cast(d_w.data()),
                  tide::raw_pointer_cast(d_r.data())};
    if (device)
      run_more_kernel<true><<<(cases + 31) / 32, 32>>>(c, cases);
    else
      run_more_kernel<false><<<(cases + 31) / 32, 32>>>(c, cases);
    REQUIRE(cudaGetLastError() == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<int> w(d_w.size());
    std::vector<long long> r(d_r.size());
    tide::copy(d_w.begin(), d_w.end(), w.begin());
    tide::copy(d_r.begin(), d_r.end(), r.begin());
    for (int t = 0; t < cases; ++t) {
      const int n = sizes[t];
      std::vector<int> want_w(static_cast<std::size_t>(more_arrays) * n + 1);
      std::vector<long long> want_r(more_results);
      expected_more(in.data() + offsets[t], n, want_w.data(), want_r.data());
      check_more(n, w.data() + more_arrays * offsets[t], r.data() + static_cast<long long>(more_results) * t,
                 want_w.data(), want_r.data(), device ? "kernel, tide::device" : "kernel, tide::seq");
    }
  }
}

TEST_CASE("a saxpy functor calling tide::transform(tide::seq) runs per thread in a kernel") {
  const int rows = 100, n = 8;
  std::vector<float> x(rows * n), y(rows * n);
  for (int i = 0; i < rows * n; ++i) x[i] = static_cast<float>(i % 13), y[i] = static_cast<float>(i % 5);
  tide::device_vector<float> dx(x.begin(), x.end()), dy(y.begin(), y.end());
  saxpy_kernel<<<(rows + 63) / 64, 64>>>(tide::raw_pointer_cast(dx.data()), tide::raw_pointer_cast(dy.data()), rows, n);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<float> got(rows * n);
  tide::copy(dy.begin(), dy.end(), got.begin());
  for (int i = 0; i < rows * n; ++i) y[i] = 3.0f * x[i] + y[i];
  CHECK(got == y);
}

TEST_CASE("each thread sorts its own 16 floats with tide::sort(tide::seq) in a kernel") {
  const int rows = 1000;
  auto h = random_vector<float>(rows * 16, "sort16", -100, 100);
  tide::device_vector<float> d(h.begin(), h.end());
  sort16_kernel<<<(rows + 127) / 128, 128>>>(tide::raw_pointer_cast(d.data()), rows);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<float> got(h.size());
  tide::copy(d.begin(), d.end(), got.begin());
  for (int t = 0; t < rows; ++t) std::sort(h.begin() + 16 * t, h.begin() + 16 * t + 16);
  CHECK(got == h);
}
#endif
