import { GATE, type GpuOgcDetectionStats } from './types.ts';

/** The gate's words (GpuOgcDetection.encodeStats, GATE_WORDS u32) as stats. */
export function detectionStats(words: Uint32Array): GpuOgcDetectionStats {
  const m = GATE.maxContacts;
  return {
    detections: words[GATE.detections],
    redetections: words[GATE.redetections],
    contacts: words[GATE.contacts],
    inputExcluded: words[GATE.inputExcluded],
    largest: {
      contacts: words[m],
      entries: words[m + 1],
      pointEntries: words[m + 2],
      edgeEntries: words[m + 3],
      pointAnswers: words[m + 4],
      edgeAnswers: words[m + 5],
    },
  };
}
