/**
 * Keyed pose corrections: ARAP edits the artist makes on a frame of the animation, stored like corrective shape keys
 * and applied to the input (welded simulation vertices) before any simulation, so bakes, the live preview and
 * exports all see the corrected pose and the physics reacts to it (issue 12, item 5). app/poseCorrections applies
 * them (poseCorrectedPositions) and makes them from an edit (poseCorrectionFromEdit).
 */

/** One keyed pose correction of one mesh. */
export interface PoseCorrection {
  /** unique within the project */
  id: string;
  /** what the artist called it ("tail off the floor") */
  name?: string;
  /** the mesh node's name, as `overlap inspect` reports it */
  mesh: string;
  /** frame (at the project's frame rate, `bake.fps`; may be fractional) where the correction is fully on */
  frame: number;
  /** frames over which it eases in before `frame` (smoothstep; 0: it is on from `frame`) */
  easeIn: number;
  /** frames it stays fully on after `frame` (default 0) */
  hold?: number;
  /** frames over which it eases out after the hold (smoothstep; 0: it stops after the hold) */
  easeOut: number;
  /** welded simulation vertices the correction moves, increasing */
  vertices: number[];
  /**
   * #vertices×3 offsets [m, scene units after metersPerUnit] in each vertex's rest frame: the edit's displacement at
   * `frame`, rotated back by the rotation of the vertex's neighbourhood there, so the correction turns with the
   * character when it is applied at other frames (poseCorrectedPositions)
   */
  offsets: number[];
  /** the handles of the edit that made it (vertices and column-major 4×4 maps), kept for re-editing */
  handles?: { vertices: number[]; matrix: number[] }[];
  /** false mutes it (kept in the project, not applied); default true */
  enabled?: boolean;
}
