/**
 * gltf-validator's verdict on a GLB as readable lines (`CODE /pointer: message`), so a test can expect an empty list and
 * show what is wrong when it is not.
 */
import validator from 'gltf-validator';

/**
 * The validator's issues of severity `worstSeverity` or worse: 0 lists the errors, 1 the errors and the warnings.
 *
 * @param bytes         a GLB
 * @param worstSeverity 0 (errors) or 1 (errors and warnings)
 * @param maxIssues     how many issues the validator reports at most
 */
export async function validatorIssues(bytes: Uint8Array, worstSeverity: 0 | 1 = 0, maxIssues = 100): Promise<string[]> {
  const report = await validator.validateBytes(bytes, { maxIssues });
  return report.issues.messages.filter((m) => m.severity <= worstSeverity).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`);
}
