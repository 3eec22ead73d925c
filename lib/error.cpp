// tide's exceptions and their messages.
#include "tide/error.hpp"

#include <string>

#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
#include <cuda_runtime.h>
#endif

namespace tide {

namespace {
class cuda_error_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "cuda"; }
  std::string message(int code) const override {
#if TIDE_DEVICE_SYSTEM == TIDE_DEVICE_SYSTEM_CUDA
    auto e = static_cast<cudaError_t>(code);
    return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e);
#else
    return "CUDA error " + std::to_string(code);
#endif
  }
};
}  // namespace

const std::error_category& cuda_category() noexcept {
  static const cuda_error_category category;
  return category;
}

bad_alloc::bad_alloc(std::size_t bytes, const char* where) : bytes_(bytes) {
  message_ = std::string("tide::bad_alloc: ") + (where ? where : "allocation") + " could not allocate " +
             std::to_string(bytes) + " bytes";
}

namespace detail {
void throw_cuda_error(int code, const char* where) { throw tide::system_error(code, std::string("tide::") + where); }

void throw_invalid_argument(const char* algorithm, const char* problem) {
  throw std::invalid_argument(std::string("tide::") + algorithm + ": " + problem);
}
}  // namespace detail

}  // namespace tide
