/**
 * A JSON value as a message shows it: like JSON.stringify, except that numbers JSON cannot write (Infinity, -Infinity,
 * NaN: what `1e999` in a file parses to) are shown as themselves instead of `null`, and long text is cut.
 */

/**
 * The value as it reads in a message.
 *
 * @param value      anything parsed from JSON (or computed)
 * @param maxLength  longest text shown (default 80); longer text ends in …
 * @returns the text
 */
export function jsonValueText(value: unknown, maxLength = 80): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && !Number.isFinite(item) ? `\u0000${item}\u0000` : item)) ?? String(value);
  } catch {
    text = String(value);
  }
  text = text.replace(/"\\u0000(-?Infinity|NaN)\\u0000"/g, '$1');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
