// unique_by_key, unique_by_key_copy and unique_count on every backend, against a reference that
// keeps key i when i == 0 or !pred(keys[i-1], keys[i]) (Thrust's rule: input neighbours).
#include <algorithm>
#include <numeric>

#include "common.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <tide/backend/cuda/path_boundaries.hpp>
#endif

using namespace tide_test;

namespace {

struct same_tens {  // an equivalence: neighbours in the same block of ten are equal
  TIDE_HOST_DEVICE bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
struct div3 {
  TIDE_HOST_DEVICE int operator()(int i) const { return i / 3; }
};

/// Keys of type T in runs (values from random_runs).
template <class T>
std::vector<T> run_keys(std::int64_t n, const std::string& salt, int max_run = 5) {
  auto k = random_runs(n, salt, max_run);
  std::vector<T> out(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) out[i] = static_cast<T>(k[i] % 100);  // wraps: equal neighbours too
  return out;
}

/// Indices kept by unique under pred.
template <class T, class Pred>
std::vector<std::size_t> kept(const std::vector<T>& keys, Pred pred) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (i == 0 || !pred(keys[i - 1], keys[i])) idx.push_back(i);
  return idx;
}

template <class T>
std::vector<std::int64_t> boundary_sizes() {
  std::vector<std::int64_t> s = sizes();
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  const std::int64_t limit = std::getenv("TIDE_TEST_SMALL") ? 1 << 14 : 1 << 21;
  for (auto n : tide::backend::cuda::boundaries::select<T>(limit).sizes) s.push_back(n);
#else
  for (std::int64_t n : {1023, 1024, 2047, 2049, 4095, 4096, 4097, 8193, 12287}) s.push_back(n);
#endif
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

}  // namespace

TEST_CASE_TEMPLATE("unique_by_key keeps the first key of each run and its value, for every key type and size", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using K = decltype(tag);
    for (auto n : boundary_sizes<K>()) {
      CAPTURE(n);
      auto keys = run_keys<K>(n, "unique_by_key");
      std::vector<int> vals(n);
      std::iota(vals.begin(), vals.end(), 0);
      auto dk = to_backend<B>(keys);
      auto dv = to_backend<B>(vals);
      auto ends = tide::unique_by_key(B::policy(), dk.begin(), dk.end(), dv.begin());
      const auto idx = kept(keys, tide::equal_to<>());
      REQUIRE(ends.first - dk.begin() == static_cast<std::int64_t>(idx.size()));
      REQUIRE(ends.second - dv.begin() == static_cast<std::int64_t>(idx.size()));
      auto gk = to_std(dk);
      auto gv = to_std(dv);
      bool ok = true;
      for (std::size_t j = 0; j < idx.size(); ++j) ok = ok && gk[j] == keys[idx[j]] && gv[j] == int(idx[j]);
      CHECK(ok);
    }
  });
}

TEST_CASE_TEMPLATE("unique_by_key_copy writes the kept keys and values and leaves the rest of the outputs", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using K = decltype(tag);
    for (auto n : boundary_sizes<K>()) {
      CAPTURE(n);
      auto keys = run_keys<K>(n, "unique_by_key_copy", 3);
      auto vals = random_vector<double>(n, "unique_by_key_copy-v");
      auto dk = to_backend<B>(keys);
      auto dv = to_backend<B>(vals);
      typename B::template vector<K> ok_(n, K(7));
      typename B::template vector<double> ov(n, -1.0);
      auto ends = tide::unique_by_key_copy(B::policy(), dk.begin(), dk.end(), dv.begin(), ok_.begin(), ov.begin());
      const auto idx = kept(keys, tide::equal_to<>());
      std::vector<K> want_k(n, K(7));
      std::vector<double> want_v(n, -1.0);
      for (std::size_t j = 0; j < idx.size(); ++j) want_k[j] = keys[idx[j]], want_v[j] = vals[idx[j]];
      CHECK(ends.first - ok_.begin() == static_cast<std::int64_t>(idx.size()));
      CHECK(ends.second - ov.begin() == static_cast<std::int64_t>(idx.size()));
      CHECK(to_std(ok_) == want_k);
      CHECK(to_std(ov) == want_v);
      CHECK(to_std(dk) == keys);  // the inputs are only read
    }
  });
}

TEST_CASE_TEMPLATE("unique_count counts the runs for every type and size and writes nothing", B,
                   TIDE_TEST_BACKENDS) {
  for_each_key_type([](auto tag) {
    using T = decltype(tag);
    for (auto n : boundary_sizes<T>()) {
      CAPTURE(n);
      auto h = run_keys<T>(n, "unique_count");
      auto d = to_backend<B>(h);
      auto c = tide::unique_count(B::policy(), d.begin(), d.end());
      static_assert(std::is_same_v<decltype(c), typename decltype(d)::difference_type>);
      CHECK(c == static_cast<std::int64_t>(kept(h, tide::equal_to<>()).size()));
      CHECK(to_std(d) == h);
    }
  });
}

TEST_CASE_TEMPLATE("unique_by_key and unique_count with a binary predicate compare input neighbours", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    std::vector<int> keys(n);
    auto steps = random_vector<int>(n, "unique-pred", 0, 6);
    for (std::int64_t i = 0; i < n; ++i) keys[i] = (i ? keys[i - 1] : 0) + steps[i];  // a chain of small steps
    const auto idx = kept(keys, same_tens{});
    auto d = to_backend<B>(keys);
    CHECK(tide::unique_count(B::policy(), d.begin(), d.end(), same_tens{}) == static_cast<std::int64_t>(idx.size()));
    std::vector<int> vals(n);
    std::iota(vals.begin(), vals.end(), 0);
    auto dv = to_backend<B>(vals);
    typename B::template vector<int> ok_(n, 0), ov(n, 0);
    auto cends = tide::unique_by_key_copy(B::policy(), d.begin(), d.end(), dv.begin(), ok_.begin(), ov.begin(),
                                          same_tens{});
    CHECK(cends.first - ok_.begin() == static_cast<std::int64_t>(idx.size()));
    auto ends = tide::unique_by_key(B::policy(), d.begin(), d.end(), dv.begin(), same_tens{});
    REQUIRE(ends.first - d.begin() == static_cast<std::int64_t>(idx.size()));
    auto gk = to_std(d), gv = to_std(dv), ck = to_std(ok_), cv = to_std(ov);
    bool ok = true;
    for (std::size_t j = 0; j < idx.size(); ++j)
      ok = ok && gk[j] == keys[idx[j]] && gv[j] == int(idx[j]) && ck[j] == gk[j] && cv[j] == gv[j];
    CHECK(ok);
  }
}

TEST_CASE_TEMPLATE("unique_by_key and unique_count: NaN keys are each their own run, signed zeros are equal", B,
                   TIDE_TEST_BACKENDS) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> keys{nan, nan, 1.0f, 1.0f, -0.0f, 0.0f, 0.0f, nan, 2.0f, 2.0f, -0.0f};
  const std::int64_t n = static_cast<std::int64_t>(keys.size());
  std::vector<int> vals(n);
  std::iota(vals.begin(), vals.end(), 0);
  auto d = to_backend<B>(keys);
  auto dv = to_backend<B>(vals);
  CHECK(tide::unique_count(B::policy(), d.begin(), d.end()) == 7);
  auto ends = tide::unique_by_key(B::policy(), d.begin(), d.end(), dv.begin());
  REQUIRE(ends.first - d.begin() == 7);
  auto gk = to_std(d);
  auto gv = to_std(dv);
  CHECK(same_bits(std::vector<float>(gk.begin(), gk.begin() + 7), {nan, nan, 1.0f, -0.0f, nan, 2.0f, -0.0f}));
  CHECK(std::vector<int>(gv.begin(), gv.begin() + 7) == std::vector<int>{0, 1, 2, 4, 7, 8, 10});
}

TEST_CASE_TEMPLATE("unique_by_key of all-equal and all-distinct keys", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    std::vector<std::uint64_t> same(n, 42), distinct(n);
    std::iota(distinct.begin(), distinct.end(), std::uint64_t(0));
    std::vector<int> vals(n);
    std::iota(vals.begin(), vals.end(), 100);
    auto d = to_backend<B>(same);
    auto dv = to_backend<B>(vals);
    CHECK(tide::unique_count(B::policy(), d.begin(), d.end()) == (n ? 1 : 0));
    auto ends = tide::unique_by_key(B::policy(), d.begin(), d.end(), dv.begin());
    CHECK(ends.first - d.begin() == (n ? 1 : 0));
    if (n) CHECK(to_std(dv)[0] == 100);
    d = to_backend<B>(distinct);
    dv = to_backend<B>(vals);
    CHECK(tide::unique_count(B::policy(), d.begin(), d.end()) == n);
    ends = tide::unique_by_key(B::policy(), d.begin(), d.end(), dv.begin());
    CHECK(ends.second - dv.begin() == n);
    CHECK(to_std(d) == distinct);
    CHECK(to_std(dv) == vals);
  }
}

TEST_CASE_TEMPLATE("unique_by_key over counting, transform, zip and discard iterators", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    // Keys i / 3 (a transform of a counting iterator), values i: the kept values are 0, 3, 6, ...
    auto count = tide::make_counting_iterator<int>(0);
    auto keys = tide::make_transform_iterator(count, div3{});
    const std::int64_t runs = (n + 2) / 3;
    CHECK(tide::unique_count(B::policy(), keys, keys + n) == runs);
    typename B::template vector<int> ok_(n, -1), ov(n, -1);
    auto ends = tide::unique_by_key_copy(B::policy(), keys, keys + n, count, ok_.begin(), ov.begin());
    CHECK(ends.first - ok_.begin() == runs);
    auto gk = to_std(ok_), gv = to_std(ov);
    bool ok = true;
    for (std::int64_t j = 0; j < runs; ++j) ok = ok && gk[j] == j && gv[j] == 3 * j;
    CHECK(ok);

    // Keys discarded, values into a zip of two outputs (a value that is itself a pair).
    typename B::template vector<int> a(n, -1), b(n, -1);
    auto zv = tide::make_zip_iterator(count, count);
    auto zout = tide::make_zip_iterator(a.begin(), b.begin());
    auto discard = tide::make_discard_iterator();
    auto zends = tide::unique_by_key_copy(B::policy(), keys, keys + n, zv, discard, zout);
    CHECK(zends.first - discard == runs);
    CHECK(zends.second - zout == runs);
    CHECK(to_std(a) == gv);
    CHECK(to_std(b) == gv);
  }
}

TEST_CASE_TEMPLATE("unique_by_key of an empty range writes nothing; last before first throws naming the algorithm",
                   B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{1, 1, 2, 3};
  auto d = to_backend<B>(h);
  auto dv = to_backend<B>(h);
  typename B::template vector<int> out(4, 0);
  auto b = d.begin(), e = d.end();
  auto ends = tide::unique_by_key(B::policy(), b, b, dv.begin());
  CHECK(ends.first == b);
  CHECK(ends.second == dv.begin());
  auto cends = tide::unique_by_key_copy(B::policy(), b, b, dv.begin(), out.begin(), out.begin() + 1);
  CHECK(cends.first == out.begin());
  CHECK(cends.second == out.begin() + 1);
  CHECK(tide::unique_count(B::policy(), b, b) == 0);
  CHECK(tide::unique_count(B::policy(), b, b + 1) == 1);
  CHECK_THROWS_WITH_AS(tide::unique_by_key(B::policy(), e, b, dv.begin()), "tide::unique_by_key: last is before first",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::unique_by_key_copy(B::policy(), e, b, dv.begin(), out.begin(), out.begin()),
                       "tide::unique_by_key_copy: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::unique_count(B::policy(), e, b), "tide::unique_count: last is before first",
                       std::invalid_argument);
  CHECK(to_std(d) == h);
  CHECK(to_std(out) == std::vector<int>(4, 0));
}

TEST_CASE("unique_by_key without a policy picks the system from the iterators and returns Thrust's types") {
  std::vector<int> h(1000);
  for (int i = 0; i < 1000; ++i) h[i] = i / 10;
  tide::device_vector<int> d(h.begin(), h.end());
  tide::device_vector<long> v(1000, 5);
  using dk = tide::device_vector<int>::iterator;
  using dvi = tide::device_vector<long>::iterator;
  static_assert(std::is_same_v<decltype(tide::unique_by_key(d.begin(), d.end(), v.begin())), tide::pair<dk, dvi>>);
  static_assert(std::is_same_v<decltype(tide::unique_by_key_copy(tide::seq, (int*)nullptr, (int*)nullptr,
                                                                 (long*)nullptr, (int*)nullptr, (char*)nullptr)),
                               tide::pair<int*, char*>>);
  static_assert(std::is_same_v<decltype(tide::unique_count(d.begin(), d.end())), std::ptrdiff_t>);
  CHECK(tide::unique_count(d.begin(), d.end()) == 100);
  auto ends = tide::unique_by_key(d.begin(), d.end(), v.begin());
  CHECK(ends.first - d.begin() == 100);
  CHECK(to_std(d)[99] == 99);
  CHECK(tide::unique_count(h.begin(), h.end()) == 100);
  std::vector<int> hk(1000), hv(1000);
  auto hends = tide::unique_by_key_copy(h.begin(), h.end(), h.begin(), hk.begin(), hv.begin(), same_tens{});
  CHECK(hends.first - hk.begin() == 10);
  CHECK(hv[1] == 10);
}

#if defined(__CUDACC__) && TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
namespace {
/// One thread per row: unique_by_key with tide::seq, unique_count with tide::device (device code).
__global__ void unique_rows(int* keys, int* vals, int width, long long* counts) {
  int* k = keys + blockIdx.x * width;
  int* v = vals + blockIdx.x * width;
  const long long runs = tide::unique_count(tide::device, k, k + width);
  auto ends = tide::unique_by_key(tide::seq, k, k + width, v);
  counts[2 * blockIdx.x] = runs;
  counts[2 * blockIdx.x + 1] = ends.first - k;
}
}  // namespace

TEST_CASE("unique_by_key and unique_count run in device code") {
  const int rows = 4, width = 200;
  auto keys = run_keys<int>(rows * width, "unique-device-code");
  std::vector<int> vals(rows * width);
  std::iota(vals.begin(), vals.end(), 0);
  tide::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
  tide::device_vector<long long> counts(2 * rows);
  unique_rows<<<rows, 1>>>(tide::raw_pointer_cast(dk.data()), tide::raw_pointer_cast(dv.data()), width,
                           tide::raw_pointer_cast(counts.data()));
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  auto c = to_std(counts);
  auto gv = to_std(dv);
  for (int r = 0; r < rows; ++r) {
    std::vector<int> row(keys.begin() + r * width, keys.begin() + (r + 1) * width);
    const auto idx = kept(row, tide::equal_to<>());
    CHECK(c[2 * r] == static_cast<long long>(idx.size()));
    CHECK(c[2 * r + 1] == static_cast<long long>(idx.size()));
    bool ok = true;
    for (std::size_t j = 0; j < idx.size(); ++j) ok = ok && gv[r * width + j] == r * width + int(idx[j]);
    CHECK(ok);
  }
}
#endif
