#pragma once
// Small pieces shared by the CUDA building blocks (warp/, block/, lookback.hpp) and the device-wide
// algorithms: warp geometry, uninitialized shared storage, shuffles of any trivially copyable type
// (by 4-byte words), which loads can be vectorized, and the choice of tuning by compute capability.

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <utility>

#include "../../config.hpp"
#include "launch.hpp"

namespace tide::backend::cuda::detail {

inline constexpr int warp_threads = 32;
inline constexpr unsigned full_warp_mask = 0xffffffffu;

/// This thread's lane and warp in a one-dimensional block.
__device__ TIDE_FORCEINLINE int lane_id() { return int(threadIdx.x) & (warp_threads - 1); }
__device__ TIDE_FORCEINLINE int warp_id() { return int(threadIdx.x) / warp_threads; }

constexpr size_type ceil_div(size_type a, size_type b) { return (a + b - 1) / b; }

/// Room for N objects of T in shared memory, constructed by nobody: `__shared__` variables cannot
/// have constructors, and accumulator types may. T must be trivially copyable.
template <class T, int N>
struct raw_array {
  static_assert(std::is_trivially_copyable_v<T>, "tide: device values must be trivially copyable");
  alignas(alignof(T) > 16 ? alignof(T) : 16) unsigned char bytes[sizeof(T) * N];
  __device__ TIDE_FORCEINLINE T& operator[](int i) { return reinterpret_cast<T*>(bytes)[i]; }
  __device__ TIDE_FORCEINLINE const T& operator[](int i) const { return reinterpret_cast<const T*>(bytes)[i]; }
  __device__ TIDE_FORCEINLINE T* data() { return reinterpret_cast<T*>(bytes); }
};

// ---- shuffles of any trivially copyable T, one 32-bit shuffle per 4-byte word --------------------

template <class T, class Shuffle>
__device__ TIDE_FORCEINLINE T shuffle_words(const T& v, Shuffle shuffle) {
  static_assert(std::is_trivially_copyable_v<T>, "tide: values crossing lanes must be trivially copyable");
  constexpr int words = int((sizeof(T) + 3) / 4);
  unsigned w[words];
  if constexpr (sizeof(T) % 4 != 0) w[words - 1] = 0;
  memcpy(w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < words; ++i) w[i] = shuffle(w[i]);
  T r = v;  // a copy to overwrite: T need not be default constructible
  memcpy(&r, w, sizeof(T));
  return r;
}

/// The value of lane `src`.
template <class T>
__device__ TIDE_FORCEINLINE T shfl_idx(const T& v, int src) {
  return shuffle_words(v, [src](unsigned w) { return __shfl_sync(full_warp_mask, w, src); });
}
/// The value of lane (this - delta); lanes below delta get their own.
template <class T>
__device__ TIDE_FORCEINLINE T shfl_up(const T& v, int delta) {
  return shuffle_words(v, [delta](unsigned w) { return __shfl_up_sync(full_warp_mask, w, delta); });
}
/// The value of lane (this + delta); lanes from 32 - delta get their own.
template <class T>
__device__ TIDE_FORCEINLINE T shfl_down(const T& v, int delta) {
  return shuffle_words(v, [delta](unsigned w) { return __shfl_down_sync(full_warp_mask, w, delta); });
}
/// The value of lane (this ^ mask).
template <class T>
__device__ TIDE_FORCEINLINE T shfl_xor(const T& v, int mask) {
  return shuffle_words(v, [mask](unsigned w) { return __shfl_xor_sync(full_warp_mask, w, mask); });
}

/// a + b: counts and offsets inside the algorithms (functional.hpp belongs to the public layer).
struct sum_op {
  template <class T>
  __host__ __device__ TIDE_FORCEINLINE T operator()(const T& a, const T& b) const {
    return a + b;
  }
};

// ---- vectorized access -------------------------------------------------------------------------

/// An iterator's value type (declared alike elsewhere in this namespace; identical redeclarations
/// are fine).
template <class It>
using iter_value_t = typename std::iterator_traits<It>::value_type;

/// Items of T per 16-byte vector when T can be moved in vectors (a power-of-two size up to 8
/// bytes, trivially copyable), else 0.
template <class T>
constexpr int vector_items() {
  constexpr std::size_t s = sizeof(T);
  if constexpr (std::is_trivially_copyable_v<T> && s <= 8 && (s & (s - 1)) == 0) return int(16 / s);
  return 0;
}

/// Items of a "run" (the unit a lane moves in one access) for contiguous streams of these element
/// types: the fewest a 16-byte vector holds among them, 0 if one of them cannot be vectorized.
template <class... Ts>
constexpr int common_run_items() {
  int r = 16;
  for (int v : {vector_items<Ts>()...}) r = v < r ? v : r;
  return r;
}

/// Whether `It` is a raw pointer, whose elements are contiguous (unwrapped device iterators).
template <class It>
inline constexpr bool is_contiguous_v = std::is_pointer_v<It>;

template <class It>
bool is_aligned(It p, std::size_t bytes) {
  if constexpr (std::is_pointer_v<It>) return reinterpret_cast<std::uintptr_t>(p) % bytes == 0;
  return false;
}

/// N consecutive T moved as one access of N * sizeof(T) bytes (at most 16).
template <class T, int N>
struct alignas(sizeof(T) * N) aligned_run {
  T v[N];
};

template <int N, class T>
__device__ TIDE_FORCEINLINE aligned_run<std::remove_cv_t<T>, N> load_run(T* p) {
  return *reinterpret_cast<const aligned_run<std::remove_cv_t<T>, N>*>(p);
}
template <int N, class T>
__device__ TIDE_FORCEINLINE void store_run(T* p, const aligned_run<T, N>& r) {
  *reinterpret_cast<aligned_run<T, N>*>(p) = r;
}

// ---- tuning by compute capability ----------------------------------------------------------------

/// Tunings are specialized on these: sm_90 and newer, and everything before.
template <int Arch>
using arch_t = std::integral_constant<int, Arch>;
using arch_sm90 = arch_t<900>;
using arch_sm80 = arch_t<800>;

/// Calls f(arch_sm90{}) on compute capability 9.0 and newer, f(arch_sm80{}) before. Kernels take
/// their tuning as numbers, so two tunings with equal numbers instantiate one kernel.
template <class F>
decltype(auto) with_arch(F&& f) {
  if (device_props().cc_major >= 9) return std::forward<F>(f)(arch_sm90{});
  return std::forward<F>(f)(arch_sm80{});
}

/// The grid for `tiles` tiles, one block each; tile indices beyond the grid limit are an error.
inline unsigned tile_grid(size_type tiles, const char* algorithm) {
  if (tiles > size_type(0x7fffffff)) tide::detail::throw_invalid_argument(algorithm, "input too large for one launch");
  return unsigned(tiles);
}

/// Sets `bytes` of device memory to zero on the policy's stream (capturable in a graph).
inline void clear_async(void* d_ptr, std::size_t bytes, stream_t stream, const char* algorithm) {
  if (!bytes) return;
  cudaError_t e = cudaMemsetAsync(d_ptr, 0, bytes, stream);
  if (e != cudaSuccess) tide::detail::throw_cuda_error(e, algorithm);
}

}  // namespace tide::backend::cuda::detail
