#pragma once
// Raw storage in a backend's memory for elements that tide's vectors cannot hold (types that are
// not trivially copyable: the uninitialized algorithms' outputs, replace's assignment counts).

#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "common.hpp"

namespace tide_test {

/// Raw storage for n objects of T (a pair of ints each) in the backend's memory: T need not be
/// trivially copyable, which tide's vectors require. Filled and read back as ints.
template <class B, class T>
struct raw_buffer {
  static_assert(sizeof(T) == 2 * sizeof(int), "raw_buffer holds pairs of ints");
  static constexpr bool device = std::is_same_v<B, device_backend>;
  std::size_t n;
  tide::device_ptr<T> d;
  T* h = nullptr;
  explicit raw_buffer(std::size_t count) : n(count) {
    if constexpr (device)
      d = tide::device_malloc<T>(std::max<std::size_t>(n, 1));
    else
      h = std::allocator<T>().allocate(std::max<std::size_t>(n, 1));
  }
  ~raw_buffer() {
    if constexpr (device)
      tide::device_free(d);
    else
      std::allocator<T>().deallocate(h, std::max<std::size_t>(n, 1));
  }
  raw_buffer(const raw_buffer&) = delete;
  raw_buffer& operator=(const raw_buffer&) = delete;
  auto begin() const {
    if constexpr (device) return d;
    else return h;
  }
  auto end() const { return begin() + static_cast<std::ptrdiff_t>(n); }
  void set_ints(const std::vector<int>& v) {
    if constexpr (device)
      tide::copy(v.begin(), v.end(), tide::device_ptr<int>(reinterpret_cast<int*>(d.get())));
    else if (!v.empty())  // memcpy's pointers must not be null, even for 0 bytes
      std::memcpy(static_cast<void*>(h), v.data(), v.size() * sizeof(int));
  }
  std::vector<int> ints() const {
    std::vector<int> v(2 * n);
    if constexpr (device) {
      tide::device_ptr<int> p(reinterpret_cast<int*>(d.get()));
      tide::copy(p, p + static_cast<std::ptrdiff_t>(2 * n), v.begin());
    } else if (!v.empty()) {
      std::memcpy(v.data(), static_cast<const void*>(h), v.size() * sizeof(int));
    }
    return v;
  }
};

}  // namespace tide_test
