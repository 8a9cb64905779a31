/**
 * A size as a message states it, in MiB below a gibibyte and GiB above.
 *
 * @param bytes  the size [bytes]
 * @returns e.g. "12.5 MiB", "3.2 GiB"
 */
export function bytesText(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}
