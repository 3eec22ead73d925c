// tide::mr, Thrust's memory resources: the base class user resources derive from, new_delete,
// the system resources, the pools (reuse, chunk growth, oversized caching, release), pool_options,
// and the allocators over resources. Then tide's host temporaries' pool
// (default_host_temporary_resource: kept big blocks, their reuse and release).
#include "common.hpp"
#include "counting_mr.hpp"

#include <cstdint>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace tide_test;

namespace {

using heap_t = tide::mr::new_delete_resource;
using counted_heap = counting_mr<heap_t>;

bool aligned(const void* p, std::size_t alignment) {
  return reinterpret_cast<std::uintptr_t>(p) % alignment == 0;
}

/// A user resource written as for Thrust: derives from mr::memory_resource, overrides the do_ functions.
class arena final : public tide::mr::memory_resource<> {
 public:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    last_alignment = alignment;
    ++calls;
    return ::operator new(bytes, std::align_val_t(alignment));
  }
  void do_deallocate(void* p, std::size_t, std::size_t alignment) override {
    --calls;
    ::operator delete(p, std::align_val_t(alignment));
  }
  std::size_t last_alignment = 0;
  int calls = 0;
};

}  // namespace

TEST_CASE("a user resource derives from mr::memory_resource; allocate defaults to max_align_t's alignment") {
  arena a;
  tide::mr::memory_resource<>& base = a;
  void* p = base.allocate(100);
  CHECK(a.last_alignment == alignof(std::max_align_t));
  CHECK(a.calls == 1);
  base.deallocate(p, 100);
  CHECK(a.calls == 0);
  CHECK(base.is_equal(a));
  arena b;
  CHECK(base != b);
  CHECK(base == a);
}

TEST_CASE("new_delete_resource honours every power-of-two alignment") {
  heap_t heap;
  for (std::size_t alignment = 1; alignment <= 8192; alignment *= 2) {
    void* p = heap.allocate(3 * alignment + 1, alignment);
    CHECK(aligned(p, alignment));
    heap.deallocate(p, 3 * alignment + 1, alignment);
  }
}

TEST_CASE("get_global_resource gives one instance per type") {
  CHECK(tide::mr::get_global_resource<heap_t>() == tide::mr::get_global_resource<heap_t>());
  CHECK(static_cast<void*>(tide::mr::get_global_resource<tide::universal_memory_resource>()) !=
        static_cast<void*>(tide::mr::get_global_resource<heap_t>()));
}

TEST_CASE("the system resources: device memory as device_ptr<void>, universal memory usable on the host") {
  static_assert(std::is_same_v<tide::device_memory_resource::pointer, tide::device_ptr<void>>);
  static_assert(std::is_same_v<tide::mr::allocator<int, tide::device_memory_resource>::pointer, tide::device_ptr<int>>);
  static_assert(std::is_same_v<tide::universal_memory_resource::pointer, void*>);
  static_assert(std::is_same_v<tide::host_memory_resource, tide::mr::new_delete_resource>);

  tide::device_memory_resource dev;
  for (std::size_t alignment : {std::size_t(16), std::size_t(256), std::size_t(4096)}) {
    tide::device_ptr<void> p = dev.allocate(1000, alignment);
    CHECK(p.get() != nullptr);
    CHECK(aligned(p.get(), alignment));
    dev.deallocate(p, 1000, alignment);
  }
  // Device memory from the resource holds what a device algorithm writes there.
  tide::mr::allocator<int, tide::device_memory_resource> ints(&dev);
  tide::device_ptr<int> d = ints.allocate(1000);
  tide::fill(d, d + 1000, 7);
  std::vector<int> back(1000);
  tide::copy(d, d + 1000, back.begin());
  CHECK(std::count(back.begin(), back.end(), 7) == 1000);
  ints.deallocate(d, 1000);

  tide::universal_memory_resource uni;
  auto* u = static_cast<int*>(uni.allocate(64 * sizeof(int), 512));
  CHECK(aligned(u, 512));
  for (int i = 0; i < 64; ++i) u[i] = i;
  CHECK(u[63] == 63);
  uni.deallocate(u, 64 * sizeof(int), 512);

  tide::universal_host_pinned_memory_resource pinned;
  auto* h = static_cast<double*>(pinned.allocate(10 * sizeof(double)));
  h[9] = 2.5;
  CHECK(h[9] == 2.5);
  pinned.deallocate(h, 10 * sizeof(double));
}

TEST_CASE("pool_options: the defaults validate; inconsistent options do not, and a pool refuses them") {
  auto o = tide::mr::unsynchronized_pool_resource<heap_t>::get_default_options();
  CHECK(o.validate());
  CHECK(o.smallest_block_size == alignof(std::max_align_t));
  CHECK(o.largest_block_size == (std::size_t(1) << 20));
  CHECK(o.cache_oversized);

  auto bad = o;
  bad.smallest_block_size = 24;  // not a power of 2
  CHECK_FALSE(bad.validate());
  bad = o;
  bad.alignment = 2 * o.smallest_block_size;  // blocks cannot be that aligned
  CHECK_FALSE(bad.validate());
  bad = o;
  bad.min_blocks_per_chunk = bad.max_blocks_per_chunk + 1;
  CHECK_FALSE(bad.validate());
  bad = o;
  bad.smallest_block_size = 2 * bad.largest_block_size;
  CHECK_FALSE(bad.validate());
  bad = o;
  bad.max_bytes_per_chunk = 0;
  CHECK_FALSE(bad.validate());

  heap_t heap;
  CHECK_THROWS_AS(tide::mr::unsynchronized_pool_resource<heap_t>(&heap, bad), std::invalid_argument);
  CHECK_THROWS_AS((tide::mr::disjoint_unsynchronized_pool_resource<heap_t, heap_t>(&heap, &heap, bad)),
                  std::invalid_argument);
}

TEST_CASE("a pool serves freed blocks again without asking upstream") {
  counted_heap up;
  {
    tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
    std::vector<void*> first;
    for (int i = 0; i < 50; ++i) first.push_back(pool.allocate(64));
    const int asked = up.allocations();
    CHECK(asked >= 1);
    CHECK(asked <= 3);  // chunks of many blocks, not one call per block
    for (void* p : first) pool.deallocate(p, 64);
    CHECK(up.deallocations() == 0);  // cached, not given back

    std::vector<void*> second;
    for (int i = 0; i < 50; ++i) second.push_back(pool.allocate(64));
    CHECK(up.allocations() == asked);
    CHECK(std::set<void*>(first.begin(), first.end()) == std::set<void*>(second.begin(), second.end()));
    for (void* p : second) pool.deallocate(p, 64);
  }
  CHECK(up.outstanding() == 0);  // destruction gave everything back
  CHECK(up.deallocations() == up.allocations());
}

TEST_CASE("a pool rounds requests up to powers of two from the smallest block size") {
  counted_heap up;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
  void* a = pool.allocate(33);  // a 64-byte block
  pool.deallocate(a, 33);
  void* b = pool.allocate(64);
  CHECK(b == a);
  pool.deallocate(b, 64);
  void* c = pool.allocate(1);  // the smallest bucket, not the 64-byte one
  CHECK(c != a);
  pool.deallocate(c, 1);
}

TEST_CASE("a pool's chunks start at the options' minimums and grow by half") {
  counted_heap up;
  auto o = tide::mr::unsynchronized_pool_resource<counted_heap>::get_default_options();
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up, o);
  const std::size_t block = 256;
  const std::size_t first_blocks = std::max(o.min_blocks_per_chunk, o.min_bytes_per_chunk / block);
  std::vector<void*> held;
  for (std::size_t i = 0; i < first_blocks + 1; ++i) held.push_back(pool.allocate(block));
  auto sizes = up.sizes();
  REQUIRE(sizes.size() == 2);
  CHECK(sizes[0] == first_blocks * block);
  CHECK(sizes[1] == first_blocks * 3 / 2 * block);
  for (std::size_t a : up.alignments()) CHECK(a == o.alignment);
  for (void* p : held) CHECK(aligned(p, o.alignment));
  pool.release();
  CHECK(up.outstanding() == 0);
}

TEST_CASE("a pool caches oversized blocks, but not for requests far smaller") {
  counted_heap up;
  auto o = tide::mr::unsynchronized_pool_resource<counted_heap>::get_default_options();
  o.largest_block_size = 1024;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up, o);
  void* big = pool.allocate(1 << 16);
  CHECK(up.allocations() == 1);
  pool.deallocate(big, 1 << 16);
  CHECK(up.deallocations() == 0);
  void* again = pool.allocate(1 << 15);  // half the cached size: within the cut-off factor (16)
  CHECK(again == big);
  CHECK(up.allocations() == 1);
  pool.deallocate(again, 1 << 15);
  void* small = pool.allocate(2048);  // 32 times smaller than the cached block: a new one
  CHECK(small != big);
  CHECK(up.allocations() == 2);
  pool.deallocate(small, 2048);
  pool.release();
  CHECK(up.outstanding() == 0);
}

TEST_CASE("without cache_oversized, oversized blocks go back upstream at once") {
  counted_heap up;
  auto o = tide::mr::unsynchronized_pool_resource<counted_heap>::get_default_options();
  o.cache_oversized = false;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up, o);
  void* p = pool.allocate(o.largest_block_size * 2);
  pool.deallocate(p, o.largest_block_size * 2);
  CHECK(up.deallocations() == 1);
  CHECK(up.outstanding() == 0);
}

TEST_CASE("pools honour alignments above their own (overaligned requests)") {
  counted_heap up;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
  for (std::size_t alignment = 32; alignment <= 8192; alignment *= 2) {
    void* p = pool.allocate(100, alignment);
    CHECK(aligned(p, alignment));
    pool.deallocate(p, 100, alignment);
  }
  for (std::size_t alignment = 1; alignment <= alignof(std::max_align_t); alignment *= 2) {
    void* p = pool.allocate(24, alignment);
    CHECK(aligned(p, alignment));
    pool.deallocate(p, 24, alignment);
  }
}

TEST_CASE("release gives all memory upstream, blocks in use included; the pool works on afterwards") {
  counted_heap up;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
  (void)pool.allocate(100);
  (void)pool.allocate(5 << 20);  // oversized
  CHECK(up.outstanding() > 0);
  pool.release();
  CHECK(up.outstanding() == 0);
  void* p = pool.allocate(100);
  CHECK(up.outstanding() > 0);
  pool.deallocate(p, 100);
}

TEST_CASE("a disjoint pool keeps its bookkeeping in the bookkeeper, apart from the pooled memory") {
  counted_heap up, book;
  {
    tide::mr::disjoint_unsynchronized_pool_resource<counted_heap, counted_heap> pool(&up, &book);
    const int book_at_start = book.allocations();
    CHECK(book_at_start > 0);  // the buckets' table
    std::vector<void*> held;
    for (int i = 0; i < 200; ++i) held.push_back(pool.allocate(48));
    CHECK(up.allocations() >= 1);
    CHECK(book.allocations() > book_at_start);  // free lists and chunk records
    for (void* p : held) pool.deallocate(p, 48);
    const int up_calls = up.allocations();
    for (int i = 0; i < 200; ++i) held[i] = pool.allocate(48);
    CHECK(up.allocations() == up_calls);
    for (void* p : held) pool.deallocate(p, 48);
  }
  CHECK(up.outstanding() == 0);
  CHECK(book.outstanding() == 0);
}

TEST_CASE("a disjoint pool over device memory, as Thrust programs write it") {
  tide::device_memory_resource dev;
  tide::mr::new_delete_resource heap;
  counting_mr<tide::device_memory_resource> up(&dev);
  {
    tide::mr::disjoint_unsynchronized_pool_resource<counting_mr<tide::device_memory_resource>,
                                                     tide::mr::new_delete_resource>
        pool(&up, &heap);
    tide::mr::allocator<int, decltype(pool)> alloc(&pool);
    tide::device_ptr<int> a = alloc.allocate(1000);
    tide::device_ptr<int> b = alloc.allocate(1000);
    CHECK(a != b);
    tide::sequence(a, a + 1000);
    CHECK(tide::reduce(a, a + 1000) == 999 * 1000 / 2);
    alloc.deallocate(a, 1000);
    tide::device_ptr<int> c = alloc.allocate(1000);
    CHECK(c == a);  // the freed block, again
    alloc.deallocate(b, 1000);
    alloc.deallocate(c, 1000);
  }
  CHECK(up.outstanding() == 0);
}

TEST_CASE("synchronized pools serve several threads at once") {
  counted_heap up, book;
  {
    tide::mr::synchronized_pool_resource<counted_heap> pool(&up);
    tide::mr::disjoint_synchronized_pool_resource<counted_heap, counted_heap> disjoint(&up, &book);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (int round = 0; round < 200; ++round) {
          const std::size_t bytes = std::size_t(16) << ((round + t) % 8);
          void* p = pool.allocate(bytes);
          void* q = disjoint.allocate(bytes);
          std::memset(p, t, bytes);
          std::memset(q, t, bytes);
          pool.deallocate(p, bytes);
          disjoint.deallocate(q, bytes);
        }
      });
    for (auto& th : threads) th.join();
  }
  CHECK(up.outstanding() == 0);
  CHECK(book.outstanding() == 0);
}

TEST_CASE("per-thread pools: one pool per thread, the same on each call") {
  // The main thread's pool lives until the program exits and then gives its blocks back to heap:
  // heap must outlive it (a static is destroyed after the thread-local objects, as Thrust's
  // tls_pool requires of its upstream).
  static heap_t heap;
  auto& a = tide::mr::tls_pool(&heap);
  auto& b = tide::mr::tls_pool<heap_t>();
  CHECK(&a == &b);
  const void* other = nullptr;
  std::thread([&] { other = &tide::mr::tls_pool(&heap); }).join();
  CHECK(other != static_cast<const void*>(&a));
  void* p = a.allocate(10);
  a.deallocate(p, 10);
}

TEST_CASE("mr::allocator asks its resource for n * sizeof(T) bytes at T's alignment") {
  counted_heap up;
  tide::mr::allocator<double, counted_heap> alloc(&up);
  static_assert(std::is_same_v<decltype(alloc)::pointer, double*>);
  static_assert(std::is_same_v<decltype(alloc)::reference, double&>);
  static_assert(std::is_same_v<decltype(alloc)::rebind<int>::other, tide::mr::allocator<int, counted_heap>>);
  double* p = alloc.allocate(10);
  CHECK(up.sizes().back() == 10 * sizeof(double));
  CHECK(up.alignments().back() == alignof(double));
  alloc.deallocate(p, 10);
  CHECK(up.outstanding() == 0);

  tide::mr::allocator<int, counted_heap> ints(alloc);  // converting copy: the same resource
  CHECK(ints.resource() == &up);
  CHECK(tide::mr::allocator<int, counted_heap>(&up) == ints);
  counted_heap other;
  CHECK(tide::mr::allocator<int, counted_heap>(&other) != ints);

  // A standard container over a pool.
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
  std::vector<int, tide::mr::allocator<int, decltype(pool)>> v{tide::mr::allocator<int, decltype(pool)>(&pool)};
  for (int i = 0; i < 1000; ++i) v.push_back(i);
  CHECK(v[999] == 999);
}

TEST_CASE("polymorphic_allocator: equal when their resources are equal") {
  heap_t heap1, heap2;
  tide::mr::polymorphic_adaptor_resource<void*> adaptor1(&heap1), adaptor1b(&heap1), adaptor2(&heap2);
  tide::mr::polymorphic_allocator<int, void*> a(&adaptor1), b(&adaptor1b), c(&adaptor2);
  CHECK(a == a);
  CHECK(a == b);  // different adaptors over the same upstream
  CHECK(a != c);
  tide::mr::polymorphic_allocator<int, void*> copy = c;
  CHECK(copy == c);
  int* p = a.allocate(5);
  p[4] = 4;
  b.deallocate(p, 5);  // equal allocators: one frees what the other allocated
}

TEST_CASE("stateless_resource_allocator takes the global resource: default-constructible, all equal") {
  using alloc_t = tide::mr::stateless_resource_allocator<int, tide::universal_memory_resource>;
  alloc_t a, b;
  CHECK(a == b);
  CHECK(a.resource() == tide::mr::get_global_resource<tide::universal_memory_resource>());
  tide::mr::stateless_resource_allocator<char, tide::universal_memory_resource> rebound(a);
  CHECK(rebound.resource() == a.resource());
  std::vector<int, alloc_t> v(100, 3);
  CHECK(v[99] == 3);
}

TEST_CASE("fancy_pointer_resource hands out the upstream's memory as another pointer type") {
  tide::mr::fancy_pointer_resource<heap_t, tide::device_ptr<void>> fancy;
  tide::device_ptr<void> p = fancy.allocate(64, 32);
  CHECK(aligned(p.get(), 32));
  fancy.deallocate(p, 64, 32);
}

TEST_CASE("memory_resource_adaptor: a tide::mr pool stands where a tide::memory_resource does") {
  counted_heap up;
  tide::mr::unsynchronized_pool_resource<counted_heap> pool(&up);
  tide::mr::memory_resource_adaptor<decltype(pool)> adaptor(&pool);
  tide::memory_resource& r = adaptor;
  void* p = r.allocate(200);
  r.deallocate(p, 200);
  void* q = r.allocate(200);
  CHECK(q == p);  // the pool's block, again
  r.deallocate(q, 200);
  tide::mr::memory_resource_adaptor<decltype(pool)> same(&pool);
  CHECK(r.is_equal(same));
  CHECK_FALSE(r.is_equal(*tide::new_delete_resource()));

  auto keys = random_vector<int>(5000, "adaptor sort");
  tide::host_vector<int> v(keys.begin(), keys.end());
  tide::sort(tide::par(adaptor), v.begin(), v.end());
  std::sort(keys.begin(), keys.end());
  CHECK(to_std(v) == keys);
}

namespace {
constexpr std::size_t mib = std::size_t(1) << 20;
tide::detail::host_temporary_cache_stats kept() { return tide::detail::host_temporary_cache(); }
}  // namespace

TEST_CASE("host temporaries: a freed big block is kept and the next temporary of that size reuses it") {
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  const std::size_t bytes = 3 * mib + 5;
  void* p = r->allocate(bytes);
  CHECK(aligned(p, 2 * mib));  // 2 MiB-aligned, so that huge pages can back it
  std::memset(p, 1, bytes);
  CHECK(kept().blocks == 0);
  r->deallocate(p, bytes);
  CHECK(kept().blocks == 1);
  CHECK(kept().bytes == 4 * mib);  // rounded up to 2 MiB
  void* q = r->allocate(bytes);
  CHECK(q == p);
  CHECK(kept().blocks == 0);
  r->deallocate(q, bytes);
  tide::release_host_temporaries();
}

TEST_CASE("host temporaries: blocks under 32 KiB come from operator new and are not kept") {
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  for (std::size_t bytes : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(32 * 1024 - 1)}) {
    void* p = r->allocate(bytes);
    CHECK(aligned(p, 64));
    if (bytes) std::memset(p, 2, bytes);
    r->deallocate(p, bytes);
  }
  CHECK(kept().blocks == 0);
  CHECK(kept().bytes == 0);
}

TEST_CASE("host temporaries: blocks from 32 KiB to 1 MiB are kept, rounded up to a power of two") {
  // (glibc gives freed blocks of 128 KiB or more back to the system, so each call would fault
  // them in again.)
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  const std::size_t kib = 1024;
  void* p = r->allocate(100000);  // 128 KiB
  CHECK(aligned(p, 64));
  std::memset(p, 3, 100000);
  r->deallocate(p, 100000);
  CHECK(kept().blocks == 1);
  CHECK(kept().bytes == 128 * kib);
  void* q = r->allocate(40000);  // 64 KiB: the kept block is twice that, so it serves
  CHECK(q == p);
  void* a = r->allocate(32 * kib);  // a fresh 32 KiB block
  CHECK(a != p);
  r->deallocate(a, 32 * kib);
  CHECK(kept().bytes == 32 * kib);
  void* b = r->allocate(mib - 1);  // 1 MiB
  std::memset(b, 4, mib - 1);
  r->deallocate(b, mib - 1);
  r->deallocate(q, 40000);
  CHECK(kept().blocks == 3);
  CHECK(kept().bytes == 32 * kib + mib + 128 * kib);
  tide::release_host_temporaries();
}

TEST_CASE("host temporaries: a request takes the smallest kept block that fits, never one over twice its size") {
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  void* big = r->allocate(16 * mib);
  void* small = r->allocate(2 * mib);
  r->deallocate(big, 16 * mib);
  r->deallocate(small, 2 * mib);
  CHECK(kept().blocks == 2);
  void* a = r->allocate(mib + 1);  // 2 MiB: the small block, not the big one
  CHECK(a == small);
  void* b = r->allocate(4 * mib);  // the big block is four times this: a fresh block
  CHECK(b != big);
  CHECK(kept().blocks == 1);
  void* c = r->allocate(9 * mib);  // 10 MiB: the big block is under twice that
  CHECK(c == big);
  r->deallocate(a, mib + 1);
  r->deallocate(b, 4 * mib);
  r->deallocate(c, 9 * mib);
  CHECK(kept().blocks == 3);
  CHECK(kept().bytes == 22 * mib);
  tide::release_host_temporaries();
}

TEST_CASE("host temporaries: at most 8 blocks are kept; the least recently freed goes first") {
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  std::vector<void*> blocks;
  for (int i = 0; i < 9; ++i) blocks.push_back(r->allocate(2 * mib));
  for (void* p : blocks) r->deallocate(p, 2 * mib);
  CHECK(kept().blocks == 8);
  CHECK(kept().bytes == 16 * mib);
  // The 8 kept are the last 8 freed: 8 requests take exactly those.
  std::set<void*> again;
  for (int i = 0; i < 8; ++i) again.insert(r->allocate(2 * mib));
  CHECK(again == std::set<void*>(blocks.begin() + 1, blocks.end()));
  CHECK(kept().blocks == 0);
  for (void* p : again) r->deallocate(p, 2 * mib);
  tide::release_host_temporaries();
}

TEST_CASE("host temporaries: release_host_temporaries frees every kept block, and the pool works on") {
  tide::memory_resource* r = tide::default_host_temporary_resource();
  void* a = r->allocate(2 * mib);
  void* b = r->allocate(6 * mib);
  r->deallocate(a, 2 * mib);
  CHECK(kept().blocks >= 1);
  tide::release_host_temporaries();
  CHECK(kept().blocks == 0);
  CHECK(kept().bytes == 0);
  r->deallocate(b, 6 * mib);  // in use at the release: kept when freed, as any other
  CHECK(kept().blocks == 1);
  CHECK(kept().bytes == 6 * mib);
  tide::release_host_temporaries();
  CHECK(kept().blocks == 0);
}

TEST_CASE("host temporaries: several threads allocate and free at once") {
  tide::release_host_temporaries();
  tide::memory_resource* r = tide::default_host_temporary_resource();
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 100; ++round) {
        // Big and small, of several sizes, two at a time: each thread marks both ends of its
        // blocks and checks them before freeing, so a block given to two threads shows.
        const std::size_t sizes[2] = {(std::size_t(1) + (round + t) % 5) * mib + 64, std::size_t(64) << (round % 8)};
        void* held[2];
        for (int k = 0; k < 2; ++k) {
          held[k] = r->allocate(sizes[k]);
          auto* bytes = static_cast<unsigned char*>(held[k]);
          std::memset(bytes, t + 1, 64);
          std::memset(bytes + sizes[k] - 64, t + 1, 64);
        }
        std::this_thread::yield();
        for (int k = 0; k < 2; ++k) {
          auto* bytes = static_cast<unsigned char*>(held[k]);
          for (int i = 0; i < 64; ++i)
            if (bytes[i] != t + 1 || bytes[sizes[k] - 64 + i] != t + 1) ++wrong[t];
          r->deallocate(held[k], sizes[k]);
        }
      }
    });
  for (auto& th : threads) th.join();
  CHECK(wrong == std::vector<int>(4, 0));
  CHECK(kept().blocks <= 8);
  tide::release_host_temporaries();
  CHECK(kept().blocks == 0);
}

TEST_CASE("host temporaries: an impossible request throws tide::bad_alloc" * doctest::skip(under_asan)) {
  CHECK_THROWS_AS(tide::default_host_temporary_resource()->allocate(std::size_t(1) << 62), tide::bad_alloc);
  CHECK_THROWS_AS(tide::default_host_temporary_resource()->allocate(std::size_t(-1)), tide::bad_alloc);
}

TEST_CASE_TEMPLATE("host temporaries: seq and par sort 2^20 keys right, the second time from the kept blocks", B,
                   tide_test::seq_backend, tide_test::par_backend) {
  tide::release_host_temporaries();
  const std::size_t n = std::size_t(1) << 20;  // 4 MiB of keys: a scratch the pool keeps
  std::mt19937_64 gen = rng("host temporaries sort");
  for (int round = 0; round < 2; ++round) {
    std::vector<std::uint32_t> keys(n);
    for (auto& k : keys) k = std::uint32_t(gen());
    tide::host_vector<std::uint32_t> v(keys.begin(), keys.end());
    tide::sort(B::policy(), v.begin(), v.end());
    std::sort(keys.begin(), keys.end());
    CHECK(to_std(v) == keys);
    CHECK(kept().blocks >= 1);
  }
  // The second sort asked for what the first did, and took it from the pool: nothing more is kept.
  const auto after_two = kept();
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = std::uint32_t(gen());
  tide::host_vector<std::uint32_t> v(keys.begin(), keys.end());
  tide::sort(B::policy(), v.begin(), v.end());
  CHECK(kept().blocks == after_two.blocks);
  CHECK(kept().bytes == after_two.bytes);
  tide::release_host_temporaries();
}

TEST_CASE("host temporaries: a policy with a resource of its own leaves the pool alone") {
  tide::release_host_temporaries();
  std::vector<std::uint32_t> keys(std::size_t(1) << 20);
  std::mt19937_64 gen = rng("own resource sort");
  for (auto& k : keys) k = std::uint32_t(gen());
  tide::host_vector<std::uint32_t> v(keys.begin(), keys.end());
  tide::sort(tide::par(*tide::new_delete_resource()), v.begin(), v.end());
  std::sort(keys.begin(), keys.end());
  CHECK(to_std(v) == keys);
  CHECK(kept().blocks == 0);
}
