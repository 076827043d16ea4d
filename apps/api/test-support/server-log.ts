// The server's log (observe/log.ts) is JSON lines on stdout. A test reads what was written while
// it ran, as a log collector would, and still lets it through. (Not a vi.spyOn: the suite's
// restoreMocks would undo it before each test.)

export type LogEntry = { level: string; msg: string; [field: string]: unknown };

export function captureServerLog() {
  const written: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return (write as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
  }) as typeof process.stdout.write;
  const lines = () =>
    written
      .join("")
      .split("\n")
      .filter((line) => line.startsWith("{"));
  return {
    /** Every line, as written. */
    lines,
    /** The server's entries, parsed. */
    entries: (): LogEntry[] =>
      lines()
        .map((line) => JSON.parse(line) as LogEntry)
        .filter((entry) => entry.service === "oystar"),
    stop: () => {
      process.stdout.write = write;
    },
  };
}
