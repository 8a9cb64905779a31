import type { Document, Node } from '@gltf-transform/core';
import type { AnimationEvaluator } from '../../animation/index.ts';
import type { ExportMode, ShapeStorage } from '../../document/index.ts';
import type { BakedRepeat } from '../../export/index.ts';
import type { ImportedClip, ImportedScene } from '../../io/index.ts';
import type { IntersectionCheckPool } from '../../intersection/index.ts';
import type { ResolvedBakeSettings } from '../bakeSettings.ts';
import type { BakeWarning } from '../bakeWarning.ts';

/*
 * The baked document's assembly as plain data plus named steps: BakedDocumentJob is what bakedDocument
 * (app/bake/bakedDocument.ts, the driver) resolves once and every step of app/bake/document/ reads, and where the
 * steps append the report's meshes and warnings (in the order the export writes them).
 *
 * Shapes: #F baked frames, #R a mesh's render vertices; positions are world, row-major xyz, in file units.
 * Times are output times [s]: frame f plays at f / fps (the input clip's timeline).
 */

/** How one baked mesh was written, for the report. */
export interface ExportedMesh {
  name: string;
  /** the mode it was written in (bones falls back to corrective for an unskinned mesh) */
  mode: ExportMode;
  /** corrective and cache: compact shapes or one target per frame; null for bones */
  shapes: ShapeStorage | null;
  /** morph targets added to each primitive (the largest over chunks) */
  targets: number;
  /** meshes the targets were split into (1 unless the bound needed more shapes than the cap) */
  chunks: number;
  /** helper joints added (bones mode) */
  helperBones: number;
  /** largest replay error over frames and vertices, against the baked positions [file units] (0: exact) */
  maxError: number;
  /** root-mean-square replay error over moving vertices and frames [file units] */
  rmsError: number;
  /** the error bound asked for [file units] (0 for per-frame targets, which are exact) */
  bound: number;
  /** bounding-box diagonal of the mesh at rest [file units], what the bound is relative to */
  diagonal: number;
}

/** One bake's export in progress: the inputs every step reads and the report the steps append to. */
export interface BakedDocumentJob {
  /** the imported input scene (never modified) */
  scene: ImportedScene;
  /** the bake's resolved settings (mode, shapes, fps, frame range, bounds) */
  settings: ResolvedBakeSettings;
  /** the input's animation evaluator (the poses the output plays) */
  evaluator: AnimationEvaluator;
  /** where the replay checks of a mesh with contact may run at once (BakeOptions.checkPool; undefined: inline) */
  checkPool: IntersectionCheckPool | undefined;
  /** the output document: a copy of the input's, written in place by the steps */
  document: Document;
  /** the input document's nodes, in the order the copy lists them (an index here is a node of the copy) */
  sourceNodes: Node[];
  /** the clip baked (scene.clips[settings.clipIndex]) */
  clip: ImportedClip;
  /** index of the source animation in the document (imported clips are the document's animations, in order) */
  animationIndex: number;
  /** name of the baked clip written: "<clip> (baked)" */
  animationName: string;
  /** #F baked frames (result.inputTimes.length) */
  frameCount: number;
  /** a loop baked past one cycle plays the skeleton's keys once per cycle (period [s], until [s]); null: clamped */
  sourceRepeat: BakedRepeat | null;
  /** out: how each mesh was written, in the order written */
  exported: ExportedMesh[];
  /** out: the export's warnings, in the order raised */
  warnings: BakeWarning[];
}
