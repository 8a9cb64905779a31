// CONTRIBUTING.md: app/'s folders import each other without a cycle (each enters another through its index.ts, so a
// folder cycle would be a module cycle). The folder graph is read from the import statements of every app/ file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Every .ts file under `dir`, relative to the repository root with '/' separators. */
function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** A cycle of the folder graph (folder → folders its files import), or null. */
function folderCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    state.set(folder, 1);
    path.push(folder);
    for (const next of edges.get(folder) ?? []) {
      if (state.get(next) === 1) return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(folder, 2);
    return null;
  };
  for (const folder of edges.keys()) {
    if (!state.has(folder)) {
      const cycle = visit(folder);
      if (cycle) return cycle;
    }
  }
  return null;
}

describe('app/ folder graph', () => {
  it('has no cycle (app/<a> → app/<b> → … → app/<a>)', () => {
    const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');
    const edges = new Map<string, Set<string>>();
    const files = tsFiles('app').filter((file) => file.split('/').length > 2);
    for (const file of files) {
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/gm)) {
        const target = normalize(join(dirname(file), match[1] ?? match[2]))
          .split('\\')
          .join('/');
        if (!target.startsWith('app/') || target.split('/').length < 3 || folderOf(target) === folderOf(file)) continue;
        if (!edges.has(folderOf(file))) edges.set(folderOf(file), new Set());
        edges.get(folderOf(file))!.add(folderOf(target));
      }
    }
    expect(files.length, 'app/ files read').toBeGreaterThan(100);
    expect(edges.size, 'folders that import another folder').toBeGreaterThan(5);
    expect(folderCycle(edges), 'a folder cycle').toBeNull();
  });

  it('the cycle search finds a planted cycle', () => {
    const edges = new Map([
      ['app/a', new Set(['app/b'])],
      ['app/b', new Set(['app/c'])],
      ['app/c', new Set(['app/a'])],
    ]);
    expect(folderCycle(edges), 'the planted cycle').toEqual(['app/a', 'app/b', 'app/c', 'app/a']);
  });
});
