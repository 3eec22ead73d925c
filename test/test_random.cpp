// Random numbers (tide/random.hpp, Thrust's thrust/random.h): every engine and distribution against
// Thrust 3.0.1's own numbers, the standard's check values, seed, discard, ==, the stream formats,
// and the same numbers from engines seeded and discarded per element inside tide::transform on
// seq, par and the device system.
//
// The reference values below are Thrust 3.0.1's outputs: printed once by a small host program
// compiled against the CUDA toolkit's Thrust headers (include/cccl/thrust/random), with g++
// (-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP) and with nvcc. The two agree everywhere except
// normal_distribution, whose algorithm Thrust picks by compiler (Box-Muller under a host compiler,
// erfcinv under nvcc): those cases have one table per compiler, chosen as tide chooses its
// algorithm (TIDE_RANDOM_NORMAL_BY_ERFCINV). Floating-point values are hexadecimal literals, exact.

#include <cstdint>
#include <cstring>
#include <iomanip>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "common.hpp"

using namespace tide_test;

namespace {

using lfsr_32_31_13_12 = tide::random::linear_feedback_shift_engine<std::uint32_t, 32u, 31u, 13u, 12u>;
using lcg_mod0 = tide::random::linear_congruential_engine<std::uint32_t, 1103515245u, 12345u, 0u>;
using lcg64_mod0 =
    tide::random::linear_congruential_engine<std::uint64_t, 6364136223846793005ull, 1442695040888963407ull, 0ull>;
using lcg_c = tide::random::linear_congruential_engine<std::uint32_t, 40014u, 12345u, 2147483563u>;
using xor_minstd_3_1 = tide::random::xor_combine_engine<tide::minstd_rand, 3, tide::minstd_rand0, 1>;
using discard_block_minstd_7_3 = tide::random::discard_block_engine<tide::minstd_rand, 7, 3>;

/// Calls f(E{}) for every engine the cases below run (each predefined one, and one of each
/// template with other parameters).
template <class F>
void for_each_engine(F f) {
  f(tide::minstd_rand{});
  f(tide::minstd_rand0{});
  f(tide::ranlux24_base{});
  f(tide::ranlux48_base{});
  f(tide::ranlux24{});
  f(tide::ranlux48{});
  f(tide::taus88{});
  f(lfsr_32_31_13_12{});
  f(lcg_mod0{});
  f(lcg64_mod0{});
  f(lcg_c{});
  f(xor_minstd_3_1{});
  f(discard_block_minstd_7_3{});
}

/// The same bits (floating point included: 1.0f and nextafter(1.0f, 0) differ).
template <class T>
bool same(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <class T>
std::string show(T x) {
  std::ostringstream os;
  if constexpr (std::is_floating_point_v<T>) {
    os << std::hexfloat << x;
  } else {
    os << +x;
  }
  return os.str();
}
#define CHECK_SAME(got, want)                                          \
  do {                                                                 \
    const auto got_ = (got);                                           \
    const decltype(got_) want_ = (want);                               \
    CHECK_MESSAGE(same(got_, want_), show(got_), " != ", show(want_)); \
  } while (0)

/// An engine's first ten outputs from the default seed and from seed 12345, its 10000th output from
/// the default seed, and its min and max: Thrust's.
template <class E>
void check_engine(std::vector<typename E::result_type> first, typename E::result_type tenthousandth,
                  std::vector<typename E::result_type> seeded, typename E::result_type min,
                  typename E::result_type max) {
  E e;
  for (std::size_t i = 0; i < first.size(); ++i) {
    CAPTURE(i);
    CHECK_SAME(e(), first[i]);
  }
  E f;
  for (int i = 1; i < 10000; ++i) f();
  CHECK_SAME(f(), tenthousandth);
  E s(12345u);
  for (std::size_t i = 0; i < seeded.size(); ++i) {
    CAPTURE(i);
    CHECK_SAME(s(), seeded[i]);
  }
  CHECK_SAME(E::min, min);
  CHECK_SAME(E::max, max);
}

/// A distribution's first ten numbers from engine e, and its 10000th from a default engine.
template <class D, class E>
void check_distribution(const D& dist, E e, std::vector<typename D::result_type> first,
                        typename D::result_type tenthousandth) {
  D d = dist;
  for (std::size_t i = 0; i < first.size(); ++i) {
    CAPTURE(i);
    CHECK_SAME(d(e), first[i]);
  }
  D d2 = dist;
  E e2;
  typename D::result_type last{};
  for (int i = 0; i < 10000; ++i) last = d2(e2);
  CHECK_SAME(last, tenthousandth);
}

/// FNV-1a 64 of the bytes of an engine's first 100000 outputs, or of a distribution's first 100000
/// numbers from an engine.
template <class T>
void mix(std::uint64_t& h, T x) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &x, sizeof(T));
  for (unsigned char b : bytes) {
    h ^= b;
    h *= 1099511628211ull;
  }
}
template <class E>
std::uint64_t fingerprint(E e) {
  std::uint64_t h = 14695981039346656037ull;
  for (int i = 0; i < 100000; ++i) mix(h, e());
  return h;
}
template <class D, class E>
std::uint64_t fingerprint(D d, E e) {
  std::uint64_t h = 14695981039346656037ull;
  for (int i = 0; i < 100000; ++i) mix(h, d(e));
  return h;
}

/// An engine (31 bits, as minstd_rand) whose every output is its max.
struct top_output {
  using result_type = std::uint32_t;
  static constexpr result_type min = 1u, max = 2147483646u;
  result_type operator()() { return max; }
};

}  // namespace

TEST_CASE("random names are in tide::random and in tide, with Thrust's types and constants") {
  static_assert(std::is_same_v<tide::minstd_rand, tide::random::minstd_rand>);
  static_assert(std::is_same_v<tide::minstd_rand0, tide::random::minstd_rand0>);
  static_assert(std::is_same_v<tide::default_random_engine, tide::random::default_random_engine>);
  static_assert(std::is_same_v<tide::default_random_engine, tide::minstd_rand>);  // as Thrust's
  static_assert(std::is_same_v<tide::ranlux24_base, tide::random::ranlux24_base>);
  static_assert(std::is_same_v<tide::ranlux48_base, tide::random::ranlux48_base>);
  static_assert(std::is_same_v<tide::ranlux24, tide::random::ranlux24>);
  static_assert(std::is_same_v<tide::ranlux48, tide::random::ranlux48>);
  static_assert(std::is_same_v<tide::taus88, tide::random::taus88>);
  static_assert(
      std::is_same_v<tide::linear_congruential_engine<std::uint32_t, 48271, 0, 2147483647>, tide::minstd_rand>);
  static_assert(std::is_same_v<tide::subtract_with_carry_engine<std::uint32_t, 24, 10, 24>, tide::ranlux24_base>);
  static_assert(std::is_same_v<tide::subtract_with_carry_engine<std::uint64_t, 48, 5, 12>, tide::ranlux48_base>);
  static_assert(std::is_same_v<tide::discard_block_engine<tide::ranlux24_base, 223, 23>, tide::ranlux24>);
  static_assert(std::is_same_v<tide::discard_block_engine<tide::ranlux48_base, 389, 11>, tide::ranlux48>);
  static_assert(std::is_same_v<tide::xor_combine_engine<tide::minstd_rand, 0, tide::minstd_rand0>,
                               tide::random::xor_combine_engine<tide::minstd_rand, 0, tide::minstd_rand0, 0>>);
  static_assert(
      std::is_same_v<tide::linear_feedback_shift_engine<std::uint32_t, 32u, 31u, 13u, 12u>, lfsr_32_31_13_12>);
  static_assert(std::is_same_v<tide::uniform_int_distribution<>, tide::random::uniform_int_distribution<int>>);
  static_assert(std::is_same_v<tide::uniform_real_distribution<>, tide::random::uniform_real_distribution<double>>);
  static_assert(std::is_same_v<tide::normal_distribution<>, tide::random::normal_distribution<double>>);
  static_assert(std::is_same_v<tide::uniform_int_distribution<long>::param_type, tide::pair<long, long>>);
  static_assert(std::is_same_v<tide::normal_distribution<float>::param_type, tide::pair<float, float>>);

  static_assert(std::is_same_v<tide::minstd_rand::result_type, std::uint32_t>);
  static_assert(std::is_same_v<tide::ranlux48::result_type, std::uint64_t>);
  static_assert(std::is_same_v<tide::taus88::result_type, std::uint32_t>);
  static_assert(tide::minstd_rand::multiplier == 48271 && tide::minstd_rand::increment == 0 &&
                tide::minstd_rand::modulus == 2147483647 && tide::minstd_rand::default_seed == 1);
  static_assert(tide::ranlux24_base::word_size == 24 && tide::ranlux24_base::short_lag == 10 &&
                tide::ranlux24_base::long_lag == 24 && tide::ranlux24_base::default_seed == 19780503u);
  static_assert(tide::ranlux24::block_size == 223 && tide::ranlux24::used_block == 23);
  static_assert(lfsr_32_31_13_12::word_size == 32 && lfsr_32_31_13_12::exponent1 == 31 &&
                lfsr_32_31_13_12::exponent2 == 13 && lfsr_32_31_13_12::step_size == 12 &&
                lfsr_32_31_13_12::default_seed == 341u);
  static_assert(xor_minstd_3_1::shift1 == 3 && xor_minstd_3_1::shift2 == 1);
  // Engines are small values with no dynamic memory: device code keeps one per thread.
  static_assert(std::is_trivially_copyable_v<tide::ranlux48> && std::is_trivially_copyable_v<tide::taus88>);
  static_assert(std::is_trivially_copyable_v<tide::normal_distribution<double>>);
  // Thrust's constructors from a seed are explicit, except xor_combine_engine's.
  static_assert(!std::is_convertible_v<std::uint32_t, tide::minstd_rand>);
  static_assert(!std::is_convertible_v<std::uint32_t, tide::ranlux24>);
  static_assert(std::is_convertible_v<std::uint32_t, tide::taus88>);
}

TEST_CASE("the standard's check values: the 10000th output of a default-constructed engine") {
  auto nth = [](auto e) {
    for (int i = 1; i < 10000; ++i) e();
    return e();
  };
  CHECK(nth(tide::minstd_rand()) == 399268537u);
  CHECK(nth(tide::minstd_rand0()) == 1043618065u);
  CHECK(nth(tide::default_random_engine()) == 399268537u);
  CHECK(nth(tide::ranlux24_base()) == 7937952u);
  CHECK(nth(tide::ranlux24()) == 9901578u);
}

TEST_CASE("ranlux48_base and ranlux48 seed as Thrust does: not the standard's check values, the same recurrence") {
  // Thrust fills each 48-bit word from one output of its seeding LCG where the standard takes two,
  // so its (and tide's) ranlux48 family gives other numbers than std::'s from the same seed. The
  // 10000th outputs are Thrust 3.0.1's; the standard's are 61839128582725 and 249142670248501.
  auto nth = [](auto e) {
    for (int i = 1; i < 10000; ++i) e();
    return e();
  };
  CHECK(nth(tide::ranlux48_base()) == 192113843633948ull);
  CHECK(nth(tide::ranlux48()) == 88229545517833ull);
  // Given the standard's seeded state (libstdc++'s text: the 12 words, the carry, then the ring
  // position, 0 after seeding; tide reads the words and the carry), the same engines give the
  // standard's check values: only the seeding differs.
  std::stringstream text;
  text << std::ranlux48_base();
  tide::ranlux48_base base;
  text >> base;
  REQUIRE_FALSE(text.fail());
  CHECK(nth(base) == 61839128582725ull);
  CHECK(nth(tide::ranlux48(base)) == 249142670248501ull);
  // And the 24-bit family, which Thrust seeds as the standard does, reads std's state as its own.
  std::stringstream text24;
  text24 << std::ranlux24_base();
  tide::ranlux24_base base24;
  text24 >> base24;
  CHECK(base24 == tide::ranlux24_base());
}

TEST_CASE("every engine gives Thrust's first outputs, default and seeded, its 10000th output, min and max") {
  SUBCASE("minstd_rand") {
    check_engine<tide::minstd_rand>({48271u, 182605794u, 1291394886u, 1914720637u, 2078669041u, 407355683u, 1105902161u,
                                     854716505u, 564586691u, 1596680831u},
                                    399268537u,
                                    {595905495u, 1558181227u, 1498755989u, 2021244883u, 887213142u, 1546689008u,
                                     808633566u, 888096514u, 1238265880u, 1419946529u},
                                    1u, 2147483646u);
  }
  SUBCASE("minstd_rand0") {
    check_engine<tide::minstd_rand0>({16807u, 282475249u, 1622650073u, 984943658u, 1144108930u, 470211272u, 101027544u,
                                      1457850878u, 1458777923u, 2007237709u},
                                     1043618065u,
                                     {207482415u, 1790989824u, 2035175616u, 77048696u, 24794531u, 109854999u,
                                      1644515420u, 1256127050u, 1963079340u, 1683198519u},
                                     1u, 2147483646u);
  }
  SUBCASE("ranlux24_base") {
    check_engine<tide::ranlux24_base>(
        {15039276u, 16323925u, 14283486u, 7150092u, 68089u, 8584138u, 4918023u, 11368221u, 8644539u, 8342712u},
        7937952u,
        {16448363u, 11496357u, 1838018u, 11837769u, 3375312u, 2739247u, 1087405u, 6324042u, 14315120u, 15512108u}, 0u,
        16777215u);
  }
  SUBCASE("ranlux48_base") {
    check_engine<tide::ranlux48_base>(
        {281473885556995ull, 281474042438754ull, 281474414728745ull, 281474132952088ull, 581277547ull,
         281472852636266ull, 281473221042046ull, 281474282786548ull, 281473112479184ull, 281474607674429ull},
        192113843633948ull,
        {1448716305ull, 281474739639304ull, 281474238529498ull, 281473884819959ull, 281474615490146ull, 345694759ull,
         281473517724450ull, 281472295840363ull, 281473731785543ull, 281473572006435ull},
        0ull, 281474976710655ull);
  }
  SUBCASE("ranlux24") {
    check_engine<tide::ranlux24>(
        {15039276u, 16323925u, 14283486u, 7150092u, 68089u, 8584138u, 4918023u, 11368221u, 8644539u, 8342712u},
        9901578u,
        {16448363u, 11496357u, 1838018u, 11837769u, 3375312u, 2739247u, 1087405u, 6324042u, 14315120u, 15512108u}, 0u,
        16777215u);
  }
  SUBCASE("ranlux48") {
    check_engine<tide::ranlux48>(
        {281473885556995ull, 281474042438754ull, 281474414728745ull, 281474132952088ull, 581277547ull,
         281472852636266ull, 281473221042046ull, 281474282786548ull, 281473112479184ull, 281474607674429ull},
        88229545517833ull,
        {1448716305ull, 281474739639304ull, 281474238529498ull, 281473884819959ull, 281474615490146ull, 345694759ull,
         281473517724450ull, 281472295840363ull, 281473731785543ull, 281473572006435ull},
        0ull, 281474976710655ull);
  }
  SUBCASE("taus88") {
    check_engine<tide::taus88>({45438212u, 1409544450u, 3980732798u, 112738311u, 3238374133u, 2853535413u, 1564344136u,
                                2237640607u, 3833735550u, 3083375963u},
                               3535848941u,
                               {1667269494u, 944790115u, 468047577u, 2424864938u, 995604853u, 2397442114u, 1827202028u,
                                964928120u, 246799526u, 2882122420u},
                               0u, 4294967295u);
  }
  SUBCASE("lfsr_32_31_13_12") {
    check_engine<lfsr_32_31_13_12>({1392645u, 1409307906u, 89140180u, 45957125u, 3556791639u, 89488341u, 1472025925u,
                                    3579076514u, 1174023124u, 2730311696u},
                                   981440277u,
                                   {50561216u, 940314211u, 3236312888u, 1668513984u, 940311149u, 3223770888u,
                                    1836090200u, 137727907u, 1492793144u, 2742256579u},
                                   0u, 4294967294u);
  }
  SUBCASE("lcg_mod0") {
    check_engine<lcg_mod0>({1103527590u, 2524885223u, 662824084u, 3295386429u, 4182499122u, 2516284547u, 3655513600u,
                            2633739833u, 3210001534u, 267834847u},
                           4057525361u,
                           {3554416254u, 2802067423u, 3596950572u, 229283573u, 3256818826u, 1051550459u, 3441282840u,
                            2941955441u, 551188310u, 2951033815u},
                           0u, 4294967295u);
  }
  SUBCASE("lcg64_mod0") {
    check_engine<lcg64_mod0>(
        {7806831264735756412ull, 9396908728118811419ull, 11960119808228829710ull, 7062582979898595269ull,
         14673421054488193520ull, 9232803539723513983ull, 10218303843513747618ull, 1206773305466921929ull,
         15490212636682683044ull, 3660572683296592931ull},
        4650432495379556241ull,
        {2021368500568277588ull, 4895494634720187923ull, 16336879138292273062ull, 15416634109187857277ull,
         6006832857977215304ull, 10338887797624662775ull, 14644287851621603258ull, 7221787319773377281ull,
         15037404968822372220ull, 3471096822299788827ull},
        0ull, 18446744073709551615ull);
  }
  SUBCASE("lcg_c") {
    check_engine<lcg_c>({52359u, 2095105371u, 82995145u, 958155977u, 629225784u, 743240709u, 1681361847u, 1647896539u,
                         449321976u, 437170573u},
                        859114576u,
                        {493985175u, 884090943u, 518272248u, 2044459489u, 763156269u, 1866177814u, 940609105u,
                         735814677u, 888849093u, 1932332804u},
                        0u, 2147483562u);
  }
  SUBCASE("xor_minstd_3_1") {
    check_engine<xor_minstd_3_1>({354108u, 1992215272u, 2796004248u, 3832058802u, 1464641666u, 4197694622u, 56545070u,
                                  977637690u, 2698057876u, 370367336u},
                                 3255461856u,
                                 {77431532u, 863961262u, 943013342u, 3403851902u, 2784676332u, 3969666388u, 1167885918u,
                                  851954842u, 2759323118u, 1840412012u},
                                 0u, 4294967294u);
  }
  SUBCASE("discard_block_minstd_7_3") {
    check_engine<discard_block_minstd_7_3>({48271u, 182605794u, 1291394886u, 854716505u, 564586691u, 1596680831u,
                                            1271135913u, 1098894339u, 1882556969u, 914937185u},
                                           209310409u,
                                           {595905495u, 1558181227u, 1498755989u, 888096514u, 1238265880u, 1419946529u,
                                            509837356u, 196416856u, 97754471u, 1283049252u},
                                           1u, 2147483646u);
  }
}

TEST_CASE("xor_combine_engine's max is Thrust's") {
  static_assert(xor_minstd_3_1::max == 4294967294u);
  static_assert(tide::xor_combine_engine<tide::minstd_rand, 0, tide::minstd_rand0, 0>::max == 2147483647u);
  static_assert(tide::xor_combine_engine<lfsr_32_31_13_12, 5, tide::minstd_rand0, 0>::max == 4294967295u);
  static_assert(tide::xor_combine_engine<tide::ranlux48_base, 7, tide::minstd_rand, 2>::max == 36028797018963964ull);
  static_assert(tide::xor_combine_engine<tide::ranlux48_base, 0, tide::ranlux24_base, 0>::max == 281474976710655ull);
  static_assert(tide::taus88::min == 0 && tide::taus88::max == 4294967295u);
  CHECK(tide::taus88::max == 4294967295u);
}

TEST_CASE("seed(s) equals construction from s, seed() the default, and seed 0 gives Thrust's replacement") {
  for_each_engine([](auto tag) {
    using E = decltype(tag);
    CAPTURE(show(E::max));
    E a(2024u), b;
    b();
    b.seed(2024u);
    CHECK(a == b);
    CHECK(a() == b());
    b.seed();
    CHECK(b == E());
    for (int i = 0; i < 100; ++i) a();
    a.seed();
    CHECK(a == E());
  });
  // An LCG with c = 0 would stay at 0: seed 0 gives state 1 (the default), as Thrust's.
  CHECK(tide::minstd_rand(0u) == tide::minstd_rand());
  CHECK(tide::minstd_rand(2147483647u) == tide::minstd_rand());  // 0 mod m
  // subtract_with_carry_engine replaces seed 0 by its default seed.
  CHECK(tide::ranlux24_base(0u) == tide::ranlux24_base());
  CHECK(tide::ranlux48(0u) == tide::ranlux48());
  // With c != 0, 0 is a state like any other (Thrust: 12345 first).
  CHECK(lcg_mod0(0u)() == 12345u);
  CHECK(lcg_c(0u)() == 12345u);
  // A linear feedback shift engine keeps 0 (and gives zeros, as Thrust's).
  CHECK(tide::taus88(0u)() == 0u);
}

TEST_CASE("discard(n) equals n calls, for every engine and n across block and lag boundaries") {
  for_each_engine([](auto tag) {
    using E = decltype(tag);
    CAPTURE(show(E::max));
    for (unsigned long long n :
         {0ull, 1ull, 2ull, 3ull, 11ull, 12ull, 23ull, 24ull, 100ull, 223ull, 389ull, 1000ull, 4321ull}) {
      CAPTURE(n);
      E called(777u), skipped(777u);
      for (unsigned long long i = 0; i < n; ++i) called();
      skipped.discard(n);
      CHECK(called == skipped);
      CHECK(called() == skipped());
    }
  });
  // The LCGs' jump (a^n mod m by squaring): Thrust's numbers far out.
  tide::minstd_rand e;
  e.discard(9999);
  CHECK(e() == 399268537u);
  tide::minstd_rand0 f(7u);
  f.discard(123456789ull);
  CHECK(f() == 1902090101u);  // Thrust 3.0.1
}

TEST_CASE("== and != compare the engines' states") {
  for_each_engine([](auto tag) {
    using E = decltype(tag);
    CAPTURE(show(E::max));
    E a(99u), b(99u);
    CHECK(a == b);
    CHECK_FALSE(a != b);
    a();
    CHECK(a != b);
    CHECK_FALSE(a == b);
    b();
    CHECK(a == b);
    CHECK(E(1u) != E(2u));
  });
  // A subtract-with-carry engine read from text starts its ring at word 0; the same state held at
  // another position of the ring still compares equal.
  tide::ranlux24_base a;
  for (int i = 0; i < 5; ++i) a();
  std::stringstream text;
  text << a;
  tide::ranlux24_base b;
  text >> b;
  CHECK(a == b);
  // Adaptors compare their base engines and their own state.
  tide::ranlux24 c, d;
  c();
  CHECK(c != d);
  CHECK(c.base() != d.base());
  CHECK(tide::taus88(5u).base1() == tide::taus88(5u).base1());
}

TEST_CASE("engines write Thrust's text and read it back") {
  auto text_after_3 = [](auto e) {
    for (int i = 0; i < 3; ++i) e();
    std::ostringstream os;
    os << e;
    return os.str();
  };
  // Thrust 3.0.1's text for each engine after three calls.
  CHECK(text_after_3(tide::minstd_rand()) == "1291394886");
  CHECK(text_after_3(tide::minstd_rand0()) == "1622650073");
  CHECK(text_after_3(tide::ranlux24_base()) ==
        "16479026 15515802 9510553 16090340 14501685 13839944 10789678 11581259 9590790 5840316 5953700 13398366 "
        "8134459 16629731 6851902 15583892 1317475 4231148 9092691 5707268 2355175 15039276 16323925 14283486 0");
  CHECK(text_after_3(tide::ranlux48()) ==
        "1207661362 686604442 1032920729 821396708 131942197 1020472904 950313774 363902795 1267881990 "
        "281473885556995 281474042438754 281474414728745 1 3");
  CHECK(text_after_3(tide::taus88()) == "89140180 1376256 3892314794");
  CHECK(text_after_3(lcg64_mod0()) == "11960119808228829710");
  CHECK(text_after_3(xor_minstd_3_1()) == "1291394886 1622650073");
  CHECK(text_after_3(discard_block_minstd_7_3()) == "1291394886 3");

  for_each_engine([](auto tag) {
    using E = decltype(tag);
    CAPTURE(show(E::max));
    E a(31337u);
    for (int i = 0; i < 40; ++i) a();
    std::stringstream text;
    text << a;
    E b;
    text >> b;
    CHECK_FALSE(text.fail());
    CHECK(a == b);
    for (int i = 0; i < 100; ++i) CHECK(a() == b());
  });
}

TEST_CASE("the stream operators keep the stream's flags and fill; an LCG reads past leading blanks") {
  std::ostringstream os;
  os << std::hex << std::setfill('*') << std::showbase;
  const auto flags = os.flags();
  os << tide::ranlux24() << '|' << tide::uniform_real_distribution<float>(0.5f, 2.0f) << '|' << 255;
  CHECK(os.flags() == flags);
  CHECK(os.fill() == '*');
  const std::string s = os.str();
  CHECK(s.substr(s.size() - 23) == "|0.500000 2.000000|0xff");  // decimal inside, the caller's hex after

  std::istringstream is("  48271 x");
  is >> std::hex;
  tide::minstd_rand e;
  is >> e;  // Thrust's LCG reads with `dec` alone and fails on the blanks; tide's skips them
  CHECK_FALSE(is.fail());
  tide::minstd_rand one_step;
  one_step();
  CHECK(e == one_step);
  CHECK((is.flags() & std::ios_base::basefield) == std::ios_base::hex);
  // So an xor_combine_engine of LCGs reads its own text back (Thrust's fails there).
  xor_minstd_3_1 x;
  x();
  std::stringstream text;
  text << x;
  xor_minstd_3_1 y;
  text >> y;
  CHECK_FALSE(text.fail());
  CHECK(x == y);
}

TEST_CASE("uniform_int_distribution gives Thrust's numbers") {
  check_distribution(
      tide::uniform_int_distribution<int>(), tide::minstd_rand(),
      {48270, 182605793, 1291394886, 1914720637, 2078669041, 407355682, 1105902161, 854716504, 564586690, 1596680831},
      399268536);
  check_distribution(tide::uniform_int_distribution<int>(1, 6), tide::minstd_rand(), {1, 1, 4, 6, 6, 2, 4, 3, 2, 5}, 2);
  check_distribution(tide::uniform_int_distribution<int>(-100, 100), tide::taus88(),
                     {-97, -34, 86, -94, 51, 33, -26, 4, 79, 44}, 65);
  check_distribution(tide::uniform_int_distribution<long long>(-1000000000000ll, 1000000000000ll), tide::ranlux48(),
                     {999992246887ll, 999993361599ll, 999996006879ll, 999994004735ll, -999995869774ll, 999984907544ll,
                      999987525225ll, 999995069373ll, 999986753839ll, 999997377840ll},
                     -373091373528ll);
  check_distribution(tide::uniform_int_distribution<unsigned>(0u, 4294967295u), tide::ranlux24(),
                     {3850054656u, 4178924800u, 3656572416u, 1830423552u, 17430784u, 2197539328u, 1259013888u,
                      2910264576u, 2213001984u, 2135734272u},
                     2534803968u);
}

TEST_CASE("uniform_real_distribution gives Thrust's numbers, its float rounding included") {
  check_distribution(
      tide::uniform_real_distribution<double>(), tide::minstd_rand(),
      {0x1.791c0005e47p-16, 0x1.5c4afc25712bfp-4, 0x1.33e47d18cf91fp-1, 0x1.c88145f722051p-1, 0x1.ef97e3c7be5f9p-1,
       0x1.847c122611f05p-3, 0x1.07aae9441eabap-1, 0x1.978f82c65e3e1p-2, 0x1.0d37461434dd2p-2, 0x1.7cada9fdf2b6ap-1},
      0x1.7cc5ab85f316bp-3);
  check_distribution(tide::uniform_real_distribution<float>(), tide::minstd_rand(),
                     {0x1.791cp-16f, 0x1.5c4afcp-4f, 0x1.33e47ep-1f, 0x1.c88146p-1f, 0x1.ef97e4p-1f, 0x1.847c12p-3f,
                      0x1.07aaeap-1f, 0x1.978f82p-2f, 0x1.0d3746p-2f, 0x1.7cadaap-1f},
                     0x1.7cc5acp-3f);
  check_distribution(tide::uniform_real_distribution<float>(-1.0f, 1.0f), tide::minstd_rand(),
                     {-0x1.fffa1cp-1f, -0x1.a8ed4p-1f, 0x1.9f23fp-3f, 0x1.91028cp-1f, 0x1.df2fc8p-1f, -0x1.3dc1f8p-1f,
                      0x1.eaba8p-6f, -0x1.a1c1f8p-3f, -0x1.e59174p-2f, 0x1.f2b6a8p-2f},
                     -0x1.419d2ap-1f);
  check_distribution(
      tide::uniform_real_distribution<double>(-3.5, 10.0), tide::ranlux48(),
      {0x1.3fff923fa8b51p+3, 0x1.3fffa2073d656p+3, 0x1.3fffc77969653p+3, 0x1.3fffab21e2e88p+3, -0x1.bfff162241edcp+1,
       0x1.3fff2a5ac512ep+3, 0x1.3fff4f68ed24ap+3, 0x1.3fffba34013bcp+3, 0x1.3fff447d84cfp+3, 0x1.3fffdae19c26fp+3},
      0x1.7698a16bb1f3p-1);
  check_distribution(tide::uniform_real_distribution<float>(0.0f, 1.0f), tide::taus88(),
                     {0x1.5aaa82p-7f, 0x1.500fc4p-2f, 0x1.da8a52p-1f, 0x1.ae1002p-6f, 0x1.820b56p-1f, 0x1.542afep-1f,
                      0x1.74f7fep-2f, 0x1.0abf6p-1f, 0x1.c90452p-1f, 0x1.6f912ap-1f},
                     0x1.a5818cp-1f);
  // The top output of a 31-bit engine rounds to 1 in float, so b itself comes out (as in Thrust);
  // in double it stays below. uniform_int_distribution(0, 9) then gives 9.
  top_output top;
  CHECK_SAME(tide::uniform_real_distribution<float>()(top), 1.0f);
  CHECK_SAME(tide::uniform_real_distribution<double>()(top), 0x1.fffffffcp-1);
  CHECK(tide::uniform_int_distribution<int>(0, 9)(top) == 9);
}

TEST_CASE("normal_distribution gives Thrust's numbers for this compiler's algorithm") {
#if TIDE_RANDOM_NORMAL_BY_ERFCINV  // nvcc: Thrust's normal_distribution_nvcc
  check_distribution(
      tide::normal_distribution<double>(), tide::minstd_rand(),
      {-0x1.0525841777e87p+2, -0x1.5f3b15a8bd615p+0, 0x1.07039ca1c669bp-2, 0x1.3c324dd1a80aep+0, 0x1.da0008ed5d485p+0,
       -0x1.c2118aa8ad293p-1, 0x1.33971e235f389p-5, -0x1.08b5ace32ea62p-2, -0x1.44d194475db52p-1, 0x1.4ef4e71329533p-1},
      -0x1.c93996ee34978p-1);
  check_distribution(tide::normal_distribution<float>(), tide::minstd_rand(),
                     {-0x1.052584p+2f, -0x1.5f3b16p+0f, 0x1.07039cp-2f, 0x1.3c324ep+0f, 0x1.da0008p+0f, -0x1.c2118cp-1f,
                      0x1.339712p-5f, -0x1.08b5aep-2f, -0x1.44d194p-1f, 0x1.4ef4e6p-1f},
                     -0x1.c93996p-1f);
  check_distribution(
      tide::normal_distribution<double>(5.0, 2.0), tide::ranlux48(),
      {0x1.be337429c4df8p+3, 0x1.c05156ff5756cp+3, 0x1.c726bfbeb213fp+3, 0x1.c1b318e7c521dp+3, -0x1.0d677150fddbcp+2,
       0x1.b4f30d0dff2f4p+3, 0x1.b79faccb716a8p+3, 0x1.c4557defc2aa3p+3, 0x1.b6c8ae6af8ecep+3, 0x1.ccb27a29c3905p+3},
      0x1.01c80be3b02c2p+2);
  check_distribution(tide::normal_distribution<float>(-1.0f, 0.5f), tide::taus88(),
                     {-0x1.138764p+1f, -0x1.38f378p+0f, -0x1.184108p-2f, -0x1.f83216p+0f, -0x1.5019acp-1f,
                      -0x1.935592p-1f, -0x1.2c7076p+0f, -0x1.f28614p-1f, -0x1.84d8acp-2f, -0x1.6c6224p-1f},
                     -0x1.127942p-1f);
#else  // a host compiler: Thrust's normal_distribution_portable (Box-Muller)
  check_distribution(tide::normal_distribution<double>(), tide::minstd_rand(),
                     {0x1.afb3cdc89226ep-2, 0x1.f3760ab57c869p-15, -0x1.b1e4722eb4eb5p+0, -0x1.40e910902b2a4p+0,
                      0x1.455f69ba91501p-1, -0x1.09a44a9bcf36bp-3, -0x1.00c65f0dec196p+0, -0x1.83ba73b5baad2p-4,
                      -0x1.11aadf7324bedp-3, 0x1.a4ec4bb7c9ce3p+0},
                     -0x1.357551c50559ep-1);
  check_distribution(tide::normal_distribution<float>(), tide::minstd_rand(),
                     {0x1.afb3dp-2f, 0x1.f3761p-15f, -0x1.b1e46cp+0f, -0x1.40e91ap+0f, 0x1.455f68p-1f, -0x1.09a434p-3f,
                      -0x1.00c65ep+0f, -0x1.83ba9cp-4f, -0x1.11aaf6p-3f, 0x1.a4ec4ep+0f},
                     -0x1.357554p-1f);
  check_distribution(
      tide::normal_distribution<double>(5.0, 2.0), tide::ranlux48(),
      {0x1.e17a88f16037cp+3, 0x1.3ffbfdaae548p+2, 0x1.e2c63d7f5019fp+3, 0x1.3ffded45d2ba1p+2, 0x1.d6d684a8ed3afp+3,
       0x1.400210a633dd8p+2, 0x1.e53ef03352c0fp+3, 0x1.3ff979470be86p+2, 0x1.ed1a75d487fc9p+3, 0x1.3ff8e71bed381p+2},
      0x1.07f01a446f7ddp+2);
  check_distribution(tide::normal_distribution<float>(-1.0f, 0.5f), tide::taus88(),
                     {-0x1.1c2b5cp-1f, -0x1.f0d54ep-1f, -0x1.cb1566p-1f, -0x1.0d194ap+0f, -0x1.f682b8p-1f,
                      -0x1.bd163ap+0f, -0x1.6622bcp+0f, -0x1.1604eep-1f, -0x1.83f2p-2f, -0x1.7f363cp+0f},
                     -0x1.35766p-4f);
#endif
}

TEST_CASE("100000 numbers of every engine, and of each distribution on several engines, are Thrust's") {
  // FNV-1a 64 of the numbers' bytes: Thrust 3.0.1's, printed by the same fingerprint code compiled
  // against Thrust's headers (g++ and nvcc agree except normal_distribution's algorithm).
  CHECK(fingerprint(tide::random::minstd_rand()) == 0x78d7396e7e6c13b7ull);
  CHECK(fingerprint(tide::random::minstd_rand0()) == 0xfe339795b95ec328ull);
  CHECK(fingerprint(tide::random::ranlux24_base()) == 0xfc799e8e2f6efb49ull);
  CHECK(fingerprint(tide::random::ranlux48_base()) == 0x1cf8151b4230cabaull);
  CHECK(fingerprint(tide::random::ranlux24()) == 0x88b0e3f03582ff2dull);
  CHECK(fingerprint(tide::random::ranlux48()) == 0xfa562b7d942a2b7aull);
  CHECK(fingerprint(tide::random::taus88()) == 0x31f37086b0100de0ull);
  CHECK(fingerprint(lfsr_32_31_13_12()) == 0xede898953b479cddull);
  CHECK(fingerprint(lcg_mod0()) == 0x7b6e1e554ac67532ull);
  CHECK(fingerprint(lcg64_mod0()) == 0x3ea83d1aeb919505ull);
  CHECK(fingerprint(lcg_c()) == 0x4545b6d254df90e3ull);
  CHECK(fingerprint(xor_minstd_3_1()) == 0x72b05f54784d5a21ull);
  CHECK(fingerprint(discard_block_minstd_7_3()) == 0x9a236479009d640full);
  CHECK(fingerprint(tide::random::uniform_int_distribution<int>(-1000, 1000), tide::random::minstd_rand(3u)) ==
        0x98e1ff1f01271ca3ull);
  CHECK(fingerprint(tide::random::uniform_int_distribution<std::int64_t>(-5000000000000ll, 3),
                    tide::random::ranlux48(3u)) == 0x524d01ff9d8b6cd8ull);
  CHECK(fingerprint(tide::random::uniform_int_distribution<std::uint32_t>(), tide::random::taus88(3u)) ==
        0x8b1f13e2b0d9c065ull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<double>(), tide::random::minstd_rand(3u)) ==
        0xf45d4879dbf43663ull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<double>(-2.5, 1e3), tide::random::minstd_rand0(3u)) ==
        0x9b1395bd23e9e543ull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<float>(), tide::random::minstd_rand(3u)) ==
        0x83834215129f3f0dull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<float>(-7.0f, 0.1f), tide::random::ranlux24(3u)) ==
        0x188b1dc2fc01fd12ull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<double>(0.0, 1.0), tide::random::taus88(3u)) ==
        0x31929913a41d220cull);
  CHECK(fingerprint(tide::random::uniform_real_distribution<double>(1.0, 2.0), tide::random::ranlux48(3u)) ==
        0x9210c3ce1b2ad43aull);
#if TIDE_RANDOM_NORMAL_BY_ERFCINV
  CHECK(fingerprint(tide::random::normal_distribution<double>(), tide::random::minstd_rand(3u)) ==
        0xe830dd26895a18e0ull);
  CHECK(fingerprint(tide::random::normal_distribution<double>(-4.0, 0.3), tide::random::taus88(3u)) ==
        0x3b0c900e0c3dcb95ull);
  CHECK(fingerprint(tide::random::normal_distribution<float>(), tide::random::minstd_rand(3u)) ==
        0x1ccf244aa85fec09ull);
  CHECK(fingerprint(tide::random::normal_distribution<float>(10.0f, 2.0f), tide::random::ranlux48(3u)) ==
        0x134a69d038e67dc2ull);
#else
  CHECK(fingerprint(tide::random::normal_distribution<double>(), tide::random::minstd_rand(3u)) ==
        0xb0da82b1204b48deull);
  CHECK(fingerprint(tide::random::normal_distribution<double>(-4.0, 0.3), tide::random::taus88(3u)) ==
        0xa9ae3fd0ccea00adull);
  CHECK(fingerprint(tide::random::normal_distribution<float>(), tide::random::minstd_rand(3u)) ==
        0xf1929228a92a9e51ull);
  CHECK(fingerprint(tide::random::normal_distribution<float>(10.0f, 2.0f), tide::random::ranlux48(3u)) ==
        0x783207c03643b663ull);
#endif
}

TEST_CASE("distributions take a param_type per call and give Thrust's numbers with it") {
  using param = tide::normal_distribution<double>::param_type;
  tide::normal_distribution<double> d;
  tide::minstd_rand e;
#if TIDE_RANDOM_NORMAL_BY_ERFCINV
  const double want[] = {-0x1.0525841777e87p+2, 0x1.d062752ba14f6p+2, 0x1.4c542b57954cfp+4, 0x1.178649ba35016p+5};
#else
  const double want[] = {0x1.afb3cdc89226ep-2, 0x1.4000f9bb055acp+3, 0x1.dd4a552e7c27cp+3, 0x1.8fc5bbdbf5357p+4};
#endif
  for (int i = 0; i < 4; ++i) CHECK_SAME(d(e, param(10.0 * i, 1.0 + i)), want[i]);
  CHECK(d.param() == param(0.0, 1.0));  // the call's parameters do not stay

  tide::uniform_int_distribution<int> ui(0, 1);
  tide::minstd_rand e1, e2;
  for (int i = 0; i < 100; ++i) CHECK(ui(e1, {-50, 50}) == tide::uniform_int_distribution<int>(-50, 50)(e2));
  CHECK(ui.a() == 0);
  tide::uniform_real_distribution<float> ur;
  tide::minstd_rand e3, e4;
  for (int i = 0; i < 100; ++i) {
    CHECK_SAME(ur(e3, tide::uniform_real_distribution<float>::param_type(2.0f, 8.0f)),
               tide::uniform_real_distribution<float>(2.0f, 8.0f)(e4));
  }
}

TEST_CASE("distributions: parameters, param(), min(), max(), reset()") {
  tide::uniform_int_distribution<int> ui(-3, 17);
  CHECK(ui.a() == -3);
  CHECK(ui.b() == 17);
  CHECK(ui.min() == -3);
  CHECK(ui.max() == 17);
  CHECK(ui.param() == tide::make_pair(-3, 17));
  ui.param(tide::make_pair(1, 2));
  CHECK(ui == tide::uniform_int_distribution<int>(1, 2));
  CHECK(tide::uniform_int_distribution<short>().b() == 32767);
  CHECK(tide::uniform_int_distribution<>(tide::make_pair(4, 5)).max() == 5);

  tide::uniform_real_distribution<float> ur;
  CHECK(ur.a() == 0.0f);
  CHECK(ur.b() == 1.0f);
  ur.param({-2.0f, 2.0f});
  CHECK(ur.min() == -2.0f);
  CHECK(ur.max() == 2.0f);

  tide::normal_distribution<double> nd(1.5, 0.25);
  CHECK(nd.mean() == 1.5);
  CHECK(nd.stddev() == 0.25);
  CHECK(nd.min() == std::numeric_limits<double>::lowest());
  CHECK(nd.max() == std::numeric_limits<double>::max());
  nd.param({0.0, 1.0});
  CHECK(nd == tide::normal_distribution<double>());

  // After reset() a distribution draws as a new one does (Box-Muller drops its cached number).
  tide::normal_distribution<double> used;
  tide::minstd_rand e(5u);
  used(e);
  used.reset();
  tide::minstd_rand e2 = e;
  tide::normal_distribution<double> fresh;
  for (int i = 0; i < 5; ++i) CHECK_SAME(used(e), fresh(e2));
  tide::uniform_int_distribution<int> u(0, 10);
  u.reset();
  CHECK(u == tide::uniform_int_distribution<int>(0, 10));
}

TEST_CASE("distributions compare by parameters and write Thrust's text") {
  CHECK(tide::uniform_int_distribution<int>(1, 2) == tide::uniform_int_distribution<int>(1, 2));
  CHECK(tide::uniform_int_distribution<int>(1, 2) != tide::uniform_int_distribution<int>(1, 3));
  CHECK(tide::uniform_real_distribution<double>(0.5, 2) != tide::uniform_real_distribution<double>(0.25, 2));
  tide::normal_distribution<double> drawn;
  tide::minstd_rand e;
  drawn(e);
  CHECK(drawn == tide::normal_distribution<double>());  // Thrust's == ignores a cached number
  CHECK(tide::normal_distribution<double>(0, 2) != tide::normal_distribution<double>(0, 1));

  auto text = [](const auto& d) {
    std::ostringstream os;
    os << d;
    return os.str();
  };
  // Thrust 3.0.1's text: fixed, so 6 decimals.
  CHECK(text(tide::uniform_real_distribution<double>(2.0, 3.0)) == "2.000000 3.000000");
  CHECK(text(tide::normal_distribution<float>(0.25f, 1.5f)) == "0.250000 1.500000");
  CHECK(text(tide::uniform_int_distribution<int>(-3, 17)) == "-3 17");

  auto round_trip = [](auto d) {
    std::stringstream s;
    s << d;
    decltype(d) back;
    s >> back;
    CHECK_FALSE(s.fail());
    CHECK(back == d);
  };
  round_trip(tide::uniform_int_distribution<long long>(-1000000000000ll, 7));
  round_trip(tide::uniform_real_distribution<double>(0.25, 3.5));
  round_trip(tide::normal_distribution<float>(-0.5f, 1.5f));
}

namespace {

/// The i-th output of an engine seeded with `seed`: seed, discard(i), call (Thrust's examples' way
/// of giving each thread its own place in one sequence).
template <class Engine>
struct nth_output {
  typename Engine::result_type seed;
  TIDE_HOST_DEVICE typename Engine::result_type operator()(std::int64_t i) const {
    Engine e(seed);
    e.discard(static_cast<unsigned long long>(i));
    return e();
  }
};

/// A fresh distribution's first number from the engine at place i.
template <class Dist, class Engine>
struct nth_draw {
  typename Engine::result_type seed;
  Dist dist;
  TIDE_HOST_DEVICE typename Dist::result_type operator()(std::int64_t i) const {
    Engine e(seed);
    e.discard(static_cast<unsigned long long>(i));
    Dist d = dist;
    return d(e);
  }
};

/// Thrust's monte carlo example: a point per element, from default_random_engine(seed) moved on by
/// 2i; 1 when it falls in the quarter circle.
struct in_quarter_circle {
  std::uint32_t seed;
  TIDE_HOST_DEVICE int operator()(std::int64_t i) const {
    tide::default_random_engine rng(seed);
    rng.discard(2 * static_cast<unsigned long long>(i));
    tide::uniform_real_distribution<float> u01;
    const float x = u01(rng);
    const float y = u01(rng);
    const double r2 = double(x) * x + double(y) * y;  // exact products: no fma can change the sum
    return r2 <= 1.0 ? 1 : 0;
  }
};

template <class B, class F>
auto by_transform(std::int64_t n, F f) {
  using T = decltype(f(std::int64_t{}));
  typename B::template vector<T> out(static_cast<std::size_t>(n));
  tide::transform(B::policy(), tide::make_counting_iterator<std::int64_t>(0),
                  tide::make_counting_iterator<std::int64_t>(n), out.begin(), f);
  return to_std(out);
}

/// Whether this backend computes on a CUDA device (whose erfcinv is not the host's).
template <class B>
constexpr bool on_cuda_device() {
  return std::is_same_v<B, device_backend> && TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA;
}

}  // namespace

TEST_CASE_TEMPLATE("engines seeded and discarded per element inside tide::transform give the host's sequence", B,
                   TIDE_TEST_BACKENDS) {
  for_each_engine([](auto tag) {
    using E = decltype(tag);
    CAPTURE(show(E::max));
    const std::int64_t n = std::is_same_v<E, tide::minstd_rand> || std::is_same_v<E, tide::minstd_rand0> ? 5000 : 600;
    const auto got = by_transform<B>(n, nth_output<E>{4242u});
    E e(4242u);
    std::vector<typename E::result_type> want(static_cast<std::size_t>(n));
    for (auto& x : want) x = e();
    CHECK(got == want);
  });
}

namespace {

/// uniform_real_distribution<T>(a, b) as nvcc compiles it in device code, Thrust's and tide's
/// alike: the scaling x * (b - a) + a is one fused multiply-add (std::fma rounds once, as the
/// device's fma does).
template <class T, class E>
T fused_uniform_real(E& e, T a, T b) {
  T x = static_cast<T>(e() - E::min);
  x /= T(1) + static_cast<T>(E::max - E::min);
  return std::fma(x, b - a, a);
}

/// A uniform distribution drawn per element (engine seeded, discarded to place i, one number)
/// against the same distribution drawn in sequence on the host from one engine: bit for bit on
/// the host systems; on a CUDA device each number is the host's or the fused one (`fused(engine)`),
/// as with Thrust there.
template <class B, class Engine, class Dist, class Fused>
void check_uniform_per_element(std::int64_t n, Dist dist, Fused fused) {
  const auto got = by_transform<B>(n, nth_draw<Dist, Engine>{7u, dist});
  Engine e(7u), e_fused(7u);
  Dist d = dist;
  std::int64_t fused_count = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto plain = d(e);
    const auto with_fma = fused(e_fused);
    CAPTURE(i);
    if constexpr (on_cuda_device<B>()) {
      CHECK_MESSAGE((same(got[i], plain) || same(got[i], with_fma)), show(got[i]), " is neither ", show(plain), " nor ",
                    show(with_fma));
      fused_count += !same(got[i], plain);
    } else {
      CHECK_SAME(got[i], plain);
    }
  }
  if constexpr (on_cuda_device<B>()) MESSAGE(fused_count, " of ", n, " numbers took the fused multiply-add's rounding");
}

}  // namespace

TEST_CASE_TEMPLATE(
    "distributions drawn per element inside tide::transform give the host's numbers (on a CUDA device, up to nvcc's "
    "fma, as Thrust's)",
    B, TIDE_TEST_BACKENDS) {
  // Uniform distributions take one engine call per number: the per-element numbers are one
  // distribution's numbers in sequence.
  check_uniform_per_element<B, tide::minstd_rand>(2000, tide::uniform_int_distribution<int>(-100, 100), [](auto& e) {
    return static_cast<int>(fused_uniform_real<double>(e, -100.0, 101.0));
  });
  check_uniform_per_element<B, tide::minstd_rand>(2000, tide::uniform_real_distribution<float>(-1.0f, 1.0f),
                                                  [](auto& e) { return fused_uniform_real<float>(e, -1.0f, 1.0f); });
  check_uniform_per_element<B, tide::minstd_rand0>(2000, tide::uniform_real_distribution<float>(),
                                                   [](auto& e) { return fused_uniform_real<float>(e, 0.0f, 1.0f); });
  // Scales that round (on the host, about 4 in 10 of these numbers differ from the fused ones).
  check_uniform_per_element<B, tide::minstd_rand>(2000, tide::uniform_real_distribution<float>(-0.3f, 2.9f),
                                                  [](auto& e) { return fused_uniform_real<float>(e, -0.3f, 2.9f); });
  check_uniform_per_element<B, tide::minstd_rand>(2000, tide::uniform_real_distribution<double>(-1.7, 3.3),
                                                  [](auto& e) { return fused_uniform_real<double>(e, -1.7, 3.3); });
  check_uniform_per_element<B, tide::ranlux48>(500, tide::uniform_real_distribution<double>(-3.5, 10.0),
                                               [](auto& e) { return fused_uniform_real<double>(e, -3.5, 10.0); });
  check_uniform_per_element<B, tide::taus88>(
      500, tide::uniform_int_distribution<long long>(-1000000000000ll, 1000000000000ll),
      [](auto& e) { return static_cast<long long>(fused_uniform_real<double>(e, -1000000000000.0, 1000000000001.0)); });

  // normal_distribution: each element's first number, against the same computation on the host.
  // Bit for bit on the host systems; a CUDA device's erfcinv is its own (within a few units in the
  // last place of the host's), so there the numbers agree to a relative 1e-12 (double), 1e-5 (float).
  auto check_normal = [](auto dist, auto tol) {
    constexpr std::int64_t n = 2000;
    using D = decltype(dist);
    using T = typename D::result_type;
    const nth_draw<D, tide::minstd_rand> f{11u, dist};
    const auto got = by_transform<B>(n, f);
    for (std::int64_t i = 0; i < n; ++i) {
      const T want = f(i);
      CAPTURE(i);
      if constexpr (on_cuda_device<B>()) {
        CHECK(std::fabs(double(got[i]) - double(want)) <= tol * std::max(1.0, std::fabs(double(want))));
      } else {
        CHECK_SAME(got[i], want);
      }
    }
  };
  check_normal(tide::normal_distribution<double>(5.0, 2.0), 1e-12);
  check_normal(tide::normal_distribution<float>(), 1e-5);
}

TEST_CASE_TEMPLATE("monte carlo pi as in Thrust's example: per-element engines count what one engine's sequence counts",
                   B, TIDE_TEST_BACKENDS) {
  const std::int64_t n = 200000;
  const int inside = tide::transform_reduce(B::policy(), tide::make_counting_iterator<std::int64_t>(0),
                                            tide::make_counting_iterator<std::int64_t>(n), in_quarter_circle{1234u}, 0,
                                            tide::plus<int>());
  tide::default_random_engine rng(1234u);
  tide::uniform_real_distribution<float> u01;
  int want = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const float x = u01(rng);
    const float y = u01(rng);
    want += double(x) * x + double(y) * y <= 1.0 ? 1 : 0;
  }
  CHECK(inside == want);
  CHECK(std::fabs(4.0 * inside / double(n) - 3.14159265) < 0.02);
}
