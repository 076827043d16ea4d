// Node 20 (what CI runs) lacks Map.groupBy, which Vitest 5's reporter uses to print failures;
// without it a failing test crashes the report instead of explaining itself.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(item);
    }
    return groups;
  };
}
