// A pool memory resource, as in Thrust's mr_basic example: a disjoint unsynchronized pool over the
// device memory resource (its bookkeeping in host memory from new_delete_resource), a
// thrust::mr::allocator over the pool, and device_vectors that allocate through it.

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/mr/allocator.h>
#include <thrust/mr/device_memory_resource.h>
#include <thrust/mr/disjoint_pool.h>
#include <thrust/mr/new.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <cstdio>

template <typename Vector>
void use_vector(const char* name, typename Vector::allocator_type alloc) {
  Vector v(alloc);
  v.push_back(3);
  v.push_back(1);
  v.push_back(2);
  v.resize(1000);
  thrust::sequence(v.begin() + 3, v.end(), 1000, -1);
  thrust::sort(v.begin(), v.end());
  Vector copy = v;  // the copy uses the same allocator
  std::printf("%s: size %d, first %d %d %d %d, last %d, sum %d\n", name, int(copy.size()), int(copy[0]), int(copy[1]),
              int(copy[2]), int(copy[3]), int(copy[999]), thrust::reduce(copy.begin(), copy.end()));
}

int main() {
  thrust::device_memory_resource device_memory;
  {
    // The device resource directly, through a typed allocator: no virtual calls.
    using alloc_t = thrust::mr::allocator<int, thrust::device_memory_resource>;
    alloc_t alloc(&device_memory);
    use_vector<thrust::device_vector<int, alloc_t>>("device resource", alloc);
  }
  {
    using pool_t =
        thrust::mr::disjoint_unsynchronized_pool_resource<thrust::device_memory_resource, thrust::mr::new_delete_resource>;
    pool_t pool(&device_memory, thrust::mr::get_global_resource<thrust::mr::new_delete_resource>());
    using alloc_t = thrust::mr::allocator<int, pool_t>;
    alloc_t alloc(&pool);
    use_vector<thrust::device_vector<int, alloc_t>>("disjoint pool", alloc);
    use_vector<thrust::device_vector<int, alloc_t>>("disjoint pool again", alloc);
    pool.release();
    std::printf("pool released\n");
  }
  return 0;
}
