/**
 * A warning of a bake (report.warnings, printed by the CLI as `overlap: warning: …`). One helper so that every
 * warning is made the same way: plain text today; a structured warning later changes it here alone.
 *
 * @param message  what the user should know, one sentence naming the mesh or input
 * @returns the warning as the report holds it
 */
export function bakeWarning(message: string): string {
  return message;
}
