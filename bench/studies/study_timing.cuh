#pragma once
// What the studies share: CK (a failed CUDA call prints where it was and exits) and their timing.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CK(x)                                                                                 \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)

// The start and stop events time_runs records.
struct StudyEvents {
  cudaEvent_t start, stop;
  StudyEvents() {
    CK(cudaEventCreate(&start));
    CK(cudaEventCreate(&stop));
  }
};

// 3 warm-up runs of `run`, then `reps` runs, each timed between the events start and stop:
// their milliseconds, sorted.
template <typename Run>
std::vector<float> time_runs(int reps, cudaEvent_t start, cudaEvent_t stop, Run&& run) {
  for (int i = 0; i < 3; ++i) run();
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(start));
    run();
    CK(cudaEventRecord(stop));
    CK(cudaEventSynchronize(stop));
    float ms;
    CK(cudaEventElapsedTime(&ms, start, stop));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t;
}

// host filled with uniform [0, 1) values (seed 7), then copied to a new device buffer of its size.
inline float* upload_random(std::vector<float>& host) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (auto& v : host) v = u(rng);
  float* device = nullptr;
  CK(cudaMalloc(&device, host.size() * sizeof(float)));
  CK(cudaMemcpy(device, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  return device;
}
