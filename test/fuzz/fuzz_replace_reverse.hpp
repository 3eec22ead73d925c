// Fuzz cases for replace*, reverse, reverse_copy, swap_ranges, generate(_n) and the uninitialized
// algorithms (issue 17), #included by fuzz_move.cpp after fuzz.hpp's helpers (outcome,
// first_difference, from_device). Every case is exact (the same bits as tide::seq): these
// algorithms move or select values and never compute with them, so NaN inputs are allowed in all.
//
//   run_replace<T>(h, g)        one of replace, replace_if (with or without a stencil),
//                               replace_copy, replace_copy_if (with or without a stencil; out of
//                               place or in place); old value drawn from the input (a NaN one
//                               replaces nothing), the predicate x < t or the stencil's low bit.
//   run_reverse<T>(h, g)        reverse of the whole input or a random sub-range, or reverse_copy.
//   run_swap_ranges<T>(h, g)    swap_ranges of two vectors, of the input's halves in place (an odd
//                               n leaves the middle), or of the input with itself.
//   run_generate<T>(h, g)       generate over a random sub-range or generate_n (return value
//                               checked), gen returning a value drawn from the input;
//                               uninitialized_fill(_n) and uninitialized_copy(_n) likewise.

/// x < t (false for NaNs).
template <class T>
struct replace_below {
  T t;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x < t; }
};
/// The stencil's low bit.
struct fuzz_odd {
  TIDE_HOST_DEVICE bool operator()(std::uint8_t s) const { return (s & 1) != 0; }
};
template <class T>
struct fuzz_constant_gen {
  T value;
  TIDE_HOST_DEVICE T operator()() const { return value; }
};

template <class T>
outcome run_replace(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t n = h.size();
  const T old_value = n ? h[g() % n] : T(0);
  const T new_value = n ? h[g() % n] : T(1);
  const replace_below<T> pred{n ? h[g() % n] : T(0)};
  std::vector<std::uint8_t> s(n);
  for (auto& x : s) x = std::uint8_t(g());
  tide::device_vector<T> d(h.begin(), h.end()), out(n);
  tide::device_vector<std::uint8_t> ds(s.begin(), s.end());
  std::vector<T> want = h, want_out(n);
  const int form = int(g() % 6);
  const bool in_place = g() & 1;
  auto target = in_place ? d.begin() : out.begin();
  auto want_target = in_place ? want.begin() : want_out.begin();
  const char* name = "replace";
  switch (form) {
    case 0:
      tide::replace(tide::device, d.begin(), d.end(), old_value, new_value);
      tide::replace(tide::seq, want.begin(), want.end(), old_value, new_value);
      return first_difference(from_device(d), want, name);
    case 1:
      name = "replace_if";
      tide::replace_if(tide::device, d.begin(), d.end(), pred, new_value);
      tide::replace_if(tide::seq, want.begin(), want.end(), pred, new_value);
      return first_difference(from_device(d), want, name);
    case 2:
      name = "replace_if (stencil)";
      tide::replace_if(tide::device, d.begin(), d.end(), ds.begin(), fuzz_odd{}, new_value);
      tide::replace_if(tide::seq, want.begin(), want.end(), s.begin(), fuzz_odd{}, new_value);
      return first_difference(from_device(d), want, name);
    case 3: {
      name = "replace_copy";
      auto end = tide::replace_copy(tide::device, d.begin(), d.end(), target, old_value, new_value);
      tide::replace_copy(tide::seq, h.begin(), h.end(), want_target, old_value, new_value);
      if (end - target != std::ptrdiff_t(n)) return outcome::fail("replace_copy: wrong end");
      break;
    }
    case 4: {
      name = "replace_copy_if";
      auto end = tide::replace_copy_if(tide::device, d.begin(), d.end(), target, pred, new_value);
      tide::replace_copy_if(tide::seq, h.begin(), h.end(), want_target, pred, new_value);
      if (end - target != std::ptrdiff_t(n)) return outcome::fail("replace_copy_if: wrong end");
      break;
    }
    default: {
      name = "replace_copy_if (stencil)";
      auto end = tide::replace_copy_if(tide::device, d.begin(), d.end(), ds.begin(), target, fuzz_odd{}, new_value);
      tide::replace_copy_if(tide::seq, h.begin(), h.end(), s.begin(), want_target, fuzz_odd{}, new_value);
      if (end - target != std::ptrdiff_t(n)) return outcome::fail("replace_copy_if (stencil): wrong end");
      break;
    }
  }
  if (in_place) return first_difference(from_device(d), want, name);
  if (auto r = first_difference(from_device(d), h, "replace_copy: input changed"); !r) return r;
  return first_difference(from_device(out), want_out, name);
}

template <class T>
outcome run_reverse(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t n = h.size();
  tide::device_vector<T> d(h.begin(), h.end());
  std::vector<T> want = h;
  switch (g() % 3) {
    case 0:
      tide::reverse(tide::device, d.begin(), d.end());
      std::reverse(want.begin(), want.end());
      return first_difference(from_device(d), want, "reverse");
    case 1: {
      const std::size_t a = n ? g() % (n + 1) : 0, b = n ? g() % (n + 1) : 0;
      const std::size_t lo = std::min(a, b), hi = std::max(a, b);
      tide::reverse(tide::device, d.begin() + lo, d.begin() + hi);
      std::reverse(want.begin() + lo, want.begin() + hi);
      return first_difference(from_device(d), want, "reverse (sub-range)");
    }
    default: {
      tide::device_vector<T> out(n);
      auto end = tide::reverse_copy(tide::device, d.begin(), d.end(), out.begin());
      if (end != out.end()) return outcome::fail("reverse_copy: wrong end");
      std::reverse(want.begin(), want.end());
      if (auto r = first_difference(from_device(d), h, "reverse_copy: input changed"); !r) return r;
      return first_difference(from_device(out), want, "reverse_copy");
    }
  }
}

template <class T>
outcome run_swap_ranges(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t n = h.size();
  tide::device_vector<T> d(h.begin(), h.end());
  std::vector<T> want = h;
  switch (g() % 3) {
    case 0: {
      std::vector<T> other(h.rbegin(), h.rend());
      tide::device_vector<T> d2(other.begin(), other.end());
      auto end = tide::swap_ranges(tide::device, d.begin(), d.end(), d2.begin());
      if (end != d2.end()) return outcome::fail("swap_ranges: wrong end");
      if (auto r = first_difference(from_device(d), other, "swap_ranges (first)"); !r) return r;
      return first_difference(from_device(d2), h, "swap_ranges (second)");
    }
    case 1: {
      const std::size_t half = n / 2;
      tide::swap_ranges(tide::device, d.begin(), d.begin() + half, d.end() - half);
      std::swap_ranges(want.begin(), want.begin() + half, want.end() - half);
      return first_difference(from_device(d), want, "swap_ranges (halves)");
    }
    default:
      tide::swap_ranges(tide::device, d.begin(), d.end(), d.begin());
      return first_difference(from_device(d), h, "swap_ranges (itself)");
  }
}

template <class T>
outcome run_generate(const std::vector<T>& h, std::mt19937_64& g) {
  const std::size_t n = h.size();
  const T value = n ? h[g() % n] : T(3);
  const std::size_t a = n ? g() % (n + 1) : 0, b = n ? g() % (n + 1) : 0;
  const std::size_t lo = std::min(a, b), hi = std::max(a, b);
  tide::device_vector<T> d(h.begin(), h.end());
  std::vector<T> want = h;
  const char* name = "generate";
  switch (g() % 5) {
    case 0:
      tide::generate(tide::device, d.begin() + lo, d.begin() + hi, fuzz_constant_gen<T>{value});
      break;
    case 1:
      name = "generate_n";
      if (tide::generate_n(tide::device, d.begin() + lo, hi - lo, fuzz_constant_gen<T>{value}) != d.begin() + hi)
        return outcome::fail("generate_n: wrong end");
      break;
    case 2:
      name = "uninitialized_fill";
      tide::uninitialized_fill(tide::device, d.begin() + lo, d.begin() + hi, value);
      break;
    case 3:
      name = "uninitialized_fill_n";
      if (tide::uninitialized_fill_n(tide::device, d.begin() + lo, hi - lo, value) != d.begin() + hi)
        return outcome::fail("uninitialized_fill_n: wrong end");
      break;
    default: {
      name = "uninitialized_copy";
      std::vector<T> src(hi - lo, value);
      for (std::size_t i = 0; i < src.size(); ++i) src[i] = h[(i * 7 + 3) % n];
      tide::device_vector<T> dsrc(src.begin(), src.end());
      if (tide::uninitialized_copy(tide::device, dsrc.begin(), dsrc.end(), d.begin() + lo) != d.begin() + hi)
        return outcome::fail("uninitialized_copy: wrong end");
      std::copy(src.begin(), src.end(), want.begin() + lo);
      return first_difference(from_device(d), want, name);
    }
  }
  std::fill(want.begin() + lo, want.begin() + hi, value);
  return first_difference(from_device(d), want, name);
}
