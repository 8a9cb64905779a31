/**
 * JSON as the command line prints it (`--dry-run`, `--json`, `--progress json`): JSON.stringify, with the characters it
 * leaves raw that a terminal acts on (DEL, C1 controls, the line and paragraph separators, the bidirectional overrides
 * and isolates) written as \uXXXX escapes. The text parses to the same value; a name from a file cannot act on the
 * terminal of whoever reads the output (terminalText does the same for messages).
 */

const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * @param value  anything JSON.stringify takes
 * @param space  indentation, as JSON.stringify's
 * @returns the JSON text, equal as JSON to JSON.stringify's, with no raw terminal control character
 */
export function terminalJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
