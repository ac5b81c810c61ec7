#include "app/view/image_layer.hpp"

#include <cstdint>

#include "app/gl/program.hpp"
#include "app/view/palette.hpp"

namespace tilescope {

ImageLayer::ImageLayer() : program_(gl::build_program("image.vert", "image.frag")), vao_(gl::make_vertex_array()) {
  for (Tex* t : {&input_, &output_, &reference_})
    for (Texture& b : t->buffer) b.tex = gl::make_texture();
}

void ImageLayer::allocate(Texture& t, int width, int height, const float* data) {
  t.w = width, t.h = height;
  glBindTexture(GL_TEXTURE_2D, t.tex.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, t.w, t.h, 0, GL_RED, GL_FLOAT, data);
  // Nearest both ways: a screen pixel shows one image pixel's value, never a blend of several
  // (zoomed in, single pixels stay crisp); and with one filter for both, software GL (llvmpipe)
  // skips the per-pixel level-of-detail test: measured 4-5 ms a frame at 1600x900.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void ImageLayer::upload(Layer layer, const Image& img) {
  Tex& layer_tex = tex(layer);
  layer_tex.shown ^= 1;
  Texture& t = layer_tex.buffer[layer_tex.shown];
  if (t.w != img.width || t.h != img.height) return allocate(t, img.width, img.height, img.pixels.data());
  glBindTexture(GL_TEXTURE_2D, t.tex.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, t.w, t.h, GL_RED, GL_FLOAT, img.pixels.data());
}

GLuint ImageLayer::texture(Layer layer, int width, int height) {
  Tex& layer_tex = tex(layer);
  Texture& t = layer_tex.buffer[layer_tex.shown];
  if (t.w != width || t.h != height) allocate(t, width, height, nullptr);
  return t.tex.get();
}

void ImageLayer::draw(const ViewTransform& xf, ViewMode mode, OutputRange range, float diff_scale, float display_w,
                      float display_h, float fb_scale, bool damage) {
  draw_quad(xf, int(mode), range, diff_scale, display_w, display_h, fb_scale, damage);
}

void ImageLayer::draw_heat(const ViewTransform& xf, OutputRange range, float display_w, float display_h, float fb_scale,
                           std::optional<float> damage) {
  draw_quad(xf, 4, range, damage.value_or(1.0f), display_w, display_h, fb_scale, damage.has_value());
}

void ImageLayer::draw_quad(const ViewTransform& xf, int mode, OutputRange range, float diff_scale, float display_w,
                           float display_h, float fb_scale, bool damage) {
  const Rect& vp = xf.viewport();
  const Vec2 a = xf.to_screen({0, 0});
  const Vec2 b = xf.to_screen({float(xf.image_width()), float(xf.image_height())});
  auto ndc_x = [&](float x) { return 2.0f * x / display_w - 1.0f; };
  auto ndc_y = [&](float y) { return 1.0f - 2.0f * y / display_h; };
  glEnable(GL_SCISSOR_TEST);
  glScissor(int(vp.x * fb_scale), int((display_h - vp.y - vp.h) * fb_scale), int(vp.w * fb_scale),
            int(vp.h * fb_scale));
  glUseProgram(program_.get());
  const GLuint p = program_.get();
  glUniform4f(glGetUniformLocation(p, "u_rect_ndc"), ndc_x(a.x), ndc_y(b.y), ndc_x(b.x), ndc_y(a.y));
  glUniform1i(glGetUniformLocation(p, "u_mode"), mode);
  glUniform1f(glGetUniformLocation(p, "u_split_x"), (vp.x + vp.w / 2) * fb_scale);
  glUniform2f(glGetUniformLocation(p, "u_out_range"), range.lo, range.hi);
  glUniform1f(glGetUniformLocation(p, "u_diff_scale"), diff_scale);
  glUniform1i(glGetUniformLocation(p, "u_damage"), damage);
  const std::uint32_t d = palette::kDamaged.rgba;
  glUniform3f(glGetUniformLocation(p, "u_damage_colour"), float(d & 255) / 255, float(d >> 8 & 255) / 255,
              float(d >> 16 & 255) / 255);
  const Tex* textures[] = {&input_, &output_, &reference_};
  const char* names[] = {"u_input", "u_output", "u_reference"};
  for (int i = 0; i < 3; ++i) {
    glActiveTexture(GL_TEXTURE0 + i);
    glBindTexture(GL_TEXTURE_2D, textures[i]->buffer[textures[i]->shown].tex.get());
    glUniform1i(glGetUniformLocation(p, names[i]), i);
  }
  glBindVertexArray(vao_.get());
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glActiveTexture(GL_TEXTURE0);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace tilescope
