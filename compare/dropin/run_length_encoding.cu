// Run-length encoding and decoding, as in Thrust's run_length_encoding and run_length_decoding
// examples: reduce_by_key over a constant_iterator of ones counts each run; decoding scans the
// run lengths into offsets, scatters a marker at each run start, and an inclusive max-scan
// spreads each run's index over it.

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>

#include <cstdio>
#include <cstring>

int main() {
  const char text[] = "aaabccccdddddeffffffffggghiiiiiiijjkkkkkkk";
  const int n = int(std::strlen(text));
  thrust::device_vector<char> input(text, text + n);

  thrust::device_vector<char> letters(n);
  thrust::device_vector<int> lengths(n);
  auto ends = thrust::reduce_by_key(input.begin(), input.end(), thrust::constant_iterator<int>(1), letters.begin(),
                                    lengths.begin());
  const int runs = int(ends.first - letters.begin());
  std::printf("input: %s (%d characters)\n", text, n);
  std::printf("runs: %d\n", runs);
  for (int i = 0; i < runs; ++i) std::printf("(%c,%d)", char(letters[i]), int(lengths[i]));
  std::printf("\n");

  // Decode: run i starts at the exclusive sum of the lengths before it.
  thrust::device_vector<int> offsets(runs);
  thrust::exclusive_scan(lengths.begin(), lengths.begin() + runs, offsets.begin());
  const int total = offsets[runs - 1] + lengths[runs - 1];
  thrust::device_vector<int> run_of(total, 0);
  thrust::scatter(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(runs), offsets.begin(),
                  run_of.begin());
  thrust::inclusive_scan(run_of.begin(), run_of.end(), run_of.begin(), thrust::maximum<int>());
  thrust::device_vector<char> decoded(total);
  thrust::gather(run_of.begin(), run_of.end(), letters.begin(), decoded.begin());

  char out[64] = {0};
  thrust::copy(decoded.begin(), decoded.end(), out);
  std::printf("decoded: %s (%d characters, %s)\n", out, total, std::strcmp(out, text) == 0 ? "same" : "not the same");
  return 0;
}
