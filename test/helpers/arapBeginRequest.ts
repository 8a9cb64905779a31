/**
 * The Pose tool's press (an `arapBegin` request to the engine worker) for tests and benches: document 1, request 1,
 * the rest pose at frame 0, no corrections, metres; `overrides` sets what a case changes (clip time, contact,
 * reducedFrom, ids).
 */
import type { ArapBeginRequest } from '../../renderer/workers/protocol.ts';

export function arapBeginRequest(mesh: string, vertices: number[], overrides: Partial<Omit<ArapBeginRequest, 'kind'>> = {}): ArapBeginRequest {
  return {
    kind: 'arapBegin',
    id: 1,
    documentId: 1,
    mesh,
    pose: { clipIndex: null, time: 0 },
    frame: 0,
    vertices,
    corrections: [],
    metersPerUnit: 1,
    ...overrides,
  };
}
