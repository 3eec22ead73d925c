// gather, gather_if, scatter, scatter_if (u32 values, u32 map), with a random permutation or the
// identity as the map; the _if forms with a stencil that lets half the elements through.
// Bytes (each array touched once): gather/scatter 12n, the _if forms 16n. CUB has no gather or
// scatter; the rows are tide's and Thrust's.

#include "harness/libs.hpp"

#if TIDE_COMPARE_HAS_GATHER
#include <tide/gather.hpp>
#endif
#if TIDE_COMPARE_HAS_SCATTER
#include <tide/scatter.hpp>
#endif
#if TIDE_COMPARE_HAS_THRUST
#include <thrust/gather.h>
#include <thrust/scatter.h>
#endif

namespace cmp {
namespace {

enum class op_kind { gather, gather_if, scatter, scatter_if };

const char* op_name(op_kind op) {
  switch (op) {
    case op_kind::gather: return "gather";
    case op_kind::gather_if: return "gather_if";
    case op_kind::scatter: return "scatter";
    default: return "scatter_if";
  }
}

/// The four operations on one input, map and stencil (made and uploaded once for the four).
void gather_scatter_cases(suite& s, std::int64_t n, bool random_map) {
  using T = std::uint32_t;
  const int copies = s.copies_for(12.0 * double(n));  // the smallest working set: >= 4x the cache for all four
  if (!s.fits(16.0 * double(n) * copies + 64e6, random_map ? "gather/scatter, random map" : "gather/scatter", n)) return;

  const auto h_in = uniform<T, host_vec<T>>(n, s.opt.seed ^ std::uint64_t(n));
  host_vec<std::uint32_t> h_map;
  host_vec<std::uint32_t> h_stencil(static_cast<std::size_t>(n));
  {
    phase_scope gen(phase::gen);
    if (random_map) h_map = random_permutation<std::uint32_t, host_vec<std::uint32_t>>(n, s.opt.seed ^ std::uint64_t(n) ^ 0x3c);
    else {
      h_map.resize(static_cast<std::size_t>(n));
      parallel_fill(h_map, [](std::int64_t i) { return std::uint32_t(i); });
    }
    parallel_fill(h_stencil, [&](std::int64_t i) { return std::uint32_t(random_at(s.opt.seed ^ 0x5e, i) & 1); });
  }
  auto in = s.rotate(h_in, copies);
  auto map = s.rotate(h_map, copies);
  auto stencil = s.rotate(h_stencil, copies);
  auto out = s.rotate_uninit<T>(n, copies);
  auto prep = [&](int r) {
    if (r == 0) s.ctx.fill_bytes(out.at(0), 0, std::size_t(n) * sizeof(T));  // only the validated run needs it
  };
  (void)prep;

  for (op_kind op : {op_kind::gather, op_kind::scatter, op_kind::gather_if, op_kind::scatter_if}) {
    const bool with_stencil = op == op_kind::gather_if || op == op_kind::scatter_if;
    const bool is_gather = op == op_kind::gather || op == op_kind::gather_if;
    auto kept = [&](std::int64_t i) { return !with_stencil || h_stencil[i] != 0; };
    // The expected output, once per operation (random reads or writes: one pass on all threads,
    // then each library's check compares in order). Outputs not written stay 0 (the validated
    // run's prep clears them).
    host_vec<T> ref(static_cast<std::size_t>(n));
    {
      phase_scope reference(phase::ref);
      if (is_gather) {
        parallel_fill(ref, [&](std::int64_t i) { return kept(i) ? h_in[h_map[i]] : T(0); });
      } else {
        parallel_fill(ref, [](std::int64_t) { return T(0); });
        parallel_for(n, [&](std::int64_t i) {  // a permutation: no two i write one place
          if (kept(i)) ref[h_map[i]] = h_in[i];
        });
      }
    }
    auto check = [&] { return compare_exact(s.fetch(out.at(0), n), ref.data(), n); };
    bench_key k{op_name(op), with_stencil ? "stencil_half" : "map_u32", "", "u32", n,
                random_map ? "random_map" : "sequential_map", (with_stencil ? 16.0 : 12.0) * double(n)};
    (void)check;

#if TIDE_COMPARE_HAS_GATHER && TIDE_COMPARE_HAS_SCATTER
    measure_tide(s, k, prep, [&](auto p, int r) {
      switch (op) {
        case op_kind::gather: tide::gather(p, map.at(r), map.at(r) + n, in.at(r), out.at(r)); break;
        case op_kind::gather_if: tide::gather_if(p, map.at(r), map.at(r) + n, stencil.at(r), in.at(r), out.at(r)); break;
        case op_kind::scatter: tide::scatter(p, in.at(r), in.at(r) + n, map.at(r), out.at(r)); break;
        case op_kind::scatter_if: tide::scatter_if(p, in.at(r), in.at(r) + n, map.at(r), stencil.at(r), out.at(r)); break;
      }
    }, check, random_map && !with_stencil);  // scaling rows: gather and scatter through a random map
#endif
#if TIDE_COMPARE_HAS_THRUST
    k.library = "thrust";
    s.measure(k, prep, [&](int r) {
      auto p = thrust_policy(s.ctx);
      switch (op) {
        case op_kind::gather: thrust::gather(p, map.at(r), map.at(r) + n, in.at(r), out.at(r)); break;
        case op_kind::gather_if: thrust::gather_if(p, map.at(r), map.at(r) + n, stencil.at(r), in.at(r), out.at(r)); break;
        case op_kind::scatter: thrust::scatter(p, in.at(r), in.at(r) + n, map.at(r), out.at(r)); break;
        case op_kind::scatter_if: thrust::scatter_if(p, in.at(r), in.at(r) + n, map.at(r), stencil.at(r), out.at(r)); break;
      }
    }, check);
#endif
  }
}

}  // namespace

void bench_gather_scatter(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (bool random_map : {true, false}) gather_scatter_cases(s, n, random_map);
}

}  // namespace cmp
