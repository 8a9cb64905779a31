/**
 * Display quality for the machine: full (MSAA, up to 2× device pixels) on a GPU, reduced (no MSAA,
 * 1× pixels) when WebGL runs on a software rasterizer (SwiftShader, llvmpipe: VMs, remote desktops,
 * CI), where MSAA alone halves the frame rate (measured in headless Chromium/SwiftShader on 2 cores:
 * 6.7 → 11.5 fps for the sample at 1400×860).
 */
export interface RenderQuality {
  antialias: boolean;
  dpr: [number, number];
  software: boolean;
  /** the WebGL renderer string, when the browser reveals it */
  glRenderer: string;
}

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render driver|mesa offscreen/i;

export function renderQuality(): RenderQuality {
  let glRenderer = '';
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      glRenderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL at all: the Canvas reports it when it fails to start.
  }
  const software = SOFTWARE.test(glRenderer);
  return { antialias: !software, dpr: software ? [1, 1] : [1, 2], software, glRenderer };
}
