// Study: does CUPTI's range profiler, driven from a thread and CUDA context of its own, hold back
// GPU work on another context? No tilescope code: one thread ("frames") launches a ~1 ms kernel and
// waits for it, again and again, on the runtime's primary context, as the app's frame loop does;
// another ("meter") creates a context of its own and drives the range profiler there, timing every
// CUPTI call. Then each call's window is matched with the frames that overlap it.
//
//   cupti_stall_probe user     our meter's way: user ranges, user replay, a Start/Stop per pass
//   cupti_stall_probe kernel   auto range, kernel replay: CUPTI replays the launch inside one Start/Stop
//   cupti_stall_probe idle     no profiler: the frames alone
// A third argument, process, runs the meter in a child process instead of a thread.
// A second argument, gl, makes every frame also draw a 4096^2 framebuffer with OpenGL (EGL, no
// display) and wait for it (glFinish) after the CUDA launch, as the app's frames do.
//
// Every mode: 4 measurements 400 ms apart of one launch (a copy of 64 MB), after the set-up.
// Printed: each CUPTI call (start, duration), the frames beside it (count, longest), the frames'
// median, p99 and longest, and each measurement's DRAM bytes read and written.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <cuda.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "study_timing.cuh"

namespace {

using Clock = std::chrono::steady_clock;
const Clock::time_point t0 = Clock::now();
double now_ms() { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

void cupti_ok(CUptiResult r, const char* what) {
  if (r == CUPTI_SUCCESS) return;
  const char* text = nullptr;
  cuptiGetResultString(r, &text);
  std::fprintf(stderr, "%s: %s\n", what, text ? text : "?");
  std::exit(1);
}
void cu_ok(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  std::fprintf(stderr, "%s: CUresult %d\n", what, int(r));
  std::exit(1);
}

struct Call {
  std::string name;
  double start, ms;
};
std::vector<Call> calls;  // the meter thread's only

// Runs one CUPTI call, timed.
template <typename F>
void timed(const char* name, F&& f) {
  const double s = now_ms();
  cupti_ok(f(), name);
  calls.push_back({name, s, now_ms() - s});
}

// A CUPTI parameter struct: zeroed, its size set.
#define PARAMS(T)                        \
  [] {                                   \
    T zeroed{};                          \
    zeroed.structSize = T##_STRUCT_SIZE; \
    return zeroed;                       \
  }()

// `passes` sweeps of a copy of 64 MB: the frames take 40 (about 1.3 ms on an H200), a measurement 1.
__global__ void copy_kernel(const float4* in, float4* out, std::size_t n, int passes) {
  for (int p = 0; p < passes; ++p)
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
      out[i] = in[i];
}

constexpr std::size_t kFloat4s = (64u << 20) / sizeof(float4);  // 64 MB

struct Frame {
  double start, ms;
};

// OpenGL without a loader library: the few entry points the frames use, from EGL.
using GLenum = unsigned;
using GLuint = unsigned;
using GLint = int;
using GLsizei = int;
#define GL_FUNCTIONS(X)                                                        \
  X(void, glGenFramebuffers, (GLsizei, GLuint*))                               \
  X(void, glBindFramebuffer, (GLenum, GLuint))                                 \
  X(void, glGenRenderbuffers, (GLsizei, GLuint*))                              \
  X(void, glBindRenderbuffer, (GLenum, GLuint))                                \
  X(void, glRenderbufferStorage, (GLenum, GLenum, GLsizei, GLsizei))           \
  X(void, glFramebufferRenderbuffer, (GLenum, GLenum, GLenum, GLuint))         \
  X(GLuint, glCreateShader, (GLenum))                                          \
  X(void, glShaderSource, (GLuint, GLsizei, const char* const*, const GLint*)) \
  X(void, glCompileShader, (GLuint))                                           \
  X(GLuint, glCreateProgram, ())                                               \
  X(void, glAttachShader, (GLuint, GLuint))                                    \
  X(void, glLinkProgram, (GLuint))                                             \
  X(void, glGetProgramiv, (GLuint, GLenum, GLint*))                            \
  X(void, glUseProgram, (GLuint))                                              \
  X(void, glGenVertexArrays, (GLsizei, GLuint*))                               \
  X(void, glBindVertexArray, (GLuint))                                         \
  X(void, glViewport, (GLint, GLint, GLsizei, GLsizei))                        \
  X(void, glDrawArrays, (GLenum, GLint, GLsizei))                              \
  X(void, glFinish, ())                                                        \
  X(GLenum, glGetError, ())
#define GL_DECLARE(ret, name, args) ret(*name) args = nullptr;
GL_FUNCTIONS(GL_DECLARE)
#define GL_LOAD(ret, name, args) name = reinterpret_cast<ret(*) args>(eglGetProcAddress(#name));

constexpr int kGlSize = 4096;

// An OpenGL 3.3 context on the first NVIDIA EGL device, current on the calling thread, drawing
// into a 4096^2 framebuffer with a fragment shader of some arithmetic per pixel.
void gl_setup() {
  auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto platform_display =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  EGLDeviceEXT devices[16];
  EGLint count = 0;
  if (!query_devices || !platform_display || !query_devices(16, devices, &count)) {
    std::fprintf(stderr, "no EGL devices\n");
    std::exit(1);
  }
  EGLDisplay display = EGL_NO_DISPLAY;
  for (EGLint i = 0; i < count && display == EGL_NO_DISPLAY; ++i) {
    EGLDisplay d = platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr)) continue;
    const char* vendor = eglQueryString(d, EGL_VENDOR);
    if (vendor && std::strstr(vendor, "NVIDIA")) display = d;
  }
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  EGLint n = 0;
  const EGLint context_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = EGL_NO_CONTEXT;
  if (display != EGL_NO_DISPLAY && eglBindAPI(EGL_OPENGL_API) &&
      eglChooseConfig(display, config_attribs, &config, 1, &n) && n == 1)
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    std::fprintf(stderr, "no NVIDIA OpenGL 3.3 context on EGL\n");
    std::exit(1);
  }
  GL_FUNCTIONS(GL_LOAD)
  GLuint fbo, color, vao;
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(0x8D41 /* GL_RENDERBUFFER */, color);
  glRenderbufferStorage(0x8D41, 0x8058 /* GL_RGBA8 */, kGlSize, kGlSize);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(0x8D40 /* GL_FRAMEBUFFER */, fbo);
  glFramebufferRenderbuffer(0x8D40, 0x8CE0 /* GL_COLOR_ATTACHMENT0 */, 0x8D41, color);
  const char* vs =
      "#version 330 core\nvoid main() { vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);"
      " gl_Position = vec4(2.0 * p - 1.0, 0.0, 1.0); }";
  const char* fs =
      "#version 330 core\nout vec4 c; void main() { vec2 p = gl_FragCoord.xy; float a = 0.0;"
      " for (int i = 0; i < 24; ++i) a = fract(a * 1.37 + sin(p.x * 0.01 + float(i)) * cos(p.y * 0.01));"
      " c = vec4(a, a * a, 1.0 - a, 1.0); }";
  const GLuint program = glCreateProgram();
  for (const auto& [type, source] : {std::pair<GLenum, const char*>{0x8B31, vs}, {0x8B30, fs}}) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    glAttachShader(program, shader);
  }
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, 0x8B82 /* GL_LINK_STATUS */, &linked);
  if (!linked) {
    std::fprintf(stderr, "the frames' shader did not link\n");
    std::exit(1);
  }
  glUseProgram(program);
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glViewport(0, 0, kGlSize, kGlSize);
}

void gl_draw() {
  glDrawArrays(0x0004 /* GL_TRIANGLES */, 0, 3);
  glFinish();
}

void frames(std::atomic<bool>& stop, std::vector<Frame>& out, bool gl) {
  if (gl) gl_setup();
  CK(cudaSetDevice(0));
  float4 *in, *o;
  CK(cudaMalloc(&in, kFloat4s * sizeof(float4)));
  CK(cudaMalloc(&o, kFloat4s * sizeof(float4)));
  CK(cudaMemset(in, 0, kFloat4s * sizeof(float4)));
  while (!stop.load()) {
    const double s = now_ms();
    copy_kernel<<<1056, 256>>>(in, o, kFloat4s, 40);
    CK(cudaDeviceSynchronize());
    if (gl) gl_draw();
    out.push_back({s, now_ms() - s});
  }
}

const char* kMetrics[] = {"dram__bytes_read.sum", "dram__bytes_write.sum"};
constexpr int kMetricCount = 2;

void meter(const std::string& mode) {
  CUdevice dev;
  cu_ok(cuDeviceGet(&dev, 0), "cuDeviceGet");
  CUcontext ctx;
  CUctxCreateParams cp{};
  cu_ok(cuCtxCreate(&ctx, &cp, 0, dev), "cuCtxCreate");
  float4 *in, *o;
  CK(cudaMalloc(&in, kFloat4s * sizeof(float4)));
  CK(cudaMalloc(&o, kFloat4s * sizeof(float4)));
  CK(cudaMemset(in, 0, kFloat4s * sizeof(float4)));
  auto launch = [&] { copy_kernel<<<1056, 256>>>(in, o, kFloat4s, 1); };
  launch();
  CK(cudaDeviceSynchronize());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  if (mode == "idle") {
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));
    return;
  }

  auto init = PARAMS(CUpti_Profiler_Initialize_Params);
  timed("ProfilerInitialize", [&] { return cuptiProfilerInitialize(&init); });
  auto chip = PARAMS(CUpti_Device_GetChipName_Params);
  timed("GetChipName", [&] { return cuptiDeviceGetChipName(&chip); });
  auto avail = PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
  avail.ctx = ctx;
  timed("GetCounterAvailability(size)", [&] { return cuptiProfilerGetCounterAvailability(&avail); });
  std::vector<std::uint8_t> availability(avail.counterAvailabilityImageSize);
  avail.pCounterAvailabilityImage = availability.data();
  timed("GetCounterAvailability", [&] { return cuptiProfilerGetCounterAvailability(&avail); });
  auto host = PARAMS(CUpti_Profiler_Host_Initialize_Params);
  host.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  host.pChipName = chip.pChipName;
  host.pCounterAvailabilityImage = availability.data();
  timed("HostInitialize", [&] { return cuptiProfilerHostInitialize(&host); });
  auto add = PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
  add.pHostObject = host.pHostObject;
  add.ppMetricNames = kMetrics;
  add.numMetrics = kMetricCount;
  timed("HostConfigAddMetrics", [&] { return cuptiProfilerHostConfigAddMetrics(&add); });
  auto csize = PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
  csize.pHostObject = host.pHostObject;
  timed("HostGetConfigImageSize", [&] { return cuptiProfilerHostGetConfigImageSize(&csize); });
  std::vector<std::uint8_t> config(csize.configImageSize);
  auto cget = PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
  cget.pHostObject = host.pHostObject;
  cget.configImageSize = config.size();
  cget.pConfigImage = config.data();
  timed("HostGetConfigImage", [&] { return cuptiProfilerHostGetConfigImage(&cget); });

  const bool kernel_replay = mode == "kernel";
  auto enable = PARAMS(CUpti_RangeProfiler_Enable_Params);
  enable.ctx = ctx;
  timed("RangeProfilerEnable", [&] { return cuptiRangeProfilerEnable(&enable); });
  CUpti_RangeProfiler_Object* profiler = enable.pRangeProfilerObject;
  constexpr int kRanges = 2;
  auto dsize = PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
  dsize.pRangeProfilerObject = profiler;
  dsize.pMetricNames = kMetrics;
  dsize.numMetrics = kMetricCount;
  dsize.maxNumOfRanges = kRanges;
  dsize.maxNumRangeTreeNodes = kRanges;
  timed("GetCounterDataSize", [&] { return cuptiRangeProfilerGetCounterDataSize(&dsize); });
  std::vector<std::uint8_t> data(dsize.counterDataSize);

  for (int m = 0; m < 4; ++m) {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    std::printf("measurement %d at %.1f ms\n", m, now_ms());
    auto di = PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
    di.pRangeProfilerObject = profiler;
    di.counterDataSize = data.size();
    di.pCounterData = data.data();
    timed("CounterDataImageInitialize", [&] { return cuptiRangeProfilerCounterDataImageInitialize(&di); });
    auto sc = PARAMS(CUpti_RangeProfiler_SetConfig_Params);
    sc.pRangeProfilerObject = profiler;
    sc.configSize = config.size();
    sc.pConfig = config.data();
    sc.counterDataImageSize = data.size();
    sc.pCounterDataImage = data.data();
    sc.range = kernel_replay ? CUPTI_AutoRange : CUPTI_UserRange;
    sc.replayMode = kernel_replay ? CUPTI_KernelReplay : CUPTI_UserReplay;
    sc.maxRangesPerPass = kRanges;
    sc.numNestingLevels = 1;
    sc.minNestingLevel = 1;
    sc.passIndex = 0;
    sc.targetNestingLevel = 1;
    timed("SetConfig", [&] { return cuptiRangeProfilerSetConfig(&sc); });
    bool all = false;
    for (int pass = 0; pass < 16 && !all; ++pass) {
      auto start = PARAMS(CUpti_RangeProfiler_Start_Params);
      start.pRangeProfilerObject = profiler;
      timed("Start", [&] { return cuptiRangeProfilerStart(&start); });
      if (!kernel_replay) {
        auto push = PARAMS(CUpti_RangeProfiler_PushRange_Params);
        push.pRangeProfilerObject = profiler;
        push.pRangeName = "launch";
        timed("PushRange", [&] { return cuptiRangeProfilerPushRange(&push); });
      }
      const double s = now_ms();
      launch();
      CK(cudaDeviceSynchronize());
      calls.push_back({"(launch+sync)", s, now_ms() - s});
      if (!kernel_replay) {
        auto pop = PARAMS(CUpti_RangeProfiler_PopRange_Params);
        pop.pRangeProfilerObject = profiler;
        timed("PopRange", [&] { return cuptiRangeProfilerPopRange(&pop); });
      }
      auto stop = PARAMS(CUpti_RangeProfiler_Stop_Params);
      stop.pRangeProfilerObject = profiler;
      timed("Stop", [&] { return cuptiRangeProfilerStop(&stop); });
      all = stop.isAllPassSubmitted != 0;
    }
    auto decode = PARAMS(CUpti_RangeProfiler_DecodeData_Params);
    decode.pRangeProfilerObject = profiler;
    timed("DecodeData", [&] { return cuptiRangeProfilerDecodeData(&decode); });
    auto info = PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
    info.pCounterDataImage = data.data();
    info.counterDataImageSize = data.size();
    cupti_ok(cuptiRangeProfilerGetCounterDataInfo(&info), "GetCounterDataInfo");
    for (std::size_t r = 0; r < info.numTotalRanges; ++r) {
      double v[kMetricCount] = {};
      auto eval = PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
      eval.pHostObject = host.pHostObject;
      eval.pCounterDataImage = data.data();
      eval.counterDataImageSize = data.size();
      eval.rangeIndex = r;
      eval.ppMetricNames = kMetrics;
      eval.numMetrics = kMetricCount;
      eval.pMetricValues = v;
      cupti_ok(cuptiProfilerHostEvaluateToGpuValues(&eval), "EvaluateToGpuValues");
      std::printf("  range %zu: DRAM read %.1f MB, written %.1f MB (the launch moves 64 + 64)\n", r, v[0] / 1e6,
                  v[1] / 1e6);
    }
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const std::size_t rank = std::size_t(p / 100.0 * v.size() + 0.999999);
  return v[std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1];
}

}  // namespace

// The meter in a child process (forked before either side touches CUDA): its calls come back
// through `fd` as lines "start ms name" once it is done; the frames run here until then.
void meter_in_child(std::atomic<bool>& stop, int fd) {
  FILE* from_child = fdopen(fd, "r");
  double start = 0, ms = 0;
  char name[64];
  while (std::fscanf(from_child, "%lf %lf %63s", &start, &ms, name) == 3) calls.push_back({name, start, ms});
  std::fclose(from_child);
  stop = true;
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "user";
  const bool gl = argc > 2 && std::string(argv[2]) == "gl";
  const bool process = argc > 3 && std::string(argv[3]) == "process";
  if (mode != "user" && mode != "kernel" && mode != "idle") {
    std::fprintf(stderr, "mode: user, kernel or idle; then gl or cuda; then process or thread\n");
    return 2;
  }
  int pipe_fds[2] = {-1, -1};
  if (process) {
    if (pipe(pipe_fds) != 0) return 1;
    const pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {  // the meter, alone in its process
      close(pipe_fds[0]);
      cu_ok(cuInit(0), "cuInit");
      meter(mode);
      FILE* to_parent = fdopen(pipe_fds[1], "w");
      for (const Call& c : calls) std::fprintf(to_parent, "%.3f %.3f %s\n", c.start, c.ms, c.name.c_str());
      std::fclose(to_parent);
      std::fflush(stdout);
      _exit(0);
    }
    close(pipe_fds[1]);
  }
  cu_ok(cuInit(0), "cuInit");
  std::atomic<bool> stop{false};
  std::vector<Frame> f;
  std::thread frame_thread(frames, std::ref(stop), std::ref(f), gl);
  if (process) {
    meter_in_child(stop, pipe_fds[0]);
    waitpid(-1, nullptr, 0);
  } else {
    std::thread meter_thread(meter, mode);
    meter_thread.join();
    stop = true;
  }
  frame_thread.join();
  std::printf("%s\n", process ? "meter in a process of its own" : "meter on a thread of this process");

  std::vector<double> ms;
  for (const Frame& fr : f) ms.push_back(fr.ms);
  const double median = percentile(ms, 50);
  std::printf("mode %s%s: %zu frames, median %.3f ms, p99 %.3f ms, longest %.3f ms\n", mode.c_str(), gl ? " gl" : "",
              f.size(), median, percentile(ms, 99), *std::max_element(ms.begin(), ms.end()));
  std::printf("%-30s %10s %9s %7s %10s\n", "call", "start ms", "ms", "frames", "longest");
  for (const Call& c : calls) {
    int n = 0;
    double longest = 0;
    for (const Frame& fr : f)
      if (fr.start < c.start + c.ms && fr.start + fr.ms > c.start) ++n, longest = std::max(longest, fr.ms);
    std::printf("%-30s %10.1f %9.3f %7d %10.3f\n", c.name.c_str(), c.start, c.ms, n, longest);
  }
  int slow = 0;
  for (double x : ms) slow += x > 2 * median;
  std::printf("frames over 2x the median: %d of %zu\n", slow, ms.size());
  return 0;
}
