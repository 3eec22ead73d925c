#include <tide/tide.hpp>
#include <atomic>
#include <thread>
#include <vector>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sched.h>
struct neg { template <class T> T operator()(T x) const { return T(-x); } };
using tide::backend::omp::detail::g_ps_trace;
int main(int argc,char**argv){
  long n=1<<20; std::vector<unsigned> in(n*8,3), out(n*8);
  std::atomic<bool> stop{false};
  std::thread bg([&]{ while(!stop.load(std::memory_order_relaxed)) sched_yield(); });
  for (int mode = 0; mode < 3; ++mode) {
    int printed = 0; double worst = 0;
    for(int r=0;r<100;++r){ int c=r%8;
      auto t0=std::chrono::steady_clock::now();
      if(mode==0) tide::transform_inclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n, neg{}, tide::plus<unsigned>());
      else if(mode==1) tide::transform_exclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n, neg{}, 0u, tide::plus<unsigned>());
      else tide::inclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n);
      double us = std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-t0).count();
      if ((us > 1000 && printed < 3) || r == 50) {
        ++printed;
        printf("mode %d call %d: %.1f us, team %d rounds %d\n", mode, r, us, g_ps_trace.team, g_ps_trace.rounds);
        for (int t = 0; t < g_ps_trace.team; ++t) printf("  t%2d start %8.1f p1end %8.1f barrier_out %8.1f p3end %8.1f\n", t, g_ps_trace.t[t][0]*1e6, g_ps_trace.t[t][1]*1e6, g_ps_trace.t[t][2]*1e6, g_ps_trace.t[t][3]*1e6);
      }
    }
  }
  stop=true; bg.join();
}
