// The path-boundary sweep (sweep.hpp): copy_if and unique.
#include "sweep.hpp"

using namespace boundary_sweep;  // the sweep's helpers (sweep.hpp)

TEST_CASE("copy_if (with and without a stencil) and unique are right at every path boundary of every element type") {
  for_each_element_type([](auto tag) {
    using T = decltype(tag);
    const auto e = pb::select<T>(sweep_limit());
    const auto h = key_values<T>(largest(e), std::string("select-") + type_name<T>());
    const auto runs = run_keys<T>(largest(e), std::string("unique-") + type_name<T>());
    const tide::device_vector<T> d(h.begin(), h.end()), druns(runs.begin(), runs.end());
    tide::device_vector<T> out(h.size());
    std::vector<T> want(h.size());
    sweep("copy_if/unique", type_name<T>(), e, [&](std::int64_t n) {
      auto end = tide::copy_if(tide::device, d.begin(), d.begin() + n, out.begin(), positive());
      auto wend = tide::copy_if(tide::seq, h.begin(), h.begin() + n, want.begin(), positive());
      REQUIRE(end - out.begin() == wend - want.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, end - out.begin()), first_n(want, wend - want.begin())),
                    "copy_if");
      // With a stencil of its own (the runs, same width): half the items a staged tile, its own shape.
      end = tide::copy_if(tide::device, d.begin(), d.begin() + n, druns.begin(), out.begin(), positive());
      wend = tide::copy_if(tide::seq, h.begin(), h.begin() + n, runs.begin(), want.begin(), positive());
      REQUIRE(end - out.begin() == wend - want.begin());
      CHECK_MESSAGE(tide_test::same_bits(device_prefix(out, end - out.begin()), first_n(want, wend - want.begin())),
                    "copy_if with a stencil");
      end = tide::unique_copy(tide::device, druns.begin(), druns.begin() + n, out.begin());
      wend = tide::unique_copy(tide::seq, runs.begin(), runs.begin() + n, want.begin());
      REQUIRE(end - out.begin() == wend - want.begin());
      CHECK_MESSAGE(device_prefix(out, end - out.begin()) == first_n(want, wend - want.begin()), "unique_copy");
    });
  });
}
