// Session 18 A/B (issue 18): scan and reduce went from a kernel for aligned pointers and one for
// misaligned ones to one kernel that decides (tile_access::either). This times tide::reduce,
// tide::inclusive_scan and tide::exclusive_scan on u32, f32 and u64 at 2^12 .. 2^28 (by 2^4), with
// the data at an aligned pointer ("al") and at pointer + 1 element ("mis"; scans also "out": input
// aligned, output misaligned), and checks every row:
//   - against a host reference, exactly: u32 and u64 are hashed values (wrapping sums: any order
//     gives the same bits), f32 are small integers (-3..3) whose every partial sum is exact;
//   - f32r (uniform [0, 1) floats, where the association shows in the bits): the reduce within 1e-4
//     of a double sum, the scan's last item within 1e-3 of the double prefix, and, as for every
//     type, the bits of the misaligned rows equal to the aligned row's (the arrangement, hence the
//     association, depends on the types and n only);
//   - `bits` is a hash of the result's bits: two builds (old headers and new) that print the same
//     hashes give bit-identical results.
// Build once against each set of headers (the library archive is the same for both):
//   git archive <commit> include | tar -x -C /tmp/old
//   nvcc -std=c++17 -O3 -arch=sm_90 -DTIDE_DEVICE_SYSTEM=3 --extended-lambda --expt-relaxed-constexpr \
//        -Xcompiler=-fopenmp -I/tmp/old/include compare/experiments/size_ab.cu <build>/libtide.a -lgomp -o size_ab_old
//   nvcc ... -Iinclude compare/experiments/size_ab.cu <build>/libtide.a -lgomp -o size_ab_new
// Run: size_ab_old [lo hi] ; size_ab_new [lo hi]   (exponents, default 12 28). Exit status 1 if a
// row failed its check.
#include <tide/tide.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "experiment.cuh"

namespace {

int failures = 0;

std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finalizer
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

enum class kind { u32, f32, f32r, u64 };
const char* name_of(kind k) {
  return k == kind::u32 ? "u32" : k == kind::f32 ? "f32" : k == kind::f32r ? "f32r" : "u64";
}

template <class T>
T value_at(kind k, std::size_t i) {
  const std::uint64_t h = mix64(i);
  if constexpr (std::is_same_v<T, float>) {
    if (k == kind::f32) return float(int(h % 7) - 3);
    return float(h >> 40) * (1.0f / float(1 << 24));  // [0, 1), 24 random bits
  } else {
    return static_cast<T>(h);
  }
}

/// A hash of the bits of n values (FNV-1a's step on each value's bits, zero-extended to 64).
template <class T>
std::uint64_t bits_hash(const T* p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t b = 0;
    std::memcpy(&b, p + i, sizeof(T));
    h = (h ^ b) * 0x100000001b3ull;
  }
  return mix64(h);
}

void report(const char* algo, kind k, int e, const char* where, double ms, std::size_t bytes, std::uint64_t h,
            bool ok, const char* why) {
  std::printf("%-14s %-4s n=2^%-2d %-3s %9.4f ms %8.1f GB/s  bits %016llx  %s%s\n", algo, name_of(k), e, where, ms,
              double(bytes) / ms / 1e6, static_cast<unsigned long long>(h), ok ? "ok" : "FAIL ", ok ? "" : why);
  if (!ok) ++failures;
}

template <class T>
void rows(kind k, int e) {
  const std::size_t n = std::size_t(1) << e;
  std::vector<T> h(n);
#pragma omp parallel for
  for (long long i = 0; i < (long long)n; ++i) h[std::size_t(i)] = value_at<T>(k, std::size_t(i));

  // Host references: wrapping integer sums, exact f32 sums of small integers, double for f32r.
  using ref_t = std::conditional_t<std::is_same_v<T, float>, double, T>;
  std::vector<ref_t> incl(n);
  ref_t s{};
  for (std::size_t i = 0; i < n; ++i) incl[i] = s = static_cast<ref_t>(s + static_cast<ref_t>(h[i]));
  const bool exact = k != kind::f32r;

  T *in_base, *out_base;
  CK(cudaMalloc(&in_base, (n + 1) * sizeof(T)));
  CK(cudaMalloc(&out_base, (n + 1) * sizeof(T)));
  std::vector<T> got(n);

  T aligned_sum{};
  std::uint64_t aligned_hash[2] = {0, 0};
  struct place { const char* name; int in_off, out_off; };
  const place places[] = {{"al", 0, 0}, {"mis", 1, 1}, {"out", 0, 1}};
  for (const place& pl : places) {
    T* in = in_base + pl.in_off;
    T* out = out_base + pl.out_off;
    CK(cudaMemcpy(in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));

    if (pl.in_off == pl.out_off) {  // reduce reads only: "out" would repeat "al"
      T r{};
      const double ms = time_ms([&] { r = tide::reduce(tide::device, in, in + n); });
      bool ok;
      const char* why = "";
      if (exact) {
        ok = r == static_cast<T>(incl[n - 1]);
        why = "differs from the host sum";
      } else {
        ok = std::fabs(double(r) - double(incl[n - 1])) <= 1e-4 * std::fabs(double(incl[n - 1]));
        why = "far from the double sum";
      }
      if (pl.in_off == 0) aligned_sum = r;
      else if (std::memcmp(&r, &aligned_sum, sizeof(T)) != 0) ok = false, why = "bits differ from the aligned row";
      report("reduce", k, e, pl.name, ms, n * sizeof(T), bits_hash(&r, 1), ok, why);
    }

    for (int excl = 0; excl < 2; ++excl) {
      CK(cudaMemset(out_base, 0, (n + 1) * sizeof(T)));
      const double ms = time_ms([&] {
        if (excl) tide::exclusive_scan(tide::device, in, in + n, out);
        else tide::inclusive_scan(tide::device, in, in + n, out);
      });
      CK(cudaMemcpy(got.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost));
      bool ok = true;
      const char* why = "";
      if (exact) {
        for (std::size_t i = 0; i < n && ok; ++i) {
          const T want = excl ? (i ? static_cast<T>(incl[i - 1]) : T{}) : static_cast<T>(incl[i]);
          if (std::memcmp(&got[i], &want, sizeof(T)) != 0) {
            ok = false;
            why = "differs from the host scan";
            std::printf("  first difference at %zu\n", i);
          }
        }
      } else {
        const double want = excl ? (n > 1 ? double(incl[n - 2]) : 0.0) : double(incl[n - 1]);
        ok = std::fabs(double(got[n - 1]) - want) <= 1e-3 * std::fabs(want);
        why = "last item far from the double prefix";
      }
      const std::uint64_t hash = bits_hash(got.data(), n);
      if (pl.in_off == 0 && pl.out_off == 0) aligned_hash[excl] = hash;
      else if (hash != aligned_hash[excl]) ok = false, why = "bits differ from the aligned row";
      report(excl ? "exclusive_scan" : "inclusive_scan", k, e, pl.name, ms, 2 * n * sizeof(T), hash, ok, why);
    }
  }
  CK(cudaFree(in_base));
  CK(cudaFree(out_base));
}

}  // namespace

int main(int argc, char** argv) {
  const int lo = argc > 1 ? std::atoi(argv[1]) : 12;
  const int hi = argc > 2 ? std::atoi(argv[2]) : 28;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# size_ab: %s, exponents %d..%d\n", prop.name, lo, hi);
  for (int e = lo; e <= hi; e += 4) {
    if (e >= 20) memcpy_row(std::size_t(1) << e);
    rows<std::uint32_t>(kind::u32, e);
    rows<float>(kind::f32, e);
    rows<float>(kind::f32r, e);
    rows<std::uint64_t>(kind::u64, e);
  }
  std::printf("%d failed\n", failures);
  return failures ? 1 : 0;
}
