#pragma once
/// \file mr/fancy_pointer_resource.hpp
/// `tide::mr::fancy_pointer_resource`: an upstream resource's memory, handed out as another pointer
/// type (how Thrust makes a host system's resource from `new_delete_resource`).

#include "memory_resource.hpp"

namespace tide::mr {

template <class Upstream, class Pointer>
class fancy_pointer_resource final : public memory_resource<Pointer>, private validator<Upstream> {
 public:
  fancy_pointer_resource() : upstream_(get_global_resource<Upstream>()) {}
  fancy_pointer_resource(Upstream* upstream) : upstream_(upstream) {}

  Pointer do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    return detail::pointer_cast<Pointer>(upstream_->do_allocate(bytes, alignment));
  }
  void do_deallocate(Pointer p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    upstream_->do_deallocate(detail::pointer_cast<typename Upstream::pointer>(p), bytes, alignment);
  }

 private:
  Upstream* upstream_;
};

}  // namespace tide::mr
