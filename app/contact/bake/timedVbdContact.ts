import type { VbdContact } from '../../solvers/vbd/index.ts';
import { linkOgcContact, type OgcContact } from '../ogcContact.ts';
import type { BakeContactStats } from './types.ts';

/**
 * The OGC contact as the VBD step sees it (VbdControls.contact), its two passes (beginSubstep: detection, bounds and
 * the truncation of the initial guess; endIteration: truncation and re-detection; seed 000 Algorithm 4) timed into the
 * report's `seconds.proximity`. The data is the OGC contact's own. Linked to it (linkOgcContact), so a device's step,
 * which runs OGC itself from its options and frame (kernels/vbd), finds it; there the passes are in the step's time.
 *
 * @param ogc    the OGC contact
 * @param stats  the statistics whose proximity seconds grow
 * @returns the step's contact
 */
export function timedVbdContact(ogc: OgcContact, stats: BakeContactStats): VbdContact {
  const vbd: VbdContact = {
    get data() {
      return ogc.data;
    },
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
  linkOgcContact(vbd, ogc);
  return vbd;
}
