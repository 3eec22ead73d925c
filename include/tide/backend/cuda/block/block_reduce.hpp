#pragma once
// Block-wide reduction in thread order: warp reductions (warp/warp_reduce.hpp), then the warp
// partials reduced by the first warp. Works for non-commutative operators; the association is
// fixed, so float results are the same on every run.
//
//   using reduce_t = block_reduce<float, 256>;
//   __shared__ reduce_t::temp_storage storage;   // or a member of the kernel's shared union
//   float total = reduce_t(storage).reduce(x, op);  // valid in thread 0
//
// Call __syncthreads() before reusing the storage for something else.

#include "../device_utility.hpp"
#include "../warp/warp_reduce.hpp"

namespace tide::backend::cuda::detail {

template <class T, int BlockThreads>
class block_reduce {
  static_assert(BlockThreads % warp_threads == 0 && BlockThreads <= 1024, "tide: whole warps, at most 1024 threads");
  static constexpr int warps = BlockThreads / warp_threads;

 public:
  struct temp_storage {
    raw_array<T, warps> warp_partials;
  };

  __device__ TIDE_FORCEINLINE explicit block_reduce(temp_storage& storage) : storage_(storage) {}

  /// Reduces one value per thread in thread order; the result is valid in thread 0.
  template <class Op>
  __device__ TIDE_FORCEINLINE T reduce(T v, Op op) {
    v = warp_reduce(v, op);
    return combine_warps(v, warps, op);
  }

  /// Reduces the values of threads [0, valid) (1 <= valid <= BlockThreads); result in thread 0.
  template <class Op>
  __device__ TIDE_FORCEINLINE T reduce(T v, int valid, Op op) {
    if (valid >= BlockThreads) return reduce(v, op);
    const int in_warp = valid - warp_id() * warp_threads;
    if (in_warp > 0) v = warp_reduce_partial(v, in_warp < warp_threads ? in_warp : warp_threads, op);
    return combine_warps(v, (valid + warp_threads - 1) / warp_threads, op);
  }

  /// Reduces N items per thread in blocked order (thread t's items follow thread t-1's); result in
  /// thread 0.
  template <int N, class Op>
  __device__ TIDE_FORCEINLINE T reduce(const T (&items)[N], Op op) {
    T v = items[0];
#pragma unroll
    for (int i = 1; i < N; ++i) v = op(v, items[i]);
    return reduce(v, op);
  }

  /// Reduces one value per thread; every thread gets the result (one more barrier).
  template <class Op>
  __device__ TIDE_FORCEINLINE T all_reduce(T v, Op op) {
    v = reduce(v, op);
    __syncthreads();
    if (threadIdx.x == 0) storage_.warp_partials[0] = v;
    __syncthreads();
    return storage_.warp_partials[0];
  }

 private:
  // Lane 0 of each warp holds its warp's value; the first `used` warps count.
  template <class Op>
  __device__ TIDE_FORCEINLINE T combine_warps(T v, int used, Op op) {
    if constexpr (warps == 1) {
      return v;
    } else {
      const int warp = warp_id(), lane = lane_id();
      if (lane == 0 && warp < used) storage_.warp_partials[warp] = v;
      __syncthreads();
      if (warp == 0) {
        T w = storage_.warp_partials[lane < used ? lane : 0];
        w = warp_reduce_partial(w, used, op);
        if (lane == 0) v = w;
      }
      return v;
    }
  }

  temp_storage& storage_;
};

}  // namespace tide::backend::cuda::detail
