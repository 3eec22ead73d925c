#pragma once
// When host code touches universal memory (universal_vector, universal_ptr: managed or pinned
// memory that host and device both address), on the CUDA system.
//
// Thrust's CUDA algorithms wait for the device before they return, so its universal_vector's
// elements are plain memory to the host afterwards. tide's return as soon as their work is queued
// (a device_vector's host access is a copy ordered after it), so host code reading universal memory
// right after an algorithm could read it half-written, and host code writing it could race the
// kernels still reading it. What tide synchronizes, and why:
//  - every tide kernel launch is counted (`queued`, one atomic add: nothing next to a launch);
//  - host code that reaches universal memory through a universal_ptr (a universal_vector's
//    operator[], at, front, back; raw_pointer_cast(u.data()); *p, p[i]) first waits for the device, once,
//    when tide has queued work since the last such wait (`waited`), so a run of host accesses after
//    an algorithm costs one wait and host accesses with nothing queued cost two loads;
//  - a host-system algorithm (seq, par) does the same before it runs, once the program has handed
//    universal memory to tide (`in_use`), since it reads and writes universal memory through raw
//    pointers; programs without universal memory never wait for it;
//  - device algorithms on universal memory do not wait: the stream orders them, as on device_vector.
// The wait is cudaDeviceSynchronize: host code does not know which streams wrote the memory (nor
// whose per-thread default stream). A wait only raises `waited` to what it saw queued before it
// began, and only once it is over, so that no thread reads before the device is done and work
// queued meanwhile is waited for at the next access. Not covered: a raw pointer taken before an
// algorithm and read after it (take it again, or synchronize), and kernels of one's own.

#include <atomic>

#include "../config.hpp"

namespace tide::detail {

struct universal_work {
  static inline std::atomic<unsigned long long> queued{0};
  static inline std::atomic<unsigned long long> waited{0};
  static inline std::atomic<bool> in_use{false};
};

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// Waits for the device, then records that everything up to `queued` is done (libtide).
void wait_for_universal_work(unsigned long long queued, const char* where);
#endif

/// After each kernel launch tide makes (backend/cuda/launch.hpp, the vectors' construct kernel).
inline void universal_kernel_queued() noexcept {
  universal_work::queued.fetch_add(1, std::memory_order_release);
}
/// A universal_ptr handed to an algorithm (unwrapped, or turned into a device_ptr).
inline void universal_handed_over() noexcept {
  if (!universal_work::in_use.load(std::memory_order_relaxed))  // a load only, once it is set
    universal_work::in_use.store(true, std::memory_order_relaxed);
}
/// Whether tide has queued device work since the last wait for universal memory.
inline bool universal_work_pending() noexcept {
  return universal_work::queued.load(std::memory_order_acquire) !=
         universal_work::waited.load(std::memory_order_acquire);
}
/// Before host code touches universal memory: waits for the device if tide queued work since the
/// last wait.
inline void universal_host_access(const char* where) {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
  const unsigned long long queued = universal_work::queued.load(std::memory_order_acquire);
  if (queued != universal_work::waited.load(std::memory_order_acquire)) wait_for_universal_work(queued, where);
#else
  (void)where;  // the host systems' algorithms are done when they return
#endif
}
/// Before a host-system algorithm runs: the same wait, where the program uses universal memory.
inline void universal_before_host_algorithm(const char* algorithm) {
  if (universal_work::in_use.load(std::memory_order_relaxed)) universal_host_access(algorithm);
}

}  // namespace tide::detail
