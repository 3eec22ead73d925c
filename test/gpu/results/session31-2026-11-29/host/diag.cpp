// Session 31: per-call times of tide's host scans on the 16-core machine, alone and beside other
// runnable threads (the 3/6/12 ms rows of compare/results/cpu-16).
#include <tide/tide.hpp>
#include <tbb/parallel_for.h>
#include <tbb/blocked_range.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <sched.h>
#include <omp.h>
using clk = std::chrono::steady_clock;
struct neg { template <class T> T operator()(T x) const { return T(-x); } };
static long long steal() { std::ifstream f("/proc/stat"); std::string cpu; long long v[10]={0}; f>>cpu; for(int i=0;i<10;++i) f>>v[i]; return v[7]; }
static long long ctxsw() { std::ifstream f("/proc/self/status"); std::string l; long long s=0; while(std::getline(f,l)) if(l.find("ctxt_switches")!=std::string::npos){ s+=atoll(l.substr(l.find(':')+1).c_str()); } return s; }
template <class F> void stats(const char* name, int calls, F f) {
  std::vector<double> t; long long s0=steal(), c0=ctxsw();
  for (int r = 0; r < calls; ++r) { auto a = clk::now(); f(r); t.push_back(std::chrono::duration<double, std::micro>(clk::now() - a).count()); }
  long long s1=steal(), c1=ctxsw();
  std::vector<double> u=t; std::sort(u.begin(), u.end());
  int over1=0, over3=0; for(double x:t){ if(x>1000) ++over1; if(x>3000) ++over3; }
  printf("%-34s calls %4d  min %8.1f p10 %8.1f med %8.1f p90 %8.1f max %8.1f us  >1ms %d >3ms %d  steal %lld ticks  ctxsw %lld\n", name, calls, u[0], u[calls/10], u[calls/2], u[calls*9/10], u.back(), over1, over3, s1-s0, c1-c0);
  fflush(stdout);
}
template <class T> void scans(const char* tag, long n, int calls, tide::omp_policy p) {
  const int copies = 8;
  std::vector<T> in(n * copies), out(n * copies);
  for (long i = 0; i < n * copies; ++i) in[i] = T(i * 2654435761u) >> 8;
  char name[128];
  snprintf(name, sizeof name, "%s tis %s 2^%d", tag, sizeof(T)==4?"u32":"u64", __builtin_ctzl(n));
  stats(name, calls, [&](int r) { tide::transform_inclusive_scan(p, in.data() + r % copies * n, in.data() + (r % copies + 1) * n, out.data() + r % copies * n, neg{}, tide::plus<T>()); });
  snprintf(name, sizeof name, "%s tes %s 2^%d", tag, sizeof(T)==4?"u32":"u64", __builtin_ctzl(n));
  stats(name, calls, [&](int r) { tide::transform_exclusive_scan(p, in.data() + r % copies * n, in.data() + (r % copies + 1) * n, out.data() + r % copies * n, neg{}, T(0), tide::plus<T>()); });
  snprintf(name, sizeof name, "%s is %s 2^%d", tag, sizeof(T)==4?"u32":"u64", __builtin_ctzl(n));
  stats(name, calls, [&](int r) { tide::inclusive_scan(p, in.data() + r % copies * n, in.data() + (r % copies + 1) * n, out.data() + r % copies * n); });
  snprintf(name, sizeof name, "%s reduce %s 2^%d", tag, sizeof(T)==4?"u32":"u64", __builtin_ctzl(n));
  volatile T sink = 0;
  stats(name, calls, [&](int r) { sink = tide::reduce(p, in.data() + r % copies * n, in.data() + (r % copies + 1) * n); });
}
int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "all";
  int hw = std::thread::hardware_concurrency();
  printf("hardware threads %d, omp max %d\n", hw, omp_get_max_threads());
  auto p = tide::par;
  auto run_all = [&](const char* tag, tide::omp_policy q) {
    scans<unsigned>(tag, 1 << 16, 300, q); scans<unsigned long long>(tag, 1 << 16, 300, q);
    scans<unsigned>(tag, 1 << 20, 200, q); scans<unsigned long long>(tag, 1 << 20, 200, q);
    scans<unsigned long long>(tag, 1 << 24, 30, q);
  };
  if (!strcmp(mode, "all") || !strcmp(mode, "alone")) run_all("alone", p);
  if (!strcmp(mode, "all") || !strcmp(mode, "tbb")) {
    // TBB's workers busy, then the main thread alone for 60 ms (as a std row), then tide.
    std::vector<double> v(1 << 24, 1.0);
    for (int k = 0; k < 3; ++k) {
      for (int j = 0; j < 20; ++j) tbb::parallel_for(tbb::blocked_range<size_t>(0, v.size()), [&](auto r) { for (size_t i = r.begin(); i < r.end(); ++i) v[i] = v[i] * 1.0000001 + 1e-9; });
      scans<unsigned>("after-tbb", 1 << 20, 50, p);
    }
  }
  if (!strcmp(mode, "all") || !strcmp(mode, "bg")) {
    for (int kind = 0; kind < 2; ++kind) {
      std::atomic<bool> stop{false};
      std::thread bg([&] { while (!stop.load(std::memory_order_relaxed)) { if (kind == 0) sched_yield(); else for (int i = 0; i < 1000; ++i) __builtin_ia32_pause(); } });
      scans<unsigned>(kind == 0 ? "bg-yield" : "bg-spin", 1 << 20, 100, p);
      scans<unsigned>(kind == 0 ? "bg-yield-t15" : "bg-spin-t15", 1 << 20, 100, p.with_threads(hw - 1));
      stop = true; bg.join();
    }
  }
  return 0;
}
