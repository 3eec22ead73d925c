// Word frequencies by sort + reduce_by_key: words become integer ids on the host, the ids are sorted
// on the device, equal ids are counted by reduce_by_key over a constant iterator of ones, and the
// counts are ranked by a stable sort_by_key.

#include <string>
#include <vector>

#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <cstdio>

/// A tiny deterministic generator, so both builds see the same input.
struct lcg {
  unsigned long long state;
  unsigned next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return unsigned(state >> 33);
  }
};

int main() {
  const char* vocabulary[] = {"the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was",
                              "with", "be", "by", "on", "not", "he", "this", "are", "or", "his", "from",
                              "at", "which", "but", "have", "an", "had", "they", "you", "were", "their",
                              "one", "all", "we", "can", "her", "has", "there", "been", "if", "more",
                              "when", "will", "would", "who", "so", "no", "scan"};
  const int vocabulary_size = int(sizeof(vocabulary) / sizeof(vocabulary[0]));
  const int n = 200000;

  // A skewed corpus: word k is drawn about 1/(k+1) as often as word 0.
  lcg rng{42};
  std::vector<int> words(n);
  for (int i = 0; i < n; ++i) {
    int a = int(rng.next() % vocabulary_size), b = int(rng.next() % vocabulary_size);
    words[i] = a * b / vocabulary_size;
  }

  thrust::device_vector<int> ids(words.begin(), words.end());
  thrust::sort(ids.begin(), ids.end());
  thrust::device_vector<int> unique_ids(vocabulary_size), counts(vocabulary_size);
  auto ends = thrust::reduce_by_key(ids.begin(), ids.end(), thrust::make_constant_iterator(1), unique_ids.begin(),
                                 counts.begin());
  const int distinct = int(ends.first - unique_ids.begin());

  // Most frequent first; equal counts keep the order of their ids.
  thrust::stable_sort_by_key(counts.begin(), counts.begin() + distinct, unique_ids.begin(), thrust::greater<int>());
  thrust::host_vector<int> h_ids(unique_ids.begin(), unique_ids.begin() + distinct);
  thrust::host_vector<int> h_counts(counts.begin(), counts.begin() + distinct);

  std::printf("word count: %d words, %d distinct\n", n, distinct);
  for (int i = 0; i < distinct; ++i) std::printf("%-6s %d\n", vocabulary[h_ids[i]], int(h_counts[i]));
  return 0;
}
