/**
 * Per-document state and application preferences (issue 34, item 4), in Chromium through the real UI: paint mode,
 * the Pose tool, its Self and Colliders switches, the selection, the heat map, the lattice overlay and the live
 * preview are the open document's and reset when another file is opened; the brush (radius, strength, falloff) and
 * loop are the user's preferences and stay, across documents and after a reload.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';

import { data, importFiles, openFox } from './workspace.ts';

test.use({ viewport: { width: 1280, height: 760 } });

test('opening another file resets the workspace’s per-document state and keeps the preferences, also after a reload', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await openFox(page);

  // The document's state: the mesh selected, weights shown, the lattice on, live preview on, then paint mode with the
  // Pose tool and its Self and Colliders switches off.
  await page.getByTestId('mesh-row').filter({ hasText: 'fox' }).click();
  await page.getByTestId('show-weights').click();
  await page.getByTestId('show-lattice').click();
  await page.getByTestId('live-preview').click();
  await page.getByTestId('paint-mode').click();
  // Preferences: the brush.
  await page.getByTestId('brush-radius').fill('55');
  await page.getByTestId('brush-radius').press('Enter');
  await page.getByTestId('brush-strength').fill('0.8');
  await page.getByTestId('brush-strength').press('Enter');
  await page.getByTestId('brush-falloff').selectOption('sharp');
  await page.getByTestId('tool-pose').click();
  await page.getByTestId('pose-contact-self').click();
  await page.getByTestId('pose-contact-colliders').click();
  await expect(page.getByTestId('pose-contact-self'), 'Self off').toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('timeline-loop').click();
  await page.screenshot({ path: testInfo.outputPath('fox-state.png') });

  // Another file.
  await importFiles(page, [path.join(data, 'RobotExpressive.glb')], 'RobotExpressive.glb');
  await expect(page.getByTestId('paint-mode'), 'paint mode is off').toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('paint-toolbar'), 'no paint tools').toHaveCount(0);
  await expect(page.getByTestId('show-weights'), 'no heat map').toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('show-lattice'), 'no lattice overlay').toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('live-preview'), 'no live preview').toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('view-input'), 'the input is shown').toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('[data-testid="mesh-row"][aria-pressed="true"]'), 'nothing selected').toHaveCount(0);
  await expect(page.getByTestId('timeline-loop'), 'loop is a preference: still off').toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('paint-mode').click();
  await expect(page.getByTestId('tool-brush'), 'the Brush tool').toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('brush-radius'), 'the brush as the user left it').toHaveValue('55');
  await expect(page.getByTestId('brush-strength'), 'its strength').toHaveValue('0.8');
  await expect(page.getByTestId('brush-falloff'), 'its falloff').toHaveValue('sharp');
  await page.getByTestId('tool-pose').click();
  await expect(page.getByTestId('pose-contact-self'), 'the Self switch as a new document has it').toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('pose-contact-colliders'), 'and Colliders').toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: testInfo.outputPath('robot-state.png') });

  // The next session.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.waitForFunction(() => window.__overlap?.ready === true && window.__overlap.documentName !== null);
  await page.getByTestId('paint-mode').click();
  await expect(page.getByTestId('brush-radius'), 'the brush after a reload').toHaveValue('55');
  await expect(page.getByTestId('brush-falloff'), 'its falloff after a reload').toHaveValue('sharp');
  await expect(page.getByTestId('timeline-loop'), 'loop after a reload').toHaveAttribute('aria-pressed', 'false');
});
