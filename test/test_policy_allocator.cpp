// Policies built from a caller's allocator (Thrust's `par(alloc)`): every temporary of a call
// comes from the allocator and goes back to it; the policy stays valid when copied; `on(stream)`
// and `with_threads` keep the allocator; tide::mr resources serve the same way (`par(&pool)`).
#include "common.hpp"
#include "counting_mr.hpp"

#include <map>
#include <numeric>
#include <set>
#include <optional>
#include <utility>

using namespace tide_test;

namespace {

/// Where a backend's temporaries must live: device memory for the device system, else the heap.
template <class B>
tide::memory_resource* memory_of() {
  if constexpr (std::is_same_v<B, device_backend>)
    return tide::default_container_resource();
  else
    return tide::new_delete_resource();
}

/// What an allocator saw.
struct allocation_log {
  int allocations = 0;
  int deallocations = 0;
  std::ptrdiff_t outstanding = 0;
  int wrong_frees = 0;  // a pointer or size it did not hand out
  std::map<char*, std::ptrdiff_t> live;
};

/// A char allocator as in Thrust's custom_temporary_allocation example (`char* allocate(ptrdiff_t)`,
/// `deallocate(char*, size_t)`), counting into a log; copies share the log.
struct counting_allocator {
  using value_type = char;
  allocation_log* log;
  tide::memory_resource* memory;

  char* allocate(std::ptrdiff_t n) {
    char* p = static_cast<char*>(memory->allocate(static_cast<std::size_t>(n)));
    ++log->allocations;
    log->outstanding += n;
    log->live[p] = n;
    return p;
  }
  void deallocate(char* p, std::size_t n) {
    auto it = log->live.find(p);
    if (it == log->live.end() || it->second != static_cast<std::ptrdiff_t>(n)) {
      ++log->wrong_frees;
      return;
    }
    log->live.erase(it);
    ++log->deallocations;
    log->outstanding -= static_cast<std::ptrdiff_t>(n);
    memory->deallocate(p, n);
  }
};

/// A tide::memory_resource counting the same calls, for comparison.
class counting_resource final : public tide::memory_resource {
 public:
  explicit counting_resource(tide::memory_resource* memory) : memory_(memory) {}
  int allocations = 0;

 private:
  void* do_allocate(std::size_t bytes, tide::stream_t s) override {
    ++allocations;
    return memory_->allocate(bytes, s);
  }
  void do_deallocate(void* p, std::size_t bytes, tide::stream_t s) noexcept override { memory_->deallocate(p, bytes, s); }
  tide::memory_resource* memory_;
};

/// Runs `call(policy)` with temporaries from a counting tide resource, then from a counting
/// allocator: the allocator must see as many allocations as the resource did (every temporary),
/// and get all of them back. Returns how many there were.
template <class B, class Call>
int check_every_temporary(Call call) {
  counting_resource resource(memory_of<B>());
  call(B::policy()(resource));
  allocation_log log;
  counting_allocator alloc{&log, memory_of<B>()};
  call(B::policy()(alloc));
  CHECK(log.allocations == resource.allocations);
  CHECK(log.deallocations == log.allocations);
  CHECK(log.outstanding == 0);
  CHECK(log.wrong_frees == 0);
  return log.allocations;
}

const std::int64_t n_keys = std::getenv("TIDE_TEST_SMALL") ? 20011 : 200003;

/// The allocator of Thrust's custom_temporary_allocation example (a cache of device blocks by size).
struct cached_allocator {
  using value_type = char;
  std::multimap<std::ptrdiff_t, char*> free_blocks;
  std::map<char*, std::ptrdiff_t> allocated_blocks;
  int fresh = 0;
  char* allocate(std::ptrdiff_t num_bytes) {
    char* result;
    auto it = free_blocks.find(num_bytes);
    if (it != free_blocks.end()) {
      result = it->second;
      free_blocks.erase(it);
    } else {
      ++fresh;
      result = tide::device_malloc<char>(static_cast<std::size_t>(num_bytes)).get();
    }
    allocated_blocks.insert({result, num_bytes});
    return result;
  }
  void deallocate(char* ptr, std::size_t) {
    auto it = allocated_blocks.find(ptr);
    free_blocks.insert({it->second, ptr});
    allocated_blocks.erase(it);
  }
  ~cached_allocator() {
    for (auto& [bytes, p] : free_blocks) tide::device_free(tide::device_ptr<char>(p));
    for (auto& [p, bytes] : allocated_blocks) tide::device_free(tide::device_ptr<char>(p));
  }
};

}  // namespace

TEST_CASE_TEMPLATE("sort takes every temporary from the policy's allocator", B, TIDE_TEST_BACKENDS) {
  auto keys = random_vector<int>(n_keys, "alloc sort", -100000, 100000);
  auto want = keys;
  std::sort(want.begin(), want.end());
  auto v = to_backend<B>(keys);
  const int temporaries = check_every_temporary<B>([&](const auto& policy) {
    tide::copy(keys.begin(), keys.end(), v.begin());
    tide::sort(policy, v.begin(), v.end());
    CHECK(to_std(v) == want);
  });
  CHECK(temporaries > 0);
}

TEST_CASE_TEMPLATE("sort_by_key takes every temporary from the policy's allocator", B, TIDE_TEST_BACKENDS) {
  auto keys = random_vector<int>(n_keys, "alloc sort_by_key", -50, 50);
  auto values = random_vector<double>(n_keys, "alloc sort_by_key values");
  auto k = to_backend<B>(keys);
  auto v = to_backend<B>(values);
  const int temporaries = check_every_temporary<B>([&](const auto& policy) {
    tide::copy(keys.begin(), keys.end(), k.begin());
    tide::copy(values.begin(), values.end(), v.begin());
    tide::stable_sort_by_key(policy, k.begin(), k.end(), v.begin());
    auto got = to_std(k);
    CHECK(std::is_sorted(got.begin(), got.end()));
  });
  CHECK(temporaries > 0);
}

TEST_CASE_TEMPLATE("scans take every temporary from the policy's allocator", B, TIDE_TEST_BACKENDS) {
  auto in = random_vector<long long>(n_keys, "alloc scan");
  std::vector<long long> want(in.size());
  std::partial_sum(in.begin(), in.end(), want.begin());
  auto x = to_backend<B>(in);
  typename B::template vector<long long> out(in.size());
  check_every_temporary<B>([&](const auto& policy) {
    tide::inclusive_scan(policy, x.begin(), x.end(), out.begin());
    CHECK(to_std(out) == want);
    tide::exclusive_scan(policy, x.begin(), x.end(), out.begin(), 5ll);
    CHECK(out[1] == 5 + in[0]);
  });
}

TEST_CASE_TEMPLATE("reduce_by_key takes every temporary from the policy's allocator", B, TIDE_TEST_BACKENDS) {
  auto keys = random_runs(n_keys, "alloc reduce_by_key", 20);
  std::vector<int> ones(keys.size(), 1);
  auto k = to_backend<B>(keys);
  auto v = to_backend<B>(ones);
  typename B::template vector<int> keys_out(keys.size()), sums(keys.size());
  const std::size_t runs = std::set<int>(keys.begin(), keys.end()).size();
  check_every_temporary<B>([&](const auto& policy) {
    auto ends = tide::reduce_by_key(policy, k.begin(), k.end(), v.begin(), keys_out.begin(), sums.begin());
    CHECK(static_cast<std::size_t>(ends.first - keys_out.begin()) == runs);
    CHECK(tide::reduce(sums.begin(), sums.begin() + static_cast<std::ptrdiff_t>(runs)) == static_cast<int>(keys.size()));
  });
}

TEST_CASE("a non-const lvalue allocator is used in place; a const one or a temporary is copied") {
  allocation_log log;
  counting_allocator alloc{&log, tide::new_delete_resource()};
  auto in_place = tide::seq(alloc);
  static_assert(std::is_same_v<decltype(in_place), tide::allocator_policy<tide::seq_policy, counting_allocator&>>);
  CHECK(&in_place.get_allocator() == &alloc);

  const counting_allocator& const_ref = alloc;
  auto copied = tide::seq(const_ref);
  static_assert(std::is_same_v<decltype(copied), tide::allocator_policy<tide::seq_policy, counting_allocator>>);
  CHECK(&copied.get_allocator() != &alloc);
  auto moved = tide::par(counting_allocator{&log, tide::new_delete_resource()});
  static_assert(std::is_same_v<decltype(moved), tide::allocator_policy<tide::omp_policy, counting_allocator>>);
}

TEST_CASE_TEMPLATE("a copy of an allocator policy works after the original is gone", B, TIDE_TEST_BACKENDS) {
  allocation_log log;
  using policy_t = decltype(B::policy()(std::declval<counting_allocator>()));
  std::optional<policy_t> original;
  original.emplace(B::policy()(counting_allocator{&log, memory_of<B>()}));
  policy_t copy = *original;
  policy_t assigned = *original;
  assigned = copy;
  original.reset();  // the copies must not point into it (an ASan build sees it if they do)

  auto keys = random_vector<int>(n_keys, "alloc copy");
  auto v = to_backend<B>(keys);
  tide::sort(copy, v.begin(), v.end());
  tide::sort(assigned, v.begin(), v.end());
  auto got = to_std(v);
  CHECK(std::is_sorted(got.begin(), got.end()));
  CHECK(log.allocations > 0);
  CHECK(log.outstanding == 0);
  CHECK(log.wrong_frees == 0);
}

TEST_CASE("with_threads keeps the allocator") {
  allocation_log log;
  counting_allocator alloc{&log, tide::new_delete_resource()};
  auto policy = tide::par(alloc).with_threads(2);
  static_assert(std::is_same_v<decltype(policy), tide::allocator_policy<tide::omp_policy, counting_allocator&>>);
  CHECK(policy.num_threads == 2);
  CHECK(&policy.get_allocator() == &alloc);
  auto keys = random_vector<int>(n_keys, "alloc threads");
  tide::host_vector<int> v(keys.begin(), keys.end());
  tide::sort(policy, v.begin(), v.end());
  CHECK(log.allocations > 0);
  CHECK(log.outstanding == 0);
}

TEST_CASE_TEMPLATE("a tide::mr pool serves a policy's temporaries, by pointer or by reference, and reuses them",
                   B, TIDE_TEST_BACKENDS) {
  using upstream_t = std::conditional_t<std::is_same_v<B, device_backend>, tide::device_memory_resource,
                                        tide::mr::new_delete_resource>;
  counting_mr<upstream_t> up;
  tide::mr::new_delete_resource heap;
  {
    tide::mr::disjoint_unsynchronized_pool_resource<counting_mr<upstream_t>, tide::mr::new_delete_resource> pool(
        &up, &heap);
    auto keys = random_vector<int>(n_keys, "alloc pool");
    auto v = to_backend<B>(keys);
    tide::sort(B::policy()(&pool), v.begin(), v.end());
    const int taken = up.allocations();
    CHECK(taken > 0);
    tide::copy(keys.begin(), keys.end(), v.begin());
    tide::sort(B::policy()(pool), v.begin(), v.end());
    CHECK(up.allocations() == taken);  // the same temporaries again, from the pool's cache
    auto got = to_std(v);
    CHECK(std::is_sorted(got.begin(), got.end()));
  }
  CHECK(up.outstanding() == 0);
}

TEST_CASE("Thrust's cached_allocator: repeated sorts are served from its cache") {
  cached_allocator alloc;
  auto keys = random_vector<int>(n_keys, "cached allocator");
  tide::device_vector<int> input(keys.begin(), keys.end()), result(keys.size());
  for (int trial = 0; trial < 5; ++trial) {
    result = input;
    tide::sort(tide::device(alloc), result.begin(), result.end());
    auto got = to_std(result);
    CHECK(std::is_sorted(got.begin(), got.end()));
  }
  CHECK(alloc.fresh > 0);
  CHECK(alloc.allocated_blocks.empty());
  const int after_first = alloc.fresh;
  result = input;
  tide::sort(tide::device(alloc), result.begin(), result.end());
  CHECK(alloc.fresh == after_first);
}

TEST_CASE("a tide::memory_resource given to a policy gives the plain policy") {
  counting_resource resource(tide::new_delete_resource());
  static_assert(std::is_same_v<decltype(tide::seq(resource)), tide::seq_policy>);
  static_assert(std::is_same_v<decltype(tide::par(&resource)), tide::omp_policy>);
  static_assert(std::is_same_v<decltype(tide::device(resource)), tide::device_policy>);
  CHECK(tide::seq(resource).resource == &resource);
  CHECK(tide::par(&resource).resource == &resource);
}

TEST_CASE("allocator policies are execution policies of their base's system") {
  allocation_log log;
  counting_allocator alloc{&log, tide::new_delete_resource()};
  using seq_alloc = decltype(tide::seq(alloc));
  using device_alloc = decltype(tide::device(alloc));
  static_assert(tide::is_execution_policy_v<seq_alloc>);
  static_assert(tide::is_execution_policy_v<const device_alloc&>);
  static_assert(std::is_same_v<seq_alloc::system_type, tide::seq_tag>);
  static_assert(std::is_same_v<device_alloc::system_type, tide::device_system_tag>);
  static_assert(std::is_base_of_v<tide::device_policy, device_alloc>);
  static_assert(std::is_same_v<tide::detail::base_policy_t<const device_alloc&>, tide::device_policy>);
  static_assert(std::is_same_v<tide::detail::base_policy_t<tide::seq_policy>, tide::seq_policy>);
  CHECK(tide::seq(alloc).resource != nullptr);
}

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>

TEST_CASE("cuda::par(alloc).on(stream) keeps the allocator and runs on the stream") {
  cudaStream_t stream;
  REQUIRE(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) == cudaSuccess);
  allocation_log log;
  counting_allocator alloc{&log, tide::default_container_resource()};
  auto policy = tide::cuda::par(alloc).on(stream);
  static_assert(std::is_same_v<decltype(policy), tide::allocator_policy<tide::cuda_policy, counting_allocator&>>);
  CHECK(policy.stream == stream);
  CHECK(policy.sync);
  CHECK(&policy.get_allocator() == &alloc);
  auto nosync = tide::cuda::par_nosync(alloc).on(stream);
  CHECK_FALSE(nosync.sync);
  CHECK(&nosync.get_allocator() == &alloc);

  auto keys = random_vector<int>(n_keys, "alloc stream");
  tide::device_vector<int> v(keys.begin(), keys.end());
  tide::sort(policy, v.begin(), v.end());
  tide::sort(nosync, v.begin(), v.end());
  cudaStreamSynchronize(stream);
  auto got = to_std(v);
  CHECK(std::is_sorted(got.begin(), got.end()));
  CHECK(log.allocations > 0);
  CHECK(log.outstanding == 0);
  cudaStreamDestroy(stream);
}

TEST_CASE("cuda::par gives memory back to the allocator only after its stream's work is done") {
  cudaStream_t stream;
  REQUIRE(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) == cudaSuccess);
  struct watching_allocator {
    using value_type = char;
    cudaStream_t stream;
    int early = 0, returned = 0;
    char* allocate(std::ptrdiff_t n) {
      return static_cast<char*>(tide::default_container_resource()->allocate(static_cast<std::size_t>(n)));
    }
    void deallocate(char* p, std::size_t n) {
      if (cudaStreamQuery(stream) != cudaSuccess) ++early;
      ++returned;
      tide::default_container_resource()->deallocate(p, n);
    }
  } alloc{stream};
  auto keys = random_vector<int>(n_keys, "alloc wait");
  tide::device_vector<int> v(keys.begin(), keys.end());
  tide::sort(tide::cuda::par(alloc).on(stream), v.begin(), v.end());
  CHECK(alloc.returned > 0);
  CHECK(alloc.early == 0);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
}
#endif
