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

// Node 20 lacks Promise.withResolvers, which pdfjs-dist 6 uses (the browsers we support have it).
if (typeof Promise.withResolvers !== "function") {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
