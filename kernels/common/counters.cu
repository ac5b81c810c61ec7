// measure_counters (counters.hpp) through CUPTI's range profiler: a user range around the launch,
// replayed by us (user replay) once per pass the metrics need, with L2 flushed before every pass
// so each pass sees the same cold cache. The launch leaves up to an L2 of dirty lines that DRAM
// has not seen yet (a copy of 256 MB on an H100: 20 MB); a second range flushes L2 right after
// it, and the DRAM writes of that range (write-backs only: the flush reads) are the launch's too.
// Set up once per CUDA context, on first use there; a setup that failed says why on every later
// call and is not retried. The range profiler itself is enabled on the context only while a
// measurement runs, but for a context set up by a lent measurement (the app's background meter's
// own), which keeps it enabled. A lent measurement's passes wait for the GPU from the lending
// thread (lend_gpu): the handshake is gpu_lending.hpp's.
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "kernels/common/counters.hpp"
#include "kernels/common/cuda_check.hpp"
#include "kernels/common/driver_function.cuh"
#include "kernels/common/gpu_lending.hpp"

namespace tilescope {
namespace {

// The metrics, in the order of MemoryCounters' fields (counters.hpp names each).
const char* const kMetrics[] = {
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "lts__t_sectors_srcunit_tex_op_read.sum",
    "l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "smsp__inst_executed_op_shared_ld.sum",
    "l1tex__t_sector_hit_rate.pct",
    "lts__t_sector_hit_rate.pct",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
    "smsp__inst_executed.sum",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
};
constexpr std::size_t kMetricCount = sizeof(kMetrics) / sizeof(kMetrics[0]);

MemoryCounters counters_of(const double (&v)[kMetricCount]) {
  MemoryCounters c;
  c.dram_read_bytes = v[0];
  c.dram_write_bytes = v[1];
  c.l2_read_bytes = v[2] * 32;  // sectors of 32 bytes
  c.global_load_bytes = v[3];
  c.global_load_requests = v[4];
  c.shared_load_requests = v[5];
  c.l1_hit_pct = v[6];
  c.l2_hit_pct = v[7];
  c.bank_conflicts = v[8];
  c.instructions = v[9];
  c.achieved_occupancy_pct = v[10];
  return c;
}

// A failed CUPTI call as one line; the failures a user can act on say what to do.
std::string explain(CUptiResult r, const char* what) {
  switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return "GPU counters are restricted to admin users by the driver: load nvidia with "
             "NVreg_RestrictProfilingToAdminUsers=0 (or run as root)";
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_INVALID_METRIC_NAME:
      return std::string("CUPTI's range profiler does not support this GPU or its counters (") + what + ")";
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
      return "another profiler (Nsight Compute, Nsight Systems) holds the GPU's counters";
    default: {
      const char* text = nullptr;
      cuptiGetResultString(r, &text);
      return std::string(what) + " failed: " + (text ? text : "CUPTI error " + std::to_string(int(r)));
    }
  }
}

void cupti_check(CUptiResult r, const char* what) {
  if (r != CUPTI_SUCCESS) throw BackendError(explain(r, what));
}

// Every parameter struct of CUPTI's profiler starts with its size and a null pPriv.
template <typename Params>
Params params(std::size_t struct_size) {
  Params p{};
  p.structSize = struct_size;
  return p;
}
#define TS_CUPTI_PARAMS(Type) params<Type>(Type##_STRUCT_SIZE)

// Reads every byte of a buffer twice the size of L2 and keeps nothing: what the measured launch
// finds in L2 afterwards is this buffer, and what an earlier launch left dirty was written back.
__global__ void flush_l2(const int4* buffer, std::size_t count, int* sink) {
  int acc = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
       i += std::size_t(gridDim.x) * blockDim.x) {
    const int4 v = buffer[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x5eed1e55) *sink = acc;  // never true for a zeroed buffer; keeps the loads alive
}

struct DeinitializeHost {
  void operator()(CUpti_Profiler_Host_Object* host) const {
    auto p = TS_CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params);
    p.pHostObject = host;
    cuptiProfilerHostDeinitialize(&p);
  }
};
struct DisableRangeProfiler {
  void operator()(CUpti_RangeProfiler_Object* profiler) const {
    auto p = TS_CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params);
    p.pRangeProfilerObject = profiler;
    cuptiRangeProfilerDisable(&p);
  }
};

// The calling thread's current CUDA context (the runtime's primary one, or a thread's own).
CUcontext current_context() {
  cuda::check(cudaFree(nullptr), "no usable NVIDIA GPU: cudaFree");
  CUcontext ctx = nullptr;
  if (cuda::driver_function<PFN_cuCtxGetCurrent_v4000>("cuCtxGetCurrent", 4000)(&ctx) != CUDA_SUCCESS || !ctx)
    throw BackendError("the driver gave no current CUDA context to profile");
  return ctx;
}

// Makes ctx the calling thread's current context again (after CUPTI calls on another context's
// profiler, which may leave that one current).
void make_current(CUcontext ctx) {
  if (cuda::driver_function<PFN_cuCtxSetCurrent_v4000>("cuCtxSetCurrent", 4000)(ctx) != CUDA_SUCCESS)
    throw BackendError("the driver could not make the measuring thread's CUDA context current again");
}

class RangeProfiler {
 public:
  // `lent`: set up for lent measurements, so it keeps the profiler enabled (see measure).
  RangeProfiler(CUcontext ctx, bool lent) : ctx_(ctx), keep_enabled_(lent) {
    int device = 0, l2_bytes = 0;
    cuda::check(cudaGetDevice(&device), "cudaGetDevice");
    cuda::check(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device), "cudaDeviceGetAttribute (L2)");

    auto init = TS_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
    cupti_check(cuptiProfilerInitialize(&init), "cuptiProfilerInitialize");
    auto chip = TS_CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
    chip.deviceIndex = std::size_t(device);
    cupti_check(cuptiDeviceGetChipName(&chip), "cuptiDeviceGetChipName");
    chip_ = chip.pChipName ? chip.pChipName : "?";

    auto avail = TS_CUPTI_PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
    avail.ctx = ctx_;
    cupti_check(cuptiProfilerGetCounterAvailability(&avail), "cuptiProfilerGetCounterAvailability (size)");
    std::vector<std::uint8_t> availability(avail.counterAvailabilityImageSize);
    avail.pCounterAvailabilityImage = availability.data();
    cupti_check(cuptiProfilerGetCounterAvailability(&avail), "cuptiProfilerGetCounterAvailability");

    auto host = TS_CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params);
    host.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    host.pChipName = chip_.c_str();
    host.pCounterAvailabilityImage = availability.data();
    cupti_check(cuptiProfilerHostInitialize(&host), ("cuptiProfilerHostInitialize, chip " + chip_).c_str());
    host_ = Host(host.pHostObject);
    config_ = config_image();

    flush_ = cuda::DeviceBuffer<int4>(2 * std::size_t(l2_bytes) / sizeof(int4));
    cuda::check(cudaMemset(flush_.get(), 0, flush_.bytes()), "cudaMemset (L2 flush buffer)");
    // The first session of a process counted about 5 MB of DRAM writes more than the same launch
    // in any later one (on an H100; cause not found, not the launch's module): one here, discarded.
    measure([&] { flush(); }, GpuTurn{});
  }

  // Disables the range profiler on its context if a lent measurement left it enabled.
  void set_aside() { profiler_ = Profiler(); }

  MemoryCounters measure(const std::function<void()>& launch, GpuTurn turn) {
    // Enabled for this measurement only (disabled when `enabled` goes, and on a throw): left
    // enabled on the context, the range profiler made every later frame of the app at 4096^2 cost
    // 4.6 ms instead of 2.6 (H200, bench/results/2026-11-29-h200-app-meter.md). Lent measurements
    // run on a context of their own, which keeps it enabled from its set-up's discarded measurement
    // on (until a measurement on another context sets it aside: the GPU's counters serve one context
    // at a time): enabling and disabling, and the first pass after each enabling, stalled the whole
    // GPU, the app's frames on their context too, for about 45 ms a time.
    const Enabled enabled(*this, keep_enabled_);
    auto init = TS_CUPTI_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
    init.pRangeProfilerObject = profiler_.get();
    init.counterDataSize = counter_data_.size();
    init.pCounterData = counter_data_.data();
    cupti_check(cuptiRangeProfilerCounterDataImageInitialize(&init), "cuptiRangeProfilerCounterDataImageInitialize");

    auto config = TS_CUPTI_PARAMS(CUpti_RangeProfiler_SetConfig_Params);
    config.pRangeProfilerObject = profiler_.get();
    config.configSize = config_.size();
    config.pConfig = config_.data();
    config.counterDataImageSize = counter_data_.size();
    config.pCounterDataImage = counter_data_.data();
    config.range = CUPTI_UserRange;
    config.replayMode = CUPTI_UserReplay;
    config.maxRangesPerPass = kRanges;
    config.numNestingLevels = 1;
    config.minNestingLevel = 1;
    config.passIndex = 0;
    config.targetNestingLevel = 1;
    cupti_check(cuptiRangeProfilerSetConfig(&config), "cuptiRangeProfilerSetConfig");

    // Once unmeasured: the first launch of a kernel in the process loads its module (CUDA's lazy
    // loading), and nothing of that may count. Then each pass: flush L2 (outside the ranges), the
    // launch and the write-back flush.
    launch();
    cuda::check(cudaDeviceSynchronize(), "the launch before the measured ones");
    constexpr int kMaxPasses = 64;  // the metrics above need a few; never loop forever
    bool all_passes = false;
    for (int pass = 0; pass < kMaxPasses && !all_passes; ++pass) all_passes = one_pass(launch, turn);
    if (!all_passes) throw BackendError("CUPTI's range profiler needed more than 64 passes");

    auto decode = TS_CUPTI_PARAMS(CUpti_RangeProfiler_DecodeData_Params);
    decode.pRangeProfilerObject = profiler_.get();
    cupti_check(cuptiRangeProfilerDecodeData(&decode), "cuptiRangeProfilerDecodeData");
    auto info = TS_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
    info.pCounterDataImage = counter_data_.data();
    info.counterDataImageSize = counter_data_.size();
    cupti_check(cuptiRangeProfilerGetCounterDataInfo(&info), "cuptiRangeProfilerGetCounterDataInfo");
    if (info.numTotalRanges != kRanges) throw BackendError("CUPTI's range profiler recorded no launch");

    double launch_values[kMetricCount] = {}, write_back[kMetricCount] = {};
    evaluate(0, launch_values);
    evaluate(1, write_back);
    MemoryCounters c = counters_of(launch_values);
    c.dram_write_bytes += counters_of(write_back).dram_write_bytes;
    return c;
  }

 private:
  using Host = UniqueHandle<CUpti_Profiler_Host_Object*, DeinitializeHost>;
  using Profiler = UniqueHandle<CUpti_RangeProfiler_Object*, DisableRangeProfiler>;
  static constexpr std::size_t kRanges = 2;  // "launch", then "write-back"

  // The range profiler on the context, and the counter-data size of kMetrics that a new profiler
  // object must be asked before its counter data can be initialized (without it, initializing
  // the image of a second object crashed in CUPTI).
  struct Enabled {
    RangeProfiler& self;
    bool keep;
    Enabled(RangeProfiler& s, bool keep_enabled) : self(s), keep(keep_enabled) {
      if (self.profiler_) return;
      try {
        self.enable();
      } catch (...) {
        self.profiler_ = Profiler();
        throw;
      }
    }
    ~Enabled() {
      if (!keep || std::uncaught_exceptions() > 0) self.profiler_ = Profiler();
    }
    Enabled(const Enabled&) = delete;
    Enabled& operator=(const Enabled&) = delete;
  };
  void enable() {
    auto enable = TS_CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params);
    enable.ctx = ctx_;
    cupti_check(cuptiRangeProfilerEnable(&enable), "cuptiRangeProfilerEnable");
    profiler_ = Profiler(enable.pRangeProfilerObject);
    auto size = TS_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
    size.pRangeProfilerObject = profiler_.get();
    size.pMetricNames = const_cast<const char**>(kMetrics);
    size.numMetrics = kMetricCount;
    size.maxNumOfRanges = kRanges;
    size.maxNumRangeTreeNodes = kRanges;
    cupti_check(cuptiRangeProfilerGetCounterDataSize(&size), "cuptiRangeProfilerGetCounterDataSize");
    counter_data_.resize(size.counterDataSize);
  }

  // Reads the flush buffer: L2 holds it alone afterwards, clean.
  void flush() {
    flush_l2<<<1024, 256>>>(flush_.get(), flush_.size(), reinterpret_cast<int*>(flush_.get()));
    cuda::check_launch("flush_l2");
    cuda::check(cudaDeviceSynchronize(), "the L2 flush");
  }

  // kMetrics of range `index` into `values`.
  void evaluate(std::size_t index, double (&values)[kMetricCount]) {
    auto eval = TS_CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
    eval.pHostObject = host_.get();
    eval.pCounterDataImage = counter_data_.data();
    eval.counterDataImageSize = counter_data_.size();
    eval.rangeIndex = index;
    eval.ppMetricNames = const_cast<const char**>(kMetrics);
    eval.numMetrics = kMetricCount;
    eval.pMetricValues = values;
    cupti_check(cuptiProfilerHostEvaluateToGpuValues(&eval), "cuptiProfilerHostEvaluateToGpuValues");
  }

  // The scheduling of kMetrics on this chip's counters.
  std::vector<std::uint8_t> config_image() {
    auto add = TS_CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
    add.pHostObject = host_.get();
    add.ppMetricNames = const_cast<const char**>(kMetrics);
    add.numMetrics = kMetricCount;
    cupti_check(cuptiProfilerHostConfigAddMetrics(&add), ("cuptiProfilerHostConfigAddMetrics, chip " + chip_).c_str());
    auto size = TS_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
    size.pHostObject = host_.get();
    cupti_check(cuptiProfilerHostGetConfigImageSize(&size), "cuptiProfilerHostGetConfigImageSize");
    std::vector<std::uint8_t> image(size.configImageSize);
    auto get = TS_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
    get.pHostObject = host_.get();
    get.configImageSize = image.size();
    get.pConfigImage = image.data();
    cupti_check(cuptiProfilerHostGetConfigImage(&get), "cuptiProfilerHostGetConfigImage");
    return image;
  }

  // One replay pass: an L2 flush, then the ranges "launch" (the launch, finished before the range
  // closes) and "write-back" (a flush), on the GPU's turn. True once CUPTI has every pass it needs.
  // A launch that throws closes its range and the pass first.
  bool one_pass(const std::function<void()>& launch, GpuTurn turn) {
    auto start = TS_CUPTI_PARAMS(CUpti_RangeProfiler_Start_Params);
    start.pRangeProfilerObject = profiler_.get();
    cupti_check(cuptiRangeProfilerStart(&start), "cuptiRangeProfilerStart");
    auto stop = TS_CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params);
    stop.pRangeProfilerObject = profiler_.get();
    try {
      const PassTurn on_the_gpu(turn);
      flush();
      in_range("launch", [&] {
        launch();
        cuda::check(cudaDeviceSynchronize(), "the measured launch");
      });
      in_range("write-back", [&] { flush(); });
      on_the_gpu.check_kept();
    } catch (...) {
      cuptiRangeProfilerStop(&stop);
      throw;
    }
    cupti_check(cuptiRangeProfilerStop(&stop), "cuptiRangeProfilerStop");
    return stop.isAllPassSubmitted != 0;
  }

  // Runs `work` inside the user range `name`, closed also when `work` throws.
  template <typename Work>
  void in_range(const char* name, Work&& work) {
    auto push = TS_CUPTI_PARAMS(CUpti_RangeProfiler_PushRange_Params);
    push.pRangeProfilerObject = profiler_.get();
    push.pRangeName = name;
    auto pop = TS_CUPTI_PARAMS(CUpti_RangeProfiler_PopRange_Params);
    pop.pRangeProfilerObject = profiler_.get();
    cupti_check(cuptiRangeProfilerPushRange(&push), "cuptiRangeProfilerPushRange");
    try {
      work();
    } catch (...) {
      cuptiRangeProfilerPopRange(&pop);
      throw;
    }
    cupti_check(cuptiRangeProfilerPopRange(&pop), "cuptiRangeProfilerPopRange");
  }

  CUcontext ctx_;
  bool keep_enabled_;
  std::string chip_;
  Host host_;
  std::vector<std::uint8_t> config_;
  Profiler profiler_;
  std::vector<std::uint8_t> counter_data_;
  cuda::DeviceBuffer<int4> flush_;
};

// The profiler of the current CUDA context (set up for `turn`'s kind of measurement where it is
// new), or why there is none; the caller holds the measurement lock (gpu_lending.hpp). Never
// destroyed: at exit the CUDA runtime may already be gone, and the driver releases the profiler
// with the process.
struct ProfilerOrWhy {
  RangeProfiler* profiler = nullptr;
  std::string why_not;
};
ProfilerOrWhy& the_profiler(GpuTurn turn) {
  static auto* by_context = new std::map<CUcontext, ProfilerOrWhy>;
  static ProfilerOrWhy none;  // this time's failure before a context's own set-up
  try {
    const CUcontext ctx = current_context();
    for (auto& [other, p] : *by_context)  // the counters serve one context at a time
      if (other != ctx && p.profiler) p.profiler->set_aside();
    make_current(ctx);
    const auto [it, made] = by_context->try_emplace(ctx);
    if (made) try {
        it->second.profiler = new RangeProfiler(ctx, turn.lent);
      } catch (const std::exception& e) {
        it->second.why_not = e.what();
      }
    return it->second;
  } catch (const std::exception& e) {
    none.why_not = e.what();
    return none;
  }
}

}  // namespace

std::string prepare_counters(GpuTurn turn) {
  const std::unique_lock<std::mutex> measuring = one_measurement_at_a_time(turn);
  return the_profiler(turn).why_not;
}

CounterReading measure_counters(const std::function<void()>& launch, GpuTurn turn) {
  const std::unique_lock<std::mutex> measuring = one_measurement_at_a_time(turn);
  ProfilerOrWhy& p = the_profiler(turn);
  if (!p.profiler) return {std::nullopt, p.why_not};
  try {
    return {p.profiler->measure(launch, turn), ""};
  } catch (const GaveWay& e) {
    return {std::nullopt, e.what(), true};
  } catch (const BackendError& e) {
    return {std::nullopt, e.what()};
  }
}

}  // namespace tilescope
