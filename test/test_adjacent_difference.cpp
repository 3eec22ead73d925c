// adjacent_difference, on every backend: result[0] = first[0], result[i] = op(first[i], first[i - 1]).
#include "common.hpp"

using namespace tide_test;

namespace {

/// The sizes, plus each CUDA tile (256 threads x 16, 8 or 4 items: 4096, 2048, 1024 items) and its
/// neighbours, one and two tiles on.
std::vector<std::int64_t> ad_sizes() {
  auto s = sizes();
  for (std::int64_t t : {1024, 2048, 4096})
    for (std::int64_t k : {1, 2, 3})
      for (std::int64_t d : {-1, 0, 1}) s.push_back(k * t + d);
  return s;
}

/// Thrust's sequential adjacent_difference: the reference.
template <class T, class Out, class Op>
std::vector<Out> reference(const std::vector<T>& h, Op op) {
  std::vector<Out> want(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) want[i] = i == 0 ? Out(h[0]) : Out(op(h[i], h[i - 1]));
  return want;
}

/// 2a - b: neither commutative nor minus.
struct twice_minus {
  template <class T>
  TIDE_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return static_cast<T>(2 * a - b);
  }
};
struct point_sub {
  TIDE_HOST_DEVICE point operator()(const point& a, const point& b) const { return {a.x - b.x, a.y - b.y}; }
};
/// An op whose result type (int) cannot hold the elements (double): result[0] must still be first[0].
struct truncated_difference {
  TIDE_HOST_DEVICE int operator()(double a, double b) const { return static_cast<int>(a - b); }
};

}  // namespace

TEST_CASE_TEMPLATE("adjacent_difference subtracts each element's predecessor, every type and size", B,
                   TIDE_TEST_BACKENDS) {
  auto run = [](auto tag) {
    using T = decltype(tag);
    for (auto n : ad_sizes()) {
      auto h = random_vector<T>(n, "ad-types", -100, 100);
      auto want = reference<T, T>(h, tide::minus<T>());
      auto d = to_backend<B>(h);
      typename B::template vector<T> out(h.size(), tide::no_init);
      CAPTURE(n);
      CHECK(tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin()) == out.end());
      CHECK(same_bits(to_std(out), want));
    }
  };
  run(std::int8_t{});
  run(std::uint8_t{});
  run(std::int16_t{});
  run(std::uint16_t{});
  for_each_key_type(run);
}

TEST_CASE_TEMPLATE("adjacent_difference's default minus computes in the input's type: int8 wraps into int", B,
                   TIDE_TEST_BACKENDS) {
  std::vector<std::int8_t> h{-128, 127, -128, 0, 100, -100};
  auto d = to_backend<B>(h);
  typename B::template vector<int> out(h.size());
  tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin());
  // 127 - (-128) = 255 wraps to -1 in int8, -128 - 127 = -255 to 1, 0 - (-128) = 128 to -128.
  CHECK(to_std(out) == std::vector<int>{-128, -1, 1, -128, 100, 56});
  // A transparent operator computes in int: no wrap.
  tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin(), tide::minus<>());
  CHECK(to_std(out) == std::vector<int>{-128, 255, -255, 128, 100, -200});
  for (auto n : ad_sizes()) {
    auto r = random_vector<std::int8_t>(n, "ad-int8-wrap", -128, 127);
    auto want = reference<std::int8_t, int>(r, tide::minus<std::int8_t>());
    auto dr = to_backend<B>(r);
    typename B::template vector<int> o(r.size(), tide::no_init);
    tide::adjacent_difference(B::policy(), dr.begin(), dr.end(), o.begin());
    CAPTURE(n);
    CHECK(to_std(o) == want);
  }
}

TEST_CASE_TEMPLATE("adjacent_difference copies the first element itself, not op's result type", B,
                   TIDE_TEST_BACKENDS) {
  for (auto n : ad_sizes()) {
    if (n == 0) continue;
    auto h = random_vector<double>(n, "ad-first", -100, 100);
    h[0] = 2.75;
    auto want = reference<double, double>(h, truncated_difference{});
    auto d = to_backend<B>(h);
    typename B::template vector<double> out(h.size(), tide::no_init);
    tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin(), truncated_difference{});
    auto got = to_std(out);
    CAPTURE(n);
    CHECK(got[0] == 2.75);
    CHECK(got == want);
  }
}

TEST_CASE_TEMPLATE("adjacent_difference works in place", B, TIDE_TEST_BACKENDS) {
  for (auto n : ad_sizes()) {
    auto h = random_vector<std::int32_t>(n, "ad-in-place", -1000000, 1000000);
    auto d = to_backend<B>(h);
    CAPTURE(n);
    CHECK(tide::adjacent_difference(B::policy(), d.begin(), d.end(), d.begin()) == d.end());
    CHECK(to_std(d) == reference<std::int32_t, std::int32_t>(h, tide::minus<std::int32_t>()));
    auto h64 = random_vector<double>(n, "ad-in-place-64");
    auto d64 = to_backend<B>(h64);
    tide::adjacent_difference(B::policy(), d64.begin(), d64.end(), d64.begin(), twice_minus{});
    CHECK(same_bits(to_std(d64), reference<double, double>(h64, twice_minus{})));
    auto h8 = random_vector<std::uint8_t>(n, "ad-in-place-8", 0, 255);
    auto d8 = to_backend<B>(h8);
    tide::adjacent_difference(B::policy(), d8.begin(), d8.end(), d8.begin());
    CHECK(to_std(d8) == reference<std::uint8_t, std::uint8_t>(h8, tide::minus<std::uint8_t>()));
  }
}

namespace {
struct triple {  // 24 bytes
  double a, b, c;
  triple() = default;
  explicit triple(std::uint32_t x) : a(x), b(x % 7), c(-double(x)) {}
  friend bool operator==(const triple& l, const triple& r) { return l.a == r.a && l.b == r.b && l.c == r.c; }
};
struct triple_twice_minus {
  triple operator()(const triple& x, const triple& y) const {
    triple r;
    r.a = 2 * x.a - y.a;
    r.b = 2 * x.b - y.b;
    r.c = 2 * x.c - y.c;
    return r;
  }
};
}  // namespace

TEST_CASE("par's in-place adjacent_difference is right at every block and chunk boundary, any team size") {
  // In place, each thread's chunk runs from its end back over one pointer (items of up to 16
  // bytes), else a block at a time (adjacent_difference_block items, through a buffer): sizes that
  // end chunks one before, at and after block multiples.
  namespace od = tide::backend::omp::detail;
  auto check = [](auto zero, auto op) {
    using T = decltype(zero);
    constexpr std::int64_t block = od::adjacent_difference_block<T>;
    for (int threads : {1, 2, 3, 7}) {
      for (std::int64_t k : {std::int64_t(1), std::int64_t(2), std::int64_t(5)}) {
        for (std::int64_t d : {-1, 0, 1}) {
          const std::int64_t n = threads * k * block + d * threads + (threads > 1 ? d : 0);
          if (n < 0) continue;
          std::vector<T> h(static_cast<std::size_t>(n));
          auto raw = random_vector<std::uint32_t>(n, "ad-blocks", 0, 1000000);
          for (std::int64_t i = 0; i < n; ++i) h[i] = static_cast<T>(raw[i]);
          std::vector<T> want(h.size());
          if (n > 0) want[0] = h[0];
          for (std::int64_t i = 1; i < n; ++i) want[i] = op(h[i], h[i - 1]);
          CAPTURE(sizeof(T));
          CAPTURE(threads);
          CAPTURE(n);
          auto got = h;
          tide::adjacent_difference(tide::par.with_threads(threads), got.begin(), got.end(), got.begin(), op);
          CHECK(got == want);
        }
      }
    }
  };
  check(std::uint8_t(), tide::minus<std::uint8_t>());
  check(std::int32_t(), tide::minus<std::int32_t>());
  check(double(), twice_minus{});  // not symmetric: op(current, previous)
  check(triple{}, triple_twice_minus{});  // over 16 bytes: blocks of 16
}

TEST_CASE_TEMPLATE("adjacent_difference keeps the operands' order: op(current, previous)", B, TIDE_TEST_BACKENDS) {
  for (auto n : ad_sizes()) {
    auto h = random_vector<std::int64_t>(n, "ad-order", -1000000, 1000000);
    auto d = to_backend<B>(h);
    typename B::template vector<std::int64_t> out(h.size(), tide::no_init);
    CAPTURE(n);
    tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin(), twice_minus{});
    CHECK(to_std(out) == reference<std::int64_t, std::int64_t>(h, twice_minus{}));
    tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin(), tide::maximum<std::int64_t>());
    CHECK(to_std(out) == reference<std::int64_t, std::int64_t>(h, tide::maximum<std::int64_t>()));
    auto hu = random_vector<std::uint32_t>(n, "ad-order-u32", 0, 4000000000.0);
    auto du = to_backend<B>(hu);
    typename B::template vector<std::uint32_t> outu(hu.size(), tide::no_init);
    tide::adjacent_difference(B::policy(), du.begin(), du.end(), outu.begin(), twice_minus{});
    CHECK(to_std(outu) == reference<std::uint32_t, std::uint32_t>(hu, twice_minus{}));
  }
}

TEST_CASE_TEMPLATE("adjacent_difference reads iterator adaptors and writes through them", B, TIDE_TEST_BACKENDS) {
  for (auto n : ad_sizes()) {
    CAPTURE(n);
    // counting_iterator in: 5, then all ones.
    auto first = tide::make_counting_iterator<std::int64_t>(5);
    typename B::template vector<std::int64_t> out(n, tide::no_init);
    tide::adjacent_difference(B::policy(), first, first + n, out.begin());
    std::vector<std::int64_t> want(static_cast<std::size_t>(n), 1);
    if (n > 0) want[0] = 5;
    CHECK(to_std(out) == want);

    // transform_iterator in (squares), transform_output_iterator out (negated).
    auto h = random_vector<int>(n, "ad-adaptors", -1000, 1000);
    auto d = to_backend<B>(h);
    auto squares = tide::make_transform_iterator(d.begin(), [] TIDE_HOST_DEVICE(int x) { return x * x; });
    auto neg_out = tide::make_transform_output_iterator(out.begin(), tide::negate<std::int64_t>());
    tide::adjacent_difference(B::policy(), squares, squares + n, neg_out);
    std::vector<std::int64_t> want2(h.size());
    for (std::size_t i = 0; i < h.size(); ++i)
      want2[i] = -(i == 0 ? std::int64_t(h[0]) * h[0] : std::int64_t(h[i] * h[i] - h[i - 1] * h[i - 1]));
    CHECK(to_std(out) == want2);

    // permutation_iterator in: the input reversed.
    std::vector<std::int64_t> rev(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) rev[i] = std::int64_t(h.size() - 1 - i);
    auto drev = to_backend<B>(rev);
    auto reversed = tide::make_permutation_iterator(d.begin(), drev.begin());
    typename B::template vector<int> outr(n, tide::no_init);
    tide::adjacent_difference(B::policy(), reversed, reversed + n, outr.begin());
    std::vector<int> hr(h.rbegin(), h.rend());
    CHECK(to_std(outr) == reference<int, int>(hr, tide::minus<int>()));

    // In place through an adaptor: the output is the input's memory seen through a
    // transform_output_iterator (identity), so the backend cannot prove they are apart.
    auto d2 = to_backend<B>(h);
    auto same_out = tide::make_transform_output_iterator(d2.begin(), tide::identity<int>());
    tide::adjacent_difference(B::policy(), d2.begin(), d2.end(), same_out);
    CHECK(to_std(d2) == reference<int, int>(h, tide::minus<int>()));
  }
}

TEST_CASE_TEMPLATE("adjacent_difference of floats propagates NaN and infinities", B, TIDE_TEST_BACKENDS) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> h{1.0f, inf, inf, 2.0f, -inf, nan, 3.0f, -0.0f, 0.0f, 0.0f};
  auto d = to_backend<B>(h);
  typename B::template vector<float> out(h.size());
  tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin());
  auto got = to_std(out);
  CHECK(got[0] == 1.0f);
  CHECK(got[1] == inf);        // inf - 1
  CHECK(std::isnan(got[2]));   // inf - inf
  CHECK(got[3] == -inf);       // 2 - inf
  CHECK(got[4] == -inf);       // -inf - 2
  CHECK(std::isnan(got[5]));   // NaN - (-inf)
  CHECK(std::isnan(got[6]));   // 3 - NaN
  CHECK(got[7] == -3.0f);
  CHECK(got[8] == 0.0f);
  CHECK(!std::signbit(got[8]));  // 0 - (-0) = +0
  CHECK(!std::signbit(got[9]));  // 0 - 0 = +0
}

TEST_CASE_TEMPLATE("adjacent_difference takes a user struct and operator", B, TIDE_TEST_BACKENDS) {
  for (auto n : ad_sizes()) {
    auto xs = random_vector<int>(n, "ad-point-x"), ys = random_vector<int>(n, "ad-point-y");
    std::vector<point> h(xs.size());
    for (std::size_t i = 0; i < h.size(); ++i) h[i] = {xs[i], ys[i]};
    auto d = to_backend<B>(h);
    typename B::template vector<point> out(h.size(), tide::no_init);
    tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin(), point_sub{});
    CAPTURE(n);
    CHECK(to_std(out) == reference<point, point>(h, point_sub{}));
  }
}

TEST_CASE_TEMPLATE("adjacent_difference of an empty range writes nothing", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d, out(3, 9);
  CHECK(tide::adjacent_difference(B::policy(), d.begin(), d.end(), out.begin()) == out.begin());
  CHECK(to_std(out) == std::vector<int>{9, 9, 9});
}

TEST_CASE_TEMPLATE("adjacent_difference with last before first throws naming the algorithm", B, TIDE_TEST_BACKENDS) {
  typename B::template vector<int> d(10, 1), out(10);
  CHECK_THROWS_WITH_AS(tide::adjacent_difference(B::policy(), d.end(), d.begin(), out.begin()),
                       "tide::adjacent_difference: last is before first", std::invalid_argument);
  CHECK(to_std(out) == std::vector<int>(10, 0));
}

TEST_CASE("adjacent_difference without a policy picks the system from the iterators") {
  std::vector<int> h{1, 4, 9, 16};
  std::vector<int> out(4);
  CHECK(tide::adjacent_difference(h.begin(), h.end(), out.begin()) == out.end());
  CHECK(out == std::vector<int>{1, 3, 5, 7});
  tide::adjacent_difference(h.begin(), h.end(), out.begin(), tide::plus<int>());
  CHECK(out == std::vector<int>{1, 5, 13, 25});
  tide::device_vector<int> d(h.begin(), h.end()), dout(4);
  CHECK(tide::adjacent_difference(d.begin(), d.end(), dout.begin()) == dout.end());
  CHECK(to_std(dout) == std::vector<int>{1, 3, 5, 7});
  tide::adjacent_difference(d.begin(), d.end(), dout.begin(), tide::maximum<int>());
  CHECK(to_std(dout) == std::vector<int>{1, 4, 9, 16});
}

#if defined(__CUDACC__)
namespace {
/// Each thread takes the differences of its own row with tide::seq, then with tide::device.
__global__ void rows_kernel(const int* in, int* out_seq, int* out_device, int rows, int n) {
  const int r = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (r >= rows) return;
  tide::adjacent_difference(tide::seq, in + r * n, in + (r + 1) * n, out_seq + r * n);
  tide::adjacent_difference(tide::device, in + r * n, in + (r + 1) * n, out_device + r * n, twice_minus{});
}
}  // namespace

TEST_CASE("adjacent_difference runs per thread in a kernel with tide::seq and tide::device") {
  const int rows = 100, n = 37;
  auto h = random_vector<int>(rows * n, "ad-kernel");
  tide::device_vector<int> d(h.begin(), h.end()), a(rows * n), b(rows * n);
  rows_kernel<<<(rows + 31) / 32, 32>>>(tide::raw_pointer_cast(d.data()), tide::raw_pointer_cast(a.data()),
                                        tide::raw_pointer_cast(b.data()), rows, n);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  auto ga = to_std(a), gb = to_std(b);
  bool ok = true;
  for (int r = 0; r < rows; ++r) {
    std::vector<int> row(h.begin() + r * n, h.begin() + (r + 1) * n);
    auto wa = reference<int, int>(row, tide::minus<int>()), wb = reference<int, int>(row, twice_minus{});
    ok = ok && std::equal(wa.begin(), wa.end(), ga.begin() + r * n) && std::equal(wb.begin(), wb.end(), gb.begin() + r * n);
  }
  CHECK(ok);
}
#endif
