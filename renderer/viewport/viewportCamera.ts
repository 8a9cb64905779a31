/** The viewport's camera and canvas, for code outside the r3f tree (the debug handle's screen positions). */
import type { Camera } from 'three';

let current: { camera: Camera; element: HTMLCanvasElement } | null = null;

export const viewportCamera = {
  get: () => current,
  set: (value: { camera: Camera; element: HTMLCanvasElement } | null): void => {
    current = value;
  },
};
