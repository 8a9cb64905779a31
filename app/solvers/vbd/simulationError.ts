/**
 * A simulation that failed while it ran: a frame with non-finite positions, or positions that left any bound the
 * motion allows (divergence). Not the user's input being malformed (that is refused before anything runs) but the
 * method failing on it; the CLI exits with its simulation-failure code and writes nothing.
 */
export class SimulationError extends Error {
  /**
   * @param message  what failed and where (mesh, frame), with a suggestion (more substeps, a smaller time step)
   * @param frame    the frame at which it failed
   */
  constructor(
    message: string,
    readonly frame: number,
  ) {
    super(message);
    this.name = 'SimulationError';
  }
}
