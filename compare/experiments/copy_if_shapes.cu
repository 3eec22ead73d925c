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
// LIB_ONLY=1 (session 26): tide::copy_if itself against CUB, by odd u32, a u32 stencil and f32 x > 0.5f.
// FLOAT_SHAPES=1 (session 26): 128x48 at 8 blocks an SM against 7, u32 by odd and f32 by three
// predicates.
// WRITE_AB=1 (session 26): the library's shapes with chunk-by-chunk writes against each warp's
// kept items written as one range (16-byte stores), alternated; then f32.
// STRIPED_AB=1 (session 27): copy_if's warp-range form with lane-striped flags, a ballot a row in
// the compaction and bank-rotated vector reads in the write (select_staged.hpp's warp_rows) against
// session 26's form (its header, renamed: build with -DWITH_S26 and -I to a folder holding
// select_staged_s26.cuh, made by
//   git show a2e576f:include/tide/backend/cuda/select_staged.hpp | sed -e 's#"block/#"tide/backend/cuda/block/#;
//   s#"device_utility.hpp"#"tide/backend/cuda/device_utility.hpp"#; s#"lookback.hpp"#"tide/backend/cuda/lookback.hpp"#;
//   s/select_tile_staged/select_tile_staged_s26/g; s/select_staged_kernel/select_staged_kernel_s26/g'),
// alternated: by a u32 stencil, and the new form by a predicate against the chunks (u32 and f32).
// ROWS_SHAPES=1 (session 27): tile shapes and blocks an SM for the rows form by a predicate (u32,
// f32), and for the stencil form (runs at 7 blocks, bigger tiles, rows).
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
#ifdef WITH_S26
#include "select_staged_s26.cuh"
#endif

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
struct nonzero_f {  // a light f32 predicate (about one value in 2^24 is zero here)
  __host__ __device__ bool operator()(float x) const { return x != 0.0f; }
};
struct below_quarter {  // f32 x < 0.25f: a quarter kept
  __host__ __device__ bool operator()(float x) const { return x < 0.25f; }
};

/// Threads x Items (Items / 2 with a stencil), at least MinBlocks blocks an SM (0: no bound);
/// Form (select_staged.hpp's staged_compaction): 0 chunk by chunk, 1 (true) each warp's kept items
/// compacted run by run and written as one range (session 26's warp form), 2 the same by striped
/// rows (session 27); S26: session 26's tile function (WITH_S26; 0 and 1 only) instead of the header's.
template <int Threads, int Items, int MinBlocks, int Form = 1, bool S26 = false>
struct shape {
  static constexpr int block_threads = Threads, staged_items_per_thread = Items, min_blocks = MinBlocks;
  static constexpr int form = Form;
  static constexpr bool warp_write = Form != 0, s26 = S26;
};

/// select_staged_kernel (select_staged.hpp) with a min-blocks bound: the same tile function.
template <int Threads, int Items, int MinBlocks, int Form, bool S26, class T, class S, class Pred>
__global__ void __launch_bounds__(Threads, MinBlocks > 0 ? MinBlocks : 1)
    bounded_kernel(const T* in, const S* stencil, T* out, tide::size_type n, Pred pred,
                   cd::count_tile_state state, tide::size_type tiles, tide::size_type* d_count) {
#ifdef WITH_S26
  if constexpr (S26) {
    cd::select_tile_staged_s26<Threads, Items, 4, cd::tile_access::vector, false, false, T, S, T*, cd::no_output,
                               Pred, Form != 0>(in, stencil, out, cd::no_output{}, n, pred, state, tiles, d_count);
    return;
  }
#endif
  if constexpr (!S26)
    cd::select_tile_staged<Threads, Items, 4, cd::tile_access::vector, false, false, T, S, T*, cd::no_output, Pred,
                           cd::staged_compaction(Form)>(in, stencil, out, cd::no_output{}, n, pred, state, tiles,
                                                        d_count);
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
  auto kernel = &bounded_kernel<threads, items, Shape::min_blocks, Shape::form, Shape::s26, T, S, Pred>;
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
  std::printf("copy_if %-7s n=2^%-2d %3dx%-2d B%-2d %s %.4f ms (%3.0f%% of memcpy)  cub %.4f ms  cub/tide %.3f  %s\n",
              with_stencil ? "stencil" : "pred", int(std::log2(double(b.n))), Tuning::block_threads,
              Tuning::staged_items_per_thread / (with_stencil ? 2 : 1), Tuning::min_blocks,
              Tuning::form == 2 ? "rows  " : Tuning::form == 1 ? (Tuning::s26 ? "runs26" : "runs  ") : "chunk ", ms, 100.0 * moved / ms / 1e6 / memcpy_gbs,
              cub_ms, cub_ms / ms, ok ? "ok" : "MISMATCH");
}

/// f32 in [0, 1), half kept by x > 0.5f: a predicate that takes registers (b.in holds the floats).
template <class Tuning, class Pred = above_half>
void float_row(buffers& b, double memcpy_gbs, double cub_ms, std::size_t kept) {
  const float* in = reinterpret_cast<const float*>(b.in);
  float* out = reinterpret_cast<float*>(b.out);
  auto call = [&] {
    launch_shape<Tuning, void>(in, (const void*)nullptr, out, tide::size_type(b.n), Pred{}, b.d_count);
    CK(cudaMemcpyAsync(b.h_count, b.d_count, sizeof(tide::size_type), cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  CK(cudaMemset(b.out, 0, b.n * 4));
  const double ms = time_ms(call, 26);
  const bool ok = same_output(b, std::size_t(*b.h_count), kept);
  const double moved = double(b.n) * 4 + double(kept) * 4;
  std::printf("copy_if f32 %-13s n=2^%-2d %3dx%-2d B%-2d %s %.4f ms (%3.0f%% of memcpy)  cub %.4f ms  cub/tide %.3f  %s\n",
              std::is_same_v<Pred, above_half> ? "x>0.5" : std::is_same_v<Pred, nonzero_f> ? "x!=0" : "x<0.25",
              int(std::log2(double(b.n))), Tuning::block_threads, Tuning::staged_items_per_thread, Tuning::min_blocks,
              Tuning::form == 2 ? "rows  " : Tuning::form == 1 ? (Tuning::s26 ? "runs26" : "runs  ") : "chunk ", ms, 100.0 * moved / ms / 1e6 / memcpy_gbs, cub_ms,
              cub_ms / ms, ok ? "ok" : "MISMATCH");
}

/// f32 in [0, 1) by Pred: CUB, then each shape's kernel, then (Library) tide::copy_if itself, then
/// CUB again (b.in then holds the floats).
template <class Pred, bool Library, class... Shapes>
void float_rows_by(buffers& b, double gbs) {
  std::vector<float> h(b.n);
  std::mt19937 g(5);
  for (auto& x : h) x = float(g() >> 8) * (1.0f / 16777216.0f);
  CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));
  const float* in = reinterpret_cast<const float*>(b.in);
  void* tmp = nullptr;
  std::size_t bytes = 0;
  const long long nl = (long long)b.n;
  CK(cub::DeviceSelect::If(tmp, bytes, in, reinterpret_cast<float*>(b.ref), b.d_cub_count, nl, Pred{}));
  CK(cudaMalloc(&tmp, bytes));
  auto cub_call = [&] {
    CK(cub::DeviceSelect::If(tmp, bytes, in, reinterpret_cast<float*>(b.ref), b.d_cub_count, nl, Pred{}));
    CK(cudaMemcpyAsync(b.h_cub_count, b.d_cub_count, 8, cudaMemcpyDeviceToHost));
    CK(cudaStreamSynchronize(0));
  };
  const double cub_ms = time_ms(cub_call, 26);
  const std::size_t kept = std::size_t(*b.h_cub_count);
  (float_row<Shapes, Pred>(b, gbs, cub_ms, kept), ...);
  if constexpr (Library) {
    float* out = reinterpret_cast<float*>(b.out);
    CK(cudaMemset(b.out, 0, b.n * 4));
    std::size_t got = 0;
    const double lib_ms =
        time_ms([&] { got = std::size_t(tide::copy_if(tide::device, in, in + b.n, out, Pred{}) - out); }, 26);
    const bool ok = same_output(b, got, kept);
    std::printf("copy_if f32 n=2^%-2d tide::copy_if %.4f ms  cub %.4f ms  cub/tide %.3f  %s\n",
                int(std::log2(double(b.n))), lib_ms, cub_ms, cub_ms / lib_ms, ok ? "ok" : "MISMATCH");
  }
  std::printf("  cub again %.4f ms\n", time_ms(cub_call, 26));
  CK(cudaFree(tmp));
}

template <class... Shapes>
void float_rows(buffers& b, double gbs) {
  float_rows_by<above_half, false, Shapes...>(b, gbs);
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
    if (std::getenv("LIB_ONLY") != nullptr) {
      // The library's own calls against CUB, twice: u32 by odd, by a u32 stencil, f32 by x > 0.5f.
      for (int rep = 0; rep < 2; ++rep) {
        for (bool st : {false, true}) rows_for<>(b, st, gbs);
        float_rows_by<above_half, true>(b, gbs);  // tide::copy_if of f32 by x > 0.5f
        CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));  // the u32 input again
      }
    } else if (std::getenv("FLOAT_SHAPES") != nullptr) {
      // Session 26: 8 blocks an SM (the library's 4-byte shape) against 7, by predicates light and
      // heavy; u32 by odd first, then three f32 predicates (chunk writes: no stencil).
      for (int rep = 0; rep < 2; ++rep) {
        rows_for<shape<128, 48, 8, false>, shape<128, 48, 7, false>>(b, false, gbs);
        float_rows_by<above_half, false, shape<128, 48, 8, false>, shape<128, 48, 7, false>>(b, gbs);
        float_rows_by<nonzero_f, false, shape<128, 48, 8, false>, shape<128, 48, 7, false>>(b, gbs);
        float_rows_by<below_quarter, false, shape<128, 48, 8, false>, shape<128, 48, 7, false>>(b, gbs);
        CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));  // the u32 input again
      }
    } else if (std::getenv("STRIPED_AB") != nullptr) {
#ifdef WITH_S26
      // Session 27: the striped warp form against session 26's, alternated; by a stencil (the
      // library's 128x32 at 6), then by predicates (128x48 at 7: the chunks against the new form).
      for (int rep = 0; rep < 2; ++rep) {
        rows_for<shape<128, 64, 6, 1, true>, shape<128, 64, 6, 2>, shape<128, 64, 6, 1, true>,
                 shape<128, 64, 6, 2>>(b, true, gbs);
        rows_for<shape<128, 48, 7, 0>, shape<128, 48, 7, 2>, shape<128, 48, 7, 0>, shape<128, 48, 7, 2>>(b, false,
                                                                                                      gbs);
      }
      float_rows<shape<128, 48, 7, 0>, shape<128, 48, 7, 2>, shape<128, 48, 7, 0>, shape<128, 48, 7, 2>>(b, gbs);
#else
      std::printf("STRIPED_AB needs -DWITH_S26\n");
      ++failures;
#endif
    } else if (std::getenv("ROWS_SHAPES") != nullptr) {
      // Session 27, after the rule: shapes for the rows form by a predicate (u32 by odd, f32 by
      // x > 0.5f), and 7 blocks an SM or rows for the stencil form; the library's shape first.
      rows_for<shape<128, 48, 7, 2>, shape<128, 48, 8, 2>, shape<128, 48, 0, 2>, shape<128, 64, 7, 2>,
               shape<128, 64, 0, 2>, shape<256, 48, 4, 2>, shape<128, 32, 10, 2>, shape<128, 48, 7, 2>>(b, false,
                                                                                                      gbs);
      float_rows<shape<128, 48, 7, 2>, shape<128, 48, 8, 2>, shape<128, 48, 0, 2>, shape<128, 64, 0, 2>,
                 shape<128, 48, 7, 2>>(b, gbs);
      CK(cudaMemcpy(b.in, h.data(), b.n * 4, cudaMemcpyHostToDevice));  // the u32 input again
      rows_for<shape<128, 64, 6, 1>, shape<128, 64, 7, 1>, shape<128, 64, 0, 1>, shape<256, 64, 3, 1>,
               shape<128, 64, 7, 2>, shape<128, 64, 6, 1>>(b, true, gbs);
    } else if (std::getenv("WRITE_AB") != nullptr) {
      // Session 26: the library's shapes, chunk-by-chunk writes against warp ranges, alternated.
      for (int rep = 0; rep < 2; ++rep) {
        rows_for<shape<128, 48, 8, false>, shape<128, 48, 8, true>, shape<128, 48, 8, false>,
                 shape<128, 48, 8, true>>(b, false, gbs);
        rows_for<shape<128, 64, 6, false>, shape<128, 64, 6, true>, shape<128, 64, 6, false>,
                 shape<128, 64, 6, true>>(b, true, gbs);
      }
      float_rows<shape<128, 48, 8, false>, shape<128, 48, 8, true>, shape<128, 48, 7, false>,
                 shape<128, 48, 7, true>>(b, gbs);
    } else if (std::getenv("FLOAT_ONLY") == nullptr)
    for (bool st : {false, true})
      rows_for<shape<256, 48, 0>, shape<256, 48, 4>, shape<256, 40, 5>, shape<256, 32, 6>, shape<256, 32, 0>,
               shape<128, 48, 8>, shape<128, 48, 0>, shape<128, 64, 6>, shape<128, 32, 10>, shape<256, 24, 8>,
               shape<512, 24, 4>>(b, st, gbs);
    if (std::getenv("WRITE_AB") == nullptr && std::getenv("FLOAT_SHAPES") == nullptr && std::getenv("LIB_ONLY") == nullptr &&
        std::getenv("STRIPED_AB") == nullptr && std::getenv("ROWS_SHAPES") == nullptr)
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
