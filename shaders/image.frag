#version 330 core
// The image view: input, output, a wipe between them, or |output - CPU reference| as a heat map.
uniform sampler2D u_input;
uniform sampler2D u_output;
uniform sampler2D u_reference;
uniform int u_mode;          // 0 input, 1 output, 2 split (input left of u_split_x), 3 diff, 4 heat
uniform float u_split_x;     // window x (pixels) of the split line
uniform vec2 u_out_range;    // output values mapped to black..white (or blue..white..red if signed)
uniform float u_diff_scale;  // |difference| that reaches full brightness
uniform bool u_damage;       // break it: output pixels off the reference by more than u_diff_scale (or NaN)...
uniform vec3 u_damage_colour;  // ...shown in this colour (palette::kDamaged)
in vec2 v_uv;
out vec4 frag;

vec3 signed_map(float v) {   // blue (negative) - white - red (positive); legible for colour-blind viewers
  float t = clamp(v, -1.0, 1.0);
  return t < 0.0 ? mix(vec3(1.0), vec3(0.13, 0.40, 0.67), -t) : mix(vec3(1.0), vec3(0.70, 0.09, 0.17), t);
}

vec3 show_output(float v) {
  if (u_out_range.x < 0.0) return signed_map(v / max(abs(u_out_range.x), u_out_range.y));
  return vec3(clamp((v - u_out_range.x) / (u_out_range.y - u_out_range.x), 0.0, 1.0));
}

// Temperature 0..1 (the output texture over u_out_range): black - purple - red - orange - pale
// yellow, monotonic in lightness. The same stops as palette::heat_colour (the colour bar).
vec3 heat_map(float v) {
  float t = clamp((v - u_out_range.x) / (u_out_range.y - u_out_range.x), 0.0, 1.0) * 4.0;
  vec3 stops[5] = vec3[5](vec3(0.0, 0.0, 0.02), vec3(0.34, 0.06, 0.43), vec3(0.73, 0.21, 0.33),
                          vec3(0.98, 0.55, 0.04), vec3(0.99, 1.0, 0.64));
  int i = int(min(t, 3.0));
  return mix(stops[i], stops[i + 1], t - float(i));
}

void main() {
  float in_v = texture(u_input, v_uv).r;
  float out_v = texture(u_output, v_uv).r;
  vec3 c;
  if (u_mode == 0) c = vec3(clamp(in_v, 0.0, 1.0));
  else if (u_mode == 1) c = show_output(out_v);
  else if (u_mode == 2) c = gl_FragCoord.x < u_split_x ? vec3(clamp(in_v, 0.0, 1.0)) : show_output(out_v);
  else if (u_mode == 4) c = heat_map(out_v);
  else {
    float d = clamp(abs(out_v - texture(u_reference, v_uv).r) / u_diff_scale, 0.0, 1.0);
    c = mix(vec3(0.05), vec3(1.0, 0.85, 0.2), sqrt(d));  // dark = equal, yellow = differs by u_diff_scale
  }
  bool output_shown = u_mode == 1 || u_mode == 4 || (u_mode == 2 && gl_FragCoord.x >= u_split_x);
  // !(d <= scale) is true for NaN too: a slot nobody loaded.
  if (u_damage && output_shown && !(abs(out_v - texture(u_reference, v_uv).r) <= u_diff_scale)) c = u_damage_colour;
  frag = vec4(c, 1.0);
}
