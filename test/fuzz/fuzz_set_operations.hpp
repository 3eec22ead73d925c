// The set operations' fuzz cases (fuzz_set_operations.cpp, after fuzz.hpp's outcome, from_device,
// first_difference). Each case splits the drawn values into two ranges at a random cut (or, a
// third of the time, draws the second range from the first's values, so that most keys match),
// drops NaNs (a range sorted by `less` cannot hold them), sorts both, and compares the device
// system's result with the standard library's, bit for bit (which of two equal zeros is written
// shows). Each case draws the operation: union, intersection, difference or symmetric difference.
// run_set_operation(h, g[, op]) and run_set_operation_by_key(h, g[, op]): op 0..3 (union,
// intersection, difference, symmetric difference), or drawn when left out. NaN inputs are allowed.

/// The two sorted ranges of a set operation case, from the drawn values.
template <class T>
void set_case_ranges(const std::vector<T>& h, std::mt19937_64& g, std::vector<T>& a, std::vector<T>& b) {
  std::vector<T> v;
  v.reserve(h.size());
  for (const T& x : h)
    if (x == x) v.push_back(x);  // no NaN
  const std::size_t cut = v.empty() ? 0 : g() % (v.size() + 1);
  a.assign(v.begin(), v.begin() + cut);
  if (g() % 3 == 0 && !a.empty()) {
    b.resize(v.size() - cut);
    for (auto& x : b) x = a[g() % a.size()];
  } else {
    b.assign(v.begin() + cut, v.end());
  }
  auto less = [](const T& x, const T& y) { return x < y; };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
}

/// The standard library's result of set operation op on keys of type X.
template <class X, class Comp>
std::vector<X> set_case_reference(int op, const std::vector<X>& a, const std::vector<X>& b, Comp comp) {
  std::vector<X> out;
  auto ins = std::back_inserter(out);
  switch (op) {
    case 0: std::set_union(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    case 1: std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    case 2: std::set_difference(a.begin(), a.end(), b.begin(), b.end(), ins, comp); break;
    default: std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), ins, comp);
  }
  return out;
}

const char* set_case_name(int op, bool by_key) {
  static const char* names[] = {"set_union", "set_intersection", "set_difference", "set_symmetric_difference",
                                "set_union_by_key", "set_intersection_by_key", "set_difference_by_key",
                                "set_symmetric_difference_by_key"};
  return names[op + (by_key ? 4 : 0)];
}

/// Set operation op (drawn when negative) on the device system against std; NaN inputs are
/// dropped (allowed).
template <class T>
outcome run_set_operation(const std::vector<T>& h, std::mt19937_64& g, int op = -1) {
  if (op < 0) op = int(g() % 4);
  std::vector<T> a, b;
  set_case_ranges(h, g, a, b);
  tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end()), out(a.size() + b.size());
  typename tide::device_vector<T>::iterator end;
  switch (op) {
    case 0: end = tide::set_union(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin()); break;
    case 1: end = tide::set_intersection(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin()); break;
    case 2: end = tide::set_difference(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin()); break;
    default:
      end = tide::set_symmetric_difference(tide::device, da.begin(), da.end(), db.begin(), db.end(), out.begin());
  }
  auto want = set_case_reference(op, a, b, [](const T& x, const T& y) { return x < y; });
  return first_difference(from_device(out, end - out.begin()), want, set_case_name(op, false));
}

/// The by-key form of set operation op (drawn when negative): values name their origin (first
/// range: index; second: 2^31 + index), so the values say which of each pair of equal keys was
/// written.
template <class T>
outcome run_set_operation_by_key(const std::vector<T>& h, std::mt19937_64& g, int op = -1) {
  if (op < 0) op = int(g() % 4);
  std::vector<T> a, b;
  set_case_ranges(h, g, a, b);
  std::vector<std::uint32_t> va(a.size()), vb(b.size());
  std::iota(va.begin(), va.end(), 0u);
  std::iota(vb.begin(), vb.end(), 0x80000000u);
  std::vector<std::pair<T, std::uint32_t>> ta(a.size()), tb(b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ta[i] = {a[i], va[i]};
  for (std::size_t i = 0; i < b.size(); ++i) tb[i] = {b[i], vb[i]};
  auto want = set_case_reference(op, ta, tb, [](const std::pair<T, std::uint32_t>& x,
                                                const std::pair<T, std::uint32_t>& y) { return x.first < y.first; });
  std::vector<T> want_keys(want.size());
  std::vector<std::uint32_t> want_vals(want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    want_keys[i] = want[i].first;
    want_vals[i] = want[i].second;
  }
  tide::device_vector<T> da(a.begin(), a.end()), db(b.begin(), b.end()), keys(a.size() + b.size());
  tide::device_vector<std::uint32_t> dva(va.begin(), va.end()), dvb(vb.begin(), vb.end()), vals(a.size() + b.size());
  tide::pair<typename tide::device_vector<T>::iterator, typename tide::device_vector<std::uint32_t>::iterator> ends;
  switch (op) {
    case 0:
      ends = tide::set_union_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(), dva.begin(), dvb.begin(),
                                    keys.begin(), vals.begin());
      break;
    case 1:
      ends = tide::set_intersection_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(), dva.begin(),
                                           keys.begin(), vals.begin());
      break;
    case 2:
      ends = tide::set_difference_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(), dva.begin(),
                                         dvb.begin(), keys.begin(), vals.begin());
      break;
    default:
      ends = tide::set_symmetric_difference_by_key(tide::device, da.begin(), da.end(), db.begin(), db.end(),
                                                   dva.begin(), dvb.begin(), keys.begin(), vals.begin());
  }
  if (ends.second - vals.begin() != ends.first - keys.begin())
    return outcome::fail(std::string(set_case_name(op, true)) + ": key and value ends differ");
  if (auto r = first_difference(from_device(keys, ends.first - keys.begin()), want_keys, set_case_name(op, true)); !r)
    return r;
  return first_difference(from_device(vals, ends.second - vals.begin()), want_vals, set_case_name(op, true));
}
