// tide_fault: what tide reports when a kernel faults (issue 7), on the CUDA system.
//
//   tide_fault <mode>               (ctest: fault:<mode>)
//   tide_fault_debug_sync <mode>    (the same program built with TIDE_DEBUG_SYNC=1;
//                                    ctest: fault_debug_sync:<mode>)
//
// A fault (here a store to an illegal address, or tide's trap for a policy that cannot run in
// device code) ends the CUDA context for the rest of the process,
// so each case is a mode of its own, run as a process of its own; a mode provokes one fault. Each
// check prints a PASS or FAIL line; the exit status is 1 when a check failed or none ran, 2 for an
// unknown mode. The faults are real: run it only on a GPU.
//
// Which error a fault gives is the device's business (an illegal address is usually
// cudaErrorIllegalAddress): the checks compare tide's report with what CUDA itself reports for
// the fault afterwards (a sticky error: every later call returns it).
#include <tide/tide.hpp>

#if TIDE_DEVICE_SYSTEM != TIDE_DEVICE_SYSTEM_CUDA
#error "tide_fault provokes device faults: it is built on the CUDA system only"
#endif

#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <typeinfo>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool ok, const std::string& claim) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", claim.c_str());
  ++(ok ? passed : failed);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

constexpr int n = 1 << 16;  // 64 blocks of for_each, every thread faulting

/// Stores through the pointer it holds; given null, every store is an illegal address. The
/// pointer arrives as a kernel argument, so the device compiler cannot see that it is null.
struct store_through {
  int* target;
  __device__ void operator()(int x) const { target[x] = x; }
};

/// Unrelated code's kernel: tide never sees it launched.
__global__ void unrelated_faulting_kernel(int* target) { target[threadIdx.x] = 1; }

/// What a call threw, if anything.
struct outcome {
  bool threw = false;
  bool system_error = false;
  std::string what;
  int code = 0;
  const std::error_category* category = nullptr;
};

template <class F>
outcome run(F&& f) {
  outcome o;
  try {
    f();
  } catch (const tide::system_error& e) {
    o = {true, true, e.what(), e.code().value(), &e.code().category()};
  } catch (const std::exception& e) {
    o.threw = true;
    o.what = std::string("not a tide::system_error but ") + typeid(e).name() + ": " + e.what();
  }
  return o;
}

/// tide's report of a fault is the error CUDA gives for it: same code, in tide's CUDA category,
/// and what() names it.
void check_report_is_the_fault(const outcome& o) {
  check(o.system_error, "it is a tide::system_error: " + (o.threw ? o.what : std::string("(nothing thrown)")));
  const cudaError_t fault = cudaDeviceSynchronize();  // sticky: CUDA's own account of the fault
  const std::string name = cudaGetErrorName(fault);
  check(fault != cudaSuccess, "the device reports a fault of its own accord: " + name);
  check(o.category == &tide::cuda_category() && o.code == int(fault),
        "code() is that CUDA error (" + std::to_string(o.code) + "), in tide::cuda_category()");
  check(contains(o.what, name), "what() names the CUDA error " + name);
}

tide::device_vector<int> ones_checked() {
  tide::device_vector<int> v(n, 1);
  // Before any fault the device works (and the thread's pinned result slot is made here, so the
  // fault below cannot race its allocation).
  check(tide::reduce(tide::device, v.begin(), v.end()) == n, "before the fault, tide::reduce sums the vector");
  return v;
}

// ---- the modes -----------------------------------------------------------------------------------

/// A faulting tide call; the fault surfaces by the next call that waits for a result.
void fault_then(const char* sync_name, void (*sync)(tide::device_vector<int>&)) {
  auto v = ones_checked();
  const outcome at_call = run([&] { tide::for_each(tide::device, v.begin(), v.end(), store_through{nullptr}); });
  const outcome at_sync = at_call.threw ? outcome{} : run([&] { sync(v); });
  const outcome& o = at_call.threw ? at_call : at_sync;
  // Without TIDE_DEBUG_SYNC the launch does not wait; the fault may still be seen at once.
  std::printf("note: surfaced at %s\n", at_call.threw ? "the faulting tide::for_each itself"
                                        : at_sync.threw ? sync_name : "neither");
  check(o.threw, std::string("the fault surfaces no later than the next synchronization, ") + sync_name);
  check(starts_with(o.what, "tide::"), "what() names the tide call that saw it");
  check_report_is_the_fault(o);
}

void fault_surfaces_at_reduce() {
  std::printf("A kernel fault in tide::for_each surfaces as tide::system_error, with the CUDA error name, "
              "at the next call returning a value (tide::reduce).\n");
  fault_then("tide::reduce", [](tide::device_vector<int>& v) { (void)tide::reduce(tide::device, v.begin(), v.end()); });
}

void fault_surfaces_at_copy() {
  std::printf("A kernel fault in tide::for_each surfaces as tide::system_error, with the CUDA error name, "
              "at the next copy to the host (tide::copy into a std::vector).\n");
  fault_then("tide::copy to the host", [](tide::device_vector<int>& v) {
    std::vector<int> h(v.size());
    tide::copy(v.begin(), v.end(), h.begin());
  });
}

void fault_named_at_launch() {
  std::printf("Built with TIDE_DEBUG_SYNC, the faulting tide::for_each throws tide::system_error itself, "
              "naming the algorithm, the kernel and the CUDA error.\n");
  check(TIDE_DEBUG_SYNC, "this build waits after every launch (TIDE_DEBUG_SYNC=1)");
  if (!TIDE_DEBUG_SYNC) return;
  auto v = ones_checked();
  const outcome o = run([&] { tide::for_each(tide::device, v.begin(), v.end(), store_through{nullptr}); });
  check(o.threw, "the faulting call throws, before it returns");
  check(starts_with(o.what, "tide::for_each ("), "what() names the algorithm: " + o.what);
  check(contains(o.what, "for_each_kernel)"), "what() names the kernel, for_each_kernel");
  check_report_is_the_fault(o);
}

/// Unrelated code faults, sees the fault (its synchronize returns it) and leaves it; then a tide
/// call: it reports the error as earlier work's, not as its own.
void earlier_fault_then(const char* call_name, void (*call)(tide::device_vector<int>&)) {
  tide::device_vector<int> v(n, 1);
  check(cudaDeviceSynchronize() == cudaSuccess, "before the unrelated fault, the device works");
  unrelated_faulting_kernel<<<1, 32>>>(nullptr);
  const cudaError_t theirs = cudaDeviceSynchronize();
  check(theirs != cudaSuccess, std::string("the unrelated kernel faults: ") + cudaGetErrorName(theirs));
  const outcome o = run([&] { call(v); });
  check(starts_with(o.what, std::string("tide::") + call_name + ": ") && contains(o.what, "before the call"),
        std::string("what() says the error is pending from before tide::") + call_name + ": " + o.what);
  check_report_is_the_fault(o);
}

void earlier_fault_not_tides() {
  std::printf("A fault left by unrelated code before a tide call (tide::inclusive_scan) is reported as "
              "earlier work's, not the call's.\n");
  earlier_fault_then("inclusive_scan",
                     [](tide::device_vector<int>& v) { tide::inclusive_scan(tide::device, v.begin(), v.end(), v.begin()); });
}

void earlier_fault_not_tides_at_first_result() {
  std::printf("A fault left by unrelated code before the thread's first tide call returning a value "
              "(tide::reduce) is reported as earlier work's, not as tide's (nor as an allocation failure).\n");
  earlier_fault_then("reduce", [](tide::device_vector<int>& v) { (void)tide::reduce(tide::device, v.begin(), v.end()); });
}

/// Reduces with whatever policy it is handed, in device code.
template <class Policy>
__global__ void reduce_in_kernel(Policy policy, const int* in, int count, int* out) {
  *out = tide::reduce(policy, in, in + count);
}

void par_traps_in_device_code() {
  std::printf("tide::par reaching device code as a value (a kernel's argument; naming it there does not "
              "compile) prints the algorithm's name and traps.\n");
  tide::device_vector<int> v(16, 1), out(1, 0);
  std::fflush(stdout);
  // Device printf reaches the host's stdout when the kernel is waited for: catch it in a file.
  std::FILE* caught = std::tmpfile();
  const int saved = dup(1);
  dup2(fileno(caught), 1);
  reduce_in_kernel<<<1, 1>>>(tide::par, tide::raw_pointer_cast(v.data()), 16, tide::raw_pointer_cast(out.data()));
  const cudaError_t e = cudaDeviceSynchronize();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string printed;
  std::rewind(caught);
  for (int c; (c = std::fgetc(caught)) != EOF;) printed += static_cast<char>(c);
  std::fclose(caught);
  std::printf("device printed: %s", printed.c_str());
  check(e != cudaSuccess, std::string("the kernel traps: ") + cudaGetErrorName(e));
  check(contains(printed, std::string("tide::reduce: only tide::seq and tide::device ") + "run in device code"),
        "before trapping, it names the algorithm and the policies that run there");
}

struct mode {
  const char* name;
  void (*run)();
};
constexpr mode modes[] = {
    {"fault_surfaces_at_reduce", fault_surfaces_at_reduce},
    {"fault_surfaces_at_copy", fault_surfaces_at_copy},
    {"fault_named_at_launch", fault_named_at_launch},
    {"earlier_fault_not_tides", earlier_fault_not_tides},
    {"earlier_fault_not_tides_at_first_result", earlier_fault_not_tides_at_first_result},
    {"par_traps_in_device_code", par_traps_in_device_code},
};

}  // namespace

int main(int argc, char** argv) {
  const mode* chosen = nullptr;
  for (const mode& m : modes)
    if (argc == 2 && std::strcmp(argv[1], m.name) == 0) chosen = &m;
  if (!chosen) {
    std::fprintf(stderr, "usage: %s <mode>   (one fault per process; TIDE_DEBUG_SYNC=%d)\nmodes:", argv[0],
                 TIDE_DEBUG_SYNC);
    for (const mode& m : modes) std::fprintf(stderr, " %s", m.name);
    std::fprintf(stderr, "\n");
    return 2;
  }
  std::printf("%s %s (TIDE_DEBUG_SYNC=%d)\n", argv[0], chosen->name, TIDE_DEBUG_SYNC);
  try {
    chosen->run();
  } catch (const std::exception& e) {
    check(false, std::string("no exception escapes the mode: ") + typeid(e).name() + ": " + e.what());
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  std::fflush(stdout);
  return failed == 0 && passed > 0 ? 0 : 1;
}
