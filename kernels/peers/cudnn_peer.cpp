// cuDNN's convolution as a peer: cudnnConvolutionForward in CROSS_CORRELATION mode (no flip
// needed), zero padding of r on every side, FMA math only (no TF32 tensor cores, which would
// round the inputs to 10-bit mantissas), and the fastest algorithm cudnnFind measures.
#include <cudnn.h>

#include <algorithm>
#include <string>

#include "kernels/common/counted_run.hpp"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/error.hpp"
#include "kernels/peers/vendor_peers.hpp"

// The legacy convolution API is deprecated in cuDNN 9 in favour of the graph API, but it is
// the call the frameworks' FP32 convolutions still reach, and the one the issue names.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace tilescope {
namespace {

void check(cudnnStatus_t status, const char* what) {
  if (status != CUDNN_STATUS_SUCCESS) throw BackendError(std::string(what) + ": " + cudnnGetErrorString(status));
}

// cuDNN wants NCHW / NCDHW: one image, one channel; a 1-D signal is a 1 x N image.
std::vector<int> tensor_dims(std::vector<int> extent) {
  if (extent.size() == 1) extent.insert(extent.begin(), 1);
  extent.insert(extent.begin(), {1, 1});
  return extent;
}
std::vector<int> packed_strides(const std::vector<int>& dims) {
  std::vector<int> strides(dims.size(), 1);
  for (int i = int(dims.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * dims[i + 1];
  return strides;
}

class CudnnPeer final : public CorrelationPeer {
 public:
  CudnnPeer() {
    check(cudnnCreate(&handle_), "cudnnCreate");
    check(cudnnCreateTensorDescriptor(&x_), "cudnnCreateTensorDescriptor");
    check(cudnnCreateTensorDescriptor(&y_), "cudnnCreateTensorDescriptor");
    check(cudnnCreateFilterDescriptor(&w_), "cudnnCreateFilterDescriptor");
    check(cudnnCreateConvolutionDescriptor(&conv_), "cudnnCreateConvolutionDescriptor");
  }
  ~CudnnPeer() override {
    cudnnDestroyConvolutionDescriptor(conv_);
    cudnnDestroyFilterDescriptor(w_);
    cudnnDestroyTensorDescriptor(y_);
    cudnnDestroyTensorDescriptor(x_);
    cudnnDestroy(handle_);
  }

  std::string name() const override { return "cuDNN " + version(); }
  std::string unsupported(const CorrelationShape&) const override { return {}; }
  std::string note() const override { return note_; }

  std::vector<double> correlate(const CorrelationShape& s, const float* h_in, const float* h_w, float* h_out,
                                int reps) override {
    describe(s);
    const std::size_t n = element_count(s.extent), taps = element_count(s.filter_extent);
    cuda::DeviceBuffer<float> in(n), out(n), w(taps);
    cuda::check(cudaMemcpy(in.get(), h_in, in.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (cuDNN input)");
    cuda::check(cudaMemcpy(w.get(), h_w, w.bytes(), cudaMemcpyHostToDevice), "cudaMemcpy (cuDNN filter)");

    const cudnnConvolutionFwdAlgoPerf_t best = fastest_fma_algorithm();
    cuda::DeviceBuffer<char> workspace(std::max<std::size_t>(best.memory, 1));
    const float alpha = 1.0f, beta = 0.0f;
    cuda::Event start, stop;
    std::vector<double> ms;
    const auto forward = [&] {
      check(cudnnConvolutionForward(handle_, &alpha, x_, in.get(), w_, w.get(), conv_, best.algo, workspace.get(),
                                    best.memory, &beta, y_, out.get()),
            "cudnnConvolutionForward");
    };
    for (int i = 0; i < reps; ++i) {
      if (count_if_asked(forward)) {  // a CountedRun measures this repetition instead (bench)
        ms.push_back(0);
        continue;
      }
      start.record();
      forward();
      stop.record();
      ms.push_back(stop.since(start));
    }
    cuda::check(cudaMemcpy(h_out, out.get(), out.bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy (cuDNN output)");
    note_ = "algorithm " + std::to_string(int(best.algo)) + " of cudnnConvolutionFwdAlgo_t, FMA math";
    return ms;
  }

 private:
  static std::string version() {
    const std::size_t v = cudnnGetVersion();  // major * 10000 + minor * 100 + patch
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100);
  }

  void describe(const CorrelationShape& s) {
    const std::vector<int> dims = tensor_dims(s.extent), fdims = tensor_dims(s.filter_extent);
    const std::vector<int> strides = packed_strides(dims);
    const int spatial = int(dims.size()) - 2;
    std::vector<int> pad(spatial), one(spatial, 1);
    for (int i = 0; i < spatial; ++i) pad[i] = fdims[i + 2] / 2;
    check(cudnnSetTensorNdDescriptor(x_, CUDNN_DATA_FLOAT, int(dims.size()), dims.data(), strides.data()),
          "cudnnSetTensorNdDescriptor");
    check(cudnnSetTensorNdDescriptor(y_, CUDNN_DATA_FLOAT, int(dims.size()), dims.data(), strides.data()),
          "cudnnSetTensorNdDescriptor");
    check(cudnnSetFilterNdDescriptor(w_, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, int(fdims.size()), fdims.data()),
          "cudnnSetFilterNdDescriptor");
    check(cudnnSetConvolutionNdDescriptor(conv_, spatial, pad.data(), one.data(), one.data(), CUDNN_CROSS_CORRELATION,
                                          CUDNN_DATA_FLOAT),
          "cudnnSetConvolutionNdDescriptor");
    check(cudnnSetConvolutionMathType(conv_, CUDNN_FMA_MATH), "cudnnSetConvolutionMathType");
  }

  // cudnnFind times every algorithm; keep the fastest that ran with FMA math.
  cudnnConvolutionFwdAlgoPerf_t fastest_fma_algorithm() {
    cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
    int returned = 0;
    check(cudnnFindConvolutionForwardAlgorithm(handle_, x_, w_, conv_, y_, CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &returned,
                                               perf),
          "cudnnFindConvolutionForwardAlgorithm");
    for (int i = 0; i < returned; ++i)  // sorted fastest first
      if (perf[i].status == CUDNN_STATUS_SUCCESS && perf[i].mathType == CUDNN_FMA_MATH) return perf[i];
    throw BackendError("cuDNN has no FMA-math algorithm for this convolution");
  }

  cudnnHandle_t handle_ = nullptr;
  cudnnTensorDescriptor_t x_ = nullptr, y_ = nullptr;
  cudnnFilterDescriptor_t w_ = nullptr;
  cudnnConvolutionDescriptor_t conv_ = nullptr;
  std::string note_;
};

}  // namespace

std::unique_ptr<CorrelationPeer> make_cudnn_peer() { return std::make_unique<CudnnPeer>(); }

}  // namespace tilescope
