#pragma once
// A tide::mr resource for tests: passes every call to an upstream resource and counts them (calls,
// bytes outstanding, the sizes and alignments asked for), so a test can see what a pool or an
// allocator asked of its upstream and that all of it came back.

#include <cstddef>
#include <mutex>
#include <vector>

#include <tide/mr.hpp>

namespace tide_test {

template <class Upstream>
class counting_mr final : public tide::mr::memory_resource<typename Upstream::pointer> {
 public:
  using pointer = typename Upstream::pointer;

  counting_mr() : upstream_(tide::mr::get_global_resource<Upstream>()) {}
  explicit counting_mr(Upstream* upstream) : upstream_(upstream) {}

  pointer do_allocate(std::size_t bytes, std::size_t alignment) override {
    pointer p = upstream_->allocate(bytes, alignment);
    std::lock_guard<std::mutex> lock(mutex_);
    ++allocations_;
    outstanding_ += bytes;
    sizes_.push_back(bytes);
    alignments_.push_back(alignment);
    return p;
  }
  void do_deallocate(pointer p, std::size_t bytes, std::size_t alignment) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++deallocations_;
      outstanding_ -= bytes;
    }
    upstream_->deallocate(p, bytes, alignment);
  }

  int allocations() const { std::lock_guard<std::mutex> l(mutex_); return allocations_; }
  int deallocations() const { std::lock_guard<std::mutex> l(mutex_); return deallocations_; }
  std::size_t outstanding() const { std::lock_guard<std::mutex> l(mutex_); return outstanding_; }
  /// The sizes asked for, in order.
  std::vector<std::size_t> sizes() const { std::lock_guard<std::mutex> l(mutex_); return sizes_; }
  std::vector<std::size_t> alignments() const { std::lock_guard<std::mutex> l(mutex_); return alignments_; }

 private:
  Upstream* upstream_;
  mutable std::mutex mutex_;
  int allocations_ = 0;
  int deallocations_ = 0;
  std::size_t outstanding_ = 0;
  std::vector<std::size_t> sizes_, alignments_;
};

}  // namespace tide_test
