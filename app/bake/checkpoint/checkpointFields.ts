/** Throws BakeCheckpointError naming the field and the problem. */
export type Fail = (field: string, problem: string) => never;

/** `object[key]` when the object itself has the key (never an inherited one), else undefined. */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `value` as a plain object, or fail naming `field`. */
export function record(value: unknown, field: string, fail: Fail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) fail(field, 'is not an object');
  return value as Record<string, unknown>;
}

/** A short description of an untrusted value for a message (the number itself, a quoted string cut at 40 characters, 'null', 'missing', 'a list', or 'a' and the type). */
export function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return value === null ? 'null' : value === undefined ? 'missing' : `a ${Array.isArray(value) ? 'list' : typeof value}`;
}

/** An array of the template's type and length, copied. */
export function sameShape<T extends Float32Array | Float64Array>(value: unknown, template: T, field: string, fail: Fail): T {
  if (!(value instanceof template.constructor)) fail(field, `is ${describe(value)}, not a ${template.constructor.name}`);
  const array = value as T;
  if (array.length !== template.length) fail(field, `has ${array.length} numbers, expected ${template.length}`);
  return array.slice() as T;
}

/** Every coordinate of #N×3 `positions` finite and within the box grown by `margin` (the bake's frame check). */
export function checkInside(
  positions: ArrayLike<number>,
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  margin: number,
  field: string,
  fail: Fail,
  offset = 0,
  count = positions.length,
): void {
  for (let i = offset; i < offset + count; i++) {
    const x = positions[i];
    const axis = (i - offset) % 3;
    if (!Number.isFinite(x)) fail(field, `holds a non-finite number (${x}) at ${i}`);
    if (x < min[axis] - margin || x > max[axis] + margin)
      fail(field, `holds ${x} at ${i}, beyond where this bake's input and its simulation reach (${min[axis] - margin} to ${max[axis] + margin})`);
  }
}

/** A whole number ≥ 0, or fail naming `field`. */
export function count(value: unknown, field: string, fail: Fail): number {
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) fail(field, `is ${describe(value)}, not a whole number ≥ 0`);
  return value as number;
}

/** A finite number ≥ 0, or fail naming `field`. */
export function measure(value: unknown, field: string, fail: Fail): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) fail(field, `is ${describe(value)}, not a finite number ≥ 0`);
  return value as number;
}

/** Every 4 numbers of `rotations` a unit quaternion (within 1e-6), or fail naming `field`. */
export function checkUnitQuaternions(rotations: ArrayLike<number>, field: string, fail: Fail): void {
  for (let i = 0; i < rotations.length; i += 4) {
    const norm = Math.hypot(rotations[i], rotations[i + 1], rotations[i + 2], rotations[i + 3]);
    if (!(Math.abs(norm - 1) <= 1e-6)) fail(field, `holds a rotation of norm ${norm} at ${i / 4}, not a unit quaternion`);
  }
}
