// Session 19 (issue 18, docs/notes/copy_if.md proposal 1): copy_if's staged tile shape. Times the
// staged select tile (select_staged.hpp's select_tile_staged in a kernel of each shape below,
// Threads x Items at >= MinBlocks blocks an SM, launched as select_staged_launch does) on 2^24, 2^28 and 2^30 u32, half kept by a predicate (odd values) and by a 0/1 u32 stencil
// (a tile then holds half the items, the stencil beside them), against cub::DeviceSelect::If /
// FlaggedIf (64-bit counts) on the same buffers, each call ending with its count copied to the
// host, as compare/ times them. Every row's count and output are checked against CUB's.
// FLOAT_ONLY=1 runs only the f32 rows (x > 0.5f, a predicate that takes more registers).
// Session 19 (H100): 128x48 at 8 blocks an SM for copy_if by a predicate, 128x32 at 6 with a
// stencil, taken by select_tuning (copy_if.hpp, its comment has the figures; logs in
// test/gpu/results/session19-2026-11-27/copy_if_shapes*.txt).
// Build (sm_90):
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -Iinclude compare/experiments/copy_if_shapes.cu <build>/libtide.a -lgomp
// Run: copy_if_shapes [exponent ...]   (default 24 28 30). Exit status 1 if a row failed.
#include <tide/tide.hpp>
#include <cub/device/device_select.cuh>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

namespace {

namespace cd = tide::backend::cuda::detail;
int failures = 0;

struct is_odd {
  __host__ __device__ bool operator()(unsigned x) const { return x & 1; }
};
struct above_half {
  __host__ __device__ bool operator()(float x) const { return x > 0.5f; }
};
struct nonzero {
  __host__ __device__ bool operator()(unsigned x) const { return x != 0; }
};

/// Threads x Items (Items / 2 with a stencil), at least MinBlocks blocks an SM (0: no bound).
template <int Threads, int Items, int MinBlocks>
struct shape {
  static constexpr int block_threads = Threads, staged_items_per_thread = Items, min_blocks = MinBlocks;
};

/// select_staged_kernel (select_staged.hpp) with a min-blocks bound: the same tile function.
template <int Threads, int Items, int MinBlocks, class T, class S, class Pred>
__global__ void __launch_bounds__(Threads, MinBlocks > 0 ? MinBlocks : 1)
    bounded_kernel(const T* in, const S* stencil, T* out, tide::size_type n, Pred pred,
                   cd::count_tile_state state, tide::size_type tiles, tide::size_type* d_count) {
  cd::select_tile_staged<Threads, Items, 4, cd::tile_access::vector, false, false, T, S>(
      in, stencil, out, cd::no_output{}, n, pred, state, tiles, d_count);
}

/// select_staged_launch's steps for one shape (aligned pointers only).
template <class Shape, class S, class T, class Pred>
void launch_shape(const T* in, const S* stencil, T* out, tide::size_type n, Pred pred,
                  tide::size_type* d_count) {
  constexpr int threads = Shape::block_threads;
  constexpr int items = std::is_void_v<S> ? Shape::staged_items_per_thread : Shape::staged_items_per_thread / 2;
  const tide::cuda_policy p{};
  const tide::size_type tiles = cd::ceil_div(n, tide::size_type(threads) * items);
  cd::tile_state_buffer<cd::count_tile_state> state(p, tiles, "copy_if");
  constexpr std::size_t smem = std::size_t(threads) * items * (std::is_void_v<S> ? 1 : 2) * 4;
  auto kernel = &bounded_kernel<threads, items, Shape::min_blocks, T, S, Pred>;
  cd::allow_dynamic_shared(kernel, smem, "copy_if");
  cd::launch("copy_if", "bounded_kernel", kernel, cd::tile_grid(tiles, "copy_if"), threads, smem, p.stream, in,
             stencil, out, n, pred, state.state(), tiles, d_count);
}

struct buffers {
  std::size_t n;
  unsigned *in, *stencil, *out, *ref;
  long long* d_cub_count;
  tide::size_type* d_count;
  tide::size_type* h_count;
  long long* h_cub_count;
  std::size_t kept_pred = 0, kept_stencil = 0;
};

/// Whether the kernel kept `got` items, as CUB did, and wrote CUB's output (b.ref); counts a failure.
bool same_output(const buffers& b, std::size_t got, std::size_t kept) {
  bool ok = got == kept;
  if (ok) {
    std::vector<unsigned> x(kept), y(kept);
    CK(cudaMemcpy(x.data(), b.out, kept * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(y.data(), b.ref, kept * 4, cudaMemcpyDeviceToHost));
    ok = x == y;
  }
  if (!ok) ++failures;
  return ok;
}

template <class Tuning>
void row(buffers& b, bool with_stencil, double memcpy_gbs, double cub_ms, std::size_t kept) {
  auto call = [&] {
    if (with_stencil)
      launch_shape<Tuning>((const unsigned*)b.in, (const unsigned*)b.stencil, b.out, tide::size_type(b.n), nonzero{},
                           b.d_count);
    else
      launch_shape<Tuning, void>((const unsigned*)b.in, (const void*)nullptr, b.out, tide::size_type(b.n), is_odd{},
                                 b.d_count);
    CK(cudaMemcpyAsync(b.h_count, b.d_count, sizeof(tide::size_type), cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  CK(cudaMemset(b.out, 0, b.n * 4));
  const double ms = time_ms(call, 26);
  const bool ok = same_output(b, std::size_t(*b.h_count), kept);
  const double moved = double(b.n) * 4 * (with_stencil ? 2 : 1) + double(kept) * 4;
  std::printf("copy_if %-7s n=2^%-2d %3dx%-2d B%-2d %.4f ms (%3.0f%% of memcpy)  cub %.4f ms  cub/tide %.3f  %s\n",
              with_stencil ? "stencil" : "pred", int(std::log2(double(b.n))), Tuning::block_threads,
              Tuning::staged_items_per_thread / (with_stencil ? 2 : 1), Tuning::min_blocks, ms, 100.0 * moved / ms / 1e6 / memcpy_gbs,
              cub_ms, cub_ms / ms, ok ? "ok" : "MISMATCH");
}

/// f32 in [0, 1), half kept by x > 0.5f: a predicate that takes registers (b.in holds the floats).
template <class Tuning>
void float_row(buffers& b, double memcpy_gbs, double cub_ms, std::size_t kept) {
  const float* in = reinterpret_cast<const float*>(b.in);
  float* out = reinterpret_cast<float*>(b.out);
  auto call = [&] {
    launch_shape<Tuning, void>(in, (const void*)nullptr, out, tide::size_type(b.n), above_half{}, b.d_count);
    CK(cudaMemcpyAsync(b.h_count, b.d_count, sizeof(tide::size_type), cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  CK(cudaMemset(b.out, 0, b.n * 4));
  const double ms = time_ms(call, 26);
  const bool ok = same_output(b, std::size_t(*b.h_count), kept);
  const double moved = double(b.n) * 4 + double(kept) * 4;
  std::printf("copy_if f32     n=2^%-2d %3dx%-2d B%-2d %.4f ms (%3.0f%% of memcpy)  cub %.4f ms  cub/tide %.3f  %s\n",
              int(std::log2(double(b.n))), Tuning::block_threads, Tuning::staged_items_per_thread, Tuning::min_blocks,
              ms, 100.0 * moved / ms / 1e6 / memcpy_gbs, cub_ms, cub_ms / ms, ok ? "ok" : "MISMATCH");
}

template <class... Shapes>
void float_rows(buffers& b, double gbs) {
  std::vector<float> h(b.n);
  std::mt19937 g(5);
  for (auto& x : h) x = float(g() >> 8) * (1.0f / 16777216.0f);
  CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));
  const float* in = reinterpret_cast<const float*>(b.in);
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)b.n;
  CK(cub::DeviceSelect::If(tmp, bytes, in, reinterpret_cast<float*>(b.ref), b.d_cub_count, nl, above_half{}));
  CK(cudaMalloc(&tmp, bytes));
  auto cub_call = [&] {
    CK(cub::DeviceSelect::If(tmp, bytes, in, reinterpret_cast<float*>(b.ref), b.d_cub_count, nl, above_half{}));
    CK(cudaMemcpyAsync(b.h_cub_count, b.d_cub_count, 8, cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  const double cub_ms = time_ms(cub_call, 26);
  (float_row<Shapes>(b, gbs, cub_ms, std::size_t(*b.h_cub_count)), ...);
  std::printf("  cub again %.4f ms\n", time_ms(cub_call, 26));
  CK(cudaFree(tmp));
}

double cub_time(buffers& b, bool with_stencil) {
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)b.n;
  if (with_stencil)
    CK(cub::DeviceSelect::FlaggedIf(tmp, bytes, b.in, b.stencil, b.ref, b.d_cub_count, nl, nonzero{}));
  else
    CK(cub::DeviceSelect::If(tmp, bytes, b.in, b.ref, b.d_cub_count, nl, is_odd{}));
  CK(cudaMalloc(&tmp, bytes));
  auto call = [&] {
    if (with_stencil)
      CK(cub::DeviceSelect::FlaggedIf(tmp, bytes, b.in, b.stencil, b.ref, b.d_cub_count, nl, nonzero{}));
    else
      CK(cub::DeviceSelect::If(tmp, bytes, b.in, b.ref, b.d_cub_count, nl, is_odd{}));
    CK(cudaMemcpyAsync(b.h_cub_count, b.d_cub_count, 8, cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  const double ms = time_ms(call, 26);
  CK(cudaFree(tmp));
  return ms;
}

template <class... Shapes>
void rows_for(buffers& b, bool with_stencil, double gbs) {
  const double cub_ms = cub_time(b, with_stencil);
  const std::size_t kept = std::size_t(*b.h_cub_count);
  (row<Shapes>(b, with_stencil, gbs, cub_ms, kept), ...);
  // The library's own call (its tuning, its temporaries), as compare/ times it.
  CK(cudaMemset(b.out, 0, b.n * 4));
  std::size_t got = 0;
  const double lib_ms = time_ms(
      [&] {
        got = std::size_t((with_stencil ? tide::copy_if(tide::device, b.in, b.in + b.n, b.stencil, b.out, nonzero{})
                                        : tide::copy_if(tide::device, b.in, b.in + b.n, b.out, is_odd{})) -
                          b.out);
      },
      26);
  const bool ok = same_output(b, got, kept);
  std::printf("copy_if %-7s tide::copy_if %.4f ms  cub/tide %.3f  %s\n", with_stencil ? "stencil" : "pred", lib_ms,
              cub_ms / lib_ms, ok ? "ok" : "MISMATCH");
  // CUB again, to see its spread within the run.
  const double again = cub_time(b, with_stencil);
  std::printf("  cub again %.4f ms\n", again);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> exps;
  for (int i = 1; i < argc; ++i) exps.push_back(std::atoi(argv[i]));
  if (exps.empty()) exps = {24, 28, 30};
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# copy_if_shapes: %s\n", prop.name);
  for (int e : exps) {
    buffers b;
    b.n = std::size_t(1) << e;
    std::vector<unsigned> h(b.n), hs(b.n);
    std::mt19937 g(3);
    for (auto& x : h) x = unsigned(g());
    for (auto& x : hs) x = unsigned(g()) & 1u;
    CK(cudaMalloc(&b.in, b.n * 4));
    CK(cudaMalloc(&b.stencil, b.n * 4));
    CK(cudaMalloc(&b.out, b.n * 4));
    CK(cudaMalloc(&b.ref, b.n * 4));
    CK(cudaMalloc(&b.d_cub_count, 8));
    CK(cudaMalloc(&b.d_count, sizeof(tide::size_type)));
    CK(cudaMallocHost(&b.h_count, sizeof(tide::size_type)));
    CK(cudaMallocHost(&b.h_cub_count, 8));
    CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b.stencil, hs.data(), b.n * 4, cudaMemcpyHostToDevice));
    const double gbs = memcpy_row(b.n);
    if (std::getenv("FLOAT_ONLY") == nullptr)
    for (bool st : {false, true})
      rows_for<shape<256, 48, 0>, shape<256, 48, 4>, shape<256, 40, 5>, shape<256, 32, 6>, shape<256, 32, 0>,
               shape<128, 48, 8>, shape<128, 48, 0>, shape<128, 64, 6>, shape<128, 32, 10>, shape<256, 24, 8>,
               shape<512, 24, 4>>(b, st, gbs);
    float_rows<shape<256, 48, 0>, shape<128, 48, 8>, shape<128, 48, 7>, shape<128, 48, 0>, shape<128, 40, 8>,
               shape<128, 32, 8>>(b, gbs);
    for (void* q : {(void*)b.in, (void*)b.stencil, (void*)b.out, (void*)b.ref, (void*)b.d_cub_count, (void*)b.d_count})
      CK(cudaFree(q));
    CK(cudaFreeHost(b.h_count));
    CK(cudaFreeHost(b.h_cub_count));
  }
  std::printf("%d failed\n", failures);
  return failures ? 1 : 0;
}
