/**
 * Issue 13 "Done when" 7: every glTF of ../shared/data and a set of corrupted or unusual files either
 * loads or shows a readable message naming the file; none shows an exception's text ("Cannot read
 * properties of undefined", "TypeError", …). Files are handed to the stable `import-input`.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './appPage.ts';
import { data } from './workspace.ts';

const EXCEPTION_TEXT = /cannot read propert|undefined|is not a function|TypeError|ReferenceError|RangeError|SyntaxError|null\b|NaN|\bat \w+ \(|stack/i;

/** Corrupted and unusual variants of the shared assets, written to the test's output folder. */
async function corruptedFiles(folder: string): Promise<Array<{ file: string; loads: boolean }>> {
  const fox = new Uint8Array(await readFile(path.join(data, 'Fox.glb')));
  const skin = JSON.parse(await readFile(path.join(data, 'SimpleSkin.gltf'), 'utf8'));
  const files: Array<{ name: string; bytes: Uint8Array | string; loads: boolean }> = [
    { name: 'truncated.glb', bytes: fox.subarray(0, Math.floor(fox.length / 2)), loads: false },
    { name: 'bad-magic.glb', bytes: Uint8Array.from(fox, (b, i) => (i < 4 ? 0x41 : b)), loads: false },
    { name: 'empty.glb', bytes: new Uint8Array(0), loads: false },
    { name: 'random.glb', bytes: Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24), loads: false },
    { name: 'not-json.gltf', bytes: '{"asset": {"version": "2.0"', loads: false },
    { name: 'array.gltf', bytes: '[1, 2, 3]', loads: false },
    { name: 'version-1.gltf', bytes: JSON.stringify({ ...skin, asset: { version: '1.0' } }), loads: false },
    { name: 'missing-buffer.gltf', bytes: JSON.stringify({ ...skin, buffers: [{ ...skin.buffers[0], uri: 'gone.bin' }] }), loads: false },
    { name: 'url-buffer.gltf', bytes: JSON.stringify({ ...skin, buffers: [{ ...skin.buffers[0], uri: 'https://example.com/a.bin' }] }), loads: false },
    {
      name: 'accessor-out-of-range.gltf',
      bytes: JSON.stringify({ ...skin, accessors: skin.accessors.map((a: { count: number }, i: number) => (i === 1 ? { ...a, count: a.count * 1000 } : a)) }),
      loads: false,
    },
    { name: 'no-scene.gltf', bytes: JSON.stringify({ ...skin, scenes: undefined, scene: undefined }), loads: true },
    { name: 'no-meshes.gltf', bytes: JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [0] }], nodes: [{ name: 'empty' }] }), loads: true },
  ];
  for (const file of files) await writeFile(path.join(folder, file.name), file.bytes);
  return files.map((file) => ({ file: path.join(folder, file.name), loads: file.loads }));
}

async function open(page: Page, file: string): Promise<{ loaded: boolean; messages: string[] }> {
  const name = path.basename(file);
  await page.evaluate(() => {
    for (const notice of document.querySelectorAll<HTMLButtonElement>('.notice button')) notice.click();
  });
  await page.getByTestId('import-input').setInputFiles(file);
  const outcome = await page.waitForFunction(
    (expected) => {
      const handle = window.__overlap!;
      if (!handle.loading && handle.documentName === expected) return 'loaded';
      const notices = [...document.querySelectorAll('[data-testid="notice-error"], [data-testid="notice-warning"]')].map(
        (element) => element.textContent ?? '',
      );
      return !handle.loading && notices.some((text) => text.includes(expected)) ? 'message' : null;
    },
    name,
    { timeout: 30_000 },
  );
  const messages = await page.evaluate(() => [...document.querySelectorAll('.notice-text')].map((element) => element.textContent ?? ''));
  return { loaded: (await outcome.jsonValue()) === 'loaded', messages };
}

test('7. every shared glTF and a set of corrupted files loads or shows a readable message, never an exception', async ({ page }, testInfo) => {
  test.setTimeout(360_000); // up to 1.1 min on a loaded machine here
  await openApp(page);
  const shared = (await readdir(data)).filter((name) => /\.(glb|gltf)$/i.test(name)).map((name) => ({ file: path.join(data, name), loads: true }));
  expect(shared.length, 'the shared assets').toBeGreaterThan(2);
  const all = [...shared, ...(await corruptedFiles(testInfo.outputPath()))];
  const report: string[] = [];
  for (const { file, loads } of all) {
    const { loaded, messages } = await open(page, file);
    report.push(`${path.basename(file)}: ${loaded ? 'loaded' : messages.join(' | ')}`);
    expect(loaded, `${path.basename(file)} ${loads ? 'loads' : 'is refused'} (${messages.join(' | ')})`).toBe(loads);
    for (const message of messages) {
      expect(message, `${path.basename(file)}: a readable message, not an exception`).not.toMatch(EXCEPTION_TEXT);
      expect(message.length, 'one line, not a dump').toBeLessThan(400);
    }
    if (!loaded)
      expect(
        messages.some((message) => message.includes(path.basename(file))),
        `${path.basename(file)}: the message names the file`,
      ).toBe(true);
  }
  await testInfo.attach('messages', { body: report.join('\n'), contentType: 'text/plain' });
  if (process.env.OVERLAP_E2E_VERBOSE) console.log(report.join('\n'));
});
