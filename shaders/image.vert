#version 330 core
// A screen-space quad over the image's on-screen rectangle (NDC corners from a uniform).
uniform vec4 u_rect_ndc;  // x0, y0, x1, y1
out vec2 v_uv;
void main() {
  vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // triangle strip: 0,0 1,0 0,1 1,1
  v_uv = vec2(corner.x, 1.0 - corner.y);                   // image row 0 at the top
  gl_Position = vec4(mix(u_rect_ndc.xy, u_rect_ndc.zw, corner), 0.0, 1.0);
}
