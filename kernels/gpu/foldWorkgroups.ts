/**
 * A 1-D dispatch of `groups` workgroups folded into (x, y) with x ≤ maxPerDimension, for kernels that index
 * workgroup x + y·x_count (their WGSL headers say so): x = min(groups, max), y = ⌈groups / x⌉; (0, 0) for none.
 *
 * @param groups           workgroups needed
 * @param maxPerDimension  the device's maxComputeWorkgroupsPerDimension (or a smaller fold, for tests)
 * @returns [x, y] to dispatch; y may exceed the limit, which the caller checks when it can happen
 */
export function foldWorkgroups(groups: number, maxPerDimension: number): [number, number] {
  if (groups === 0) return [0, 0];
  const x = Math.max(1, Math.min(groups, maxPerDimension));
  return [x, Math.ceil(groups / x)];
}
