import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveUserFile } from '../../main/saveUserFile.ts';

/** A PID no process has: above Linux's pid_max (2^22). */
const DEAD_PID = 4_194_400;

describe('saveUserFile', () => {
  it('removes the temporary file a killed save left beside the project, says so, and writes the project', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'overlap-save-'));
    const target = path.join(folder, 'fox.overlap.json');
    const stale = path.join(folder, `.fox.overlap.json.${DEAD_PID}.0a1b2c3d.tmp`);
    writeFileSync(stale, '{"half a proj');
    const live = path.join(folder, `.fox.overlap.json.${process.pid}.99aa.tmp`);
    writeFileSync(live, 'a write of this process in flight');
    const cleaned = await saveUserFile(target, '{"format":"overlap-project"}');
    expect(existsSync(stale), "the killed save's temporary file is gone").toBe(false);
    expect(cleaned.join('\n'), 'the clean-up names it').toContain(stale);
    expect(existsSync(live), "a running process's temporary file is left alone").toBe(true);
    expect(readFileSync(target, 'utf8'), 'the project is written').toBe('{"format":"overlap-project"}');
    expect(readdirSync(folder).sort(), 'nothing else is left').toEqual([path.basename(live), 'fox.overlap.json'].sort());
  });
});
