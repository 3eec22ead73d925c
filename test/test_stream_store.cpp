// tide::par's non-temporal writes of big outputs (backend/omp/stream_store.hpp), with the threshold
// moved down (stream_threshold_override) so that small ranges cross it: transform (unary, binary)
// against seq, for several thread counts, at odd sizes, into unaligned outputs and in place; which
// outputs may stream; gathers that do not; the threshold itself.
#include <tide/backend/omp/for_each.hpp>
#include <tide/backend/omp/stream_store.hpp>

#include <array>

#include "common.hpp"

using namespace tide_test;

namespace {
namespace od = tide::backend::omp::detail;
const int thread_counts[] = {1, 2, 3, 4};

/// Moves the streaming threshold for the test's lifetime.
struct stream_threshold {
  explicit stream_threshold(std::size_t bytes) { od::stream_threshold_override = bytes; }
  ~stream_threshold() { od::stream_threshold_override = 0; }
};

/// Sizes from empty to past a thread's dynamic tiles (parallel.hpp), around lines and blocks.
std::vector<std::int64_t> stream_sizes() {
  std::vector<std::int64_t> s = {0, 1, 3, 15, 16, 17, 63, 64, 65, 1000, 4095, 4096, 4097, 3 * 4096 + 5};
  if (!std::getenv("TIDE_TEST_SMALL")) s.insert(s.end(), {100003, 300007});
  return s;
}

struct twelve_bytes {  // not a power of two: plain stores
  std::uint32_t a, b, c;
  bool operator==(const twelve_bytes& o) const { return a == o.a && b == o.b && c == o.c; }
};
struct to_twelve {
  twelve_bytes operator()(std::uint32_t x) const { return {x, x + 1, x + 2}; }
};
struct affine_x {  // a * x + b, in the input's type
  template <class T>
  T operator()(T x) const { return static_cast<T>(x * T(3) + T(1)); }
};
struct mix {
  template <class T, class U>
  T operator()(T x, U y) const { return static_cast<T>(x * T(2) - static_cast<T>(y)); }
};
}  // namespace

TEST_CASE("stream_element admits contiguous outputs of trivially copyable power-of-two items") {
  static_assert(std::is_same_v<od::stream_element_t<float*, float>, float>);
  static_assert(std::is_same_v<od::stream_element_t<float*, double>, float>);  // arithmetic conversion
  static_assert(std::is_same_v<od::stream_element_t<std::vector<std::uint8_t>::iterator, int>, std::uint8_t>);
  static_assert(std::is_same_v<od::stream_element_t<tide::device_ptr<double>, double>, double>);
  static_assert(std::is_same_v<od::stream_element_t<affine*, affine>, affine>);
  static_assert(std::is_void_v<od::stream_element_t<const float*, float>>);
  static_assert(std::is_void_v<od::stream_element_t<twelve_bytes*, twelve_bytes>>);
  static_assert(std::is_void_v<od::stream_element_t<std::array<std::uint32_t, 8>*, std::array<std::uint32_t, 8>>>);
  static_assert(std::is_void_v<od::stream_element_t<tide::counting_iterator<int>, int>>);
  static_assert(std::is_void_v<od::stream_element_t<std::vector<bool>::iterator, bool>>);
  static_assert(od::gather_input<tide::permutation_iterator<float*, int*>>::value);  // transform keeps plain stores
  static_assert(!od::gather_input<tide::counting_iterator<int>>::value);
  CHECK(true);
}

TEST_CASE("the streaming threshold is the last-level cache's size unless overridden") {
  const std::size_t llc = od::last_level_cache_bytes();
  CHECK(llc >= od::stream_tuning::min_llc_bytes);
  alignas(64) static float f[16];
  CHECK_FALSE(od::should_stream(f, 16));
#if TIDE_OMP_STREAM_STORES
  CHECK(od::should_stream(f, static_cast<std::int64_t>(llc / sizeof(float))));  // only compares sizes
  stream_threshold low(64);
  CHECK(od::should_stream(f, 16));
  CHECK_FALSE(od::should_stream(f, 15));
#endif
}

TEST_CASE("par transform through streaming stores matches seq across the threshold, for every thread count") {
  stream_threshold low(1024);
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : stream_sizes()) {
      auto x = random_vector<T>(n, "stream-x", 0, 100), y = random_vector<T>(n, "stream-y", 0, 100);
      std::vector<T> want1(x.size()), want2(x.size());
      tide::transform(tide::seq, x.begin(), x.end(), want1.begin(), affine_x{});
      tide::transform(tide::seq, x.begin(), x.end(), y.begin(), want2.begin(), mix{});
      std::vector<double> want_wide(x.size());
      tide::transform(tide::seq, x.begin(), x.end(), want_wide.begin(), affine_x{});
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<T> got1(x.size()), got2(x.size());
        tide::transform(p, x.begin(), x.end(), got1.begin(), affine_x{});
        tide::transform(p, x.begin(), x.end(), y.begin(), got2.begin(), mix{});
        REQUIRE(same_bits(got1, want1));
        REQUIRE(same_bits(got2, want2));
        std::vector<double> wide(x.size());  // T converted to double on the way out
        tide::transform(p, x.data(), x.data() + n, wide.data(), affine_x{});
        REQUIRE(same_bits(wide, want_wide));
      }
    }
  };
  check(std::uint8_t{});
  check(std::int16_t{});
  check(std::uint32_t{});
  check(float{});
  check(double{});
}

TEST_CASE("par transform through streaming stores writes unaligned outputs and nothing around them") {
  stream_threshold low(256);
  for (std::int64_t n : {std::int64_t(70), std::int64_t(4096 * 3 + 7), std::int64_t(300007)}) {
    auto x = random_vector<std::uint32_t>(n, "stream-unaligned", 0, 1000);
    std::vector<std::uint32_t> want(x.size());
    tide::transform(tide::seq, x.begin(), x.end(), want.begin(), affine_x{});
    for (int off = 0; off < 17; ++off)
      for (int t : {1, 3}) {
        CAPTURE(n);
        CAPTURE(off);
        CAPTURE(t);
        std::vector<std::uint32_t> buf(static_cast<std::size_t>(n + 40), 0xdeadbeefu);
        std::uint32_t* out = buf.data() + off;
        tide::transform(tide::par.with_threads(t), x.data(), x.data() + n, out, affine_x{});
        REQUIRE(std::equal(want.begin(), want.end(), out));
        for (int i = 0; i < off; ++i) REQUIRE(buf[i] == 0xdeadbeefu);
        for (std::size_t i = static_cast<std::size_t>(off + n); i < buf.size(); ++i) REQUIRE(buf[i] == 0xdeadbeefu);
      }
  }
}

TEST_CASE("par transform through streaming stores works in place") {
  stream_threshold low(256);
  for (std::int64_t n : stream_sizes())
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      auto x = random_vector<double>(n, "stream-in-place", -10, 10), y = random_vector<double>(n, "stream-y", -1, 1);
      std::vector<double> want1(x.size()), want2(x.size());
      tide::transform(tide::seq, x.begin(), x.end(), want1.begin(), affine_x{});
      tide::transform(tide::seq, x.begin(), x.end(), y.begin(), want2.begin(), mix{});
      std::vector<double> a = x, b = x, c = y;
      tide::transform(p, a.begin(), a.end(), a.begin(), affine_x{});
      tide::transform(p, b.begin(), b.end(), y.begin(), b.begin(), mix{});  // out == first1
      tide::transform(p, x.begin(), x.end(), c.begin(), c.begin(), mix{});  // out == first2
      REQUIRE(same_bits(a, want1));
      REQUIRE(same_bits(b, want2));
      REQUIRE(same_bits(c, want2));
    }
}

TEST_CASE("outputs that cannot stream take plain stores below and above the threshold") {
  stream_threshold low(16);
  const std::int64_t n = 4096 * 3 + 5;
  auto x = random_vector<std::uint32_t>(n, "stream-plain", 0, 1000);
  std::vector<twelve_bytes> want(x.size()), got(x.size());
  tide::transform(tide::seq, x.begin(), x.end(), want.begin(), to_twelve{});
  tide::transform(tide::par.with_threads(3), x.begin(), x.end(), got.begin(), to_twelve{});
  CHECK(got == want);
  std::vector<std::uint32_t> rev(x.size()), want_rev(x.size());
  tide::transform(tide::seq, x.begin(), x.end(), want_rev.begin(), affine_x{});
  tide::transform(tide::par.with_threads(3), x.begin(), x.end(), tide::make_reverse_iterator(rev.end()), affine_x{});
  std::reverse(rev.begin(), rev.end());
  CHECK(rev == want_rev);
}
