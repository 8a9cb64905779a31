import type { MeshSimulationStats } from '../meshSimulation.ts';
import type { BakedMeshStats } from '../simulationSession.ts';

/**
 * A simulated mesh's report statistics before its first frame: its simulation's own, every count and extreme 0.
 *
 * @param simulation  the simulation's statistics (copied)
 * @param diagonal    bounding-box diagonal of the rest surface [file units]
 * @returns fresh statistics
 */
export function freshStats(simulation: MeshSimulationStats, diagonal: number): BakedMeshStats {
  return {
    ...simulation,
    iterations: 0,
    residualMean: 0,
    residualMax: 0,
    correctionMean: 0,
    correctionMax: 0,
    unconvergedFrames: 0,
    skippedSolves: 0,
    weightZeroDeviation: 0,
    weightZeroDriftBeforeGuard: 0,
    maxDisplacement: 0,
    flippedTriangles: 0,
    flippedFrames: 0,
    flipGuard: { framesCorrected: 0, flippedMax: 0, correctedVerticesMax: 0 },
    loopSeam: 0,
    diagonal,
  };
}
