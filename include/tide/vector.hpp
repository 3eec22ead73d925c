#pragma once
/// \file vector.hpp
/// `host_vector` and `device_vector`: std::vector's interface over a memory resource.
/// Elements must be trivially copyable. `device_vector<bool>` holds one bool per element.
/// `vector(n, tide::no_init)` leaves the elements uninitialized (no fill kernel).

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/copy_across.hpp"
#include "error.hpp"
#include "memory.hpp"

namespace tide {

/// Tag: construct or resize without initializing the new elements.
struct no_init_t {
  explicit constexpr no_init_t() = default;
};
inline constexpr no_init_t no_init{};

namespace detail {

template <class T>
struct fill_value {
  T value;
  template <class Ref>
  TIDE_HOST_DEVICE void operator()(Ref&& r) const { r = value; }
};

/// The vector, parameterized by its system (host_system_tag or device_system_tag).
template <class T, class System>
class vector_base {
  static_assert(std::is_trivially_copyable_v<T>, "tide vectors hold trivially copyable elements");
  static constexpr bool is_device = std::is_same_v<System, device_system_tag> &&
                                    !std::is_same_v<device_system_tag, host_system_tag>;

 public:
  using value_type = T;
  using allocator_type = resource_allocator<T, System>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = std::conditional_t<is_device, device_ptr<T>, T*>;
  using const_pointer = std::conditional_t<is_device, device_ptr<const T>, const T*>;
  using iterator = pointer;
  using const_iterator = const_pointer;
  using reference = typename std::iterator_traits<iterator>::reference;
  using const_reference = typename std::iterator_traits<const_iterator>::reference;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  vector_base() = default;
  explicit vector_base(const allocator_type& a) : alloc_(a) {}
  explicit vector_base(size_type n, const allocator_type& a = allocator_type()) : alloc_(a) {
    resize(n);
  }
  vector_base(size_type n, no_init_t, const allocator_type& a = allocator_type()) : alloc_(a) { resize(n, no_init); }
  vector_base(size_type n, const T& v, const allocator_type& a = allocator_type()) : alloc_(a) { resize(n, v); }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  vector_base(It first, It last, const allocator_type& a = allocator_type()) : alloc_(a) {
    assign(first, last);
  }
  vector_base(std::initializer_list<T> init, const allocator_type& a = allocator_type()) : alloc_(a) {
    assign(init.begin(), init.end());
  }
  vector_base(const vector_base& o) : alloc_(o.alloc_) { assign(o.begin(), o.end()); }
  vector_base(vector_base&& o) noexcept : alloc_(o.alloc_) { steal(o); }
  /// From the other vector kind, or a std::vector.
  template <class U, class S>
  vector_base(const vector_base<U, S>& o) { assign(o.begin(), o.end()); }
  template <class U, class A>
  vector_base(const std::vector<U, A>& o) { assign(o.begin(), o.end()); }
  ~vector_base() { release(); }

  vector_base& operator=(const vector_base& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  vector_base& operator=(vector_base&& o) noexcept {
    if (this != &o) {
      release();
      alloc_ = o.alloc_;
      steal(o);
    }
    return *this;
  }
  template <class U, class S>
  vector_base& operator=(const vector_base<U, S>& o) {
    assign(o.begin(), o.end());
    return *this;
  }
  template <class U, class A>
  vector_base& operator=(const std::vector<U, A>& o) {
    assign(o.begin(), o.end());
    return *this;
  }
  /// Copies to a std::vector.
  template <class A>
  operator std::vector<T, A>() const {
    std::vector<T, A> v(size());
    copy_across(begin(), static_cast<tide::size_type>(size()), v.data());
    return v;
  }

  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  void assign(It first, It last) {
    if constexpr (!is_random_access_v<It>) {  // e.g. std::list: gather on the host first
      std::vector<T> staged(first, last);
      assign(staged.begin(), staged.end());
      return;
    }
    const auto d = std::distance(first, last);
    // Cast to size_t, a negative distance would ask for ~2^64 bytes and report it as bad_alloc.
    if (d < 0) throw_invalid_argument("vector", "last is before first");
    auto n = static_cast<size_type>(d);
    vector_base tmp(alloc_);
    tmp.reserve(n);
    copy_across(first, static_cast<tide::size_type>(n), tmp.raw());
    tmp.size_ = n;
    swap(tmp);
  }
  void assign(size_type n, const T& v) {
    clear();
    resize(n, v);
  }
  void assign(std::initializer_list<T> init) { assign(init.begin(), init.end()); }

  // Element access (a proxy reference on the CUDA system: each access is a copy).
  reference operator[](size_type i) { return begin()[static_cast<difference_type>(i)]; }
  const_reference operator[](size_type i) const { return begin()[static_cast<difference_type>(i)]; }
  reference at(size_type i) {
    check_index(i);
    return (*this)[i];
  }
  const_reference at(size_type i) const {
    check_index(i);
    return (*this)[i];
  }
  reference front() { return *begin(); }
  const_reference front() const { return *begin(); }
  reference back() { return *(end() - 1); }
  const_reference back() const { return *(end() - 1); }
  pointer data() noexcept { return pointer(data_); }
  const_pointer data() const noexcept { return const_pointer(data_); }

  iterator begin() noexcept { return iterator(data_); }
  iterator end() noexcept { return iterator(data_ + size_); }
  const_iterator begin() const noexcept { return const_iterator(data_); }
  const_iterator end() const noexcept { return const_iterator(data_ + size_); }
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }

  bool empty() const noexcept { return size_ == 0; }
  size_type size() const noexcept { return size_; }
  size_type capacity() const noexcept { return capacity_; }
  size_type max_size() const noexcept { return size_type(-1) / sizeof(T); }
  allocator_type get_allocator() const { return alloc_; }

  void reserve(size_type n) {
    if (n <= capacity_) return;
    T* fresh = alloc_.allocate(n);
    try {
      if (size_) copy_raw(fresh, data_, size_);
    } catch (...) {  // a failed device copy: keep the old contents, give the new block back
      alloc_.deallocate(fresh, n);
      throw;
    }
    release();
    data_ = fresh;
    capacity_ = n;
  }
  void shrink_to_fit() {
    if (capacity_ == size_) return;
    vector_base tmp(*this);
    swap(tmp);
  }
  void clear() noexcept { size_ = 0; }
  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T& v) {
    size_type old = size_;
    resize(n, no_init);
    if (n > old) fill_raw(data_ + old, n - old, v);
  }
  void resize(size_type n, no_init_t) {
    if (n > capacity_) reserve(std::max(n, 2 * capacity_));
    size_ = n;
  }
  void push_back(const T& v) {
    resize(size_ + 1, no_init);
    fill_raw(data_ + size_ - 1, 1, v);
  }
  void pop_back() {
    if (size_) --size_;
  }
  void swap(vector_base& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    std::swap(alloc_, o.alloc_);
  }

  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    const size_type b = checked_index(first, "vector::erase"), e = checked_index(last, "vector::erase");
    if (e < b) throw_invalid_argument("vector::erase", "last is before first");
    const size_type tail = size_ - e;
    if (b < e && tail) move_raw(data_ + b, data_ + e, tail);
    size_ -= e - b;
    return begin() + static_cast<difference_type>(b);
  }
  iterator insert(const_iterator pos, const T& v) { return insert(pos, size_type(1), v); }
  iterator insert(const_iterator pos, size_type count, const T& v) {
    size_type at = open_gap(checked_index(pos, "vector::insert"), count);
    fill_raw(data_ + at, count, v);
    return begin() + static_cast<difference_type>(at);
  }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  iterator insert(const_iterator pos, It first, It last) {
    const size_type at_index = checked_index(pos, "vector::insert");
    vector_base staged(first, last, alloc_);  // the source may alias this vector
    size_type at = open_gap(at_index, staged.size());
    if (staged.size()) copy_raw(data_ + at, staged.data_, staged.size());
    return begin() + static_cast<difference_type>(at);
  }

 private:
  template <class, class>
  friend class vector_base;
  using raw_iterator = std::conditional_t<is_device, device_ptr<T>, T*>;
  raw_iterator raw() { return raw_iterator(data_); }

  size_type index_of(const_iterator it) const { return static_cast<size_type>(it - begin()); }
  void check_index(size_type i) const {
    if (i >= size_) throw std::out_of_range("tide::vector::at: index out of range");
  }
  /// The index of an iterator argument, which must point into [begin(), end()] (one before
  /// begin() wraps to a huge index, caught the same way).
  size_type checked_index(const_iterator it, const char* where) const {
    const size_type i = index_of(it);
    if (i > size_) throw_invalid_argument(where, "position outside the vector");
    return i;
  }
  // Opens `count` elements at index `at`, moving the tail; returns `at`.
  size_type open_gap(size_type at, size_type count) {
    size_type old = size_;
    if (old + count > capacity_) {
      vector_base grown(alloc_);
      grown.reserve(std::max(old + count, 2 * capacity_));
      if (at) copy_raw(grown.data_, data_, at);
      if (old > at) copy_raw(grown.data_ + at + count, data_ + at, old - at);
      grown.size_ = old + count;
      swap(grown);
    } else {
      if (old > at) move_raw(data_ + at + count, data_ + at, old - at);
      size_ = old + count;
    }
    return at;
  }
  void copy_raw(T* dst, const T* src, size_type n) {
    if constexpr (is_device)  // waits, as Thrust's vectors do: the memory is usable on any stream after
      device_copy_bytes(dst, src, n * sizeof(T), copy_kind::device_to_device, nullptr, true, "vector");
    else
      std::copy(src, src + n, dst);
  }
  void move_raw(T* dst, const T* src, size_type n) {  // overlapping ranges
    if constexpr (is_device) {
      vector_base staged(alloc_);
      staged.reserve(n);
      copy_raw(staged.data_, src, n);
      copy_raw(dst, staged.data_, n);
    } else {
      std::memmove(static_cast<void*>(dst), src, n * sizeof(T));
    }
  }
  void fill_raw(T* dst, size_type n, const T& v) {
    if (!n) return;
    dispatch::for_each_n(policy_for_system_t<System>{}, dst, static_cast<tide::size_type>(n), fill_value<T>{v});
    if constexpr (is_device) synchronize_stream(nullptr, "vector fill");
  }
  void steal(vector_base& o) noexcept {
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
    capacity_ = std::exchange(o.capacity_, 0);
  }
  void release() noexcept {
    if (data_) alloc_.deallocate(data_, capacity_);
    data_ = nullptr;
    capacity_ = 0;
  }

  allocator_type alloc_;
  T* data_ = nullptr;
  size_type size_ = 0;
  size_type capacity_ = 0;
};

template <class T, class S1, class S2>
bool operator==(const vector_base<T, S1>& a, const vector_base<T, S2>& b) {
  if (a.size() != b.size()) return false;
  std::vector<T> x = a, y = b;
  return std::equal(x.begin(), x.end(), y.begin());
}
template <class T, class S1, class S2>
bool operator!=(const vector_base<T, S1>& a, const vector_base<T, S2>& b) {
  return !(a == b);
}

}  // namespace detail

template <class T>
class device_vector;

/// A vector in host memory; its iterators are host iterators (raw pointers).
template <class T>
class host_vector : public detail::vector_base<T, host_system_tag> {
  using base = detail::vector_base<T, host_system_tag>;

 public:
  using base::base;
  // Spelled out: when the device system is the host (CPP), both kinds share one base, and C++
  // does not inherit a base constructor that takes the base itself.
  template <class U>
  host_vector(const device_vector<U>& o) : base(o.begin(), o.end()) {}
  template <class U>
  host_vector& operator=(const device_vector<U>& o) {
    this->assign(o.begin(), o.end());
    return *this;
  }
  host_vector() = default;
  host_vector(const host_vector&) = default;
  host_vector(host_vector&&) noexcept = default;
  host_vector& operator=(const host_vector&) = default;
  host_vector& operator=(host_vector&&) noexcept = default;
  using base::operator=;
};

/// A vector in the device system's memory; its iterators are `device_ptr<T>`.
template <class T>
class device_vector : public detail::vector_base<T, device_system_tag> {
  using base = detail::vector_base<T, device_system_tag>;

 public:
  using base::base;
  template <class U>
  device_vector(const host_vector<U>& o) : base(o.begin(), o.end()) {}
  template <class U>
  device_vector& operator=(const host_vector<U>& o) {
    this->assign(o.begin(), o.end());
    return *this;
  }
  device_vector() = default;
  device_vector(const device_vector&) = default;
  device_vector(device_vector&&) noexcept = default;
  device_vector& operator=(const device_vector&) = default;
  device_vector& operator=(device_vector&&) noexcept = default;
  using base::operator=;
};

template <class T>
void swap(host_vector<T>& a, host_vector<T>& b) noexcept { a.swap(b); }
template <class T>
void swap(device_vector<T>& a, device_vector<T>& b) noexcept { a.swap(b); }

}  // namespace tide
