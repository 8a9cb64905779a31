import type { BakeContactSnapshot, BakeContactStats } from '../../contact/index.ts';
import { type Fail, checkUnitQuaternions, count, measure, own, record, sameShape } from './checkpointFields.ts';

/** The contact's state: warm rotations as unit quaternions, hold shares in [0, 1]. */
export function checkedContact(value: unknown, template: BakeContactSnapshot, at: string, fail: Fail): BakeContactSnapshot {
  const snapshot = record(value, at, fail);
  const quaternions = sameShape(own(snapshot, 'quaternions'), template.quaternions, `${at}.quaternions`, fail);
  checkUnitQuaternions(quaternions, `${at}.quaternions`, fail);
  const held = sameShape(own(snapshot, 'held'), template.held, `${at}.held`, fail);
  for (let i = 0; i < held.length; i++) if (!(held[i] >= 0 && held[i] <= 1)) fail(`${at}.held`, `holds ${held[i]} at ${i}, not a share in [0, 1]`);
  return { quaternions, held };
}

/**
 * The contact's statistics so far: counters whole, per-frame lists one entry per baked frame before the checkpoint,
 * timings finite. The set-up figures (radius, stiffness, surface flaws, colliders) are the bake's own on restore.
 */
export function checkedContactStats(value: unknown, bakedFrames: number, at: string, fail: Fail): BakeContactStats {
  const stats = record(value, at, fail);
  const lists = [
    'contactsPerFrame',
    'untangledPoints',
    'correctedVertices',
    'inputIntersections',
    'outputIntersections',
    'simulatedNewRegions',
    'newRegions',
    'inputRegionShare',
  ] as const;
  const out: Record<string, unknown> = {
    selfContact: false,
    colliders: [],
    surface: { degenerateTriangles: 0, nonManifoldEdges: 0, coincidentVertices: 0 },
    radius: 0,
    stiffness: 0,
  };
  for (const key of ['truncations', 'redetections', 'searches', 'partialSearches', 'framesCorrected', 'pooledChecks'] as const)
    out[key] = count(own(stats, key), `${at}.${key}`, fail);
  for (const key of lists) {
    const list = own(stats, key);
    if (!Array.isArray(list) || list.length !== bakedFrames)
      fail(`${at}.${key}`, `must list one number per baked frame before the checkpoint (${bakedFrames})`);
    out[key] = (list as unknown[]).map((entry, i) =>
      key === 'contactsPerFrame' || key === 'inputRegionShare' ? measure(entry, `${at}.${key}[${i}]`, fail) : count(entry, `${at}.${key}[${i}]`, fail),
    );
  }
  const seconds = record(own(stats, 'seconds'), `${at}.seconds`, fail);
  out.seconds = {
    proximity: measure(own(seconds, 'proximity'), `${at}.seconds.proximity`, fail),
    checks: measure(own(seconds, 'checks'), `${at}.seconds.checks`, fail),
    surface: measure(own(seconds, 'surface'), `${at}.seconds.surface`, fail),
  };
  return out as unknown as BakeContactStats;
}
