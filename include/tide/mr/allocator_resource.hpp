#pragma once
/// \file mr/allocator_resource.hpp
/// Adaptors that let Thrust-style allocators and resources stand where tide wants a
/// `tide::memory_resource`:
/// - `tide::mr::memory_resource_adaptor<MR>`: a `tide::mr` resource (a pool, say) as a
///   `tide::memory_resource`, for containers and `policy(resource)`;
/// - `tide::detail::allocator_resource<Alloc>`: a caller's allocator (`char* allocate(n)`,
///   `deallocate(p, n)`), held by value or, for `Alloc&`, by reference: what `par(alloc)` builds.
///
/// When temporaries go back (the stream rule). Memory is used on the policy's stream. A policy
/// that synchronizes (`cuda::par`, `par.on(s)`, `device` on CUDA) waits for its stream before it
/// gives a temporary back to a caller's allocator or resource, as Thrust's `par` finishes its work
/// before returning temporaries: the allocator may then hand the block to anyone. `par_nosync`
/// gives temporaries back as soon as the call has queued its work, which may still be running:
/// the allocator may reuse such a block for later work on the same stream (stream order keeps
/// that safe), but must not let the host or another stream touch it before synchronizing.
/// tide's own resources (`policy(tide_resource)`, the default pool) are stream-ordered and are
/// never waited for.

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

#include "../detail/raw_memory.hpp"
#include "../memory_resource.hpp"
#include "memory_resource.hpp"

namespace tide::mr {

/// A `tide::mr` resource seen as a `tide::memory_resource` (the stream argument is not used:
/// the resource's memory is used on the caller's streams as it is). Holds a pointer to it.
template <class MR>
class memory_resource_adaptor final : public tide::memory_resource {
 public:
  explicit memory_resource_adaptor(MR* resource, std::size_t alignment = default_alignment) noexcept
      : resource_(resource), alignment_(alignment) {}
  MR* resource() const noexcept { return resource_; }

 private:
  void* do_allocate(std::size_t bytes, stream_t) override {
    return detail::raw_address(resource_->do_allocate(bytes, alignment_));
  }
  void do_deallocate(void* p, std::size_t bytes, stream_t) noexcept override {
    resource_->do_deallocate(detail::pointer_from_address<typename MR::pointer>(p), bytes, alignment_);
  }
  bool do_is_equal(const tide::memory_resource& other) const noexcept override {
    auto* o = dynamic_cast<const memory_resource_adaptor*>(&other);
    return o && *o->resource_ == *resource_;
  }

  MR* resource_;
  std::size_t alignment_;
};

}  // namespace tide::mr

namespace tide::detail {

/// Whether T is a `tide::mr` resource (derives from `tide::mr::memory_resource<T::pointer>`).
template <class T, class = void>
struct is_mr_resource : std::false_type {};
template <class T>
struct is_mr_resource<T, std::void_t<typename T::pointer>>
    : std::is_base_of<mr::memory_resource<typename T::pointer>, T> {};

/// Whether A looks like an allocator: `allocate(n)` and `deallocate(p, n)`.
template <class A, class = void>
struct is_caller_allocator : std::false_type {};
template <class A>
struct is_caller_allocator<A, std::void_t<decltype(std::declval<A&>().deallocate(
                                  std::declval<A&>().allocate(std::size_t(1)), std::size_t(1)))>> : std::true_type {};

/// A caller's allocator as a `tide::memory_resource` (see the file comment for when memory goes
/// back). `Alloc` is a type (a copy is held) or a reference (the caller's object is used).
template <class Alloc>
class allocator_resource final : public memory_resource {
  using alloc_type = std::remove_cv_t<std::remove_reference_t<Alloc>>;
  using pointer = decltype(std::declval<alloc_type&>().allocate(std::size_t(1)));
  using element = std::remove_cv_t<typename std::pointer_traits<pointer>::element_type>;
  static constexpr std::size_t unit = std::is_void_v<element> ? 1 : sizeof(element);
  using holder = std::conditional_t<std::is_reference_v<Alloc>, alloc_type*, alloc_type>;

 public:
  /// `wait`: synchronize the stream before memory goes back (policies that synchronize).
  template <class A>
  allocator_resource(A&& alloc, bool wait) : alloc_(hold(std::forward<A>(alloc))), wait_(wait) {}

  alloc_type& allocator() noexcept {
    if constexpr (std::is_reference_v<Alloc>)
      return *alloc_;
    else
      return alloc_;
  }

 private:
  template <class A>
  static holder hold(A&& a) {
    if constexpr (std::is_reference_v<Alloc>)
      return std::addressof(a);
    else
      return holder(std::forward<A>(a));
  }
  static std::size_t units(std::size_t bytes) noexcept { return (bytes + unit - 1) / unit; }

  void* do_allocate(std::size_t bytes, stream_t) override {
    return mr::detail::raw_address(allocator().allocate(units(bytes)));
  }
  void do_deallocate(void* p, std::size_t bytes, stream_t stream) noexcept override {
    if (wait_) {
      try {
        synchronize_stream(stream, "temporary storage (caller's allocator)");
      } catch (...) {
        // A failed stream reports itself at its next check; the block goes back all the same.
      }
    }
    allocator().deallocate(mr::detail::pointer_from_address<pointer>(p), units(bytes));
  }

  holder alloc_;
  bool wait_;
};

}  // namespace tide::detail
