// shuffle and shuffle_copy on every backend: Thrust's permutation for the same engine state (check
// vectors from Thrust itself), a permutation of the input, the same on every backend, and the
// engine left where Thrust leaves it (24 draws).
#include <algorithm>
#include <numeric>
#include <string>

#include "common.hpp"

using namespace tide_test;

namespace {

/// shuffle_copy of 0, 1, ..., n-1 on backend B with a default_random_engine seeded `seed`; the
/// engine's next output comes back in `next`.
template <class B>
std::vector<std::uint32_t> shuffled_iota(std::int64_t n, std::uint32_t seed, std::uint32_t* next = nullptr) {
  std::vector<std::uint32_t> h(static_cast<std::size_t>(n));
  std::iota(h.begin(), h.end(), 0u);
  auto in = to_backend<B>(h);
  typename B::template vector<std::uint32_t> out(n, tide::no_init);
  tide::default_random_engine g(seed);
  tide::shuffle_copy(B::policy(), in.begin(), in.end(), out.begin(), g);
  if (next) *next = g();
  return to_std(out);
}

/// 64-bit FNV-1a over the values, in order: how the large Thrust check vectors are recorded.
std::uint64_t fnv1a(const std::vector<std::uint32_t>& v) {
  std::uint64_t h = 1469598103934665603ull;
  for (auto x : v) {
    h ^= x;
    h *= 1099511628211ull;
  }
  return h;
}

/// i -> (i, -i).
struct to_point {
  TIDE_HOST_DEVICE point operator()(std::uint32_t i) const { return {int(i), -int(i)}; }
};

bool is_permutation_of_iota(std::vector<std::uint32_t> v) {
  std::sort(v.begin(), v.end());
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i] != i) return false;
  return true;
}

}  // namespace

// The check vectors below were printed by Thrust 3.0.1 itself (CUDA 13's cccl, host build:
// `g++ -x c++ -std=c++17 -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP -I.../cccl`, and the same
// numbers with the OMP system and thrust::seq): thrust::shuffle_copy of thrust::sequence(0..n-1)
// with the engine named, then g() once. `hash` is fnv1a above over the whole output.
TEST_CASE_TEMPLATE("shuffle_copy gives Thrust's permutation and leaves the engine where Thrust does", B,
                   TIDE_TEST_BACKENDS) {
  struct check_vector {
    std::int64_t n;
    std::vector<std::uint32_t> perm;
  };
  const std::vector<check_vector> small = {
      {1, {0}},
      {2, {1, 0}},
      {3, {1, 2, 0}},
      {17, {9, 5, 1, 12, 0, 3, 7, 10, 4, 15, 6, 16, 14, 2, 11, 13, 8}},
      {31, {29, 9,  5,  19, 1,  12, 0,  3, 25, 18, 30, 7,  24, 10, 17, 4,
            15, 6,  21, 16, 14, 2,  23, 28, 11, 13, 26, 22, 20, 8,  27}},
  };
  for (const auto& c : small) {
    std::uint32_t next = 0;
    CAPTURE(c.n);
    CHECK(shuffled_iota<B>(c.n, 12345, &next) == c.perm);
    CHECK(next == 946533802u);  // the 25th output of default_random_engine(12345)
  }
  // Powers of two (every value of the bijection kept: one gather) and the sizes around them.
  const std::vector<std::pair<std::int64_t, std::uint64_t>> hashes = {
      {16, 0x15d9d7a852f5bed9ull},      {1000, 0x06c59152d36795f7ull},    {1024, 0x68057d31cc178175ull},
      {65536, 0xfb7d8cc90a2f1541ull},   {65537, 0xcce4055ef9c33169ull},   {1 << 20, 0xa29c605f33f5ce71ull},
      {(1 << 20) + 7, 0x87ab7b3a2b68e3c8ull}};
  for (const auto& c : hashes) {
    const std::int64_t n = c.first;
    const std::uint64_t hash = c.second;
    std::uint32_t next = 0;
    CAPTURE(n);
    CHECK(fnv1a(shuffled_iota<B>(n, 12345, &next)) == hash);
    CHECK(next == 946533802u);
  }
}

TEST_CASE_TEMPLATE("shuffle_copy draws the Feistel keys as 32 bits of any engine's output, as Thrust", B,
                   TIDE_TEST_BACKENDS) {
  // Thrust 3.0.1 (as above), seed 3: ranlux48 (48-bit outputs, truncated) over 20 elements,
  // taus88 over 5.
  std::vector<std::uint32_t> h(20);
  std::iota(h.begin(), h.end(), 0u);
  auto in = to_backend<B>(h);
  typename B::template vector<std::uint32_t> out(20, tide::no_init);
  tide::ranlux48 wide(3);
  tide::shuffle_copy(B::policy(), in.begin(), in.end(), out.begin(), wide);
  CHECK(to_std(out) == std::vector<std::uint32_t>{13, 1, 14, 2, 10, 19, 5, 9, 15, 18, 3, 7, 16, 11, 8, 17, 4, 0, 6, 12});
  CHECK(wide() == 210604504919363ull);
  tide::taus88 taus(3);
  tide::shuffle_copy(B::policy(), in.begin(), in.begin() + 5, out.begin(), taus);
  CHECK(to_std(out) == std::vector<std::uint32_t>{3, 4, 2, 1, 0, 19, 5, 9, 15, 18, 3, 7, 16, 11, 8, 17, 4, 0, 6, 12});
  CHECK(taus() == 2160500772u);
}

TEST_CASE_TEMPLATE("shuffle and shuffle_copy move every value of every type to its place in the permutation", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    const auto s = static_cast<std::uint32_t>(seed());
    const auto perm = shuffled_iota<B>(n, s);  // a permutation of 0..n-1 (multiset equal)
    CAPTURE(n);
    REQUIRE(is_permutation_of_iota(perm));
    for_each_key_type([&](auto tag) {
      using T = decltype(tag);
      if (n > 5000 && !std::is_same_v<T, float>) return;  // the large size: one type (each costs ~1 s)
      auto h = random_vector<T>(n, "shuffle-perm");
      auto in = to_backend<B>(h);
      typename B::template vector<T> out(n, tide::no_init);
      tide::default_random_engine g1(s), g2(s);
      tide::shuffle_copy(B::policy(), in.begin(), in.end(), out.begin(), g1);
      tide::shuffle(B::policy(), in.begin(), in.end(), g2);
      std::vector<T> want(static_cast<std::size_t>(n));
      for (std::int64_t k = 0; k < n; ++k) want[k] = h[perm[k]];
      CHECK(same_bits(to_std(out), want));
      CHECK(same_bits(to_std(in), want));
    });
  }
}

TEST_CASE_TEMPLATE("every backend gives seq's permutation for the same seed", B, TIDE_TEST_BACKENDS) {
  auto ns = sizes();
  // Powers of two (one gather, no compaction), and domains of half a CUDA tile, one tile and two
  // (2048 ... 4097: a tile is 4096 32-bit values, backend/cuda/copy_if.hpp's select_tuning).
  for (std::int64_t n : {16, 17, 2048, 2049, 4096, 4097, 1 << 20}) ns.push_back(n);
  for (auto n : ns)
    for (std::uint32_t s : {0u, 1u, static_cast<std::uint32_t>(seed())}) {
      std::uint32_t next_b = 0, next_seq = 1;
      auto got = shuffled_iota<B>(n, s, &next_b);
      auto want = shuffled_iota<seq_backend>(n, s, &next_seq);
      CAPTURE(n);
      CAPTURE(s);
      CHECK(got == want);
      CHECK(next_b == next_seq);
      CHECK(is_permutation_of_iota(got));
    }
}

TEST_CASE_TEMPLATE("different seeds give different permutations", B, TIDE_TEST_BACKENDS) {
  // minstd_rand0 (default_random_engine) takes its seed mod 2^31 - 1, and 0 as 1: two seeds that
  // are one apart are two states only in [1, 2^31 - 2] (the suite's seed ULLONG_MAX gave 2^32 - 1
  // and 0, both state 1).
  for (std::int64_t n : {31, 1000, (1 << 20) + 7}) {
    const auto s = static_cast<std::uint32_t>(1 + seed() % 2147483645u);
    CAPTURE(n);
    CHECK(shuffled_iota<B>(n, s) != shuffled_iota<B>(n, s + 1));
    CHECK(shuffled_iota<B>(n, s) == shuffled_iota<B>(n, s));
  }
}

TEST_CASE_TEMPLATE("the engine advances by 24 draws, an empty range included", B, TIDE_TEST_BACKENDS) {
  for (std::int64_t n : {0, 1, 2, 1000}) {
    std::vector<int> h(static_cast<std::size_t>(n), 7);
    auto v = to_backend<B>(h);
    typename B::template vector<int> out(n, 0);
    tide::default_random_engine g(99), want(99);
    want.discard(24);
    tide::shuffle(B::policy(), v.begin(), v.end(), g);
    CAPTURE(n);
    CHECK(g == want);
    want.discard(24);
    tide::shuffle_copy(B::policy(), v.begin(), v.end(), out.begin(), g);
    CHECK(g == want);
    CHECK(to_std(out) == h);
  }
}

TEST_CASE_TEMPLATE("an empty range is left alone and one element stays in place", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> v(1, 42), out(1, 0);
  tide::default_random_engine g(5);
  tide::shuffle(B::policy(), v.begin(), v.begin(), g);
  tide::shuffle_copy(B::policy(), v.begin(), v.begin(), out.begin(), g);
  CHECK(to_std(v) == std::vector<int>{42});
  CHECK(to_std(out) == std::vector<int>{0});
  tide::shuffle(B::policy(), v.begin(), v.end(), g);
  tide::shuffle_copy(B::policy(), v.begin(), v.end(), out.begin(), g);
  CHECK(to_std(v) == std::vector<int>{42});
  CHECK(to_std(out) == std::vector<int>{42});
}

TEST_CASE_TEMPLATE("shuffle in place gives shuffle_copy's permutation", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto h = random_vector<double>(n, "shuffle-inplace");
    auto v = to_backend<B>(h);
    typename B::template vector<double> out(n, tide::no_init);
    tide::default_random_engine g1(77), g2(77);
    tide::shuffle_copy(B::policy(), v.begin(), v.end(), out.begin(), g1);
    tide::shuffle(B::policy(), v.begin(), v.end(), g2);
    CAPTURE(n);
    CHECK(same_bits(to_std(v), to_std(out)));
    CHECK(g1 == g2);
  }
}

TEST_CASE_TEMPLATE("shuffle_copy reads through iterator adaptors and writes through zipped outputs", B,
                   TIDE_TEST_BACKENDS) {
  const std::int64_t n = 1000;
  auto want = shuffled_iota<B>(n, 3);
  // A counting iterator as the input.
  typename B::template vector<std::uint32_t> out(n, tide::no_init);
  tide::default_random_engine g(3);
  tide::shuffle_copy(B::policy(), tide::counting_iterator<std::uint32_t>(0), tide::counting_iterator<std::uint32_t>(n),
                     out.begin(), g);
  CHECK(to_std(out) == want);
  // Two ranges zipped: both get the same permutation.
  std::vector<std::uint32_t> iota(n);
  std::iota(iota.begin(), iota.end(), 0u);
  std::vector<double> halves(n);
  for (std::int64_t i = 0; i < n; ++i) halves[i] = i * 0.5;
  auto a = to_backend<B>(iota);
  auto b = to_backend<B>(halves);
  auto z = tide::make_zip_iterator(a.begin(), b.begin());
  tide::default_random_engine g2(3);
  tide::shuffle(B::policy(), z, z + n, g2);
  auto got_a = to_std(a);
  auto got_b = to_std(b);
  CHECK(got_a == want);
  for (std::int64_t i = 0; i < n; ++i) REQUIRE(got_b[i] == got_a[i] * 0.5);
  // A permutation iterator as the output: written in reverse through a map.
  std::vector<std::int64_t> reversed(n);
  for (std::int64_t i = 0; i < n; ++i) reversed[i] = n - 1 - i;
  auto map = to_backend<B>(reversed);
  typename B::template vector<std::uint32_t> backwards(n, tide::no_init);
  tide::default_random_engine g4(3);
  tide::shuffle_copy(B::policy(), tide::counting_iterator<std::uint32_t>(0), tide::counting_iterator<std::uint32_t>(n),
                     tide::make_permutation_iterator(backwards.begin(), map.begin()), g4);
  auto got_backwards = to_std(backwards);
  std::reverse(got_backwards.begin(), got_backwards.end());
  CHECK(got_backwards == want);
  // A transform iterator as the input, a user struct as the value.
  typename B::template vector<point> points(n, tide::no_init);
  tide::default_random_engine g3(3);
  auto first = tide::make_transform_iterator(tide::counting_iterator<std::uint32_t>(0), to_point{});
  tide::shuffle_copy(B::policy(), first, first + n, points.begin(), g3);
  auto got_points = to_std(points);
  for (std::int64_t i = 0; i < n; ++i) REQUIRE(got_points[i] == point{int(want[i]), -int(want[i])});
}

TEST_CASE("shuffle without a policy picks the system from the iterators") {
  const std::int64_t n = 1000;
  auto want = shuffled_iota<seq_backend>(n, 11);
  std::vector<std::uint32_t> h(n);
  std::iota(h.begin(), h.end(), 0u);
  tide::device_vector<std::uint32_t> d(h.begin(), h.end()), out(n, 0);
  tide::default_random_engine g(11);
  tide::shuffle_copy(d.begin(), d.end(), out.begin(), g);
  CHECK(to_std(out) == want);
  tide::default_random_engine g2(11);
  tide::shuffle(d.begin(), d.end(), g2);
  CHECK(to_std(d) == want);
  tide::default_random_engine g3(11);
  tide::shuffle(h.begin(), h.end(), g3);
  CHECK(h == want);
  CHECK(g == g2);
  CHECK(g2 == g3);
}

TEST_CASE("shuffle on the host takes values that are not trivially copyable") {
  std::vector<std::string> words{"a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g"};
  auto want_order = shuffled_iota<seq_backend>(7, 4);
  for (auto policy_index : {0, 1}) {
    auto v = words;
    tide::default_random_engine g(4);
    if (policy_index == 0)
      tide::shuffle(tide::seq, v.begin(), v.end(), g);
    else
      tide::shuffle(tide::par, v.begin(), v.end(), g);
    for (std::size_t i = 0; i < v.size(); ++i) CHECK(v[i] == words[want_order[i]]);
  }
}

TEST_CASE("the in-place permutation of device code (no buffer) gives shuffle_copy's") {
  // detail::shuffle_without_buffer is what tide::seq and tide::device run inside a kernel; the host
  // can run it too.
  for (std::int64_t n : {1, 2, 3, 15, 16, 17, 31, 100, 1000, 4099}) {
    for (std::uint32_t s : {0u, 1u, static_cast<std::uint32_t>(seed())}) {
      auto want = shuffled_iota<seq_backend>(n, s);
      std::vector<std::uint32_t> v(n);
      std::iota(v.begin(), v.end(), 0u);
      tide::default_random_engine g(s);
      const tide::detail::feistel_bijection f(static_cast<std::uint64_t>(n), g);
      tide::detail::shuffle_without_buffer(v.data(), n, f);
      CAPTURE(n);
      CAPTURE(s);
      CHECK(v == want);
    }
  }
}

TEST_CASE_TEMPLATE("last before first is an error naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> v(10, 1), out(10, 0);
  tide::default_random_engine g(1);
  CHECK_THROWS_WITH_AS(tide::shuffle(B::policy(), v.end(), v.begin(), g), doctest::Contains("shuffle"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::shuffle_copy(B::policy(), v.end(), v.begin(), out.begin(), g),
                       doctest::Contains("shuffle_copy"), std::invalid_argument);
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA && defined(__CUDACC__)
namespace {
/// Thread t shuffles its own n-element row of `rows` in place (tide::seq for even t, tide::device
/// for odd), shuffle_copies it into `copies` with the engine's next keys, and records g() after.
__global__ void shuffle_rows(std::uint32_t* rows, std::uint32_t* copies, std::uint32_t* next, int n, int threads) {
  const int t = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads) return;
  std::uint32_t* row = rows + std::size_t(t) * n;
  std::uint32_t* copy = copies + std::size_t(t) * n;
  tide::default_random_engine g(static_cast<std::uint32_t>(t));
  if (t % 2 == 0) {
    tide::shuffle(tide::seq, row, row + n, g);
    tide::shuffle_copy(tide::seq, row, row + n, copy, g);
  } else {
    tide::shuffle(tide::device, row, row + n, g);
    tide::shuffle_copy(tide::device, row, row + n, copy, g);
  }
  next[t] = g();
}
}  // namespace

TEST_CASE("shuffle and shuffle_copy in a kernel give the host's permutations and engine state") {
  for (int n : {1, 2, 17, 100, 1000}) {
    const int threads = 8;
    std::vector<std::uint32_t> rows(std::size_t(threads) * n);
    for (int t = 0; t < threads; ++t) std::iota(rows.begin() + std::size_t(t) * n, rows.begin() + std::size_t(t + 1) * n, 0u);
    tide::device_vector<std::uint32_t> d_rows(rows.begin(), rows.end()), d_copies(rows.size(), 0), d_next(threads, 0);
    shuffle_rows<<<1, threads>>>(tide::raw_pointer_cast(d_rows.data()), tide::raw_pointer_cast(d_copies.data()),
                                 tide::raw_pointer_cast(d_next.data()), n, threads);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    auto got_rows = to_std(d_rows), got_copies = to_std(d_copies), got_next = to_std(d_next);
    for (int t = 0; t < threads; ++t) {
      std::vector<std::uint32_t> row(n), copy(n);
      std::iota(row.begin(), row.end(), 0u);
      tide::default_random_engine g(static_cast<std::uint32_t>(t));
      tide::shuffle(tide::seq, row.begin(), row.end(), g);
      tide::shuffle_copy(tide::seq, row.begin(), row.end(), copy.begin(), g);
      CAPTURE(n);
      CAPTURE(t);
      CHECK(std::equal(row.begin(), row.end(), got_rows.begin() + std::size_t(t) * n));
      CHECK(std::equal(copy.begin(), copy.end(), got_copies.begin() + std::size_t(t) * n));
      CHECK(got_next[t] == g());
    }
  }
}
#endif
