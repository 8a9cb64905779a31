/**
 * The warnings of a bake (report.warnings; the CLI prints them as `overlap: warning [code]: …`, the app lists
 * their messages). One helper so every warning is made the same way: a code a script or the app can act on,
 * the mesh it concerns, and one sentence for the user.
 */

/** What a warning is about; a clean default bake has none. */
export type BakeWarningCode =
  // the input and settings
  | 'import'
  | 'ignored-input'
  | 'source-changed'
  | 'scale'
  | 'collider-ignored'
  | 'past-clip-end'
  | 'no-driver'
  | 'cloth-on-volume'
  | 'nothing-simulated'
  // the simulation
  | 'not-converged'
  | 'refused-solves'
  | 'large-motion'
  | 'flipped-triangles'
  | 'contact-limited'
  | 'gpu-fallback'
  // the export
  | 'export-fit';

/** One warning of a bake: a code to act on, the mesh it concerns, and a sentence for the user. */
export interface BakeWarning {
  code: BakeWarningCode;
  mesh?: string;
  message: string;
}

/**
 * @param code     what the warning is about
 * @param message  what the user should know, one sentence naming the mesh or input
 * @param mesh     the mesh it concerns, if one
 * @returns the warning as the report holds it
 */
export function bakeWarning(code: BakeWarningCode, message: string, mesh?: string): BakeWarning {
  return mesh === undefined ? { code, message } : { code, mesh, message };
}
