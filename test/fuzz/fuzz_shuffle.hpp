// Part of tide_fuzz: shuffle and shuffle_copy (shuffle.hpp), the device system against a host
// reference written here from Thrust 3.0.1's definition (thrust/system/detail/generic/shuffle.inl),
// not from tide's code: exactly (bits: a permutation moves values, NaN included), and the engine's
// state after the call. Included by fuzz_move.cpp after fuzz.hpp's helpers (outcome,
// first_difference). Inputs with NaN are fine.

/// Thrust's shuffle bijection of [0, 2^b), b = ceil(log2(n)) but at least 4: 24 Feistel rounds,
/// keys the low 32 bits of 24 draws of the engine.
struct fuzz_feistel {
  std::uint64_t left_bits, right_bits, left_mask, right_mask;
  std::uint32_t key[24];

  template <class Engine>
  fuzz_feistel(std::uint64_t n, Engine& e) {
    std::uint64_t bits = 4;
    if (n > 16) {
      bits = 0;
      for (std::uint64_t m = n - 1; m != 0; m >>= 1) ++bits;
    }
    left_bits = bits / 2;
    left_mask = (1ull << left_bits) - 1;
    right_bits = bits - left_bits;
    right_mask = (1ull << right_bits) - 1;
    for (auto& k : key) k = static_cast<std::uint32_t>(e());
  }
  std::uint64_t domain() const { return 1ull << (left_bits + right_bits); }
  std::uint64_t operator()(std::uint64_t val) const {
    std::uint32_t l = std::uint32_t(val >> right_bits), r = std::uint32_t(val & right_mask);
    for (int i = 0; i < 24; ++i) {
      const std::uint64_t product = 0xD2B74407B1CE6E93ull * l;
      const std::uint32_t hi = std::uint32_t(product >> 32);
      std::uint32_t lo = std::uint32_t(product);
      lo = (lo << (right_bits - left_bits)) | r >> left_bits;
      l = ((hi ^ key[i]) ^ r) & left_mask;
      r = lo & right_mask;
    }
    return (std::uint64_t(l) << right_bits) | r;
  }
};

/// Thrust's shuffle of h with engine e (24 draws): out[k] = h[f(x_k)], x_k the k-th x with f(x) < n.
template <class T, class Engine>
std::vector<T> fuzz_reference_shuffle(const std::vector<T>& h, Engine& e) {
  const std::uint64_t n = h.size();
  const fuzz_feistel f(n, e);
  std::vector<T> out;
  out.reserve(h.size());
  for (std::uint64_t x = 0; x < f.domain(); ++x)
    if (const std::uint64_t v = f(x); v < n) out.push_back(h[v]);
  return out;
}

/// shuffle_copy then shuffle (in place) on the device system of a random subrange of the input,
/// with one engine, against the reference; the engine must end where the reference's does.
template <class T, class Engine>
outcome fuzz_shuffle_with(const std::vector<T>& input, std::mt19937_64& g, const char* engine_name) {
  const std::size_t skip = input.empty() || g() % 2 ? 0 : std::size_t(g() % std::min<std::size_t>(input.size(), 5));
  const std::vector<T> h(input.begin() + std::ptrdiff_t(skip), input.end());
  const auto seed = static_cast<typename Engine::result_type>(g());
  Engine want_engine(seed), engine(seed);
  const std::vector<T> want_copy = fuzz_reference_shuffle(h, want_engine);
  const std::vector<T> want_again = fuzz_reference_shuffle(want_copy, want_engine);

  tide::device_vector<T> d(input.begin(), input.end()), out(h.size());
  tide::shuffle_copy(tide::device, d.begin() + std::ptrdiff_t(skip), d.end(), out.begin(), engine);
  const std::string what = std::string("shuffle_copy with ") + engine_name;
  if (auto r = first_difference(from_device(out), want_copy, what.c_str()); !r) return r;
  // Shuffle the copy in place, continuing with the same engine.
  tide::shuffle(tide::device, out.begin(), out.end(), engine);
  const std::string what2 = std::string("shuffle of the copy with ") + engine_name;
  if (auto r = first_difference(from_device(out), want_again, what2.c_str()); !r) return r;
  if (!(engine == want_engine)) return outcome::fail(std::string("engine state after shuffling, ") + engine_name);
  return outcome::ok();
}

/// shuffle and shuffle_copy with default_random_engine, ranlux48 (48-bit draws, truncated to the
/// keys' 32 bits) or taus88, a random seed and a random start in the input.
template <class T>
outcome run_shuffle(const std::vector<T>& h, std::mt19937_64& g) {
  switch (g() % 3) {
    case 0: return fuzz_shuffle_with<T, tide::default_random_engine>(h, g, "default_random_engine");
    case 1: return fuzz_shuffle_with<T, tide::ranlux48>(h, g, "ranlux48");
    default: return fuzz_shuffle_with<T, tide::taus88>(h, g, "taus88");
  }
}
