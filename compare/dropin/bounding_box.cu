// The bounding box of 2D points, as in Thrust's bounding_box example: reduce over a struct with a
// functor that takes thrust::min and thrust::max of the corners.

#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/host_vector.h>
#include <thrust/pair.h>
#include <thrust/random.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <cstdio>

struct point2d {
  float x, y;
  __host__ __device__ point2d() : x(0), y(0) {}
  __host__ __device__ point2d(float x_, float y_) : x(x_), y(y_) {}
};

struct bbox {
  point2d lower_left, upper_right;
  __host__ __device__ bbox() {}
  __host__ __device__ explicit bbox(const point2d& p) : lower_left(p), upper_right(p) {}
  __host__ __device__ bbox(const point2d& ll, const point2d& ur) : lower_left(ll), upper_right(ur) {}
};

struct bbox_union {
  __host__ __device__ bbox operator()(bbox a, bbox b) const {
    point2d ll(thrust::min(a.lower_left.x, b.lower_left.x), thrust::min(a.lower_left.y, b.lower_left.y));
    point2d ur(thrust::max(a.upper_right.x, b.upper_right.x), thrust::max(a.upper_right.y, b.upper_right.y));
    return bbox(ll, ur);
  }
};

struct to_bbox {
  __host__ __device__ bbox operator()(const point2d& p) const { return bbox(p); }
};

int main() {
  const int n = 40;
  thrust::default_random_engine rng(42u);
  thrust::uniform_real_distribution<float> u01(0.0f, 1.0f);
  thrust::host_vector<point2d> h(n);
  for (int i = 0; i < n; ++i) {
    float x = u01(rng);
    float y = u01(rng);
    h[i] = point2d(x, y);
  }
  thrust::device_vector<point2d> points = h;

  bbox init(points[0]);
  bbox box = thrust::transform_reduce(points.begin(), points.end(), to_bbox(), init, bbox_union());
  std::printf("bounding box (%.6f, %.6f) - (%.6f, %.6f)\n", box.lower_left.x, box.lower_left.y,
              box.upper_right.x, box.upper_right.y);

  // The same with min and max over integers and a reduce of ready-made boxes.
  thrust::host_vector<bbox> hb(n);
  for (int i = 0; i < n; ++i) hb[i] = bbox(point2d(float(i % 7) - 3, float(i % 5)), point2d(float(i % 11), float(2 * (i % 3) + 1)));
  thrust::device_vector<bbox> boxes = hb;
  bbox all = thrust::reduce(boxes.begin(), boxes.end(), bbox(point2d(100, 100), point2d(-100, -100)), bbox_union());
  std::printf("union of boxes (%g, %g) - (%g, %g)\n", all.lower_left.x, all.lower_left.y, all.upper_right.x,
              all.upper_right.y);
  std::printf("min(3, 7) = %d, max(3, 7) = %d, min with comparator = %d\n", thrust::min(3, 7), thrust::max(3, 7),
              thrust::min(3, 7, thrust::greater<int>()));
  return 0;
}
