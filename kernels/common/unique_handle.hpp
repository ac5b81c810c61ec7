#pragma once
// A move-only owner of one handle (a GL name, an EGLDisplay, an ImGui context, ...): Release{}(h)
// runs exactly once, when the owner of a non-empty handle is destroyed. The empty handle is T{}.
#include <utility>

namespace tilescope {

template <typename T, typename Release>
class UniqueHandle {
 public:
  UniqueHandle() = default;
  explicit UniqueHandle(T handle) : handle_(handle) {}
  UniqueHandle(UniqueHandle&& o) noexcept : handle_(std::exchange(o.handle_, T{})) {}
  UniqueHandle& operator=(UniqueHandle&& o) noexcept {
    std::swap(handle_, o.handle_);
    return *this;
  }
  UniqueHandle(const UniqueHandle&) = delete;
  UniqueHandle& operator=(const UniqueHandle&) = delete;
  ~UniqueHandle() {
    if (handle_ != T{}) Release{}(handle_);
  }
  T get() const { return handle_; }
  explicit operator bool() const { return handle_ != T{}; }

 private:
  T handle_{};
};

}  // namespace tilescope
