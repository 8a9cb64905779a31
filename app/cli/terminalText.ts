/**
 * Text from a file (a mesh or clip name, a path, a JSON value) as a message may print it on a terminal: control
 * characters are escaped, so a name cannot move the cursor, recolour, clear or retitle the terminal, ring its bell, or
 * reorder what follows it. Escaped: C0 controls (newline and tab included: a message is one line), DEL, C1 controls,
 * and the Unicode bidirectional overrides and isolates ("Trojan Source"), as \xNN or \u{NNNN}; everything else,
 * any script and emoji included, is kept.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * @param text  any text
 * @returns the text with control characters escaped (unchanged when it has none)
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
