#pragma once
// Rows of results.csv, the CSV writer, and the names that go into it.
//
// Columns: algorithm,case,library,type,n,distribution,median_ms,gelem_per_s,gb_per_s
// gb_per_s counts the bytes an ideal implementation must move (each case states its model), so
// that a row's gb_per_s over the memcpy row's gb_per_s at the same n is its fraction of the roofline.

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cmp {

/// What one row measures (everything but the timing).
struct bench_key {
  std::string algorithm;     ///< memcpy, reduce, inclusive_scan, ... (issue 4's vocabulary)
  std::string case_name;     ///< the rest: operator, bin count, seed variant, comparator
  std::string library;       ///< tide, thrust, cub, seed, std, memcpy
  std::string type;          ///< u8, u32, u64, i32, f32, f64 (for pairs, the key type)
  std::int64_t n = 0;        ///< elements (samples, keys)
  std::string distribution;  ///< uniform, all_equal, random_map, sequential_map, ...
  double bytes = 0;          ///< bytes moved by the ideal implementation, for gb_per_s
};

struct row {
  bench_key key;
  double median_ms = 0;
  double gelem_per_s() const { return median_ms > 0 ? double(key.n) / (median_ms * 1e6) : 0; }
  double gb_per_s() const { return median_ms > 0 ? key.bytes / (median_ms * 1e6) : 0; }
};

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

class csv_writer {
 public:
  /// With `append`, rows go after those already in the file (the header is written once).
  csv_writer(const std::string& path, bool append) {
    bool had_rows = false;
    if (append) {
      std::ifstream existing(path);
      had_rows = existing.good() && existing.peek() != std::ifstream::traits_type::eof();
    }
    out_.open(path, append ? std::ios::app : std::ios::trunc);
    if (!out_) throw std::runtime_error("cannot write " + path);
    if (!had_rows) out_ << "algorithm,case,library,type,n,distribution,median_ms,gelem_per_s,gb_per_s\n";
  }
  void add(const row& r) {
    char nums[128];
    std::snprintf(nums, sizeof nums, "%.6g,%.6g,%.6g", r.median_ms, r.gelem_per_s(), r.gb_per_s());
    out_ << r.key.algorithm << ',' << r.key.case_name << ',' << r.key.library << ',' << r.key.type << ','
         << r.key.n << ',' << r.key.distribution << ',' << nums << '\n';
    out_.flush();  // a run cut short keeps what it measured
  }

 private:
  std::ofstream out_;
};

/// The results folder name of a device: "NVIDIA H100 80GB HBM3" -> h100, "NVIDIA GeForce RTX 4090"
/// -> rtx4090, "Tesla V100-SXM2-16GB" -> v100.
inline std::string gpu_dir_name(const std::string& device_name) {
  std::vector<std::string> tokens;
  std::string cur;
  for (char ch : device_name + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      cur += char(std::tolower(static_cast<unsigned char>(ch)));
    } else if (!cur.empty()) {
      tokens.push_back(cur);
      cur.clear();
    }
  }
  auto has_digit = [](const std::string& t) { return std::any_of(t.begin(), t.end(), ::isdigit); };
  auto has_alpha = [](const std::string& t) { return std::any_of(t.begin(), t.end(), ::isalpha); };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t == "nvidia" || t == "geforce" || t == "tesla" || t == "quadro") continue;
    if ((t == "rtx" || t == "gtx" || t == "titan") && i + 1 < tokens.size()) return t + tokens[i + 1];
    bool memory_size = t.size() > 2 && t.compare(t.size() - 2, 2, "gb") == 0;
    if (has_digit(t) && has_alpha(t) && !memory_size) return t;
  }
  std::string joined;
  for (const auto& t : tokens) joined += (joined.empty() ? "" : "_") + t;
  return joined.empty() ? "gpu" : joined;
}

template <class T> inline const char* type_name();
template <> inline const char* type_name<std::uint8_t>() { return "u8"; }
template <> inline const char* type_name<std::uint32_t>() { return "u32"; }
template <> inline const char* type_name<std::uint64_t>() { return "u64"; }
template <> inline const char* type_name<std::int32_t>() { return "i32"; }
template <> inline const char* type_name<float>() { return "f32"; }
template <> inline const char* type_name<double>() { return "f64"; }

/// 2^k as "2^k", other counts as digits: for the console.
inline std::string size_label(std::int64_t n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int e = 0;
    while ((std::int64_t(1) << e) != n) ++e;
    return "2^" + std::to_string(e);
  }
  return std::to_string(n);
}

}  // namespace cmp
