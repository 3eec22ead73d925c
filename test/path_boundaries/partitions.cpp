// The path-boundary sweep (sweep.hpp): the partitions (alone: the heaviest part to compile).
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("the partitions are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const auto e = pb::select<T>(sweep_limit());
    const auto h = key_values<T>(largest(e), std::string("partition-") + type_name<T>());
    const tide::device_vector<T> d(h.begin(), h.end());
    tide::device_vector<T> sel(h.size()), rej(h.size()), work(h.size());
    // Flags of T's width: an unsigned integer, 1 where the item is positive.
    using flag_t =
        std::conditional_t<sizeof(T) == 1, std::uint8_t,
                           std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                              std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;
    std::vector<flag_t> hflags(h.size());
    for (std::size_t i = 0; i < h.size(); ++i) hflags[i] = positive()(h[i]) ? 1 : 0;
    const tide::device_vector<flag_t> dflags(hflags.begin(), hflags.end());
    sweep("partitions", type_name<T>(), e, [&](std::int64_t n) {
      // Selected in order, rejected in order (partition_copy, stable_partition) or reversed
      // (partition on CUDA: Thrust's order).
      std::vector<T> want_sel, want_rej;
      for (std::int64_t i = 0; i < n; ++i) (positive()(h[i]) ? want_sel : want_rej).push_back(h[i]);
      std::vector<T> want_rev(want_rej.rbegin(), want_rej.rend());
      // With a stencil of the items' width (its own staged stream): the flags of the items.
      const auto ends_s = tide::partition_copy(tide::device, d.begin(), d.begin() + n, dflags.begin(), sel.begin(),
                                               rej.begin(), tide::identity<flag_t>());
      REQUIRE(ends_s.first - sel.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, ends_s.first - sel.begin()), want_sel),
                    "partition_copy (stencil)");
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(rej, ends_s.second - rej.begin()), want_rej),
                    "partition_copy (stencil)");
      auto end_s = tide::copy_if(tide::device, d.begin(), d.begin() + n, dflags.begin(), sel.begin(),
                                 tide::identity<flag_t>());
      REQUIRE(end_s - sel.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, end_s - sel.begin()), want_sel), "copy_if (stencil)");
      const auto ends = tide::partition_copy(tide::device, d.begin(), d.begin() + n, sel.begin(), rej.begin(),
                                             positive());
      REQUIRE(ends.first - sel.begin() == std::int64_t(want_sel.size()));
      REQUIRE(ends.second - rej.begin() == std::int64_t(want_rej.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(sel, ends.first - sel.begin()), want_sel), "partition_copy");
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(rej, ends.second - rej.begin()), want_rej), "partition_copy");
      auto both = [&](const std::vector<T>& second) {
        auto all = want_sel;
        all.insert(all.end(), second.begin(), second.end());
        return all;
      };
      tide::copy(tide::device, d.begin(), d.begin() + n, work.begin());
      auto mid = tide::partition(tide::device, work.begin(), work.begin() + n, positive());
      REQUIRE(mid - work.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(work, n), both(want_rev)), "partition");
      tide::copy(tide::device, d.begin(), d.begin() + n, work.begin());
      mid = tide::stable_partition(tide::device, work.begin(), work.begin() + n, positive());
      REQUIRE(mid - work.begin() == std::int64_t(want_sel.size()));
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(work, n), both(want_rej)), "stable_partition");
    });
  });
}
