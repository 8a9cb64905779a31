/**
 * Paint undo as deltas: each stroke (or fill, pin, layer fill) records only the vertices it changed,
 * their values before and after, per array it touched. The store's undoable state holds just the id
 * of the last applied delta (`paintStep`); when undo/redo restores another id, `moveTo` reverts and
 * re-applies deltas along the history tree to reach it. A 50k-vertex mesh painted a hundred times
 * thus costs the undo history the touched vertices, not a hundred copies of every array.
 *
 * Deltas form a tree (parent links): after an undo, a new stroke starts a branch, exactly as zundo
 * discards the redo states. Ids are positive and increasing; 0 is the state before any delta.
 */

/** Which array of a mesh a change wrote. */
export type PaintTarget = 'base' | 'maxDistance' | 'layerValues' | 'layerMask';

/** One array's changed entries. */
export interface PaintChange {
  mesh: string;
  target: PaintTarget;
  /** the layer's id for layer targets */
  layer?: string;
  indices: Uint32Array;
  before: Float32Array;
  after: Float32Array;
  /** the array did not exist before (an unpainted mesh's first stroke): reverting removes it again */
  created: boolean;
}

export interface PaintDelta {
  id: number;
  parent: number;
  changes: PaintChange[];
}

/** Where the arrays are, so the history can write into them. */
export interface PaintArrays {
  /** the array of a target; null when it does not exist */
  get(change: Pick<PaintChange, 'mesh' | 'target' | 'layer'>): Float32Array | null;
  /** creates the array (base from the defaults, limits unlimited) */
  create(change: Pick<PaintChange, 'mesh' | 'target' | 'layer'>): Float32Array;
  /** removes an array a reverted delta had created */
  remove(change: Pick<PaintChange, 'mesh' | 'target' | 'layer'>): void;
}

export interface PaintHistory {
  /** the id of the delta whose state the arrays hold */
  readonly applied: number;
  /** Records a delta that has already been applied to the arrays; returns its id. */
  record(changes: PaintChange[]): number;
  /** Reverts and applies deltas until the arrays hold step `target`; false when the id is unknown. */
  moveTo(target: number, arrays: PaintArrays): boolean;
  /** Forgets everything (a new document). */
  clear(): void;
}

export function createPaintHistory(): PaintHistory {
  const deltas = new Map<number, PaintDelta>();
  let applied = 0;
  let nextId = 1;

  const write = (delta: PaintDelta, arrays: PaintArrays, forward: boolean): void => {
    const changes = forward ? delta.changes : [...delta.changes].reverse();
    for (const change of changes) {
      if (!forward && change.created) {
        arrays.remove(change);
        continue;
      }
      const array = arrays.get(change) ?? arrays.create(change);
      const values = forward ? change.after : change.before;
      const { indices } = change;
      for (let k = 0; k < indices.length; k++) array[indices[k]] = values[k];
    }
  };
  /** The chain of ids from `id` up to the root (inclusive of id, exclusive of 0). */
  const ancestors = (id: number): number[] => {
    const chain: number[] = [];
    for (let current = id; current !== 0; current = deltas.get(current)!.parent) chain.push(current);
    return chain;
  };

  return {
    get applied() {
      return applied;
    },
    record(changes) {
      const id = nextId++;
      deltas.set(id, { id, parent: applied, changes });
      applied = id;
      return id;
    },
    moveTo(target, arrays) {
      if (target === applied) return true;
      if (target !== 0 && !deltas.has(target)) return false;
      const from = ancestors(applied);
      const to = ancestors(target);
      const onTargetPath = new Set(to);
      // Revert up to the common ancestor, then apply down to the target.
      let common = 0;
      for (const id of from) {
        if (onTargetPath.has(id)) {
          common = id;
          break;
        }
        write(deltas.get(id)!, arrays, false);
      }
      const down = to.slice(0, common === 0 ? to.length : to.indexOf(common)).reverse();
      for (const id of down) write(deltas.get(id)!, arrays, true);
      applied = target;
      return true;
    },
    clear() {
      deltas.clear();
      applied = 0;
    },
  };
}
