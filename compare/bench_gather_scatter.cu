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

void gather_scatter_case(suite& s, std::int64_t n, op_kind op, bool random_map) {
  using T = std::uint32_t;
  const bool with_stencil = op == op_kind::gather_if || op == op_kind::scatter_if;
  const bool is_gather = op == op_kind::gather || op == op_kind::gather_if;
  const double bytes = (with_stencil ? 16.0 : 12.0) * double(n);
  const int copies = s.copies_for(bytes);
  if (!s.fits(bytes * copies + 64e6, op_name(op), n)) return;

  std::vector<T> h_in = uniform<T>(n, s.opt.seed ^ std::uint64_t(n));
  std::vector<std::uint32_t> h_map(static_cast<std::size_t>(n));
  if (random_map) h_map = random_permutation<std::uint32_t>(n, s.opt.seed ^ std::uint64_t(n) ^ 0x3c);
  else parallel_fill(h_map, [](std::int64_t i) { return std::uint32_t(i); });
  std::vector<std::uint32_t> h_stencil(static_cast<std::size_t>(n), 1u);
  if (with_stencil)
    parallel_fill(h_stencil, [&](std::int64_t i) { return std::uint32_t(random_at(s.opt.seed ^ 0x5e, i) & 1); });

  std::vector<T> ref(static_cast<std::size_t>(n), T(0));  // outputs not written stay 0 (prep clears them)
  for (std::int64_t i = 0; i < n; ++i) {
    if (!h_stencil[i]) continue;
    if (is_gather) ref[i] = h_in[h_map[i]];
    else ref[h_map[i]] = h_in[i];
  }
  auto in = s.rotate(h_in, copies);
  auto map = s.rotate(h_map, copies);
  auto stencil = s.rotate(with_stencil ? h_stencil : std::vector<std::uint32_t>(), with_stencil ? copies : 1);
  auto out = s.rotate_uninit<T>(n, copies);
  auto prep = [&](int r) {
    if (r == 0) s.ctx.fill_bytes(out.at(0), 0, std::size_t(n) * sizeof(T));  // only the validated run needs it
  };
  auto check = [&] {
    std::vector<T> got = s.download(out.at(0), n);
    return compare_exact(got.data(), ref.data(), n);
  };
  bench_key k{op_name(op), with_stencil ? "stencil_half" : "map_u32", "", "u32", n,
              random_map ? "random_map" : "sequential_map", bytes};
  (void)prep;
  (void)check;

#if TIDE_COMPARE_HAS_GATHER && TIDE_COMPARE_HAS_SCATTER
  k.library = "tide";
  s.measure(k, prep, [&](int r) {
    auto p = tide_policy(s.ctx);
    switch (op) {
      case op_kind::gather: tide::gather(p, map.at(r), map.at(r) + n, in.at(r), out.at(r)); break;
      case op_kind::gather_if: tide::gather_if(p, map.at(r), map.at(r) + n, stencil.at(r), in.at(r), out.at(r)); break;
      case op_kind::scatter: tide::scatter(p, in.at(r), in.at(r) + n, map.at(r), out.at(r)); break;
      case op_kind::scatter_if: tide::scatter_if(p, in.at(r), in.at(r) + n, map.at(r), stencil.at(r), out.at(r)); break;
    }
  }, check);
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

}  // namespace

void bench_gather_scatter(suite& s) {
  for (std::int64_t n : s.opt.sizes)
    for (op_kind op : {op_kind::gather, op_kind::scatter, op_kind::gather_if, op_kind::scatter_if})
      for (bool random_map : {true, false}) gather_scatter_case(s, n, op, random_map);
}

}  // namespace cmp
