// gather, gather_if, scatter and scatter_if on every backend, against plain loops on std::vector.
#include <algorithm>
#include <numeric>

#include "common.hpp"

using namespace tide_test;

namespace {

/// A random permutation of [0, n).
std::vector<std::int64_t> permutation(std::int64_t n, const std::string& salt) {
  std::vector<std::int64_t> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  auto g = rng(salt + "#" + std::to_string(n));
  std::shuffle(p.begin(), p.end(), g);
  return p;
}

/// n random indices into [0, range), repeats allowed.
std::vector<int> random_map(std::int64_t n, std::int64_t range, const std::string& salt) {
  return random_vector<int>(n, salt, 0, static_cast<double>(std::max<std::int64_t>(range, 1) - 1));
}

}  // namespace

TEST_CASE_TEMPLATE("gather reads input[map[i]] for every type and size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto in = random_vector<T>(n, "gather-in");
      auto map = random_map(n, n, "gather-map");
      auto din = to_backend<B>(in);
      auto dmap = to_backend<B>(map);
      typename B::template vector<T> out(n, tide::no_init);
      auto end = tide::gather(B::policy(), dmap.begin(), dmap.end(), din.begin(), out.begin());
      std::vector<T> want(n);
      for (std::int64_t i = 0; i < n; ++i) want[i] = in[map[i]];
      CAPTURE(n);
      CHECK(end == out.end());
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("gather_if with a stencil and no predicate gathers where the stencil is true", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto in = random_vector<double>(n, "gather_if-in");
    auto map = random_map(n, n, "gather_if-map");
    auto stencil = random_vector<int>(n, "gather_if-stencil", 0, 1);
    auto din = to_backend<B>(in);
    auto dmap = to_backend<B>(map);
    auto dst = to_backend<B>(stencil);
    typename B::template vector<double> out(n, -1.0);
    auto end = tide::gather_if(B::policy(), dmap.begin(), dmap.end(), dst.begin(), din.begin(), out.begin());
    std::vector<double> want(n, -1.0);
    for (std::int64_t i = 0; i < n; ++i)
      if (stencil[i]) want[i] = in[map[i]];
    CAPTURE(n);
    CHECK(end == out.end());
    CHECK(to_std(out) == want);
  }
}

TEST_CASE_TEMPLATE("gather_if with a predicate gathers where pred(stencil) holds", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto in = random_vector<T>(n, "gather_if-pred-in");
      auto map = random_map(n, n, "gather_if-pred-map");
      auto stencil = random_vector<int>(n, "gather_if-pred-stencil", 0, 9);
      auto din = to_backend<B>(in);
      auto dmap = to_backend<B>(map);
      auto dst = to_backend<B>(stencil);
      typename B::template vector<T> out(n, T(3));
      tide::gather_if(B::policy(), dmap.begin(), dmap.end(), dst.begin(), din.begin(), out.begin(), is_even{});
      std::vector<T> want(n, T(3));
      for (std::int64_t i = 0; i < n; ++i)
        if (stencil[i] % 2 == 0) want[i] = in[map[i]];
      CAPTURE(n);
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("scatter writes out[map[i]] = in[i] for every type and size", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto in = random_vector<T>(n, "scatter-in");
      auto map = permutation(n, "scatter-map");
      auto din = to_backend<B>(in);
      auto dmap = to_backend<B>(map);
      typename B::template vector<T> out(n, tide::no_init);
      tide::scatter(B::policy(), din.begin(), din.end(), dmap.begin(), out.begin());
      std::vector<T> want(n);
      for (std::int64_t i = 0; i < n; ++i) want[map[i]] = in[i];
      CAPTURE(n);
      CHECK(to_std(out) == want);
    }
  });
}

TEST_CASE_TEMPLATE("scatter_if with a stencil, with and without a predicate", B, TIDE_TEST_BACKENDS) {
  for_arithmetic_types([](auto tag) {
    using T = decltype(tag);
    for (auto n : sizes()) {
      auto in = random_vector<T>(n, "scatter_if-in");
      auto map = permutation(n, "scatter_if-map");
      auto stencil = random_vector<int>(n, "scatter_if-stencil", 0, 9);
      auto din = to_backend<B>(in);
      auto dmap = to_backend<B>(map);
      auto dst = to_backend<B>(stencil);
      CAPTURE(n);

      typename B::template vector<T> out(n, T(5));
      tide::scatter_if(B::policy(), din.begin(), din.end(), dmap.begin(), dst.begin(), out.begin(), is_even{});
      std::vector<T> want(n, T(5));
      for (std::int64_t i = 0; i < n; ++i)
        if (stencil[i] % 2 == 0) want[map[i]] = in[i];
      CHECK(to_std(out) == want);

      typename B::template vector<T> out2(n, T(5));
      tide::scatter_if(B::policy(), din.begin(), din.end(), dmap.begin(), dst.begin(), out2.begin());
      std::vector<T> want2(n, T(5));
      for (std::int64_t i = 0; i < n; ++i)
        if (stencil[i] != 0) want2[map[i]] = in[i];
      CHECK(to_std(out2) == want2);
    }
  });
}

TEST_CASE_TEMPLATE("gathers and scatters by a map with repeats, around tile and unroll sizes", B, TIDE_TEST_BACKENDS) {
  // Maps over a range smaller than n repeat entries. gather(_if) is exact; a scatter's repeated
  // target gets one of the values mapped to it (unspecified which, as in Thrust), others keep theirs.
  for (std::int64_t n : {0, 1, 2, 7, 31, 32, 33, 63, 64, 65, 127, 129, 4095, 4096, 4097, 65537}) {
    CAPTURE(n);
    const std::int64_t range = std::max<std::int64_t>(1, n / 3);
    auto in = random_vector<std::uint32_t>(n, "repeats-in");
    auto map = random_map(n, range, "repeats-map");
    auto stencil = random_vector<int>(n, "repeats-stencil", 0, 1);
    auto din = to_backend<B>(in);
    auto dmap = to_backend<B>(map);
    auto dst = to_backend<B>(stencil);

    typename B::template vector<std::uint32_t> out(n, tide::no_init);
    tide::gather(B::policy(), dmap.begin(), dmap.end(), din.begin(), out.begin());
    std::vector<std::uint32_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[i] = in[map[i]];
    CHECK(to_std(out) == want);

    typename B::template vector<std::uint32_t> out_if(n, 7u);
    tide::gather_if(B::policy(), dmap.begin(), dmap.end(), dst.begin(), din.begin(), out_if.begin());
    std::vector<std::uint32_t> want_if(n, 7u);
    for (std::int64_t i = 0; i < n; ++i)
      if (stencil[i]) want_if[i] = in[map[i]];
    CHECK(to_std(out_if) == want_if);

    // Scatter of the index i itself, so that each target shows which i wrote it.
    std::vector<std::uint32_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0u);
    auto dids = to_backend<B>(ids);
    const std::uint32_t untouched = 0xffffffffu;
    for (bool with_stencil : {false, true}) {
      CAPTURE(with_stencil);
      typename B::template vector<std::uint32_t> sc(range, untouched);
      if (with_stencil)
        tide::scatter_if(B::policy(), dids.begin(), dids.end(), dmap.begin(), dst.begin(), sc.begin());
      else
        tide::scatter(B::policy(), dids.begin(), dids.end(), dmap.begin(), sc.begin());
      auto got = to_std(sc);
      std::vector<bool> hit(range, false);
      bool ok = true;
      for (std::int64_t i = 0; i < n; ++i)
        if (!with_stencil || stencil[i]) hit[map[i]] = true;
      for (std::int64_t k = 0; k < range; ++k) {
        if (!hit[k]) {
          ok = ok && got[k] == untouched;
        } else {
          const std::uint32_t w = got[k];
          ok = ok && w < std::uint64_t(n) && map[w] == k && (!with_stencil || stencil[w]);
        }
      }
      CHECK(ok);
    }
  }
}

TEST_CASE_TEMPLATE("gather and scatter by the same permutation round-trip a user struct", B, TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    auto x = random_vector<int>(n, "roundtrip-x");
    std::vector<point> in(n);
    for (std::int64_t i = 0; i < n; ++i) in[i] = {x[i], static_cast<int>(i)};
    auto map = permutation(n, "roundtrip-map");
    auto din = to_backend<B>(in);
    auto dmap = to_backend<B>(map);
    typename B::template vector<point> mid(n, tide::no_init), back(n, tide::no_init);
    tide::gather(B::policy(), dmap.begin(), dmap.end(), din.begin(), mid.begin());
    tide::scatter(B::policy(), mid.begin(), mid.end(), dmap.begin(), back.begin());
    std::vector<point> want_mid(n);
    for (std::int64_t i = 0; i < n; ++i) want_mid[i] = in[map[i]];
    CAPTURE(n);
    CHECK(to_std(mid) == want_mid);
    CHECK(to_std(back) == in);
  }
}

TEST_CASE_TEMPLATE("gather and scatter over counting, transform, reverse and discard iterators", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : sizes()) {
    CAPTURE(n);
    auto map = random_map(n, n, "adaptors-map");
    auto dmap = to_backend<B>(map);
    // Gathering from a counting iterator gives the map itself (as int64).
    typename B::template vector<std::int64_t> out(n, tide::no_init);
    auto count = tide::make_counting_iterator<std::int64_t>(0);
    tide::gather(B::policy(), dmap.begin(), dmap.end(), count, out.begin());
    CHECK(to_std(out) == std::vector<std::int64_t>(map.begin(), map.end()));
    // A transform iterator as the input, a reverse iterator as the output.
    auto tf = tide::make_transform_iterator(count, times2_plus1{});
    tide::gather(B::policy(), dmap.begin(), dmap.end(), tf, tide::make_reverse_iterator(out.end()));
    std::vector<std::int64_t> want(n);
    for (std::int64_t i = 0; i < n; ++i) want[n - 1 - i] = 2 * std::int64_t(map[i]) + 1;
    CHECK(to_std(out) == want);
    // Into a discard iterator: returns its end.
    auto discard = tide::make_discard_iterator();
    CHECK(tide::gather(B::policy(), dmap.begin(), dmap.end(), count, discard) - discard == n);
    // Scatter from a transform iterator by a permutation.
    auto perm = permutation(n, "adaptors-perm");
    auto dperm = to_backend<B>(perm);
    tide::scatter(B::policy(), tf, tf + n, dperm.begin(), out.begin());
    for (std::int64_t i = 0; i < n; ++i) want[perm[i]] = 2 * i + 1;
    CHECK(to_std(out) == want);
  }
}

TEST_CASE("scatter with par into std::vector<bool> writes every bit") {
  std::int64_t n = (1 << 20) + 7;
  auto map = permutation(n, "scatter-bool");
  std::vector<int> in(n);
  for (std::int64_t i = 0; i < n; ++i) in[i] = static_cast<int>(i % 3 == 0);
  std::vector<bool> out(n, false);
  tide::scatter(tide::par, in.begin(), in.end(), map.begin(), out.begin());
  std::vector<bool> want(n);
  for (std::int64_t i = 0; i < n; ++i) want[map[i]] = in[i] != 0;
  CHECK(out == want);
}

TEST_CASE_TEMPLATE("empty gathers and scatters write nothing", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{4, 5, 6};
  auto d = to_backend<B>(h);
  auto b = d.begin();
  CHECK(tide::gather(B::policy(), b, b, b, b + 1) == b + 1);
  CHECK(tide::gather_if(B::policy(), b, b, b, b, b + 1) == b + 1);
  tide::scatter(B::policy(), b, b, b, b + 1);
  tide::scatter_if(B::policy(), b, b, b, b, b + 1, is_even{});
  CHECK(to_std(d) == h);
}

TEST_CASE_TEMPLATE("gather and scatter with last before first throw naming the algorithm", B, TIDE_TEST_BACKENDS) {
  std::vector<int> h{0, 1, 2, 3};
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(4, 9);
  auto first = d.begin(), last = d.end();
  CHECK_THROWS_WITH_AS(tide::gather(B::policy(), last, first, first, out.begin()),
                       "tide::gather: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::gather_if(B::policy(), last, first, first, first, out.begin()),
                       "tide::gather_if: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::scatter(B::policy(), last, first, first, out.begin()),
                       "tide::scatter: last is before first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(tide::scatter_if(B::policy(), last, first, first, first, out.begin(), is_even{}),
                       "tide::scatter_if: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(4, 9));
}

TEST_CASE("gather and scatter without a policy pick the system from the iterators") {
  std::vector<int> h{10, 11, 12, 13};
  std::vector<int> map{3, 2, 1, 0};
  tide::device_vector<int> d(h.begin(), h.end()), dmap(map.begin(), map.end()), out(4, 0);
  tide::gather(dmap.begin(), dmap.end(), d.begin(), out.begin());
  CHECK(to_std(out) == std::vector<int>{13, 12, 11, 10});
  tide::scatter(d.begin(), d.end(), dmap.begin(), out.begin());
  CHECK(to_std(out) == std::vector<int>{13, 12, 11, 10});
  std::vector<int> host_out(4, 0), stencil{1, 0, 1, 0};
  tide::gather_if(map.begin(), map.end(), stencil.begin(), h.begin(), host_out.begin());
  CHECK(host_out == std::vector<int>{13, 0, 11, 0});
  tide::scatter_if(h.begin(), h.end(), map.begin(), stencil.begin(), host_out.begin());
  CHECK(host_out == std::vector<int>{13, 12, 11, 10});
}
