/**
 * The heat-map materials: a Lambert material whose colour comes from a per-vertex attribute
 * `overlapHeat` (normalized unsigned bytes: value, pinned, selected, unlimited) through a palette, so
 * the shape still reads under the lights and skinning and morph targets deform the mesh exactly as
 * under its own material (three.js compiles those variants per object, as for any built-in material).
 *
 * Palettes:
 * - weights: 0 blue (follows the animation) → cyan → green → yellow → 1 red (pure physics), as in
 *   Blender's weight paint; pinned vertices (max distance 0) are drawn in a pale violet that is not on
 *   that scale.
 * - limits: vertices without a max distance grey, pinned ones (max distance 0) violet, limited ones from amber (a
 *   millimetre) to teal (the palette's range, 10 cm): pins and small limits are different hues, not two ends of one
 *   ramp (a 3 cm limit was 30% of the way from the pin's violet, and the two read as one).
 * - displacement: the output's distance from the input, dark blue-grey (none) → orange → light yellow (most).
 * Selected vertices are tinted orange, the selection colour of the outliner.
 */
import { MeshLambertMaterial, DoubleSide, type WebGLProgramParametersWithUniforms } from 'three';

export type HeatPalette = 'weights' | 'limits' | 'displacement';

const PALETTE_INDEX: Record<HeatPalette, number> = { weights: 0, limits: 1, displacement: 2 };

const FRAGMENT_FUNCTIONS = /* glsl */ `
uniform int overlapPalette;
varying vec4 vOverlapHeat;
vec3 overlapRamp(float t) {
  // Blender's weight colours: blue, cyan, green, yellow, red at 0, ¼, ½, ¾, 1.
  vec3 c0 = vec3(0.0, 0.0, 1.0);
  vec3 c1 = vec3(0.0, 1.0, 1.0);
  vec3 c2 = vec3(0.0, 1.0, 0.0);
  vec3 c3 = vec3(1.0, 1.0, 0.0);
  vec3 c4 = vec3(1.0, 0.0, 0.0);
  float s = clamp(t, 0.0, 1.0) * 4.0;
  if (s < 1.0) return mix(c0, c1, s);
  if (s < 2.0) return mix(c1, c2, s - 1.0);
  if (s < 3.0) return mix(c2, c3, s - 2.0);
  return mix(c3, c4, s - 3.0);
}
vec3 overlapHeatColour(vec4 heat) {
  vec3 colour;
  if (overlapPalette == 0) {
    colour = mix(overlapRamp(heat.x), vec3(0.93, 0.86, 1.0), heat.y);
  } else if (overlapPalette == 1) {
    // Saturated and not too light: under the viewport's lights a light colour washes out toward white.
    vec3 limited = mix(vec3(0.9, 0.55, 0.05), vec3(0.05, 0.6, 0.55), heat.x);
    colour = mix(mix(limited, vec3(0.45, 0.2, 0.9), heat.y), vec3(0.45, 0.47, 0.5), heat.w);
  } else {
    vec3 low = vec3(0.16, 0.2, 0.32);
    vec3 mid = vec3(0.95, 0.45, 0.1);
    vec3 high = vec3(1.0, 0.97, 0.62);
    colour = heat.x < 0.5 ? mix(low, mid, heat.x * 2.0) : mix(mid, high, heat.x * 2.0 - 1.0);
  }
  return mix(colour, vec3(1.0, 0.69, 0.23), 0.55 * heat.z);
}
`;

function heatMaterial(palette: HeatPalette): MeshLambertMaterial {
  const material = new MeshLambertMaterial({ color: '#ffffff', side: DoubleSide });
  material.name = `overlap-heat-${palette}`;
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms) => {
    shader.uniforms.overlapPalette = { value: PALETTE_INDEX[palette] };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nattribute vec4 overlapHeat;\nvarying vec4 vOverlapHeat;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvOverlapHeat = overlapHeat;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${FRAGMENT_FUNCTIONS}`)
      .replace('vec4 diffuseColor = vec4( diffuse, opacity );', 'vec4 diffuseColor = vec4( overlapHeatColour(vOverlapHeat), opacity );');
  };
  // One program per palette (the uniform differs), shared by every mesh drawn with it.
  material.customProgramCacheKey = () => `overlap-heat-${palette}`;
  return material;
}

export const heatMaterials: Record<HeatPalette, MeshLambertMaterial> = {
  weights: heatMaterial('weights'),
  limits: heatMaterial('limits'),
  displacement: heatMaterial('displacement'),
};

/** CSS gradients matching the palettes, for the legend. */
export const PALETTE_CSS: Record<HeatPalette, string> = {
  weights: 'linear-gradient(to right, #0000ff, #00ffff, #00ff00, #ffff00, #ff0000)',
  limits: 'linear-gradient(to right, #e68c0d, #0d998c)',
  displacement: 'linear-gradient(to right, #293352, #f2731a, #fff79e)',
};
