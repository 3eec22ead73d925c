#pragma once
// Where a single-pass kernel's look-back state lives (lookback.hpp, chained_lookback.hpp): status
// words that must be zero when the kernel starts. Two ways to have that:
//   - a temporary from the policy's resource, zeroed by clear_state_kernel on the stream just before
//     the kernel (which may then be launched early, by launch_dependent, to overlap the clear);
//   - the stream's scratch block (raw_memory.hpp), zero already, for a kernel that leaves it zero
//     (state_reset): no allocation, no clear and no free, one operation on the stream instead of
//     four. Worth about 2.5 us of host time and a kernel's latency on the GPU, which is most of a
//     scan of a million items. Taken when the policy has no resource of its own, the stream is not
//     being captured (a graph may replay the kernel on another stream, next to later work on this
//     one, and the block is the stream's), and the state fits the block.
//
// The reset: every block arrives once it is done with the state (an atomic add with release, by
// thread 0 after a barrier that follows the block's last access). The block whose arrival is the
// grid's last has acquired every other block's accesses, so no access can come after its stores: it
// zeroes the words the launch could have written, and the count. Stream order hands the next kernel
// on the stream a zero block. A kernel that faults leaves the block dirty, but a fault also ends the
// CUDA context.

#include <cstddef>

#include "../../detail/raw_memory.hpp"
#include "../../detail/temporary_buffer.hpp"
#include "device_utility.hpp"
#include "launch.hpp"

namespace tide::backend::cuda::detail {

/// Slots of all levels for `tiles` tiles: tiles + ceil(tiles / 32) + ... down to one.
constexpr size_type lookback_slots(size_type tiles) {
  size_type total = 0;
  for (size_type count = tiles; count > 0; count = count > 1 ? (count + 31) / 32 : 0) total += count;
  return total;
}

/// Zeroes `words` 8-byte words (the tile states are 8- or 16-byte slots), after letting a
/// dependent kernel start its launch.
template <class = void>
__global__ void clear_state_kernel(unsigned long long* d_words, size_type words) {
  grid_dependents_may_start();
  const size_type stride = size_type(gridDim.x) * blockDim.x;
  for (size_type i = size_type(blockIdx.x) * blockDim.x + threadIdx.x; i < words; i += stride) d_words[i] = 0;
}

inline void clear_state_words(void* d_ptr, std::size_t bytes, stream_t stream, const char* algorithm) {
  if (!bytes) return;
  const size_type words = size_type((bytes + 7) / 8);
  const size_type cap = size_type(device_props().sm_count) * 4;
  const size_type blocks = (words + 255) / 256;
  launch(algorithm, "clear_state", clear_state_kernel<>, dim3(unsigned(blocks < cap ? blocks : cap)), dim3(256), 0,
         stream, static_cast<unsigned long long*>(d_ptr), words);
}

/// A kernel's duty to leave the stream's scratch zero (see the top of the file); passed by value.
/// With no arrival count, the state is a temporary and there is nothing to do.
struct state_reset {
  unsigned* d_arrivals = nullptr;
  uint4* d_words = nullptr;
  unsigned vectors = 0;  ///< 16-byte words the launch may have written

  /// By thread 0, after a barrier that follows the block's last access to the state: this block's
  /// arrival number. Its use (finish) should come late, to hide the atomic's round trip.
  __device__ TIDE_FORCEINLINE unsigned arrive() const {
    unsigned ticket = 0;
    if (d_arrivals)
      asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(ticket) : "l"(d_arrivals) : "memory");
    return ticket;
  }
  /// By all of warp 0 (thread 0 holding its ticket): the last block to arrive zeroes the state.
  __device__ TIDE_FORCEINLINE void finish(unsigned ticket) const {
    if (!d_arrivals) return;
    if (shfl_idx(ticket, 0) != gridDim.x - 1) return;
    __syncwarp();  // orders the lanes' stores after lane 0's acquire
    for (unsigned i = lane_id(); i < vectors; i += warp_threads) d_words[i] = make_uint4(0, 0, 0, 0);
    if (lane_id() == 0) *d_arrivals = 0;
  }
};

/// Bytes at the start of the stream's scratch before the state: the arrival count, padded.
inline constexpr std::size_t scratch_head_bytes = 256;

/// The stream's scratch for `bytes` of state after its head, or nullptr where it may not be used
/// (see the top of the file).
inline unsigned char* stream_scratch_for(const cuda_policy& p, std::size_t bytes) {
  if (p.resource || scratch_head_bytes + bytes > tide::detail::stream_scratch_bytes) return nullptr;
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  unsigned long long id = 0;
  if (cudaStreamIsCapturing(p.stream, &capture) != cudaSuccess || capture != cudaStreamCaptureStatusNone ||
      cudaStreamGetId(p.stream, &id) != cudaSuccess) {
    cudaGetLastError();  // the temporaries' path reports what is wrong, if anything
    return nullptr;
  }
  return static_cast<unsigned char*>(tide::detail::stream_scratch(device_props().device, id, p.stream));
}

/// The most tiles whose state (State, with Levels the tree's upper levels too) fits the stream's
/// scratch after its head: past it a single-pass kernel takes a temporary and a clear instead.
template <class State, bool Levels = true>
size_type scratch_max_tiles() {
  auto fits = [](size_type tiles) {
    std::size_t clear = 0;
    const size_type slots = Levels ? lookback_slots(tiles) : tiles;
    return scratch_head_bytes + (State::bytes(slots, clear) + 15) / 16 * 16 <= tide::detail::stream_scratch_bytes;
  };
  size_type lo = 1, hi = size_type(tide::detail::stream_scratch_bytes);  // fits(lo), !fits(hi)
  while (hi - lo > 1) {
    const size_type mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

/// Host side: the state for `tiles` tiles (with Levels, the tree's upper levels too), its status
/// words zero on the policy's stream when the next kernel starts. Nothing for one tile (or none).
/// With Resets, the kernel promises to run state_reset (reset()): the stream's scratch may then be
/// used; otherwise, and where it may not, a temporary cleared by clear_state_kernel.
template <class State, bool Levels = true, bool Resets = false>
class tile_state_buffer {
 public:
  tile_state_buffer(const cuda_policy& p, size_type tiles, const char* algorithm)
      : slots_(tiles > 1 ? (Levels ? lookback_slots(tiles) : tiles) : 0),
        bytes_(slots_ ? State::bytes(slots_, clear_) : 0),
        scratch_(Resets && slots_ ? stream_scratch_for(p, round16(bytes_)) : nullptr),
        storage_(p, scratch_ ? 0 : bytes_, algorithm) {
    if (scratch_) {
      state_.bind(scratch_ + scratch_head_bytes, slots_);
      reset_ = {reinterpret_cast<unsigned*>(scratch_), reinterpret_cast<uint4*>(scratch_ + scratch_head_bytes),
                unsigned(round16(clear_) / 16)};
    } else {
      state_.bind(storage_.data(), slots_);
      clear_state_words(storage_.data(), clear_, p.stream, algorithm);
    }
  }
  const State& state() const { return state_; }
  /// The kernel's reset duty (none for a temporary).
  const state_reset& reset() const { return reset_; }
  /// Whether the clear kernel ran: only then may the next kernel be launched by launch_dependent
  /// (with no kernel of ours just before it, it might start before the caller's last kernel ends).
  bool cleared_by_kernel() const { return !scratch_ && clear_ != 0; }

 private:
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
  size_type slots_;
  std::size_t clear_ = 0;
  std::size_t bytes_;
  unsigned char* scratch_;
  tide::detail::temporary_buffer<unsigned char> storage_;
  State state_{};
  state_reset reset_{};
};

/// A tile_state_buffer's parameters (for scratch_max_tiles).
template <class Buffer>
struct buffer_traits;
template <class State, bool Levels, bool Resets>
struct buffer_traits<tile_state_buffer<State, Levels, Resets>> {
  using state = State;
  static constexpr bool levels = Levels, resets = Resets;
};

}  // namespace tide::backend::cuda::detail
