#pragma once
// The image drawable: input, output and CPU-reference textures (R32F) and the shader that
// shows them (shaders/image.vert, image.frag). Uploads go through glTexSubImage2D.
#include "app/gl/handles.hpp"
#include "app/ui/ui_state.hpp"
#include "app/view/view_transform.hpp"
#include "kernels/image.hpp"

namespace tilescope {

struct OutputRange {
  float lo = 0, hi = 1;  // lo < 0: signed data, shown blue-white-red over [-max(|lo|, hi), +]
};

class ImageLayer {
 public:
  ImageLayer();
  void upload_input(const Image& img) { upload(input_, img); }
  void upload_output(const Image& img) { upload(output_, img); }
  void upload_reference(const Image& img) { upload(reference_, img); }
  // Draws into the current framebuffer; the view is in display units (ImGui's), fb_scale is
  // framebuffer pixels per unit.
  void draw(const ViewTransform& xf, ViewMode mode, OutputRange range, float diff_scale, float display_w,
            float display_h, float fb_scale);

 private:
  struct Tex {
    gl::Texture tex;
    int w = 0, h = 0;
  };
  void upload(Tex& t, const Image& img);

  gl::Program program_;
  gl::VertexArray vao_;
  Tex input_, output_, reference_;
};

}  // namespace tilescope
