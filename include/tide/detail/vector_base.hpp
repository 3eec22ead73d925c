#pragma once
// The vector behind host_vector, device_vector and universal_vector (Thrust's vector_base<T, Alloc>):
// std::vector's interface over an allocator, whose system says where the elements live.

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "../error.hpp"
#include "../memory.hpp"
#include "../iterator/counting_iterator.hpp"
#include "allocator_construct.hpp"
#include "allocator_traits.hpp"
#include "copy_across.hpp"
#include "unwrap.hpp"

namespace tide {

/// Tag: construct or resize without initializing the new elements.
struct no_init_t {
  explicit constexpr no_init_t() = default;
};
inline constexpr no_init_t no_init{};

namespace detail {


/// The vector, parameterized by its allocator (whose system says where the elements live).
template <class T, class Alloc>
class vector_base {
  static_assert(std::is_trivially_copyable_v<T>, "tide vectors hold trivially copyable elements");
  using alloc_traits = std::allocator_traits<Alloc>;
  using alloc_pointer = typename alloc_traits::pointer;
  using system = allocator_system_t<Alloc>;
  static constexpr bool is_device = is_device_memory_v<system>;
  static constexpr bool pocca = alloc_traits::propagate_on_container_copy_assignment::value;
  static constexpr bool pocma = alloc_traits::propagate_on_container_move_assignment::value;
  static constexpr bool pocs = alloc_traits::propagate_on_container_swap::value;

 public:
  using value_type = T;
  using allocator_type = Alloc;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  /// Device memory: the allocator's pointer class (device_ptr, universal_ptr), else device_ptr.
  using pointer = std::conditional_t<is_device, std::conditional_t<std::is_class_v<alloc_pointer>, alloc_pointer, device_ptr<T>>, T*>;
  using const_pointer = typename std::pointer_traits<pointer>::template rebind<const T>;
  using iterator = pointer;
  using const_iterator = const_pointer;
  using reference = typename std::iterator_traits<iterator>::reference;
  using const_reference = typename std::iterator_traits<const_iterator>::reference;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  vector_base() = default;
  explicit vector_base(const Alloc& a) : alloc_(a) {}
  /// n value-initialized elements: T() written by a fill, or, where the allocator has a
  /// `construct(T*)` member, that member called on each (an empty one leaves them uninitialized).
  explicit vector_base(size_type n) { default_append(n); }
  explicit vector_base(size_type n, const Alloc& a) : alloc_(a) { default_append(n); }
  vector_base(size_type n, no_init_t, const Alloc& a = Alloc()) : alloc_(a) { resize(n, no_init); }
  vector_base(size_type n, const T& v, const Alloc& a = Alloc()) : alloc_(a) { resize(n, v); }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  vector_base(It first, It last, const Alloc& a = Alloc()) : alloc_(a) {
    assign(first, last);
  }
  vector_base(std::initializer_list<T> init, const Alloc& a = Alloc()) : alloc_(a) {
    assign(init.begin(), init.end());
  }
  vector_base(const vector_base& o) : alloc_(alloc_traits::select_on_container_copy_construction(o.alloc_)) {
    assign(o.begin(), o.end());
  }
  vector_base(const vector_base& o, const Alloc& a) : alloc_(a) { assign(o.begin(), o.end()); }
  vector_base(vector_base&& o) noexcept : alloc_(std::move(o.alloc_)) { steal(o); }
  /// Takes `o`'s elements where `a` can free them (equal allocators), else copies them.
  vector_base(vector_base&& o, const Alloc& a) : alloc_(a) {
    if (alloc_ == o.alloc_)
      steal(o);
    else
      assign(o.begin(), o.end());
  }
  /// From a vector of another element type, allocator or system, or a std::vector.
  template <class U, class A2>
  vector_base(const vector_base<U, A2>& o) { assign(o.begin(), o.end()); }
  template <class U, class A2>
  vector_base(const std::vector<U, A2>& o) { assign(o.begin(), o.end()); }
  ~vector_base() { release(); }

  /// The allocator follows the elements where it propagates on copy assignment (tide's and
  /// Thrust's resource allocators do); the old block goes back to the old allocator first.
  vector_base& operator=(const vector_base& o) {
    if (this == &o) return *this;
    if constexpr (pocca) {
      if (!(alloc_ == o.alloc_)) {
        release();
        size_ = 0;
      }
      alloc_ = o.alloc_;
    }
    assign(o.begin(), o.end());
    return *this;
  }
  vector_base& operator=(vector_base&& o) noexcept(pocma || alloc_traits::is_always_equal::value) {
    if (this == &o) return *this;
    if (pocma || alloc_ == o.alloc_) {
      release();
      if constexpr (pocma) alloc_ = std::move(o.alloc_);
      steal(o);
    } else {  // this allocator cannot free o's block: copy the elements
      assign(o.begin(), o.end());
    }
    return *this;
  }
  template <class U, class A2>
  vector_base& operator=(const vector_base<U, A2>& o) {
    assign(o.begin(), o.end());
    return *this;
  }
  template <class U, class A2>
  vector_base& operator=(const std::vector<U, A2>& o) {
    assign(o.begin(), o.end());
    return *this;
  }
  vector_base& operator=(std::initializer_list<T> init) {
    assign(init.begin(), init.end());
    return *this;
  }
  /// Copies to a std::vector.
  template <class A2>
  operator std::vector<T, A2>() const {
    std::vector<T, A2> v(size());
    copy_across(begin(), static_cast<tide::size_type>(size()), v.begin());  // v.begin(): std::vector<bool> too
    return v;
  }

  /// Copies [first, last) in (each element through the allocator's `construct(p, value)` where it
  /// has one and the range is in this vector's system, see copy_construct).
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  void assign(It first, It last) {
    assign_from(first, last, true);
  }
    // Cast to size_t, a negative distance would ask for ~2^64 bytes and report it as bad_alloc.
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
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return rbegin(); }
  const_reverse_iterator crend() const noexcept { return rend(); }

  bool empty() const noexcept { return size_ == 0; }
  size_type size() const noexcept { return size_; }
  size_type capacity() const noexcept { return capacity_; }
  size_type max_size() const noexcept { return size_type(-1) / sizeof(T); }
  allocator_type get_allocator() const { return alloc_; }

  void reserve(size_type n) {
    if (n <= capacity_) return;
    T* fresh = allocate_raw(n);
    try {
      copy_construct_own(fresh, data_, size_);
    } catch (...) {  // a failed device copy: keep the old contents, give the new block back
      deallocate_raw(fresh, n);
      throw;
    }
    release();
    data_ = fresh;
    capacity_ = n;
  }
  void shrink_to_fit() {
    if (capacity_ == size_) return;
    vector_base tmp(*this, alloc_);
    swap_storage(tmp);
  }
  void clear() noexcept { size_ = 0; }
  void resize(size_type n) {
    if (n > size_)
      default_append(n - size_);
    else
      size_ = n;
  }
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
  /// Exchanges the elements; the allocators too where they propagate on swap.
  void swap(vector_base& o) noexcept {
    swap_storage(o);
    if constexpr (pocs) {
      using std::swap;
      swap(alloc_, o.alloc_);
    }
  }
  friend void swap(vector_base& a, vector_base& b) noexcept { a.swap(b); }

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
    vector_base staged(alloc_);  // the source may alias this vector: one bulk copy aside first
    staged.assign_from(first, last, false);
    size_type at = open_gap(at_index, staged.size());
    copy_construct_own(data_ + at, staged.data_, staged.size());
    return begin() + static_cast<difference_type>(at);
  }

 private:
  template <class, class>
  friend class vector_base;

  /// assign; `by_allocator` false copies in bulk (a staging copy, not the vector's elements).
  template <class It>
  void assign_from(It first, It last, bool by_allocator) {
    if constexpr (!is_random_access_v<It>) {  // e.g. std::list: gather on the host first
      std::vector<T> staged(first, last);
      assign_from(staged.begin(), staged.end(), by_allocator);
      return;
    }
    const auto d = std::distance(first, last);
    // Cast to size_t, a negative distance would ask for ~2^64 bytes and report it as bad_alloc.
    if (d < 0) throw_invalid_argument("vector", "last is before first");
    auto n = static_cast<size_type>(d);
    vector_base tmp(alloc_);
    tmp.reserve(n);
    if (by_allocator)
      tmp.copy_construct(tmp.data_, first, n);
    else
      copy_across(first, static_cast<tide::size_type>(n), tmp.begin());
    tmp.size_ = n;
    swap_storage(tmp);
  }

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
      copy_construct_own(grown.data_, data_, at);
      if (old > at) copy_construct_own(grown.data_ + at + count, data_ + at, old - at);
      grown.size_ = old + count;
      swap_storage(grown);
    } else {
      if (old > at) move_raw(data_ + at + count, data_ + at, old - at);
      size_ = old + count;
    }
    return at;
  }
  T* allocate_raw(size_type n) { return allocator_pointer_to_raw(alloc_traits::allocate(alloc_, n)); }
  void deallocate_raw(T* p, size_type n) noexcept { alloc_traits::deallocate(alloc_, alloc_pointer(p), n); }
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
  /// Grows by n value-initialized elements (see the size constructor).
  void default_append(size_type n) {
    if (!n) return;
    const size_type old = size_;
    resize(old + n, no_init);
    if constexpr (constructs_by_allocator_v<Alloc, T>)
      construct_each(data_ + old, n);
    else
      for_each_raw(data_ + old, n, fill_value<T>{T()});
  }
  void construct_each(T* dst, size_type n) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA && defined(__CUDACC__)
    if constexpr (std::is_same_v<system, cuda_tag>) {
      construct_each_on_device(dst, static_cast<tide::size_type>(n), construct_via_allocator<Alloc>{alloc_});
      return;
    }
#endif
    for_each_raw(dst, n, construct_via_allocator<Alloc>{alloc_});
  }
  void fill_raw(T* dst, size_type n, const T& v) {
    if constexpr (copy_constructs_by_allocator_v<Alloc, T>)
      for_each_raw(dst, n, copy_construct_via_allocator<Alloc, T>{alloc_, v});
    else
      for_each_raw(dst, n, fill_value<T>{v});
  }
  /// Copies n elements from `first` into storage at dst that holds no elements yet. As Thrust's
  /// copy_construct_range: where the allocator has `construct(T*, const T&)` and the source is in
  /// this vector's system (or any system: counting_iterator), each element goes through it, run
  /// by the system's for_each (on the device, in a kernel); otherwise, a source in another system
  /// included (host to device), one bulk copy.
  template <class It>
  void copy_construct(T* dst, It first, size_type n) {
    if (!n) return;
    using from = iterator_system_t<It>;
    if constexpr (copy_constructs_by_allocator_v<Alloc, T> &&
                  (std::is_same_v<from, system> || std::is_same_v<from, any_system_tag>)) {
      using src_t = unwrapped_t<It>;
      dispatch::for_each_n(policy_for_system_t<system>{}, counting_iterator<tide::size_type>(0),
                           static_cast<tide::size_type>(n),
                           copy_construct_from_via_allocator<Alloc, T, src_t>{alloc_, dst, unwrap_iterator(first)});
      if constexpr (is_device) synchronize_stream(nullptr, "vector (allocator construct)");
    } else {
      copy_across(first, static_cast<tide::size_type>(n), iterator(dst));
    }
  }
  /// copy_construct from this vector's own storage: the bulk copy is a byte copy.
  void copy_construct_own(T* dst, const T* src, size_type n) {
    if constexpr (copy_constructs_by_allocator_v<Alloc, T>)
      copy_construct(dst, const_iterator(src), n);
    else if (n)
      copy_raw(dst, src, n);
  }
  template <class F>
  void for_each_raw(T* dst, size_type n, F f) {
    if (!n) return;
    dispatch::for_each_n(policy_for_system_t<system>{}, dst, static_cast<tide::size_type>(n), f);
    if constexpr (is_device) synchronize_stream(nullptr, "vector fill");
  }
  void swap_storage(vector_base& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
  }
  void steal(vector_base& o) noexcept {
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
    capacity_ = std::exchange(o.capacity_, 0);
  }
  void release() noexcept {
    if (data_) deallocate_raw(data_, capacity_);
    data_ = nullptr;
    capacity_ = 0;
  }

  Alloc alloc_;
  T* data_ = nullptr;
  size_type size_ = 0;
  size_type capacity_ = 0;
};

}  // namespace detail

}  // namespace tide

#include "vector_compare.hpp"
