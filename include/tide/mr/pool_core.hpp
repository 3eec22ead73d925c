#pragma once
/// \file mr/pool_core.hpp
/// The engine of the pool resources: free lists of power-of-two blocks carved from chunks taken
/// from upstream, and oversized (or overaligned) blocks taken one by one and cached by size. Its
/// bookkeeping lives in host memory from `BookAlloc`, apart from the pooled memory, so upstream
/// memory may be device memory the host cannot touch.

#include <algorithm>
#include <memory>
#include <vector>

#include "../error.hpp"
#include "memory_resource.hpp"
#include "pool_options.hpp"

namespace tide::mr::detail {

/// A standard allocator whose memory comes from a resource whose memory the host can use
/// (a bookkeeper); its pointer is raw whatever the resource's pointer type.
template <class T, class Bookkeeper>
class bookkeeper_allocator {
 public:
  using value_type = T;
  template <class U>
  struct rebind {
    using other = bookkeeper_allocator<U, Bookkeeper>;
  };
  explicit bookkeeper_allocator(Bookkeeper* r) noexcept : resource_(r) {}
  template <class U>
  bookkeeper_allocator(const bookkeeper_allocator<U, Bookkeeper>& o) noexcept : resource_(o.resource()) {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(raw_address(resource_->do_allocate(n * sizeof(T), alignof(T))));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    resource_->do_deallocate(pointer_from_address<typename Bookkeeper::pointer>(p), n * sizeof(T), alignof(T));
  }
  Bookkeeper* resource() const noexcept { return resource_; }
  friend bool operator==(const bookkeeper_allocator& a, const bookkeeper_allocator& b) noexcept {
    return a.resource_ == b.resource_;
  }
  friend bool operator!=(const bookkeeper_allocator& a, const bookkeeper_allocator& b) noexcept { return !(a == b); }

 private:
  Bookkeeper* resource_;
};

/// Pools over `Upstream`, bookkeeping from `BookAlloc` (a standard allocator, rebound as needed).
template <class Upstream, class BookAlloc>
class pool_core {
  using void_ptr = typename Upstream::pointer;
  template <class X>
  using vec = std::vector<X, typename std::allocator_traits<BookAlloc>::template rebind_alloc<X>>;

  struct chunk {
    std::size_t size;
    void_ptr pointer;
  };
  struct block {  // an oversized or overaligned block
    std::size_t size;
    std::size_t alignment;
    void_ptr pointer;
  };
  struct bucket {
    vec<void_ptr> free;
    std::size_t previous_count;  // blocks in the bucket's last chunk
    std::size_t carved;          // blocks of all its chunks: the free list's reserved room
  };
  static bool by_size(const block& a, const block& b) {
    return a.size < b.size || (a.size == b.size && a.alignment < b.alignment);
  }

 public:
  pool_core(Upstream* upstream, const BookAlloc& book, const pool_options& options, const char* name)
      : upstream_(upstream), options_(options), chunks_(book), cached_(book), oversized_(book), buckets_(book) {
    if (!options_.validate()) tide::detail::throw_invalid_argument(name, "inconsistent pool_options");
    smallest_log2_ = log2_ceil(options_.smallest_block_size);
    const std::size_t count = log2_ceil(options_.largest_block_size) - smallest_log2_ + 1;
    buckets_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) buckets_.push_back(bucket{vec<void_ptr>(book), 0, 0});
  }
  pool_core(const pool_core&) = delete;
  pool_core& operator=(const pool_core&) = delete;
  ~pool_core() { release(); }

  /// Gives every chunk and oversized block back to upstream (blocks still in use included).
  void release() {
    for (bucket& b : buckets_) {
      b.free.clear();
      b.previous_count = 0;
      b.carved = 0;
    }
    for (const chunk& c : chunks_) upstream_->do_deallocate(c.pointer, c.size, options_.alignment);
    for (const block& b : oversized_) upstream_->do_deallocate(b.pointer, b.size, b.alignment);
    chunks_.clear();
    oversized_.clear();
    cached_.clear();
  }

  void_ptr allocate(std::size_t bytes, std::size_t alignment) {
    bytes = std::max(bytes, options_.smallest_block_size);
    if (!is_power_of_2(alignment)) tide::detail::throw_invalid_argument("pool resource", "alignment not a power of 2");
    if (bytes > options_.largest_block_size || alignment > options_.alignment) return allocate_oversized(bytes, alignment);

    const std::size_t log2 = log2_ceil(bytes);
    bucket& b = buckets_[log2 - smallest_log2_];
    if (b.free.empty()) refill(b, log2);
    void_ptr p = b.free.back();
    b.free.pop_back();
    return p;
  }

  void deallocate(void_ptr p, std::size_t bytes, std::size_t alignment) {
    bytes = std::max(bytes, options_.smallest_block_size);
    if (bytes > options_.largest_block_size || alignment > options_.alignment) {
      auto it = std::find_if(oversized_.begin(), oversized_.end(), [&](const block& b) { return b.pointer == p; });
      if (it == oversized_.end()) return;  // not ours: nothing sane to do in a noexcept path
      if (options_.cache_oversized) {
        cached_.insert(std::lower_bound(cached_.begin(), cached_.end(), *it, by_size), *it);
        return;
      }
      const block b = *it;
      oversized_.erase(it);
      upstream_->do_deallocate(b.pointer, b.size, b.alignment);
      return;
    }
    buckets_[log2_ceil(bytes) - smallest_log2_].free.push_back(p);  // room reserved when carved
  }

  const pool_options& options() const noexcept { return options_; }

 private:
  void_ptr allocate_oversized(std::size_t bytes, std::size_t alignment) {
    if (options_.cache_oversized && !cached_.empty()) {
      auto it = std::lower_bound(cached_.begin(), cached_.end(), block{bytes, alignment, void_ptr()}, by_size);
      // Far larger than asked: leave it for a request it fits better.
      if (it != cached_.end() && it->size / bytes >= options_.cached_size_cutoff_factor) it = cached_.end();
      if (it != cached_.end() && it->alignment < alignment)
        it = std::find_if(it + 1, cached_.end(), [&](const block& b) { return b.alignment >= alignment; });
      if (it != cached_.end() && it->alignment / alignment >= options_.cached_alignment_cutoff_factor)
        it = cached_.end();
      if (it != cached_.end()) {
        void_ptr p = it->pointer;
        cached_.erase(it);
        return p;
      }
    }
    oversized_.reserve(oversized_.size() + 1);
    cached_.reserve(oversized_.size() + 1);  // so that deallocate's insert cannot throw
    void_ptr p = upstream_->do_allocate(bytes, alignment);
    oversized_.push_back(block{bytes, alignment, p});
    return p;
  }

  // A new chunk for bucket `b` (blocks of 2^log2 bytes): as many blocks as the options' minimums
  // ask at first, then half as many again as the last chunk each time, up to the maximums.
  void refill(bucket& b, std::size_t log2) {
    std::size_t n = b.previous_count;
    if (n == 0) {
      n = std::max(options_.min_blocks_per_chunk, options_.min_bytes_per_chunk >> log2);
    } else {
      n = n * 3 / 2;
      n = std::min(n, options_.max_bytes_per_chunk >> log2);
      n = std::min(n, options_.max_blocks_per_chunk);
    }
    n = std::max<std::size_t>(n, 1);
    const std::size_t block_size = std::size_t(1) << log2;
    const std::size_t bytes = n * block_size;
    chunks_.reserve(chunks_.size() + 1);
    b.free.reserve(b.carved + n);  // every block of the bucket fits: deallocate never grows it
    void_ptr p = upstream_->do_allocate(bytes, options_.alignment);
    chunks_.push_back(chunk{bytes, p});
    b.previous_count = n;
    b.carved += n;
    auto* base = static_cast<char*>(raw_address(p));
    for (std::size_t i = n; i-- > 0;) b.free.push_back(pointer_from_address<void_ptr>(base + i * block_size));
  }

  Upstream* upstream_;
  pool_options options_;
  std::size_t smallest_log2_ = 0;
  vec<chunk> chunks_;
  vec<block> cached_;     // oversized blocks given back, by (size, alignment)
  vec<block> oversized_;  // every oversized block taken from upstream
  vec<bucket> buckets_;
};

}  // namespace tide::mr::detail
