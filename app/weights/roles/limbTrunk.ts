import { arcLengths, chainPolyline, mainChain } from './jointChains.ts';
import { isLateral, LIMB_LENGTH, TRUNK_SHARE, type JointRolesData } from './types.ts';

/** The trunk and where limbs start (jointRoles step 4). */
export interface LimbTrunk {
  /** #J 1 for a joint of the trunk */
  trunk: Uint8Array;
  /** #J 1 for the first joint of a limb */
  limbFirst: Uint8Array;
}

/**
 * Step 4 of jointRoles: the trunk, the core and the joints from it to where limbs attach. A limb is a long chain
 * carrying surface that hangs off a central joint and has a mirror twin; without a mirror plane, one of two or more
 * long chains off the same joint (legs and a tail off a pelvis: names, where given, tell the tail). Processed outward
 * from the core, so a chain inside a limb (the forearm) is never a limb of its own.
 *
 * @param data  the skeleton's surface, tree rooted at the core and mirror plane
 */
export function limbTrunk(data: JointRolesData): LimbTrunk {
  const { skeleton, core, order, outParent, children, subtreeArea, totalArea, size, mirrored } = data;
  const J = skeleton.jointCount;
  const lateral = (j: number): boolean => isLateral(data, j);
  const trunk = new Uint8Array(J);
  trunk[core] = 1;
  const limbFirst = new Uint8Array(J);
  const insideLimb = new Uint8Array(J);
  const longBranch = (c: number): boolean =>
    subtreeArea[c] >= 0.01 * totalArea && arcLengths(chainPolyline(data, outParent[c], mainChain(data, c))).at(-1)! >= LIMB_LENGTH * size;
  for (const c of order) {
    const host = outParent[c];
    if (host < 0) continue;
    if (insideLimb[host]) {
      insideLimb[c] = 1;
      continue;
    }
    if (!mirrored && trunk[host] && subtreeArea[c] > TRUNK_SHARE * totalArea) {
      trunk[c] = 1; // the heavy halves of a body, on either side of the core
      continue;
    }
    if (!longBranch(c)) continue;
    if (mirrored ? !lateral(c) || lateral(host) : children[host].filter((k) => longBranch(k) && subtreeArea[k] <= TRUNK_SHARE * totalArea).length < 2) continue;
    const path: number[] = [];
    let j = host;
    while (j >= 0 && !(mirrored && lateral(j))) {
      path.push(j);
      j = outParent[j];
    }
    if (j >= 0) continue; // hangs off a lateral joint
    limbFirst[c] = 1;
    insideLimb[c] = 1;
    for (const k of path) trunk[k] = 1;
  }
  return { trunk, limbFirst };
}
