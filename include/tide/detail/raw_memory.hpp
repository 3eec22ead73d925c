#pragma once
// Byte copies between host memory and the device system's memory. For the CUDA system these are
// CUDA runtime calls (in libtide); for the host device systems, memcpy.

#include <cstddef>
#include <cstring>

#include "../config.hpp"

namespace tide::detail {

enum class copy_kind { host_to_device, device_to_host, device_to_device };

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// Copies `bytes` on `stream`; when `wait`, returns after the copy is done (host memory safe to use).
void device_copy_bytes(void* dst, const void* src, std::size_t bytes, copy_kind kind, stream_t stream,
                       bool wait, const char* where);
/// Pinned host memory the device can write (mapped, portable), at least `bytes`, owned by the
/// calling thread and reused by its next call: where a value-returning algorithm's last kernel
/// writes its result, so that returning it costs one wait and no copy or allocation.
void* host_result_slot(std::size_t bytes, const char* where);
/// A value-returning call's result slot: `value` (in the calling thread's pinned slot), then a flag
/// the device raises to `ticket` once the value is written (the flag is cleared here). The flag
/// starts an 8-byte word: a value of up to 4 bytes may instead go with the ticket in one 8-byte
/// store to that word (the ticket in its low half, the value's bits in its high half), which needs
/// no fence between value and flag.
struct result_slot {
  void* value;
  unsigned* flag;
  unsigned ticket;
};
result_slot acquire_result_slot(std::size_t bytes, const char* where);
/// Returns the 8-byte word at `slot.flag`, read at once, once the device has raised the flag:
/// watched from the host (a few microseconds less than waiting for the stream to report the kernel
/// done), with the stream queried now and then so that an error is thrown rather than waited on,
/// and a blocking wait for the stream after 200 us.
unsigned long long wait_for_result(stream_t stream, const result_slot& slot, const char* where);
/// Waits for the stream and turns an error into `tide::system_error` naming `where`.
void synchronize_stream(stream_t stream, const char* where);
/// Bytes of a stream's zeroed scratch block (below).
inline constexpr std::size_t stream_scratch_bytes = 64 * 1024;
/// How many streams get one; later streams get nullptr.
inline constexpr int stream_scratch_streams = 64;
/// A device block of stream_scratch_bytes, all zero, kept for the stream whose ID (cudaStreamGetId)
/// is `stream_id` on device `device`, for kernels on that stream that leave it all zero when they
/// end (a single-pass scan's look-back state resets itself). Allocated from the device's pool and
/// zeroed on `stream` at the first request; kept until the process ends. nullptr when it cannot be
/// had (no memory, or stream_scratch_streams streams have one already): the caller then takes
/// temporaries as usual.
void* stream_scratch(int device, unsigned long long stream_id, stream_t stream) noexcept;
#else
inline void device_copy_bytes(void* dst, const void* src, std::size_t bytes, copy_kind, stream_t, bool,
                              const char*) {
  if (bytes) std::memmove(dst, src, bytes);
}
inline void synchronize_stream(stream_t, const char*) {}
#endif

}  // namespace tide::detail
