// Part of tide_fuzz: the partitioning family (partition.hpp) and unique_by_key.hpp, the device
// system against tide::seq on the host, exactly (bits). Included by fuzz_select.cpp after fuzz.hpp's
// helpers (outcome, from_device, first_difference). Every function takes inputs with NaN: the
// predicates test x > t (false for a NaN on either side) and keys compare with ==, the same on both
// sides.

/// x > t (a threshold drawn from the input).
template <class T>
struct fuzz_part_above {
  T t;
  TIDE_HOST_DEVICE bool operator()(const T& x) const { return x > t; }
};

/// A threshold: an element of h (about half selected for uniform data), or 0 for an empty h.
template <class T>
T fuzz_part_threshold(const std::vector<T>& h, std::mt19937_64& g) {
  return h.empty() ? T(0) : h[g() % h.size()];
}

/// partition on the device in Thrust's CUDA order (selected in order, then rejected reversed; on a
/// host device system, that system's order); half the time with a stencil (the input reversed).
template <class T>
outcome run_partition(const std::vector<T>& h, std::mt19937_64& g) {
  const fuzz_part_above<T> pred{fuzz_part_threshold(h, g)};
  const bool with_stencil = g() & 1;
  const std::vector<T> s(h.rbegin(), h.rend());
  tide::device_vector<T> d(h.begin(), h.end()), ds(s.begin(), s.end());
  const auto mid = with_stencil ? tide::partition(tide::device, d.begin(), d.end(), ds.begin(), pred) - d.begin()
                                : tide::partition(tide::device, d.begin(), d.end(), pred) - d.begin();
  std::vector<T> want = h;
  const auto wmid = with_stencil ? tide::stable_partition(tide::seq, want.begin(), want.end(), s.begin(), pred)
                                 : tide::stable_partition(tide::seq, want.begin(), want.end(), pred);
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  std::reverse(wmid, want.end());  // Thrust's CUDA order
#elif TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CPP
  want = h;  // the device system is seq: its swaps
  const auto seq_mid = with_stencil ? tide::partition(tide::seq, want.begin(), want.end(), s.begin(), pred)
                                    : tide::partition(tide::seq, want.begin(), want.end(), pred);
  (void)seq_mid;
#endif  // OpenMP: partition is the stable one
  if (mid != wmid - want.begin())
    return outcome::fail("partition: " + std::to_string(mid) + " selected vs " + std::to_string(wmid - want.begin()));
  return first_difference(from_device(d), want, with_stencil ? "partition with a stencil" : "partition");
}

/// stable_partition, half the time with a stencil (the input reversed).
template <class T>
outcome run_stable_partition(const std::vector<T>& h, std::mt19937_64& g) {
  const fuzz_part_above<T> pred{fuzz_part_threshold(h, g)};
  const bool with_stencil = g() & 1;
  const std::vector<T> s(h.rbegin(), h.rend());
  tide::device_vector<T> d(h.begin(), h.end()), ds(s.begin(), s.end());
  const auto mid = with_stencil
                       ? tide::stable_partition(tide::device, d.begin(), d.end(), ds.begin(), pred) - d.begin()
                       : tide::stable_partition(tide::device, d.begin(), d.end(), pred) - d.begin();
  std::vector<T> want = h;
  const auto wmid = with_stencil ? tide::stable_partition(tide::seq, want.begin(), want.end(), s.begin(), pred)
                                 : tide::stable_partition(tide::seq, want.begin(), want.end(), pred);
  if (mid != wmid - want.begin())
    return outcome::fail("stable_partition: " + std::to_string(mid) + " selected vs " +
                         std::to_string(wmid - want.begin()));
  return first_difference(from_device(d), want, with_stencil ? "stable_partition with a stencil" : "stable_partition");
}

/// partition_copy (stable on every system) into two outputs.
template <class T>
outcome run_partition_copy(const std::vector<T>& h, std::mt19937_64& g) {
  const fuzz_part_above<T> pred{fuzz_part_threshold(h, g)};
  tide::device_vector<T> d(h.begin(), h.end()), yes(h.size()), no(h.size());
  const auto ends = tide::partition_copy(tide::device, d.begin(), d.end(), yes.begin(), no.begin(), pred);
  std::vector<T> want_yes(h.size()), want_no(h.size());
  const auto wends = tide::partition_copy(tide::seq, h.begin(), h.end(), want_yes.begin(), want_no.begin(), pred);
  want_yes.resize(wends.first - want_yes.begin());
  want_no.resize(wends.second - want_no.begin());
  if (auto r = first_difference(from_device(yes, ends.first - yes.begin()), want_yes, "partition_copy selected"); !r)
    return r;
  return first_difference(from_device(no, ends.second - no.begin()), want_no, "partition_copy rejected");
}

/// unique_by_key in place (half the time unique_by_key_copy) of the input as keys, their indices
/// as values.
template <class T>
outcome run_unique_by_key(const std::vector<T>& h, std::mt19937_64& g) {
  std::vector<std::uint32_t> idx(h.size());
  std::iota(idx.begin(), idx.end(), 0u);
  tide::device_vector<T> dk(h.begin(), h.end()), ok(h.size());
  tide::device_vector<std::uint32_t> dv(idx.begin(), idx.end()), ov(h.size());
  std::vector<T> want_k = h;
  std::vector<std::uint32_t> want_v = idx;
  const auto wends = tide::unique_by_key(tide::seq, want_k.begin(), want_k.end(), want_v.begin());
  want_k.resize(wends.first - want_k.begin());
  want_v.resize(wends.second - want_v.begin());
  if (g() & 1) {
    const auto ends = tide::unique_by_key_copy(tide::device, dk.begin(), dk.end(), dv.begin(), ok.begin(), ov.begin());
    if (auto r = first_difference(from_device(ok, ends.first - ok.begin()), want_k, "unique_by_key_copy keys"); !r)
      return r;
    return first_difference(from_device(ov, ends.second - ov.begin()), want_v, "unique_by_key_copy values");
  }
  const auto ends = tide::unique_by_key(tide::device, dk.begin(), dk.end(), dv.begin());
  if (auto r = first_difference(from_device(dk, ends.first - dk.begin()), want_k, "unique_by_key keys"); !r) return r;
  return first_difference(from_device(dv, ends.second - dv.begin()), want_v, "unique_by_key values");
}

/// unique_count.
template <class T>
outcome run_unique_count(const std::vector<T>& h) {
  tide::device_vector<T> d(h.begin(), h.end());
  const auto got = tide::unique_count(tide::device, d.begin(), d.end());
  const auto want = tide::unique_count(tide::seq, h.begin(), h.end());
  if (got != want) return outcome::fail("unique_count: " + std::to_string(got) + " vs " + std::to_string(want));
  return outcome::ok();
}
