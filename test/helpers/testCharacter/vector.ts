/**
 * Small vector helpers of the generated test character (test/helpers/testCharacter.ts): the character is built once,
 * so clarity over speed (every helper returns a new array).
 */

export type Vec3 = [number, number, number];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const unit = (a: Vec3): Vec3 => scale(a, 1 / norm(a));

/** Rotation (Rodrigues) taking unit vector a onto unit vector b, applied to v. */
export function rotateOnto(a: Vec3, b: Vec3, v: Vec3): Vec3 {
  const axis = cross(a, b);
  const s = norm(axis);
  const c = dot(a, b);
  if (s < 1e-12) return c > 0 ? v : scale(v, -1);
  const k = scale(axis, 1 / s);
  const angle = Math.atan2(s, c);
  return add(add(scale(v, Math.cos(angle)), scale(cross(k, v), Math.sin(angle))), scale(k, dot(k, v) * (1 - Math.cos(angle))));
}

/** Distance from p to the segment ab. */
export function segmentDistance(p: Vec3, a: Vec3, b: Vec3): number {
  const u = sub(b, a);
  const l2 = dot(u, u);
  const t = l2 > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), u) / l2)) : 0;
  return norm(sub(p, add(a, scale(u, t))));
}

export const smoothstep = (t: number): number => {
  const s = Math.min(1, Math.max(0, t));
  return s * s * (3 - 2 * s);
};
