// The test runner: doctest's main, with the random seed printed so a failure can be repeated.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "common.hpp"

int main(int argc, char** argv) {
  // On stderr: doctest_discover_tests reads --list-test-cases from stdout, where this line would
  // be registered as a test case of its own (one that runs nothing). ctest still shows it.
  std::fprintf(stderr, "tide tests: seed %llu (set TIDE_TEST_SEED=%llu to repeat)\n",
               static_cast<unsigned long long>(tide_test::seed()), static_cast<unsigned long long>(tide_test::seed()));
  doctest::Context context(argc, argv);
  return context.run();
}
