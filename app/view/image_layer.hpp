#pragma once
// The image drawable: input, output and CPU-reference textures (R32F) and the shader that
// shows them (shaders/image.vert, image.frag). Uploads go through glTexSubImage2D into the
// layer's other texture, which is then shown: the frame being drawn keeps its own, so an upload
// never waits for the renderer to finish with it (in software GL, Mesa llvmpipe, it did: the
// frame's drawing and the next frame's work ran one after the other).
#include <optional>

#include "app/gl/handles.hpp"
#include "app/view/view_mode.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/common/image.hpp"

namespace tilescope {

struct OutputRange {
  float lo = 0, hi = 1;  // lo < 0: signed data, shown blue-white-red over [-max(|lo|, hi), +]
};

enum class Layer { input, output, reference };

class ImageLayer {
 public:
  ImageLayer();
  // Through the host: glTexSubImage2D (or glTexImage2D when the size changes) into the layer's
  // texture the last frame did not show; from now on the layer shows that one.
  void upload(Layer layer, const Image& img);
  // The texture the layer shows, with storage for width x height floats, for CUDA-GL interop to
  // fill (on the device, so nothing waits on the host).
  GLuint texture(Layer layer, int width, int height);
  // Draws into the current framebuffer; the view is in display units (ImGui's), fb_scale is
  // framebuffer pixels per unit.
  // damage: paint the output pixels off the reference by more than diff_scale in palette::kDamaged.
  void draw(const ViewTransform& xf, ViewMode mode, OutputRange range, float diff_scale, float display_w,
            float display_h, float fb_scale, bool damage = false);
  // The output layer as a heat map over [range.lo, range.hi]; with `damage`, the cells off the
  // reference layer by more than it painted in palette::kDamaged.
  void draw_heat(const ViewTransform& xf, OutputRange range, float display_w, float display_h, float fb_scale,
                 std::optional<float> damage = std::nullopt);

 private:
  struct Texture {
    gl::Texture tex;
    int w = 0, h = 0;
  };
  struct Tex {  // a layer: two textures, `shown` the one drawn
    Texture buffer[2];
    int shown = 0;
  };
  Tex& tex(Layer layer) { return layer == Layer::input ? input_ : layer == Layer::output ? output_ : reference_; }
  void allocate(Texture& t, int width, int height, const float* data);
  void draw_quad(const ViewTransform& xf, int mode, OutputRange range, float diff_scale, float display_w,
                 float display_h, float fb_scale, bool damage);

  gl::Program program_;
  gl::VertexArray vao_;
  Tex input_, output_, reference_;
};

}  // namespace tilescope
