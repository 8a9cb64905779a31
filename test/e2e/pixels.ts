/**
 * Pixel statistics of PNG screenshots, computed inside the page (the browser decodes the PNG), so
 * the tests need no image library. Used to check that the viewport draws something and that two
 * frames differ.
 */
import type { Page } from '@playwright/test';

export interface PixelStats {
  width: number;
  height: number;
  /** distinct colours after quantizing each channel to 5 bits */
  distinctColours: number;
  /** share of pixels that differ from the most common colour by more than 24 (sum of |Δ| over RGB) */
  nonBackgroundFraction: number;
}

export async function pixelStats(page: Page, png: Buffer): Promise<PixelStats> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = ((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let background = 0;
    let best = -1;
    for (const [key, count] of counts) if (count > best) [background, best] = [key, count];
    const [br, bg, bb] = [(background >> 10) << 3, ((background >> 5) & 31) << 3, (background & 31) << 3];
    let different = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > 24) different++;
    return { width: bitmap.width, height: bitmap.height, distinctColours: counts.size, nonBackgroundFraction: different / (data.length / 4) };
  }, png.toString('base64'));
}

/** Share of pixels whose RGB differs by more than `threshold` (sum of |Δ|) between two same-size PNGs. */
export async function changedFraction(page: Page, a: Buffer, b: Buffer, threshold = 30): Promise<number> {
  return page.evaluate(
    async ([first, second, limit]) => {
      const decode = async (base64: string): Promise<ImageData> => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      if (x.width !== y.width || x.height !== y.height) throw new Error('screenshots differ in size');
      let changed = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (Math.abs(x.data[i] - y.data[i]) + Math.abs(x.data[i + 1] - y.data[i + 1]) + Math.abs(x.data[i + 2] - y.data[i + 2]) > limit) changed++;
      }
      return changed / (x.data.length / 4);
    },
    [a.toString('base64'), b.toString('base64'), threshold] as const,
  );
}

/** The mean colour of the 5×5 window patch around a point of the page, as [r, g, b] (0–255). */
export async function colourAt(page: Page, point: { x: number; y: number }): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: point.x - 2, y: point.y - 2, width: 5, height: 5 } });
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += pixels[i + c] / (pixels.length / 4);
    return sum;
  }, png.toString('base64'));
}
