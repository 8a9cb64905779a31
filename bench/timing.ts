/** Median wall time of `repeats` runs of `fn` in milliseconds, after one warm-up run. */
export async function medianMilliseconds(fn: () => unknown | Promise<unknown>, repeats = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
