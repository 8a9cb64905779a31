/**
 * Timings of brush samples [ms]: `samples` pointer event → heat written and redraw requested; `frames` → that frame's
 * draw calls issued; `nextFrame` → the start of the frame after it (the browser's next animation frame, which waits
 * for the previous frame's rasterization when the GPU, or SwiftShader, is behind: what the artist waits for);
 * `handler` the sample's own work (raycasts, brush, heat) per pointer event, its coalesced samples together.
 */
export const paintStats = {
  samples: [] as number[],
  frames: [] as number[],
  handler: [] as number[],
  nextFrame: [] as number[],
  pending: null as number | null,
};
