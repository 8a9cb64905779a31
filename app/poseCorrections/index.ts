/**
 * Keyed pose corrections (issue 12 item 5, engine side): ARAP edits stored per frame with an ease in and out,
 * applied to the input surface before simulation by bakes, the live preview and exports.
 *
 *   const frames = createArapModel({ restPositions: weldedRest, triangles: weldedTriangles });   // once per mesh
 *   const { vertices, offsets } = poseCorrectionFromEdit(frames, inputAtFrame, editedAtFrame);  // on release
 *   poseCorrectedPositions(frames, project.poseCorrections ?? [], meshName, frame, input, input); // every frame
 */
export { poseCorrectionWeight } from './poseCorrectionWeight.ts';
export { poseCorrectedPositions } from './poseCorrectedPositions.ts';
export { poseCorrectionFromEdit } from './poseCorrectionFromEdit.ts';
export { vertexRotation } from './vertexRotation.ts';
