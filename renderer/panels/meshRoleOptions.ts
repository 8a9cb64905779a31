import type { MeshRole } from '../../app/document/index.ts';

/** A mesh's simulation roles and their names in the UI, in the order the drop-downs list them (outliner, Mesh panel). */
export const MESH_ROLE_OPTIONS: readonly (readonly [MeshRole, string])[] = [
  ['simulated', 'Simulated'],
  ['collider', 'Collider'],
  ['ignored', 'Ignored'],
];
