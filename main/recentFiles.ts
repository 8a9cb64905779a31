/**
 * The Open Recent list: most recent first, no duplicates, at most `limit` entries.
 * Pure; main persists the result in userData/recent.json.
 *
 * @param list     current list, most recent first
 * @param opened   absolute path just opened or saved
 * @param limit    maximum length (default 10)
 * @returns a new list; `list` is not modified
 */
export function recentFiles(list: readonly string[], opened: string, limit = 10): string[] {
  return [opened, ...list.filter((entry) => entry !== opened)].slice(0, limit);
}

/** Reads a persisted list back, dropping anything that is not a string array entry. */
export function parseRecentFiles(text: string, limit = 10): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter((entry): entry is string => typeof entry === 'string' && entry.length > 0).slice(0, limit);
  } catch {
    return [];
  }
}
