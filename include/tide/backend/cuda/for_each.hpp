#pragma once
// for_each_n, transform and transform2 on the CUDA system: one tile per block. Contiguous aligned
// pointers of vectorizable types move in 16-byte vector runs, all of a thread's loads issued before
// any store (out may equal an input, so the compiler could not hoist them itself); anything else
// moves item by item, striped so that pointer-like iterators stay coalesced.

#include <algorithm>
#include <type_traits>

#include "../../execution.hpp"
#include "block/block_load_store.hpp"
#include "block/striped_access.hpp"
#include "device_utility.hpp"
#include "launch.hpp"

namespace tide::backend::cuda {
namespace detail {

/// Element-wise tiles (sm_90 and newer): items per thread by the largest element.
template <std::size_t MaxBytes, int Arch>
struct transform_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = MaxBytes <= 4 ? 16 : MaxBytes <= 8 ? 8 : 4;
};
template <std::size_t MaxBytes>
struct transform_tuning<MaxBytes, 800> : transform_tuning<MaxBytes, 900> {};

/// A gather (the input read through a permutation): 4 items per thread. On an H200 a 2^28 u32
/// gather with a random map took 6.82 ms at 4, 6.84 at 8 and 16 (each with evict-first streams).
template <int Arch>
struct gather_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = 4;
};

/// for_each_n tiles (sm_90 and newer): striped items per thread.
template <int Arch>
struct for_each_tuning {
  static constexpr int block_threads = 256;
  static constexpr int items_per_thread = 4;
};
template <>
struct for_each_tuning<800> : for_each_tuning<900> {};

template <int Threads>
struct striped_tile {
  size_type begin;
  int valid;
  template <int Items>
  __device__ TIDE_FORCEINLINE static striped_tile make(size_type n) {
    const size_type begin = size_type(blockIdx.x) * Threads * Items;
    const size_type left = n - begin;
    return {begin, left < size_type(Threads) * Items ? int(left) : Threads * Items};
  }
};

template <int Threads, int Items, class It, class F>
__global__ void __launch_bounds__(Threads) for_each_kernel(It first, size_type n, F f) {
  const auto t = striped_tile<Threads>::template make<Items>(n);
  It base = first + t.begin;
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const int k = i * Threads + int(threadIdx.x);
    if (k < t.valid) f(base[k]);
  }
}

/// The second input of a unary transform.
struct no_input {};

template <class It>
constexpr std::size_t input_bytes() {
  if constexpr (std::is_same_v<It, no_input>) return 0;
  else return sizeof(iter_value_t<It>);
}

/// Unary (In2 = no_input) or binary transform of one tile. Vector: runs of RunLen items per access.
template <int Threads, int Items, int RunLen, bool Vector, class In1, class In2, class Out, class Op>
__global__ void __launch_bounds__(Threads) transform_kernel(In1 in1, In2 in2, Out out, size_type n, Op op) {
  constexpr bool binary = !std::is_same_v<In2, no_input>;
  const auto t = striped_tile<Threads>::template make<Items>(n);
  const int tid = int(threadIdx.x);
  if constexpr (Vector) {
    if (t.valid == Threads * Items) {
      using v1_t = iter_value_t<In1>;
      using out_t = std::remove_pointer_t<Out>;
      constexpr int runs = Items / RunLen;
      aligned_run<v1_t, RunLen> a[runs];
#pragma unroll
      for (int r = 0; r < runs; ++r) a[r] = load_run<RunLen>(in1 + t.begin + (r * Threads + tid) * RunLen);
      if constexpr (binary) {
        aligned_run<iter_value_t<In2>, RunLen> b[runs];
#pragma unroll
        for (int r = 0; r < runs; ++r) b[r] = load_run<RunLen>(in2 + t.begin + (r * Threads + tid) * RunLen);
#pragma unroll
        for (int r = 0; r < runs; ++r) {
          aligned_run<out_t, RunLen> o;
#pragma unroll
          for (int e = 0; e < RunLen; ++e) o.v[e] = op(a[r].v[e], b[r].v[e]);
          store_run(out + t.begin + (r * Threads + tid) * RunLen, o);
        }
      } else {
#pragma unroll
        for (int r = 0; r < runs; ++r) {
          aligned_run<out_t, RunLen> o;
#pragma unroll
          for (int e = 0; e < RunLen; ++e) o.v[e] = op(a[r].v[e]);
          store_run(out + t.begin + (r * Threads + tid) * RunLen, o);
        }
      }
      return;
    }
  }
  // Item by item, striped; loads first, then the results, then the stores. With a side accessed at
  // random (a gather or a scatter), the others are streamed evict-first.
  constexpr bool once = is_permutation<In1>::value || is_permutation<In2>::value || is_permutation<Out>::value;
  In1 a_base = in1 + t.begin;
  iter_value_t<In1> a[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i)
    if (i * Threads + tid < t.valid) a[i] = read_item<once>(a_base, i * Threads + tid);
  if constexpr (binary) {
    In2 b_base = in2 + t.begin;
    iter_value_t<In2> b[Items];
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (i * Threads + tid < t.valid) b[i] = read_item<once>(b_base, i * Threads + tid);
    using result_t = std::decay_t<decltype(op(a[0], b[0]))>;
    result_t r[Items];
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (i * Threads + tid < t.valid) r[i] = op(a[i], b[i]);
    store_striped<Threads, once>(out + t.begin, r, tid, t.valid);  // a scatter's indices loaded first
  } else {
    using result_t = std::decay_t<decltype(op(a[0]))>;
    result_t r[Items];
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (i * Threads + tid < t.valid) r[i] = op(a[i]);
    store_striped<Threads, once>(out + t.begin, r, tid, t.valid);
  }
}

/// One transform with the given tuning (block_threads, items_per_thread); n > 0.
template <class Tuning, class In1, class In2, class Out, class Op>
void transform_tuned(const cuda_policy& p, In1 in1, In2 in2, size_type n, Out out, Op op, const char* algorithm) {
  constexpr bool binary = !std::is_same_v<In2, no_input>;
  constexpr int threads = Tuning::block_threads, items = Tuning::items_per_thread;
  const unsigned grid = tile_grid(ceil_div(n, threads * items), algorithm);
  auto go = [&](auto vector, auto run_len) {
    launch(algorithm, "transform_kernel",
           &transform_kernel<threads, items, decltype(run_len)::value, decltype(vector)::value, In1, In2, Out, Op>,
           grid, threads, 0, p.stream, in1, in2, out, n, op);
  };
  constexpr int run = [] {
    if constexpr (!(std::is_pointer_v<In1> && std::is_pointer_v<Out>)) {
      return 0;
    } else if constexpr (binary) {
      if constexpr (std::is_pointer_v<In2>)
        return direct_run_items<items, iter_value_t<In1>, iter_value_t<In2>, std::remove_pointer_t<Out>>();
      else
        return 0;
    } else {
      return direct_run_items<items, iter_value_t<In1>, std::remove_pointer_t<Out>>();
    }
  }();
  if constexpr (run > 0) {
    bool aligned =
        is_aligned(in1, run * sizeof(iter_value_t<In1>)) && is_aligned(out, run * sizeof(std::remove_pointer_t<Out>));
    if constexpr (binary) aligned = aligned && is_aligned(in2, run * sizeof(iter_value_t<In2>));
    if (aligned) {
      go(std::true_type{}, std::integral_constant<int, run>{});
      return;
    }
  }
  go(std::false_type{}, std::integral_constant<int, 1>{});
}

template <class In1, class In2, class Out, class Op>
void transform_impl(const cuda_policy& p, In1 in1, In2 in2, size_type n, Out out, Op op, const char* algorithm) {
  if (n == 0) return;
  check_pending(algorithm);
  constexpr std::size_t max_bytes = std::max({input_bytes<In1>(), input_bytes<In2>(), std::size_t(1)});
  with_arch([&](auto arch) {
    constexpr int a = decltype(arch)::value;
    if constexpr (is_permutation<In1>::value && std::is_same_v<In2, no_input>)
      transform_tuned<gather_tuning<a>>(p, in1, in2, n, out, op, algorithm);
    else
      transform_tuned<transform_tuning<max_bytes, a>>(p, in1, in2, n, out, op, algorithm);
  });
}

}  // namespace detail

/// f(x) for each x in [first, first + n), in no particular order.
template <class It, class F>
void for_each_n(const cuda_policy& p, It first, size_type n, F f) {
  if (n == 0) return;
  constexpr const char* algorithm = "for_each";
  detail::check_pending(algorithm);
  detail::with_arch([&](auto arch) {
    using tuning = detail::for_each_tuning<decltype(arch)::value>;
    constexpr int threads = tuning::block_threads, items = tuning::items_per_thread;
    const unsigned grid = detail::tile_grid(detail::ceil_div(n, threads * items), algorithm);
    detail::launch(algorithm, "for_each_kernel", &detail::for_each_kernel<threads, items, It, F>, grid, threads, 0,
                   p.stream, first, n, f);
  });
}

/// out[i] = op(first[i]). out may equal first.
template <class InputIt, class OutputIt, class Op>
void transform(const cuda_policy& p, InputIt first, size_type n, OutputIt out, Op op) {
  detail::transform_impl(p, first, detail::no_input{}, n, out, op, "transform");
}

/// out[i] = op(first1[i], first2[i]). out may equal either input.
template <class InputIt1, class InputIt2, class OutputIt, class Op>
void transform2(const cuda_policy& p, InputIt1 first1, size_type n, InputIt2 first2, OutputIt out, Op op) {
  detail::transform_impl(p, first1, first2, n, out, op, "transform");
}

}  // namespace tide::backend::cuda
