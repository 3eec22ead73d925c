#pragma once
// == and != of tide's vectors with each other and with std::vector (split from vector_base.hpp,
// which includes this at its end).

#include <algorithm>
#include <vector>

#include "vector_base.hpp"

namespace tide::detail {

/// Element-wise equality of vectors (any element types that compare, any allocators and systems)
/// and std::vectors, as Thrust's; the elements are compared on the host.
template <class T1, class A1, class T2, class A2>
bool operator==(const vector_base<T1, A1>& a, const vector_base<T2, A2>& b) {
  if (a.size() != b.size()) return false;
  std::vector<T1> x = a;
  std::vector<T2> y = b;
  return std::equal(x.begin(), x.end(), y.begin());
}
template <class T1, class A1, class T2, class A2>
bool operator==(const vector_base<T1, A1>& a, const std::vector<T2, A2>& b) {
  if (a.size() != b.size()) return false;
  std::vector<T1> x = a;
  return std::equal(x.begin(), x.end(), b.begin());
}
template <class T1, class A1, class T2, class A2>
bool operator==(const std::vector<T1, A1>& a, const vector_base<T2, A2>& b) {
  return b == a;
}
template <class T1, class A1, class T2, class A2>
bool operator!=(const vector_base<T1, A1>& a, const vector_base<T2, A2>& b) {
  return !(a == b);
}
template <class T1, class A1, class T2, class A2>
bool operator!=(const vector_base<T1, A1>& a, const std::vector<T2, A2>& b) {
  return !(a == b);
}
template <class T1, class A1, class T2, class A2>
bool operator!=(const std::vector<T1, A1>& a, const vector_base<T2, A2>& b) {
  return !(b == a);
}

}  // namespace tide::detail
