/**
 * Settings the solver cannot work with at all (vertexHessianScaleProblem: every vertex solve would be refused),
 * thrown by step() before it changes anything. The caller's input is at fault, not the run: the CLI reports it as
 * bad input naming the file that holds the settings.
 */
export class SolverSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolverSettingsError';
  }
}
