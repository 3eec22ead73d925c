// Batched tridiagonal solves (issue 8), f32: batches of 2^16 systems of n = 64, 256, 1024 in both
// layouts, and one system of n = 2^22. Libraries: tide and cuSPARSE (gtsv2StridedBatch for the
// contiguous layout, gtsvInterleavedBatch with its Thomas algorithm, algo 0, for the interleaved
// one). Bytes: the five arrays of n * batch values an ideal solver moves (a, b, c, d read, x
// written); `n` in results.csv is n * batch, the case names n and the batch.
//
// Cases: "n<n>_b<batch>" is the public tide::solve_tridiagonal (which waits, to report zero
// pivots; its flag is in pinned host memory); "n<n>_b<batch>_sync_device_flag" is the same call
// with the flag in device memory, cleared by a memset and copied back (the round trip before);
// "n<n>_b<batch>_<algorithm>" launches one of the CUDA backend's algorithms without waiting, as
// cuSPARSE's calls do: automatic, hybrid, pcr, cr (the seed's comparison), thomas (per thread,
// rows loaded ahead; thomas_p1/p4/p8: that many rows in flight, interleaved only, p1 being the
// plain sweep), staged (Thomas per lane from shared memory, 32 systems a warp; only where its tile
// fits, past it it is thomas) and partition (a warp per system; contiguous only, where its tile
// fits). Without a GPU: tide::par on smaller batches. Validation: the largest relative residual
// ||A x - d|| / ||d|| over the systems, in double, below 1e-4. Fraction of the memory bandwidth:
// GB/s here (20 bytes a row) over memcpy's GB/s in the same run.

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "harness/libs.hpp"

#ifndef TIDE_COMPARE_HAS_TRIDIAGONAL
#if __has_include(<tide/tridiagonal.hpp>) && (!TIDE_COMPARE_DEVICE || __has_include(<tide/backend/cuda/tridiagonal.hpp>))
#define TIDE_COMPARE_HAS_TRIDIAGONAL 1
#else
#define TIDE_COMPARE_HAS_TRIDIAGONAL 0
#endif
#endif
#if TIDE_COMPARE_HAS_TRIDIAGONAL
#include <tide/tridiagonal.hpp>
#endif
// cuSPARSE's rows: on when the build links it (compare/CMakeLists.txt defines this then).
#ifndef TIDE_COMPARE_HAS_CUSPARSE
#define TIDE_COMPARE_HAS_CUSPARSE 0
#endif
#if TIDE_COMPARE_DEVICE && TIDE_COMPARE_HAS_CUSPARSE
#include <cusparse.h>
#endif

namespace cmp {
namespace {

/// Diagonally dominant systems: a, c in (-1, 0], b in [2.5, 3.5), d in [0, 1); a[0] = c[n-1] = 0
/// (cuSPARSE reads them).
struct tri_inputs {
  std::vector<float> a, b, c, d;
};

tri_inputs make_inputs(std::int64_t n, std::int64_t batch, bool interleaved, std::uint64_t seed) {
  const std::int64_t total = n * batch;
  tri_inputs in{std::vector<float>(total), std::vector<float>(total), std::vector<float>(total), std::vector<float>(total)};
  auto row_of = [&](std::int64_t k) { return interleaved ? k / batch : k % n; };
  parallel_fill(in.a, [&](std::int64_t k) { return row_of(k) == 0 ? 0.0f : -uniform_value<float>(random_at(seed, 4 * k)); });
  parallel_fill(in.b, [&](std::int64_t k) { return 2.5f + uniform_value<float>(random_at(seed, 4 * k + 1)); });
  parallel_fill(in.c, [&](std::int64_t k) { return row_of(k) == n - 1 ? 0.0f : -uniform_value<float>(random_at(seed, 4 * k + 2)); });
  parallel_fill(in.d, [&](std::int64_t k) { return uniform_value<float>(random_at(seed, 4 * k + 3)); });
  return in;
}

/// "" when every system's relative residual is below 1e-4.
std::string check_residual(const tri_inputs& in, const std::vector<float>& x, std::int64_t n, std::int64_t batch,
                           bool interleaved) {
  auto at = [&](std::int64_t s, std::int64_t i) { return interleaved ? i * batch + s : s * n + i; };
  std::vector<double> worst(static_cast<std::size_t>(batch));
  parallel_fill(worst, [&](std::int64_t s) {
    double r2 = 0, d2 = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t k = at(s, i);
      double ax = double(in.b[k]) * x[k];
      if (i > 0) ax += double(in.a[k]) * x[at(s, i - 1)];
      if (i + 1 < n) ax += double(in.c[k]) * x[at(s, i + 1)];
      r2 += (ax - in.d[k]) * (ax - in.d[k]);
      d2 += double(in.d[k]) * in.d[k];
    }
    const double r = std::sqrt(r2) / std::max(std::sqrt(d2), 1e-300);
    return std::isfinite(r) ? r : 1e300;
  });
  const double w = *std::max_element(worst.begin(), worst.end());
  return w < 1e-4 ? "" : "relative residual " + std::to_string(w);
}

void tridiagonal_case(suite& s, std::int64_t n, std::int64_t batch, bool interleaved) {
  const std::int64_t total = n * batch;
  const double array_bytes = double(total) * sizeof(float);
  const int copies = s.copies_for(5 * array_bytes);
  // Inputs rotated, x rotated, and cuSPARSE's pristine copies (it overwrites its inputs).
  if (!s.fits(array_bytes * (5 * copies + 8), "tridiagonal", total)) return;
  tri_inputs h = make_inputs(n, batch, interleaved, s.opt.seed ^ std::uint64_t(n) ^ (std::uint64_t(batch) << 32));
  auto a = s.rotate(h.a, copies), b = s.rotate(h.b, copies), c = s.rotate(h.c, copies), d = s.rotate(h.d, copies);
  auto x = s.rotate_uninit<float>(total, copies);
  auto check = [&] { return check_residual(h, s.download(x.at(0), total), n, batch, interleaved); };
  const std::string name = "n" + std::to_string(n) + "_b" + std::to_string(batch);
  bench_key k{interleaved ? "tridiagonal_interleaved" : "tridiagonal_strided", name, "tide", "f32", total,
              "diag_dominant", 5 * array_bytes};
  (void)k;
  (void)check;
#if TIDE_COMPARE_HAS_TRIDIAGONAL
  const auto layout = interleaved ? tide::tridiagonal_layout::interleaved : tide::tridiagonal_layout::contiguous;
  s.measure(k, [&](int r) {
    tide::solve_tridiagonal(tide_policy(s.ctx), a.at(r), b.at(r), c.at(r), d.at(r), x.at(r), n, batch, layout);
  }, check);
#if TIDE_COMPARE_DEVICE
  {
    namespace tcd = tide::backend::cuda::detail;
    auto d_failed = s.ctx.alloc<unsigned long long>(1);
    auto policy = tide_policy(s.ctx);
    // The public call's round trip before: the flag in device memory, a memset and a copy back.
    k.case_name = name + "_sync_device_flag";
    s.measure(k, [&](int r) {
      const auto failed = tcd::solve_tridiagonal_with<float>(policy, tcd::tridiagonal_algorithm::automatic, a.at(r),
                                                             b.at(r), c.at(r), d.at(r), x.at(r), n, batch, interleaved,
                                                             false);
      if (failed >= 0) throw std::runtime_error("reported a zero pivot");
    }, check);
    // One variant: the async call (kernels only), timed like cuSPARSE's. `launch` runs run(r).
    auto variant = [&](const std::string& suffix, auto&& launch) {
      k.case_name = name + "_" + suffix;
      // The async call only lowers the flag (atomicMin): it starts at "none", once per variant.
      tcd::clear_failed_flag(d_failed.get(), s.ctx.stream());
      s.measure(k, launch, [&] {
        unsigned long long failed = 0;
        s.ctx.download(&failed, d_failed.get(), 1);
        std::string problem = check();
        return !problem.empty() ? problem : failed != tcd::no_failed_system ? "reported a zero pivot" : std::string();
      });
    };
    const std::pair<const char*, tcd::tridiagonal_algorithm> algorithms[] = {
        {"automatic", tcd::tridiagonal_algorithm::automatic}, {"hybrid", tcd::tridiagonal_algorithm::hybrid},
        {"pcr", tcd::tridiagonal_algorithm::pcr},             {"cr", tcd::tridiagonal_algorithm::cr},
        {"thomas", tcd::tridiagonal_algorithm::thomas},       {"staged", tcd::tridiagonal_algorithm::staged},
        {"partition", tcd::tridiagonal_algorithm::partition}};
    for (const auto& entry : algorithms) {
      const tcd::tridiagonal_algorithm algorithm = entry.second;  // a lambda cannot capture a binding in C++17
      // One thread walking 2^22 rows takes seconds a run: Thomas (and staged past its tile, which
      // is Thomas) is for batches. Past their tiles staged and partition are other rows' kernels;
      // partition in the interleaved layout is correct but uncoalesced.
      const bool thomas_like = algorithm == tcd::tridiagonal_algorithm::thomas || algorithm == tcd::tridiagonal_algorithm::staged;
      if (thomas_like && batch < 1024) continue;
      if (algorithm == tcd::tridiagonal_algorithm::staged && !tcd::staged_fits<float>(n, interleaved)) continue;
      if (algorithm == tcd::tridiagonal_algorithm::partition && (interleaved || !tcd::partition_fits<float>(n))) continue;
      variant(entry.first, [&](int r) {
        tcd::solve_tridiagonal_async<float>(policy, algorithm, a.at(r), b.at(r), c.at(r), d.at(r), x.at(r), n, batch,
                                            interleaved, d_failed.get());
      });
    }
    if (interleaved && batch >= 1024) {
      auto thomas_at = [&](auto prefetch) {
        constexpr int depth = decltype(prefetch)::value;
        variant("thomas_p" + std::to_string(depth), [&](int r) {
          tcd::launch_thomas<float, depth>(
              policy, tcd::make_tridiagonal_batch(a.at(r), b.at(r), c.at(r), d.at(r), x.at(r), n, batch, interleaved),
              d_failed.get());
        });
      };
      thomas_at(std::integral_constant<int, 1>{});
      thomas_at(std::integral_constant<int, 4>{});
      thomas_at(std::integral_constant<int, 8>{});
    }
    k.case_name = name;
  }
#endif
#endif
#if TIDE_COMPARE_DEVICE && TIDE_COMPARE_HAS_CUSPARSE
  {
    k.library = "cusparse";
    cusparseHandle_t handle = nullptr;
    if (cusparseCreate(&handle) != CUSPARSE_STATUS_SUCCESS) return s.fail(k, "cusparseCreate failed");
    cusparseSetStream(handle, s.ctx.stream());
    auto ok = [](cusparseStatus_t st, const char* what) {
      if (st != CUSPARSE_STATUS_SUCCESS) throw std::runtime_error(std::string(what) + ": cusparse status " + std::to_string(int(st)));
    };
    // cuSPARSE solves in place (x holds d on entry): d is copied to x before each run, untimed.
    auto restore_x = [&](int r) { s.ctx.copy_bytes(x.at(r), d.at(r), std::size_t(array_bytes)); };
    if (!interleaved) {
      std::size_t bytes = 0;
      ok(cusparseSgtsv2StridedBatch_bufferSizeExt(handle, int(n), a.at(0), b.at(0), c.at(0), x.at(0), int(batch), int(n), &bytes),
         "gtsv2StridedBatch_bufferSizeExt");
      auto buffer = s.ctx.alloc<char>(std::max<std::size_t>(bytes, 1));
      s.measure(k, restore_x, [&](int r) {
        ok(cusparseSgtsv2StridedBatch(handle, int(n), a.at(r), b.at(r), c.at(r), x.at(r), int(batch), int(n), buffer.get()),
           "gtsv2StridedBatch");
      }, check);
    } else {
      // gtsvInterleavedBatch overwrites dl, d and du too: they are restored from pristine copies.
      auto a0 = s.upload(h.a), b0 = s.upload(h.b), c0 = s.upload(h.c);
      std::size_t bytes = 0;
      ok(cusparseSgtsvInterleavedBatch_bufferSizeExt(handle, 0, int(n), a.at(0), b.at(0), c.at(0), x.at(0), int(batch), &bytes),
         "gtsvInterleavedBatch_bufferSizeExt");
      auto buffer = s.ctx.alloc<char>(std::max<std::size_t>(bytes, 1));
      s.measure(k, [&](int r) {
        restore_x(r);
        s.ctx.copy_bytes(a.at(r), a0.get(), std::size_t(array_bytes));
        s.ctx.copy_bytes(b.at(r), b0.get(), std::size_t(array_bytes));
        s.ctx.copy_bytes(c.at(r), c0.get(), std::size_t(array_bytes));
      }, [&](int r) {
        ok(cusparseSgtsvInterleavedBatch(handle, 0, int(n), a.at(r), b.at(r), c.at(r), x.at(r), int(batch), buffer.get()),
           "gtsvInterleavedBatch");
      }, check);
    }
    cusparseDestroy(handle);
  }
#endif
}

}  // namespace

void bench_tridiagonal(suite& s) {
  // The issue's cases on a GPU; a sixteenth of the batch on the host.
  const std::int64_t batch = TIDE_COMPARE_DEVICE ? (std::int64_t(1) << 16) : (std::int64_t(1) << 12);
  for (std::int64_t n : {64, 256, 1024}) {
    tridiagonal_case(s, n, batch, false);
    tridiagonal_case(s, n, batch, true);
  }
  tridiagonal_case(s, TIDE_COMPARE_DEVICE ? (std::int64_t(1) << 22) : (std::int64_t(1) << 20), 1, false);
}

}  // namespace cmp
