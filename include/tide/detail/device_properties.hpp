#pragma once
// Properties of the current CUDA device, read once per device and cached (libtide).

#include "../config.hpp"

namespace tide::detail {

struct device_properties {
  int device = 0;
  int cc_major = 0, cc_minor = 0;          ///< compute capability
  int sm_count = 0;                        ///< multiprocessors
  int max_threads_per_sm = 0;
  int shared_per_block = 0;                ///< bytes without opt-in
  int shared_per_block_optin = 0;          ///< bytes with cudaFuncAttributeMaxDynamicSharedMemorySize
  int shared_per_sm = 0;
  int l2_bytes = 0;
  long long global_bytes = 0;
};

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
/// The current device's properties; throws tide::system_error if there is no usable device.
const device_properties& current_device_properties();
#endif

}  // namespace tide::detail
