// tide::par's one-pass scan (backend/omp/parallel_scan.hpp) at its block and round boundaries, for
// several thread counts (par.with_threads): scans (in place too), compaction, partitions and the
// by-key algorithms against seq; a non-commutative operator across rounds; float results with the
// same bits for every thread count (the blocks depend on n only); iterator adaptors.
#include <tide/backend/omp/parallel_scan.hpp>

#include "common.hpp"

using namespace tide_test;

namespace {
using tuning = tide::backend::omp::detail::scan_tuning;
constexpr std::int64_t B = tuning::block_items;

/// Each block count k of interest at k*B - 1, k*B, k*B + 1; and, for items of item_bytes bytes,
/// the first round boundary with 2 and 3 threads and the second with 2 (rounds of share * threads
/// blocks), up to 2^20 items (1-byte items take 64 blocks a round).
std::vector<std::int64_t> boundary_sizes(std::int64_t item_bytes) {
  std::vector<std::int64_t> s = {0, 1, 2, 7};
  for (std::int64_t k : {1, 2, 3, 5}) s.insert(s.end(), {k * B - 1, k * B, k * B + 1});
  const bool small = std::getenv("TIDE_TEST_SMALL") != nullptr;  // sanitizers: the first round only
  const std::int64_t share = tide::backend::omp::detail::scan_share_blocks(item_bytes);
  for (std::int64_t rounds_threads : {12, 13, 22}) {  // r * 10 + t
    const std::int64_t r = rounds_threads / 10, t = rounds_threads % 10, n = r * share * t * B;
    if (n + 1 > (1 << 20) || (small && rounds_threads != 12)) continue;
    s.insert(s.end(), {n - 1, n, n + 1});
  }
  return s;
}
const int thread_counts[] = {1, 2, 3, 4};

/// An affine map x -> a x + b over uint32 (wrapping): composition is associative, not commutative.
struct affine_map {
  std::uint32_t a = 1, b = 0;
  bool operator==(const affine_map& o) const { return a == o.a && b == o.b; }
};
/// Apply f, then g.
struct compose_maps {
  TIDE_HOST_DEVICE affine_map operator()(const affine_map& f, const affine_map& g) const {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};

template <class T>
std::vector<T> values(std::int64_t n, const std::string& salt) {
  if constexpr (std::is_floating_point_v<T>) return random_vector<T>(n, salt, -1, 1);
  else return random_vector<T>(n, salt, 0, 100);
}

struct even_item {
  template <class T>
  TIDE_HOST_DEVICE bool operator()(T x) const { return static_cast<std::int64_t>(x) % 2 == 0; }
};
}  // namespace

TEST_CASE("par scans match seq at block and round boundaries, for every thread count") {
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : boundary_sizes(sizeof(T))) {
      auto h = values<T>(n, "rounds-scan");
      std::vector<T> want_in(h.size()), want_ex(h.size()), in1(h.size()), ex1(h.size());
      tide::inclusive_scan(tide::seq, h.begin(), h.end(), want_in.begin());
      tide::exclusive_scan(tide::seq, h.begin(), h.end(), want_ex.begin(), T(3));
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<T> in(h.size()), ex(h.size());
        tide::inclusive_scan(p, h.begin(), h.end(), in.begin());
        tide::exclusive_scan(p, h.begin(), h.end(), ex.begin(), T(3));
        if (t == 1) in1 = in, ex1 = ex;
        // Floats: the same bits for every thread count, and seq's bits within one block.
        REQUIRE(same_bits(in, in1));
        REQUIRE(same_bits(ex, ex1));
        if (!std::is_floating_point_v<T> || n <= B) {
          REQUIRE(same_bits(in, want_in));
          REQUIRE(same_bits(ex, want_ex));
        } else if (n > 0) {
          CHECK(close(in.back(), static_cast<double>(want_in.back()), 1e-3));
        }
        // In place: the same as out of place.
        std::vector<T> a = h, b = h;
        tide::inclusive_scan(p, a.begin(), a.end(), a.begin());
        tide::exclusive_scan(p, b.begin(), b.end(), b.begin(), T(3));
        REQUIRE(same_bits(a, in));
        REQUIRE(same_bits(b, ex));
      }
    }
  };
  check(std::int8_t{});
  check(std::uint16_t{});
  check(std::int32_t{});
  check(std::uint64_t{});
  check(float{});
  check(double{});
}

TEST_CASE("par compaction and partitions match seq at block and round boundaries") {
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : boundary_sizes(sizeof(T))) {
      auto h = values<T>(n, "rounds-compact");
      std::vector<T> want(h.size()), want_no(h.size()), want_u(h.size());
      auto want_end = tide::copy_if(tide::seq, h.begin(), h.end(), want.begin(), even_item{}) - want.begin();
      auto want_ends = tide::partition_copy(tide::seq, h.begin(), h.end(), want.begin(), want_no.begin(), even_item{});
      auto want_u_end = tide::unique_copy(tide::seq, h.begin(), h.end(), want_u.begin()) - want_u.begin();
      std::vector<T> want_part = h;
      auto want_mid =
          tide::stable_partition(tide::seq, want_part.begin(), want_part.end(), even_item{}) - want_part.begin();
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<T> got(h.size()), no(h.size()), u(h.size());
        REQUIRE(tide::copy_if(p, h.begin(), h.end(), got.begin(), even_item{}) - got.begin() == want_end);
        REQUIRE(same_bits(got, want));  // the same kept prefix; the rest zero in both
        auto ends = tide::partition_copy(p, h.begin(), h.end(), got.begin(), no.begin(), even_item{});
        REQUIRE(ends.first - got.begin() == want_ends.first - want.begin());
        REQUIRE(ends.second - no.begin() == want_ends.second - want_no.begin());
        REQUIRE(same_bits(got, want));
        REQUIRE(same_bits(no, want_no));
        REQUIRE(tide::unique_copy(p, h.begin(), h.end(), u.begin()) - u.begin() == want_u_end);
        REQUIRE(same_bits(u, want_u));
        std::vector<T> part = h;
        REQUIRE(tide::stable_partition(p, part.begin(), part.end(), even_item{}) - part.begin() == want_mid);
        REQUIRE(same_bits(part, want_part));
      }
    }
  };
  check(std::int8_t{});
  check(std::int32_t{});
  check(std::uint64_t{});
  check(double{});
}

TEST_CASE("par compaction and partitions match seq over blocks all selected, all rejected and mixed") {
  // The write phase takes a plain loop for a block of one group and gathers the offsets of a mixed
  // one (copy_if.hpp): segments that are all equal and even (all selected, one unique), all
  // distinct and odd (all rejected, all unique), then random. Segments of a third of a block make
  // mixed blocks of every kind; of 1.5 blocks, whole blocks (the last, partial, one too) of one
  // group; each shifted so that they meet block edges and straddle them.
  for (std::int64_t segment : {B / 3 + 1, B + B / 2 + 1}) {
    for (std::int64_t shift : {std::int64_t(0), segment / 2}) {
      for (std::int64_t n : boundary_sizes(4)) {
        auto h = values<std::int32_t>(n, "rounds-groups");
        for (std::int64_t i = 0; i < n; ++i) {
          const std::int64_t kind = (i + shift) / segment % 3;
          if (kind == 0) h[i] = 42;
          if (kind == 1) h[i] = static_cast<std::int32_t>(2 * i + 1);
        }
        std::vector<std::int32_t> want(h.size()), want_yes(h.size()), want_no(h.size()), want_u(h.size()),
            want_uk(h.size());
        std::vector<int> want_uv(h.size());
        const tide::counting_iterator<int> index(0);
        auto want_end = tide::copy_if(tide::seq, h.begin(), h.end(), want.begin(), even_item{}) - want.begin();
        auto want_ends =
            tide::partition_copy(tide::seq, h.begin(), h.end(), want_yes.begin(), want_no.begin(), even_item{});
        auto want_u_end = tide::unique_copy(tide::seq, h.begin(), h.end(), want_u.begin()) - want_u.begin();
        auto want_uk_end =
            tide::unique_by_key_copy(tide::seq, h.begin(), h.end(), index, want_uk.begin(), want_uv.begin()).first -
            want_uk.begin();
        std::vector<std::int32_t> want_part = h;
        auto want_mid =
            tide::stable_partition(tide::seq, want_part.begin(), want_part.end(), even_item{}) - want_part.begin();
        for (int t : thread_counts) {
          CAPTURE(segment);
          CAPTURE(shift);
          CAPTURE(n);
          CAPTURE(t);
          auto p = tide::par.with_threads(t);
          std::vector<std::int32_t> got(h.size()), yes(h.size()), no(h.size()), u(h.size()), uk(h.size());
          std::vector<int> uv(h.size());
          REQUIRE(tide::copy_if(p, h.begin(), h.end(), got.begin(), even_item{}) - got.begin() == want_end);
          REQUIRE(got == want);
          auto ends = tide::partition_copy(p, h.begin(), h.end(), yes.begin(), no.begin(), even_item{});
          REQUIRE(ends.first - yes.begin() == want_ends.first - want_yes.begin());
          REQUIRE(ends.second - no.begin() == want_ends.second - want_no.begin());
          REQUIRE(yes == want_yes);
          REQUIRE(no == want_no);
          REQUIRE(tide::unique_copy(p, h.begin(), h.end(), u.begin()) - u.begin() == want_u_end);
          REQUIRE(u == want_u);
          REQUIRE(tide::unique_by_key_copy(p, h.begin(), h.end(), index, uk.begin(), uv.begin()).first - uk.begin() ==
                  want_uk_end);
          REQUIRE(uk == want_uk);
          REQUIRE(uv == want_uv);
          std::vector<std::int32_t> part = h;
          REQUIRE(tide::stable_partition(p, part.begin(), part.end(), even_item{}) - part.begin() == want_mid);
          REQUIRE(part == want_part);
        }
      }
    }
  }
}

TEST_CASE("par by-key algorithms match seq at block and round boundaries") {
  for (int max_run : {3, 5000}) {  // short segments, and segments across blocks and rounds
    for (std::int64_t n : boundary_sizes(8)) {
      auto keys = random_runs(n, "rounds-keys" + std::to_string(max_run), max_run);
      auto v = values<std::int64_t>(n, "rounds-by-key");
      auto f = values<float>(n, "rounds-by-key-f");
      std::vector<std::int64_t> want_in(v.size()), want_ex(v.size()), want_rv(v.size()), want_uv(v.size());
      std::vector<int> want_rk(keys.size()), want_uk(keys.size());
      tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), v.begin(), want_in.begin());
      tide::exclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), v.begin(), want_ex.begin(), std::int64_t(5));
      auto want_r =
          tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), v.begin(), want_rk.begin(), want_rv.begin());
      auto want_u = tide::unique_by_key_copy(tide::seq, keys.begin(), keys.end(), v.begin(), want_uk.begin(),
                                             want_uv.begin());
      std::vector<float> f_in1, f_r1;
      for (int t : thread_counts) {
        CAPTURE(max_run);
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<std::int64_t> in(v.size()), ex(v.size()), rv(v.size()), uv(v.size());
        std::vector<int> rk(keys.size()), uk(keys.size());
        tide::inclusive_scan_by_key(p, keys.begin(), keys.end(), v.begin(), in.begin());
        tide::exclusive_scan_by_key(p, keys.begin(), keys.end(), v.begin(), ex.begin(), std::int64_t(5));
        auto r = tide::reduce_by_key(p, keys.begin(), keys.end(), v.begin(), rk.begin(), rv.begin());
        auto u = tide::unique_by_key_copy(p, keys.begin(), keys.end(), v.begin(), uk.begin(), uv.begin());
        REQUIRE(same_bits(in, want_in));
        REQUIRE(same_bits(ex, want_ex));
        REQUIRE(r.first - rk.begin() == want_r.first - want_rk.begin());
        REQUIRE(same_bits(rk, want_rk));
        REQUIRE(same_bits(rv, want_rv));
        REQUIRE(u.first - uk.begin() == want_u.first - want_uk.begin());
        REQUIRE(same_bits(uk, want_uk));
        REQUIRE(same_bits(uv, want_uv));
        // Floats: the same bits for every thread count.
        std::vector<float> f_in(f.size()), f_r(f.size());
        std::vector<int> f_rk(keys.size());
        tide::inclusive_scan_by_key(p, keys.begin(), keys.end(), f.begin(), f_in.begin());
        tide::reduce_by_key(p, keys.begin(), keys.end(), f.begin(), f_rk.begin(), f_r.begin());
        if (t == 1) f_in1 = f_in, f_r1 = f_r;
        REQUIRE(same_bits(f_in, f_in1));
        REQUIRE(same_bits(f_r, f_r1));
      }
    }
  }
}

TEST_CASE("par scans keep a non-commutative operator's order across blocks and rounds") {
  for (std::int64_t n : boundary_sizes(sizeof(affine_map))) {
    auto g = rng("rounds-affine_map" + std::to_string(n));
    std::vector<affine_map> h(static_cast<std::size_t>(n));
    for (auto& x : h) x = {static_cast<std::uint32_t>(g() | 1), static_cast<std::uint32_t>(g())};
    auto keys = random_runs(n, "rounds-affine_map-keys", 9000);
    std::vector<affine_map> want_in(h.size()), want_ex(h.size()), want_kin(h.size()), want_rv(h.size());
    std::vector<int> want_rk(keys.size());
    tide::inclusive_scan(tide::seq, h.begin(), h.end(), want_in.begin(), compose_maps{});
    tide::exclusive_scan(tide::seq, h.begin(), h.end(), want_ex.begin(), affine_map{3, 1}, compose_maps{});
    tide::inclusive_scan_by_key(tide::seq, keys.begin(), keys.end(), h.begin(), want_kin.begin(),
                                tide::equal_to<int>(), compose_maps{});
    auto want_r = tide::reduce_by_key(tide::seq, keys.begin(), keys.end(), h.begin(), want_rk.begin(),
                                      want_rv.begin(), tide::equal_to<int>(), compose_maps{});
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      std::vector<affine_map> in(h.size()), ex(h.size()), kin(h.size()), rv(h.size());
      std::vector<int> rk(keys.size());
      tide::inclusive_scan(p, h.begin(), h.end(), in.begin(), compose_maps{});
      tide::exclusive_scan(p, h.begin(), h.end(), ex.begin(), affine_map{3, 1}, compose_maps{});
      tide::inclusive_scan_by_key(p, keys.begin(), keys.end(), h.begin(), kin.begin(), tide::equal_to<int>(),
                                  compose_maps{});
      auto r = tide::reduce_by_key(p, keys.begin(), keys.end(), h.begin(), rk.begin(), rv.begin(),
                                   tide::equal_to<int>(), compose_maps{});
      REQUIRE(in == want_in);
      REQUIRE(ex == want_ex);
      REQUIRE(kin == want_kin);
      REQUIRE(r.first - rk.begin() == want_r.first - want_rk.begin());
      REQUIRE(rv == want_rv);
      // In place.
      std::vector<affine_map> a = h;
      tide::inclusive_scan(p, a.begin(), a.end(), a.begin(), compose_maps{});
      REQUIRE(a == want_in);
    }
  }
}

TEST_CASE("par scans and copy_if through iterator adaptors at block and round boundaries") {
  for (std::int64_t n : boundary_sizes(4)) {
    auto first = tide::make_transform_iterator(tide::make_counting_iterator<std::int64_t>(0),
                                               [](std::int64_t i) { return static_cast<int>((i * 7919) % 101); });
    std::vector<int> want(static_cast<std::size_t>(n)), want_c(static_cast<std::size_t>(n));
    tide::inclusive_scan(tide::seq, first, first + n, tide::make_reverse_iterator(want.end()));
    auto want_end = tide::copy_if(tide::seq, first, first + n, tide::make_reverse_iterator(want_c.end()), even_item{});
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      std::vector<int> got(static_cast<std::size_t>(n)), got_c(static_cast<std::size_t>(n));
      tide::inclusive_scan(p, first, first + n, tide::make_reverse_iterator(got.end()));
      auto end = tide::copy_if(p, first, first + n, tide::make_reverse_iterator(got_c.end()), even_item{});
      REQUIRE(got == want);
      REQUIRE(end - tide::make_reverse_iterator(got_c.end()) == want_end - tide::make_reverse_iterator(want_c.end()));
      REQUIRE(got_c == want_c);
    }
  }
}
