/**
 * A binary min-heap of (key, vertex) pairs on typed arrays with lazy deletion (stale entries are skipped by the
 * caller): the priority queue of the Dijkstra passes that build the manipulator hierarchy (seed 004 §3.4.2).
 * Grows by doubling; nothing is allocated while it has room.
 */
export interface DistanceHeap {
  readonly size: number;
  push(key: number, vertex: number): void;
  /** removes the smallest entry; read it from topKey/topVertex before calling */
  pop(): void;
  readonly topKey: number;
  readonly topVertex: number;
  clear(): void;
}

/**
 * @param capacity  initial capacity
 * @returns an empty heap
 */
export function distanceHeap(capacity = 1024): DistanceHeap {
  let keys = new Float64Array(capacity);
  let vertices = new Int32Array(capacity);
  let size = 0;
  return {
    get size() {
      return size;
    },
    get topKey() {
      return keys[0];
    },
    get topVertex() {
      return vertices[0];
    },
    clear() {
      size = 0;
    },
    push(key, vertex) {
      if (size === keys.length) {
        const k = new Float64Array(2 * size);
        k.set(keys);
        keys = k;
        const v = new Int32Array(2 * size);
        v.set(vertices);
        vertices = v;
      }
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (keys[parent] <= key) break;
        keys[i] = keys[parent];
        vertices[i] = vertices[parent];
        i = parent;
      }
      keys[i] = key;
      vertices[i] = vertex;
    },
    pop() {
      size--;
      if (size === 0) return;
      const key = keys[size];
      const vertex = vertices[size];
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= key) break;
        keys[i] = keys[child];
        vertices[i] = vertices[child];
        i = child;
      }
      keys[i] = key;
      vertices[i] = vertex;
    },
  };
}
