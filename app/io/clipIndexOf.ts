import type { ImportedClip } from './importedScene.ts';

/**
 * The one rule every command finds a clip by (`--clip`, a project's `bake.clip`): its name, or its index when the
 * text is a whole number that no clip has as its name (`--clip 0` for a file whose clips are unnamed or named
 * "Walk"; a clip named "0" is found by name).
 *
 * @param clips  the imported clips
 * @param clip   the text the user gave, or an index
 * @returns the clip's index, or -1 when no clip has that name or index
 */
export function clipIndexOf(clips: readonly ImportedClip[], clip: string | number): number {
  if (typeof clip === 'number') return Number.isInteger(clip) && clip >= 0 && clip < clips.length ? clip : -1;
  const named = clips.findIndex((c) => c.name === clip);
  if (named >= 0) return named;
  if (!/^\d+$/.test(clip)) return -1;
  const index = Number(clip);
  return index < clips.length ? index : -1;
}
