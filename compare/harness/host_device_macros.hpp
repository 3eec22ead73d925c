#pragma once
// Host mode compiles the drop-ins' Thrust side, CUDA sources, with a C++ compiler. Their functors
// say __host__ __device__, which only the CUDA runtime's headers define: those headers where the
// compiler finds them (as Thrust would include them), else the two words mean nothing.
#if __has_include(<cuda_runtime_api.h>)
#include <cuda_runtime_api.h>
#else
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif
