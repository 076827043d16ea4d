// Issue 37 §1: the answers that hold events, the oldest first, for the process's memory bound
// (answers-in-progress.ts). With thousands of streams the bound is reached on every event, and a
// walk over all answers in age order past those already emptied made each event cost as much as
// the streams open; this binary heap finds the oldest holder in O(1) and takes an answer in or out
// in O(log n), dropping exactly what the walk dropped.

/** A heap of items ordered by a fixed age (smaller is older); any item can leave it. */
export function oldestFirst<T>(ageOf: (item: T) => number) {
  const heap: T[] = [];
  const positions = new Map<T, number>();

  const older = (a: number, b: number) => ageOf(heap[a] as T) < ageOf(heap[b] as T);
  function swap(a: number, b: number) {
    const itemA = heap[a] as T;
    const itemB = heap[b] as T;
    heap[a] = itemB;
    heap[b] = itemA;
    positions.set(itemB, a);
    positions.set(itemA, b);
  }
  function up(at: number) {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!older(at, parent)) return;
      swap(at, parent);
      at = parent;
    }
  }
  function down(at: number) {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let oldest = at;
      if (left < heap.length && older(left, oldest)) oldest = left;
      if (right < heap.length && older(right, oldest)) oldest = right;
      if (oldest === at) return;
      swap(at, oldest);
      at = oldest;
    }
  }

  return {
    /** The oldest item, or undefined when there is none. */
    first: (): T | undefined => heap[0],
    add(item: T) {
      if (positions.has(item)) return;
      heap.push(item);
      positions.set(item, heap.length - 1);
      up(heap.length - 1);
    },
    remove(item: T) {
      const at = positions.get(item);
      if (at === undefined) return;
      const last = heap.length - 1;
      if (at !== last) swap(at, last);
      heap.pop();
      positions.delete(item);
      if (at < heap.length) {
        up(at);
        down(at);
      }
    },
    get size() {
      return heap.length;
    },
  };
}
