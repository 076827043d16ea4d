/**
 * The value an invariant promises is there — an entry of an array at an index just checked, a
 * capture group of a pattern that matched, a key set a line above — or a clear error naming what
 * was missing, thrown where the invariant broke (issue 53 §6: instead of a `!`, which lets an
 * `undefined` through to fail far from its cause).
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
