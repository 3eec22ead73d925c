# CUDA architectures: those of the GPUs present (read with nvidia-smi), else sm_90.
# A CMAKE_CUDA_ARCHITECTURES given on the command line wins.
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES OR CMAKE_CUDA_ARCHITECTURES STREQUAL "")
  set(_tide_arch 90)
  find_program(_tide_nvidia_smi nvidia-smi)
  if(_tide_nvidia_smi)
    execute_process(COMMAND ${_tide_nvidia_smi} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE _tide_caps RESULT_VARIABLE _tide_rc ERROR_QUIET)
    if(_tide_rc EQUAL 0 AND _tide_caps)
      string(REPLACE "." "" _tide_caps "${_tide_caps}")
      string(REGEX MATCHALL "[0-9]+" _tide_caps "${_tide_caps}")
      list(REMOVE_DUPLICATES _tide_caps)
      if(_tide_caps)
        set(_tide_arch ${_tide_caps})
      endif()
    endif()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES ${_tide_arch} CACHE STRING "CUDA architectures")
endif()
