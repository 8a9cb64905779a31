import { describe, expect, it } from 'vitest';
import { parseRecentFiles, recentFiles } from '../../main/recentFiles.ts';

describe('recentFiles', () => {
  it('puts the opened file first, removes its older entry and caps the length', () => {
    const list = ['/a', '/b', '/c'];
    expect(recentFiles(list, '/c'), 'moved to front').toEqual(['/c', '/a', '/b']);
    expect(recentFiles(list, '/d', 3), 'capped').toEqual(['/d', '/a', '/b']);
    expect(list, 'input not modified').toEqual(['/a', '/b', '/c']);
  });

  it('reads back only string entries from a persisted list and survives garbage', () => {
    expect(parseRecentFiles('["/a", 3, null, "", "/b"]'), 'filters').toEqual(['/a', '/b']);
    expect(parseRecentFiles('{"a":1}'), 'object').toEqual([]);
    expect(parseRecentFiles('not json'), 'garbage').toEqual([]);
  });
});
