// replace (in place), replace_copy_if, reverse (in place), reverse_copy, swap_ranges and generate
// of u32: tide beside Thrust (CUB has none of them). Issue 17 asks replace, reverse, generate and
// swap_ranges for at least 0.95 of the memcpy row's GB/s at the same n.
// The in-place cases restore their input from a pristine rotated source (prep, untimed) before the
// validated run and before each rotation's first run; replace before every run (Thrust writes only
// the matches, so its work depends on the content; the copy leaves the buffer's last ~L2 bytes
// cached, for both libraries alike), reverse and swap_ranges not (the same work whatever the
// content: the memcpy row's conditions).
// Bytes (what the algorithm must move):
//   replace          x == 0 -> 16 over values in [0, 16) (1 in 16 replaced): n * 4 read + n * 4
//                    written (tide rewrites every element of a contiguous trivially copyable range
//                    with its own bits; Thrust writes only the matches, fewer bytes, partial sectors)
//   replace_copy_if  odd -> 0, out of place: n * 4 read + n * 4 written
//   reverse          n * 4 read + n * 4 written
//   reverse_copy     n * 4 read + n * 4 written
//   swap_ranges      2n * 4 read + 2n * 4 written
//   generate         n * 4 written (a constant generator)

#include <algorithm>

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_TRANSFORM
#include <tide/generate.hpp>
#include <tide/replace.hpp>
#include <tide/reverse.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/generate.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/swap.h>
#endif

namespace cmp {
namespace {

struct seven_gen {
  TIDE_HOST_DEVICE std::uint32_t operator()() const { return 7u; }
};

/// Each library's six calls, so that one switch (rr_run_case's `call`) serves them all.
#if TIDE_COMPARE_HAS_TRANSFORM
struct tide_rr {
  template <class... A> void replace(const A&... a) { tide::replace(a...); }
  template <class... A> void replace_copy_if(const A&... a) { tide::replace_copy_if(a...); }
  template <class... A> void reverse(const A&... a) { tide::reverse(a...); }
  template <class... A> void reverse_copy(const A&... a) { tide::reverse_copy(a...); }
  template <class... A> void swap_ranges(const A&... a) { tide::swap_ranges(a...); }
  template <class... A> void generate(const A&... a) { tide::generate(a...); }
};
#endif
#if TIDE_COMPARE_HAS_THRUST
struct thrust_rr {
  template <class... A> void replace(const A&... a) { thrust::replace(a...); }
  template <class... A> void replace_copy_if(const A&... a) { thrust::replace_copy_if(a...); }
  template <class... A> void reverse(const A&... a) { thrust::reverse(a...); }
  template <class... A> void reverse_copy(const A&... a) { thrust::reverse_copy(a...); }
  template <class... A> void swap_ranges(const A&... a) { thrust::swap_ranges(a...); }
  template <class... A> void generate(const A&... a) { thrust::generate(a...); }
};
#endif
/// The sequential standard library (host build only; the policy argument is ignored).
struct std_rr {
  template <class P, class... A> void replace(P, const A&... a) { std::replace(a...); }
  template <class P, class... A> void replace_copy_if(P, const A&... a) { std::replace_copy_if(a...); }
  template <class P, class... A> void reverse(P, const A&... a) { std::reverse(a...); }
  template <class P, class... A> void reverse_copy(P, const A&... a) { std::reverse_copy(a...); }
  template <class P, class... A> void swap_ranges(P, const A&... a) { std::swap_ranges(a...); }
  template <class P, class... A> void generate(P, const A&... a) { std::generate(a...); }
};

enum class rr_case { replace, replace_copy_if, reverse, reverse_copy, swap_ranges, generate };

const char* rr_name(rr_case c) {
  switch (c) {
    case rr_case::replace: return "replace";
    case rr_case::replace_copy_if: return "replace_copy_if";
    case rr_case::reverse: return "reverse";
    case rr_case::reverse_copy: return "reverse_copy";
    case rr_case::swap_ranges: return "swap_ranges";
    default: return "generate";
  }
}

void rr_run_case(suite& s, std::int64_t n, rr_case c) {
  using T = std::uint32_t;
  const char* algorithm = rr_name(c);
  const bool two_ranges = c == rr_case::swap_ranges;
  const bool in_place = c == rr_case::replace || c == rr_case::reverse || two_ranges;
  const bool reads = c != rr_case::generate;
  const double elem = double(n) * sizeof(T);
  const double bytes = c == rr_case::generate ? elem : two_ranges ? 4 * elem : 2 * elem;
  // Rotated: the source(s) and the working or output buffer(s).
  const double set = elem * (reads ? 2 : 1) * (two_ranges ? 2 : 1);
  const int copies = s.copies_for(set);
  if (!s.fits(set * copies + 64e6, algorithm, n)) return;

  host_vec<T> h_a, h_b;
  {
    phase_scope gen(phase::gen);
    if (reads) {
      h_a.resize(std::size_t(n));
      if (c == rr_case::replace)
        parallel_fill(h_a, [&](std::int64_t i) { return T(random_at(s.opt.seed ^ 0x7e, std::uint64_t(i)) & 15); });
      else
        parallel_fill(h_a, [&](std::int64_t i) { return T(random_at(s.opt.seed ^ 0x7f, std::uint64_t(i))); });
    }
    if (two_ranges) {
      h_b.resize(std::size_t(n));
      parallel_fill(h_b, [&](std::int64_t i) { return T(random_at(s.opt.seed ^ 0x80, std::uint64_t(i))); });
    }
  }
  // The expected contents of the working/output buffer (and of the second range).
  host_vec<T> ref(static_cast<std::size_t>(n));
  {
    phase_scope reference(phase::ref);
    parallel_fill(ref, [&](std::int64_t i) -> T {
      switch (c) {
        case rr_case::replace: return h_a[i] == 0 ? 16u : h_a[i];
        case rr_case::replace_copy_if: return (h_a[i] & 1) ? 0u : h_a[i];
        case rr_case::reverse:
        case rr_case::reverse_copy: return h_a[n - 1 - i];
        case rr_case::swap_ranges: return h_b[i];
        default: return 7u;
      }
    });
  }

  auto src_a = s.rotate(h_a, reads ? copies : 1);
  auto src_b = s.rotate(h_b, two_ranges ? copies : 1);
  auto work_a = s.rotate_uninit<T>(n, copies);
  auto work_b = s.rotate_uninit<T>(two_ranges ? n : 0, two_ranges ? copies : 1);
  auto prep = [&](int r) {  // r: the run's number (0: validated; rotation r first used at r < copies)
    if (!in_place || (c != rr_case::replace && r >= copies)) return;
    s.ctx.copy_bytes(work_a.at(r), src_a.at(r), std::size_t(n) * sizeof(T));
    if (two_ranges) s.ctx.copy_bytes(work_b.at(r), src_b.at(r), std::size_t(n) * sizeof(T));
  };
  auto check = [&]() -> std::string {
    std::string problem = compare_exact(s.fetch(work_a.at(0), n), ref.data(), n);
    if (problem.empty() && two_ranges) problem = compare_exact(s.fetch(work_b.at(0), n, 1), h_a.data(), n, "second");
    return problem;
  };
  // Each library's call on rotation r; returns false where the output end is wrong.
  auto call = [&](auto policy, auto& lib, int r) {
    T* a = work_a.at(r);
    T* in = reads ? src_a.at(r) : nullptr;
    switch (c) {
      case rr_case::replace: lib.replace(policy, a, a + n, T(0), T(16)); break;
      case rr_case::replace_copy_if: lib.replace_copy_if(policy, in, in + n, a, is_odd_op{}, T(0)); break;
      case rr_case::reverse: lib.reverse(policy, a, a + n); break;
      case rr_case::reverse_copy: lib.reverse_copy(policy, in, in + n, a); break;
      case rr_case::swap_ranges: lib.swap_ranges(policy, a, a + n, work_b.at(r)); break;
      default: lib.generate(policy, a, a + n, seven_gen{}); break;
    }
  };
  bench_key k{algorithm, c == rr_case::replace ? "eq0_of16" : c == rr_case::replace_copy_if ? "odd" : "plain", "",
              "u32", n, c == rr_case::generate ? "none" : "uniform", bytes};
  (void)prep;
  (void)check;
  (void)call;

#if TIDE_COMPARE_HAS_TRANSFORM
  {
    tide_rr lib;
    k.library = "tide";
    s.measure(k, prep, [&](int r) { call(tide_policy(s.ctx), lib, r); }, check);
  }
#endif
#if TIDE_COMPARE_HAS_THRUST
  {
    thrust_rr lib;
    k.library = "thrust";
    s.measure(k, prep, [&](int r) { call(thrust_policy(s.ctx), lib, r); }, check);
  }
#endif
#if !TIDE_COMPARE_DEVICE
  {
    std_rr lib;
    k.library = "std";
    s.measure_host(k, prep, [&](int r) { call(0, lib, r); }, check);
  }
#endif
}

}  // namespace

void bench_replace_reverse(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (rr_case c : {rr_case::replace, rr_case::replace_copy_if, rr_case::reverse, rr_case::reverse_copy,
                      rr_case::swap_ranges, rr_case::generate})
      rr_run_case(s, n, c);
}

}  // namespace cmp
