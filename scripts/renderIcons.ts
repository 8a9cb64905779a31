/**
 * Renders assets/icons/icon.svg to the PNGs electron-builder packages (icon.png, 1024 px: Linux,
 * and converted to .ico/.icns by electron-builder for Windows and macOS).
 * Uses headless Chromium (OVERLAP_CHROMIUM, default /usr/bin/chromium).
 *   node --import tsx scripts/renderIcons.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/icons');
const svg = readFileSync(path.join(folder, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.OVERLAP_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [size, name] of [[1024, 'icon.png']] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg.replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body>`);
    await page.screenshot({ path: path.join(folder, name), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
