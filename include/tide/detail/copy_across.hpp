#pragma once
// Copies between systems (host <-> device), for tide::copy and the vectors. Contiguous ranges of the
// same trivially copyable type move as one memcpy; anything else is staged through a contiguous
// buffer on the side that needs it (e.g. std::vector<bool> iterators, transform iterators).

#include <memory>
#include <type_traits>
#include <vector>

#include "../backend/omp/for_each.hpp"
#include "../backend/seq/for_each.hpp"
#include "../functional.hpp"
#include "contiguous.hpp"
#include "dispatch.hpp"
#include "raw_memory.hpp"
#include "temporary_buffer.hpp"
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include "../backend/cuda/for_each.hpp"
#endif

namespace tide::detail {

/// Converts to the output's value type (so a host staging buffer holds what the device expects).
template <class T>
struct convert_to {
  template <class U>
  TIDE_HOST_DEVICE T operator()(const U& u) const { return static_cast<T>(u); }
};

template <class It>
inline constexpr bool is_random_access_v =
    std::is_base_of_v<std::random_access_iterator_tag, typename std::iterator_traits<It>::iterator_category>;

template <class A, class B>
inline constexpr bool is_host_memory_pair_v =
    !std::is_same_v<device_system_tag, cuda_tag> ||
    (!std::is_same_v<A, cuda_tag> && !std::is_same_v<B, cuda_tag>);

/// Copies n elements from `first` to `out`, whatever their systems. Returns when the copy is done
/// (host memory written, or device writes ordered on `stream`).
template <class InIt, class OutIt>
void copy_across(InIt first, size_type n, OutIt out, stream_t stream = nullptr) {
  if (n <= 0) return;
  using in_sys = iterator_system_t<InIt>;
  using out_sys = iterator_system_t<OutIt>;
  if constexpr (!is_random_access_v<InIt> || !is_random_access_v<OutIt>) {
    // Host iterators that only step (std::list, back_inserter): one element after another, through
    // a host staging buffer when the other side is on the device.
    if constexpr (is_host_memory_pair_v<in_sys, out_sys>) {
      for (size_type i = 0; i < n; ++i, ++first, ++out) *out = *first;
    } else if constexpr (!is_random_access_v<InIt>) {
      std::vector<typename std::iterator_traits<OutIt>::value_type> staged;
      for (size_type i = 0; i < n; ++i, ++first) staged.push_back(*first);
      copy_across(staged.begin(), n, out, stream);
    } else {
      using in_t = typename std::iterator_traits<InIt>::value_type;
      std::unique_ptr<in_t[]> staged(new in_t[static_cast<std::size_t>(n)]);
      copy_across(first, n, staged.get(), stream);
      for (size_type i = 0; i < n; ++i, ++out) *out = staged[i];
    }
  } else if constexpr (is_host_memory_pair_v<in_sys, out_sys> || std::is_same_v<in_sys, out_sys> ||
                std::is_same_v<in_sys, any_system_tag> || std::is_same_v<out_sys, any_system_tag>) {
    // One system does it all (host memory on both sides, or device to device).
    using sys = typename tide::detail::common_system<
        std::conditional_t<std::is_same_v<in_sys, any_system_tag>, out_sys, in_sys>,
        std::conditional_t<std::is_same_v<out_sys, any_system_tag>, in_sys, out_sys>>::type;
    // Threads must not share an output word: a non-contiguous host output (std::vector<bool>,
    // std::list) is written by one thread.
    using run_sys = std::conditional_t<std::is_same_v<sys, omp_tag> && !is_contiguous_v<OutIt> &&
                                           !std::is_same_v<out_sys, omp_tag>,
                                       seq_tag, sys>;
    auto policy = policy_for_system_t<run_sys>{};
    if constexpr (std::is_same_v<decltype(policy), cuda_policy>) policy = policy.on(stream);
    dispatch::transform(policy, unwrap_iterator(first), n, unwrap_iterator(out), identity<>());
  } else {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
    using in_t = typename std::iterator_traits<InIt>::value_type;
    using out_value_t = typename std::iterator_traits<OutIt>::value_type;  // void for output iterators
    using out_t = std::conditional_t<std::is_void_v<out_value_t>, in_t, out_value_t>;
    const cuda_policy policy = cuda_policy{}.on(stream);
    if constexpr (std::is_same_v<out_sys, cuda_tag>) {  // host -> device
      if constexpr (is_contiguous_v<InIt> && is_contiguous_v<OutIt> && std::is_same_v<in_t, out_t>) {
        device_copy_bytes(contiguous_address(out), contiguous_address(first), n * sizeof(out_t),
                          copy_kind::host_to_device, stream, true, "copy (host to device)");
      } else {
        std::unique_ptr<out_t[]> staged_buf(new out_t[static_cast<std::size_t>(n)]);  // not vector: vector<bool>
        out_t* staged = staged_buf.get();
        for (size_type i = 0; i < n; ++i) staged[i] = static_cast<out_t>(first[i]);
        if constexpr (is_contiguous_v<OutIt>) {
          device_copy_bytes(contiguous_address(out), staged, n * sizeof(out_t), copy_kind::host_to_device,
                            stream, true, "copy (host to device)");
        } else {
          temporary_buffer<out_t> buf(policy, n, "copy");
          device_copy_bytes(buf.data(), staged, n * sizeof(out_t), copy_kind::host_to_device, stream, true,
                            "copy (host to device)");
          dispatch::transform(policy, buf.data(), n, unwrap_iterator(out), identity<>());
          synchronize_stream(stream, "copy (host to device)");
        }
      }
    } else {  // device -> host
      if constexpr (is_contiguous_v<InIt> && is_contiguous_v<OutIt> && std::is_same_v<in_t, out_t>) {
        device_copy_bytes(contiguous_address(out), contiguous_address(first), n * sizeof(out_t),
                          copy_kind::device_to_host, stream, true, "copy (device to host)");
      } else {
        std::unique_ptr<in_t[]> staged_buf(new in_t[static_cast<std::size_t>(n)]);
        in_t* staged = staged_buf.get();
        if constexpr (is_contiguous_v<InIt>) {
          device_copy_bytes(staged, contiguous_address(first), n * sizeof(in_t), copy_kind::device_to_host,
                            stream, true, "copy (device to host)");
        } else {
          temporary_buffer<in_t> buf(policy, n, "copy");
          dispatch::transform(policy, unwrap_iterator(first), n, buf.data(), identity<>());
          device_copy_bytes(staged, buf.data(), n * sizeof(in_t), copy_kind::device_to_host, stream, true,
                            "copy (device to host)");
        }
        for (size_type i = 0; i < n; ++i, ++out) *out = staged[i];  // any output iterator
      }
    }
#endif
  }
}

}  // namespace tide::detail
