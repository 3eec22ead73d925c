// The merge sort's rows that sessions 16 and 17's microbenchmarks share: random f32 keys sorted by a
// user comparator (a > b), Thrust's order (par_nosync, as compare/ calls it) the reference, and a
// row per call that sorts the same keys, timed after restoring them and checked against Thrust's.
#pragma once
#include <tide/tide.hpp>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <cstdio>
#include <random>
#include <vector>

#include "experiment.cuh"

struct custom_greater {
  template <class T>
  __host__ __device__ bool operator()(const T& a, const T& b) const { return a > b; }
};

/// A merge sort shape for merge_sort_shaped: tiles of Threads x Items sorted by a block, rounds of
/// RT x RI outputs (RT >= 64).
template <int Threads, int Items, int RT = Threads, int RI = Items>
struct msort_shape {
  static constexpr int threads = Threads, items = Items, tile = Threads * Items;
  using round = tide::backend::cuda::detail::merge_round_shape<RT, RI>;
};

/// n random f32 keys on the device; thrust_ms: Thrust's sort of them; row(): another sort's.
class custom_sort_bench {
 public:
  explicit custom_sort_bench(std::size_t n, int reps = 21) : custom_sort_bench(random_keys(n), n, reps) {}
  /// The keys d_src[0, n) (a device buffer this object frees).
  custom_sort_bench(float* d_src, std::size_t n, int reps) : n_(n), reps_(reps), src_(d_src), want_(n), got_(n) {
    for (float** p : {&keys_, &ref_}) CK(cudaMalloc(p, n * 4));
    thrust_ms = time_prepped_ms([&] { restore(ref_); },
                                [&] { thrust::sort(thrust::cuda::par_nosync, ref_, ref_ + n_, custom_greater{}); },
                                reps_);
    CK(cudaMemcpy(want_.data(), ref_, n * 4, cudaMemcpyDeviceToHost));
  }
  ~custom_sort_bench() {
    for (float* p : {src_, keys_, ref_}) cudaFree(p);
  }
  custom_sort_bench(const custom_sort_bench&) = delete;
  custom_sort_bench& operator=(const custom_sort_bench&) = delete;

  /// The keys f must sort in place (restored before every call).
  float* keys() const { return keys_; }
  tide::size_type size() const { return tide::size_type(n_); }

  /// Times f (median ms) and sets `same` to whether it ordered the keys as Thrust did.
  template <class F>
  double time(F&& f, bool& same) {
    const double ms = time_prepped_ms([&] { restore(keys_); }, f, reps_);
    CK(cudaMemcpy(got_.data(), keys_, n_ * 4, cudaMemcpyDeviceToHost));
    same = got_ == want_;
    return ms;
  }
  /// Times f, checks its order, prints "<what> n=... <label> ms thrust ms ratio same|MISMATCH".
  template <class F>
  double row(const char* what, const char* label, F&& f) {
    bool same = false;
    const double ms = time(f, same);
    std::printf("%s n=%zu %-16s %.4f ms thrust %.4f ms thrust/tide %.3f %s\n", what, n_, label, ms, thrust_ms,
                thrust_ms / ms, same ? "same" : "MISMATCH");
    return ms;
  }
  /// tide::sort's row.
  double tide_row(const char* what) {
    return row(what, "tide::sort", [&] { tide::sort(tide::device, keys_, keys_ + n_, custom_greater{}); });
  }

  double thrust_ms = 0;

 private:
  static float* random_keys(std::size_t n) {
    std::vector<float> h(n);
    std::mt19937 g(12);
    std::uniform_real_distribution<float> u(-1e6f, 1e6f);
    for (auto& x : h) x = u(g);
    float* d;
    CK(cudaMalloc(&d, n * 4));
    CK(cudaMemcpy(d, h.data(), n * 4, cudaMemcpyHostToDevice));
    return d;
  }
  void restore(float* d) const { CK(cudaMemcpyAsync(d, src_, n_ * 4, cudaMemcpyDeviceToDevice)); }
  std::size_t n_;
  int reps_;
  float *src_ = nullptr, *keys_ = nullptr, *ref_ = nullptr;
  std::vector<float> want_, got_;
};
