// The app's main process reads a project by the command line's rules (issue 35, items 3 and 7): its size is compared
// with the limit before it is read (main read the whole file first), deep nesting is refused at parse time, and the
// messages name the file.
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolderEachTest } from '../helpers/temporaryFolderEachTest.ts';
import { IPC_LIMITS } from '../../main/ipcValidation.ts';
import { readOpenedProject } from '../../main/readOpenedProject.ts';

let folder = '';
temporaryFolderEachTest('overlap-open-project-', (made) => (folder = made));

describe('readOpenedProject', () => {
  it('reads a project: its text and the fields main needs', async () => {
    const file = path.join(folder, 'shot.overlap.json');
    const text = JSON.stringify({ format: 'overlap-project', version: 2, source: 'fox.glb' });
    await writeFile(file, text);
    const opened = await readOpenedProject(file);
    expect(opened.text, 'the text').toBe(text);
    expect(opened.project.source, 'the source').toBe('fox.glb');
  });

  it('refuses a file larger than the limit from its size, without reading it (a 3 GiB sparse file answers at once, memory flat)', async () => {
    const file = path.join(folder, 'huge.overlap.json');
    await writeFile(file, '');
    await truncate(file, 3 * 2 ** 30);
    const before = process.memoryUsage().arrayBuffers + process.memoryUsage().external;
    const started = performance.now();
    await expect(readOpenedProject(file), 'refused').rejects.toThrow(
      new RegExp(`^huge\\.overlap\\.json: project file is too large \\(3221225472 bytes, more than the ${IPC_LIMITS.projectBytes}-byte limit\\)`),
    );
    const after = process.memoryUsage().arrayBuffers + process.memoryUsage().external;
    expect(after - before, 'no buffer of the file was allocated').toBeLessThan(64 * 2 ** 20);
    expect(performance.now() - started, 'answered from fstat, not after reading 3 GiB').toBeLessThan(2000);
  });

  it('refuses deep nesting, bad JSON and a non-project, naming the file', async () => {
    const deep = path.join(folder, 'deep.overlap.json');
    await writeFile(deep, `{"format":"overlap-project","version":2,"handles":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`);
    await expect(readOpenedProject(deep), 'deep').rejects.toThrow(/^deep\.overlap\.json: nests arrays and objects more than 64 levels deep/);
    const broken = path.join(folder, 'broken.overlap.json');
    await writeFile(broken, '{"format": ');
    await expect(readOpenedProject(broken), 'broken').rejects.toThrow(/^broken\.overlap\.json: not valid JSON/);
    const other = path.join(folder, 'other.json');
    await writeFile(other, '{"format": "something-else"}');
    await expect(readOpenedProject(other), 'not a project').rejects.toThrow(/^other\.json: not an Overlap project/);
  });
});
