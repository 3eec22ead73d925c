// tide::par's non-temporal writes of big outputs (backend/omp/stream_store.hpp), with the threshold
// moved down (stream_threshold_override) so that small ranges cross it: transform (unary, binary),
// the scans (streamed block buffers) and copy_if against seq or plain stores, for several thread
// counts, at odd sizes, into unaligned outputs and in place; which outputs may stream; gathers that
// do not; copy_lines itself; the threshold itself.
#include <tide/backend/omp/copy_if.hpp>
#include <tide/backend/omp/for_each.hpp>
#include <tide/backend/omp/stream_store.hpp>

#include <array>
#include <cstring>

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

/// Calls write(out, t) for outputs at every offset 0-16 of a fenced buffer and thread counts ts:
/// out[0, want.size()) must equal want, and nothing before or after it may change.
template <class Write>
void check_unaligned(const std::vector<std::uint32_t>& want, std::int64_t room, std::initializer_list<int> ts,
                     Write write) {
  for (int off = 0; off < 17; ++off)
    for (int t : ts) {
      CAPTURE(off);
      CAPTURE(t);
      std::vector<std::uint32_t> buf(static_cast<std::size_t>(room + 40), 0xdeadbeefu);
      std::uint32_t* out = buf.data() + off;
      write(out, t);
      REQUIRE(std::equal(want.begin(), want.end(), out));
      for (int i = 0; i < off; ++i) REQUIRE(buf[i] == 0xdeadbeefu);
      for (std::size_t i = static_cast<std::size_t>(off) + want.size(); i < buf.size(); ++i)
        REQUIRE(buf[i] == 0xdeadbeefu);
    }
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
    CAPTURE(n);
    auto x = random_vector<std::uint32_t>(n, "stream-unaligned", 0, 1000);
    std::vector<std::uint32_t> want(x.size());
    tide::transform(tide::seq, x.begin(), x.end(), want.begin(), affine_x{});
    check_unaligned(want, n, {1, 3}, [&](std::uint32_t* out, int t) {
      tide::transform(tide::par.with_threads(t), x.data(), x.data() + n, out, affine_x{});
    });
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

TEST_CASE("par scans through streaming stores give plain stores' bits, for every thread count") {
  auto check = [](auto zero) {
    using T = decltype(zero);
    for (std::int64_t n : stream_sizes()) {
      auto h = random_vector<T>(n, "stream-scan", 0, 100);
      std::vector<T> plain_in(h.size()), plain_ex(h.size()), plain_init(h.size());
      tide::inclusive_scan(tide::par, h.begin(), h.end(), plain_in.begin());
      tide::exclusive_scan(tide::par, h.begin(), h.end(), plain_ex.begin(), T(3));
      tide::inclusive_scan(tide::par, h.begin(), h.end(), plain_init.begin(), T(5), tide::plus<T>());
      stream_threshold low(1024);
      for (int t : thread_counts) {
        CAPTURE(n);
        CAPTURE(t);
        auto p = tide::par.with_threads(t);
        std::vector<T> in(h.size()), ex(h.size()), init(h.size());
        tide::inclusive_scan(p, h.begin(), h.end(), in.begin());
        tide::exclusive_scan(p, h.begin(), h.end(), ex.begin(), T(3));
        tide::inclusive_scan(p, h.begin(), h.end(), init.begin(), T(5), tide::plus<T>());
        REQUIRE(same_bits(in, plain_in));
        REQUIRE(same_bits(ex, plain_ex));
        REQUIRE(same_bits(init, plain_init));
      }
    }
  };
  check(std::uint8_t{});
  check(std::int32_t{});
  check(std::uint64_t{});
  check(float{});
  check(double{});
}

TEST_CASE("par scans through streaming stores write unaligned outputs and nothing around them") {
  const std::int64_t n = 4096 * 5 + 13;
  auto h = random_vector<std::uint32_t>(n, "stream-scan-unaligned", 0, 100);
  std::vector<std::uint32_t> want(h.size());
  tide::exclusive_scan(tide::seq, h.begin(), h.end(), want.begin(), 7u);
  stream_threshold low(256);
  check_unaligned(want, n, {1, 2, 3}, [&](std::uint32_t* out, int t) {
    tide::exclusive_scan(tide::par.with_threads(t), h.data(), h.data() + n, out, 7u);
  });
}

TEST_CASE("par scans through streaming stores work in place, non-commutative operators too") {
  stream_threshold low(256);
  for (std::int64_t n : stream_sizes())
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      auto h = random_vector<std::int64_t>(n, "stream-scan-in-place", -50, 50);
      std::vector<std::int64_t> want_in(h.size()), want_ex(h.size());
      tide::inclusive_scan(tide::seq, h.begin(), h.end(), want_in.begin());
      tide::exclusive_scan(tide::seq, h.begin(), h.end(), want_ex.begin(), std::int64_t(-4));
      std::vector<std::int64_t> a = h, b = h;
      tide::inclusive_scan(p, a.begin(), a.end(), a.begin());
      tide::exclusive_scan(p, b.begin(), b.end(), b.begin(), std::int64_t(-4));
      REQUIRE(a == want_in);
      REQUIRE(b == want_ex);
      std::vector<affine> m(static_cast<std::size_t>(n));  // 8 bytes, composed in order
      auto mb = random_vector<std::uint32_t>(n, "stream-affine", 0, 1000);
      for (std::int64_t i = 0; i < n; ++i) m[i] = {static_cast<std::uint32_t>(2 * i + 1), mb[i]};
      std::vector<affine> want_m(m.size()), got_m = m;
      tide::inclusive_scan(tide::seq, m.begin(), m.end(), want_m.begin(), affine_compose{});
      tide::inclusive_scan(p, got_m.begin(), got_m.end(), got_m.begin(), affine_compose{});
      REQUIRE(got_m == want_m);
    }
}

TEST_CASE("par copy_if through streaming stores matches seq, with and without a stencil, every thread count") {
  struct odd {
    bool operator()(std::uint32_t x) const { return x & 1; }
  };
  struct big {
    bool operator()(double x) const { return x > 60; }
  };
  stream_threshold low(512);
  for (std::int64_t n : stream_sizes())
    for (int t : thread_counts) {
      CAPTURE(n);
      CAPTURE(t);
      auto p = tide::par.with_threads(t);
      auto x = random_vector<std::uint32_t>(n, "stream-copy-if", 0, 100);
      auto st = random_vector<std::uint32_t>(n, "stream-copy-if-stencil", 0, 3);
      std::vector<std::uint32_t> want(x.size()), got(x.size(), 77u), want_s(x.size()), got_s(x.size(), 77u);
      const auto k = tide::copy_if(tide::seq, x.begin(), x.end(), want.begin(), odd{}) - want.begin();
      REQUIRE(tide::copy_if(p, x.begin(), x.end(), got.begin(), odd{}) - got.begin() == k);
      REQUIRE(std::equal(want.begin(), want.begin() + k, got.begin()));
      for (std::size_t i = static_cast<std::size_t>(k); i < got.size(); ++i) REQUIRE(got[i] == 77u);
      const auto ks = tide::copy_if(tide::seq, x.begin(), x.end(), st.begin(), want_s.begin(), odd{}) - want_s.begin();
      REQUIRE(tide::copy_if(p, x.begin(), x.end(), st.begin(), got_s.begin(), odd{}) - got_s.begin() == ks);
      REQUIRE(std::equal(want_s.begin(), want_s.begin() + ks, got_s.begin()));
      // all kept, none kept, and doubles (8-byte lines)
      REQUIRE(tide::copy_if(p, x.begin(), x.end(), got.begin(), [](std::uint32_t) { return true; }) - got.begin() == n);
      REQUIRE(got == x);
      REQUIRE(tide::copy_if(p, x.begin(), x.end(), got.begin(), [](std::uint32_t) { return false; }) == got.begin());
      auto d = random_vector<double>(n, "stream-copy-if-double", 0, 100);
      std::vector<double> want_d(d.size()), got_d(d.size());
      const auto kd = tide::copy_if(tide::seq, d.begin(), d.end(), want_d.begin(), big{}) - want_d.begin();
      REQUIRE(tide::copy_if(p, d.begin(), d.end(), got_d.begin(), big{}) - got_d.begin() == kd);
      REQUIRE(same_bits(got_d, want_d));
    }
}

TEST_CASE("par copy_if through streaming stores writes unaligned outputs and nothing around them") {
  const std::int64_t n = 4096 * 5 + 13;
  auto x = random_vector<std::uint32_t>(n, "stream-copy-if-unaligned", 0, 100);
  std::vector<std::uint32_t> want(x.size());
  auto keep = [](std::uint32_t v) { return v % 3 != 0; };
  const auto kept = tide::copy_if(tide::seq, x.begin(), x.end(), want.begin(), keep) - want.begin();
  want.resize(static_cast<std::size_t>(kept));
  stream_threshold low(256);
  check_unaligned(want, n, {1, 2, 3}, [&](std::uint32_t* out, int t) {
    REQUIRE(tide::copy_if(tide::par.with_threads(t), x.data(), x.data() + n, out, keep) == out + want.size());
  });
}

TEST_CASE("par copy_if into raw memory gives seq's result when its queues overflow, for every thread count") {
  struct queue_blocks {
    explicit queue_blocks(tide::size_type b) { od::copy_if_queue_blocks_override = b; }
    ~queue_blocks() { od::copy_if_queue_blocks_override = 0; }
  };
  auto keep = [](std::uint32_t v) { return v % 3 != 0; };
  for (tide::size_type room : {1, 2, 5})
    for (std::int64_t n : stream_sizes())
      for (int t : thread_counts)
        for (bool streamed : {false, true}) {
          CAPTURE(room);
          CAPTURE(n);
          CAPTURE(t);
          CAPTURE(streamed);
          queue_blocks q(room);
          stream_threshold low(streamed ? 256 : std::size_t(1) << 40);
          auto x = random_vector<std::uint32_t>(n, "copy-if-queue", 0, 100);
          std::vector<std::uint32_t> want(x.size()), got(x.size(), 9u);
          const auto k = tide::copy_if(tide::seq, x.begin(), x.end(), want.begin(), keep) - want.begin();
          REQUIRE(tide::copy_if(tide::par.with_threads(t), x.begin(), x.end(), got.begin(), keep) - got.begin() == k);
          REQUIRE(std::equal(want.begin(), want.begin() + k, got.begin()));
          for (std::size_t i = static_cast<std::size_t>(k); i < got.size(); ++i) REQUIRE(got[i] == 9u);
        }
}

TEST_CASE("copy_lines copies any count to any alignment, streamed or not, and asks for any ahead range") {
  std::vector<std::uint32_t> src(300), ahead(5000, 1u);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::uint32_t>(i * 7 + 1);
  for (bool stream : {false, true})
    for (int off = 0; off < 16; ++off)
      for (std::int64_t count : {0, 1, 15, 16, 17, 100, 256, 283}) {
        CAPTURE(stream);
        CAPTURE(off);
        CAPTURE(count);
        std::vector<std::uint32_t> buf(src.size() + 40, 5u);
        od::copy_lines(buf.data() + off, src.data(), count, stream, count % 2 ? ahead.data() : nullptr,
                       count % 2 ? std::size_t(count * 61) : 0);
        for (int i = 0; i < off; ++i) REQUIRE(buf[i] == 5u);
        REQUIRE(std::equal(src.begin(), src.begin() + count, buf.begin() + off));
        for (std::size_t i = static_cast<std::size_t>(off + count); i < buf.size(); ++i) REQUIRE(buf[i] == 5u);
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
