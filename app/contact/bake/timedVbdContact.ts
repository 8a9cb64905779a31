import type { OgcContact } from '../ogcContact.ts';
import type { BakeContactStats } from './types.ts';

/**
 * The OGC contact with its two passes (beginSubstep: detection, bounds and the truncation of the initial guess;
 * endIteration: truncation and re-detection; seed 000 Algorithm 4) timed into the report's `seconds.proximity`. Every
 * other member is the OGC contact's own (its data, stats, options and frame inputs are the same objects), so it is an
 * OgcContact too and a device's step, which runs OGC itself from its options and frame (kernels/vbd), takes it as it
 * is; there the passes are in the step's time.
 *
 * @param ogc    the OGC contact
 * @param stats  the statistics whose proximity seconds grow
 * @returns the step's contact
 */
export function timedVbdContact(ogc: OgcContact, stats: BakeContactStats): OgcContact {
  return {
    ...ogc,
    beginSubstep(...args) {
      const start = performance.now();
      ogc.beginSubstep(...args);
      stats.seconds.proximity += (performance.now() - start) / 1000;
    },
    endIteration(...args) {
      const start = performance.now();
      ogc.endIteration(...args);
      stats.seconds.proximity += (performance.now() - start) / 1000;
    },
  };
}
