/**
 * A duration as a message states it: seconds, minutes, hours, days or years, whichever reads best.
 *
 * @param seconds  the duration [s]
 * @returns e.g. "45 s", "14 minutes", "3.5 hours", "12 days", "3.2 years"
 */
export function durationText(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 2 * 86400) return `${(seconds / 3600).toFixed(1)} hours`;
  if (seconds < 2 * 365 * 86400) return `${Math.round(seconds / 86400)} days`;
  return `${(seconds / (365 * 86400)).toPrecision(2)} years`;
}
