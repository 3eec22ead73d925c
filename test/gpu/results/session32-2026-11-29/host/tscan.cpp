// transform_inclusive_scan / transform_exclusive_scan by negation under plus, against inclusive_scan, tide::par.
#include <tide/tide.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <string>
template <class T> struct neg { T operator()(T x) const { return T(0) - x; } };
template <class F> double med_ms(F&& f, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) { auto a = std::chrono::steady_clock::now(); f(); auto b = std::chrono::steady_clock::now(); t.push_back(std::chrono::duration<double, std::milli>(b - a).count()); }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
template <class T> void rows(const char* label, int e, int threads) {
  const std::size_t n = std::size_t(1) << e;
  std::vector<T> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = T(i * 2654435761u + 12345);
  auto pol = tide::par.with_threads(threads);
  const int reps = e <= 20 ? 41 : e <= 24 ? 15 : 7;
  double ti = med_ms([&] { tide::transform_inclusive_scan(pol, in.data(), in.data() + n, out.data(), neg<T>{}, tide::plus<T>{}); }, reps);
  // check
  T acc = 0; bool ok = true;
  for (std::size_t i = 0; i < n; ++i) { acc = T(acc + T(T(0) - in[i])); if (out[i] != acc) { ok = false; break; } }
  double te = med_ms([&] { tide::transform_exclusive_scan(pol, in.data(), in.data() + n, out.data(), neg<T>{}, T(7), tide::plus<T>{}); }, reps);
  acc = 7;
  for (std::size_t i = 0; i < n; ++i) { if (out[i] != acc) { ok = false; break; } acc = T(acc + T(T(0) - in[i])); }
  double ts = med_ms([&] { tide::inclusive_scan(pol, in.data(), in.data() + n, out.data()); }, reps);
  double tc = med_ms([&] { tide::copy(pol, in.data(), in.data() + n, out.data()); }, reps);
  std::printf("%s u%zu 2^%d threads %d tincl %.3f texcl %.3f incl %.3f copy %.3f ms: tincl %.0f%% of copy's rate %s\n", label,
              sizeof(T) * 8, e, threads, ti, te, ts, tc, 100 * tc / ti, ok ? "ok" : "WRONG");
}
int main(int argc, char** argv) {
  const char* label = argc > 1 ? argv[1] : "run";
  const int th = argc > 2 ? std::atoi(argv[2]) : 2;
  std::vector<int> es;
  for (int a = 3; a < argc; ++a) es.push_back(std::atoi(argv[a]));
  if (es.empty()) es = {20, 24, 26};
  for (int e : es) { rows<std::uint32_t>(label, e, th); rows<std::uint64_t>(label, e, th); }
}
