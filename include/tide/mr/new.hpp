#pragma once
/// \file mr/new.hpp
/// `tide::mr::new_delete_resource`: host memory from aligned `operator new`.

#include <new>

#include "../error.hpp"
#include "memory_resource.hpp"

namespace tide::mr {

/// Host memory from `::operator new(bytes, std::align_val_t(alignment))`.
class new_delete_resource_base : public memory_resource<> {
 public:
  void* do_allocate(std::size_t bytes, std::size_t alignment = default_alignment) override {
    try {
      return ::operator new(bytes, std::align_val_t(alignment));
    } catch (const std::bad_alloc&) {
      throw tide::bad_alloc(bytes, "tide::mr::new_delete_resource");
    }
  }
  void do_deallocate(void* p, std::size_t bytes, std::size_t alignment = default_alignment) override {
    ::operator delete(p, bytes, std::align_val_t(alignment));
  }
};

class new_delete_resource final : public new_delete_resource_base {};

}  // namespace tide::mr
