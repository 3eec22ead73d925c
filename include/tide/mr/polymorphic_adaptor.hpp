#pragma once
/// \file mr/polymorphic_adaptor.hpp
/// `tide::mr::polymorphic_adaptor_resource`: any resource of a pointer type behind one type, so that
/// `polymorphic_allocator` needs no resource type in its own.

#include "memory_resource.hpp"

namespace tide::mr {

/// Forwards every call to `upstream` (a virtual call).
template <class Pointer = void*>
class polymorphic_adaptor_resource final : public memory_resource<Pointer> {
 public:
  polymorphic_adaptor_resource(memory_resource<Pointer>* upstream) : upstream_(upstream) {}

  Pointer do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return upstream_->allocate(bytes, alignment);
  }
  void do_deallocate(Pointer p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    upstream_->deallocate(p, bytes, alignment);
  }
  /// Equal to another adaptor over an equal upstream, and to what its upstream equals.
  bool do_is_equal(const memory_resource<Pointer>& other) const noexcept override {
    if (this == &other) return true;
    if (auto* adaptor = dynamic_cast<const polymorphic_adaptor_resource*>(&other))
      return *upstream_ == *adaptor->upstream_;
    return upstream_->is_equal(other);
  }
  memory_resource<Pointer>* upstream_resource() const noexcept { return upstream_; }

 private:
  memory_resource<Pointer>* upstream_;
};

}  // namespace tide::mr
