#pragma once
/// \file error.hpp
/// tide's exceptions: `system_error` for CUDA failures, `bad_alloc` for allocation failures,
/// `std::invalid_argument` (naming the algorithm) for bad input.

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "config.hpp"

namespace tide {

/// The error category of CUDA runtime error codes; `message()` gives the CUDA error name and text.
const std::error_category& cuda_category() noexcept;

/// A CUDA runtime failure. `what()` names the algorithm (or operation) and the CUDA error name.
class system_error : public std::system_error {
 public:
  system_error(int cuda_error, const std::string& where)
      : std::system_error(cuda_error, cuda_category(), where) {}
};

/// An allocation failure: says how many bytes were asked for, and by whom.
class bad_alloc : public std::bad_alloc {
 public:
  bad_alloc(std::size_t bytes, const char* where);
  const char* what() const noexcept override { return message_.c_str(); }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  std::string message_;
  std::size_t bytes_;
};

/// Thrust's names for the standard error machinery (`thrust::error_code`, ... are aliases there of
/// its own copies; here of the standard's, which tide's exceptions use).
using std::error_category;
using std::error_code;
using std::error_condition;
using std::generic_category;
using std::is_error_code_enum;
using std::is_error_condition_enum;
using std::make_error_code;
using std::make_error_condition;
using std::system_category;
using errc = std::errc;

/// `thrust::system::` spellings of the same.
namespace system {
using tide::cuda_category;
using tide::system_error;
using std::error_category;
using std::error_code;
using std::error_condition;
using std::generic_category;
using std::make_error_code;
using std::make_error_condition;
using std::system_category;
using errc = std::errc;
}  // namespace system

namespace detail {
/// Throws `tide::system_error` for a CUDA error code (cudaError_t as int).
[[noreturn]] void throw_cuda_error(int code, const char* where);
/// Throws `std::invalid_argument("tide::<algorithm>: <problem>")`.
[[noreturn]] void throw_invalid_argument(const char* algorithm, const char* problem);

inline void require(bool ok, const char* algorithm, const char* problem) {
  if (!ok) throw_invalid_argument(algorithm, problem);
}
}  // namespace detail

}  // namespace tide
