#include <tide/tide.hpp>
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sched.h>
struct neg { template <class T> T operator()(T x) const { return T(-x); } };
int main(int argc,char**argv){
  int bgkind = atoi(argv[1]);  // 0 none, 1 yield, 2 spin, 3 periodic 1ms busy every 10 ms
  for (long n : {1L<<16, 1L<<20, 1L<<24}) {
  std::vector<unsigned> in(n*4,3), out(n*4);
  std::atomic<bool> stop{false};
  std::thread bg([&]{ while(!stop.load(std::memory_order_relaxed)) {
      if (bgkind==1) sched_yield(); else if (bgkind==2) __builtin_ia32_pause();
      else if (bgkind==3) { auto t=std::chrono::steady_clock::now(); while(std::chrono::steady_clock::now()-t<std::chrono::microseconds(1000)) ; std::this_thread::sleep_for(std::chrono::milliseconds(9)); }
      else std::this_thread::sleep_for(std::chrono::milliseconds(50)); } });
  for (int mode = 0; mode < 4; ++mode) {
    std::vector<double> ts;
    int calls = n >= (1<<24) ? 40 : 200;
    for(int r=0;r<calls;++r){ int c=r%4;
      auto t0=std::chrono::steady_clock::now();
      if(mode==0) tide::transform_inclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n, neg{}, tide::plus<unsigned>());
      else if(mode==1) tide::transform_exclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n, neg{}, 0u, tide::plus<unsigned>());
      else if(mode==2) tide::inclusive_scan(tide::par, in.data()+c*n, in.data()+(c+1)*n, out.data()+c*n);
      else { volatile unsigned s = tide::reduce(tide::par, in.data()+c*n, in.data()+(c+1)*n); (void)s; }
      ts.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-t0).count());
    }
    std::sort(ts.begin(), ts.end());
    int slow = 0; for (double x : ts) slow += x > 1000 + 3 * ts[0];
    const char* names[] = {"tis","tes","is","reduce"};
    printf("bg %d n 2^%d %-6s min %8.1f med %8.1f p90 %8.1f max %8.1f us slow %d/%d\n", bgkind, __builtin_ctzl(n), names[mode], ts[0], ts[ts.size()/2], ts[ts.size()*9/10], ts.back(), slow, calls);
  }
  stop=true; bg.join();
  }
}
