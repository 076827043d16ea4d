/**
 * Text for one log line: control characters and line breaks become spaces and it is cut short,
 * so nothing a caller sent can forge extra lines (issue 10 §6). Never pass request content here.
 */
export const logLine = (text: unknown) =>
  [...String(text instanceof Error ? text.message : text)]
    .map((char) => (/\p{Cc}|[\u2028\u2029]/u.test(char) ? " " : char))
    .join("")
    .slice(0, 200);

/**
 * What an unexpected error may tell the log: its class and, for a database error, its SQLSTATE
 * code — never its message, which can quote what the caller sent (Postgres' `invalid input syntax
 * for type integer: "…"`, V8's `Unexpected token … "…" is not valid JSON`). DESIGN.md §7: no
 * conversation content is logged.
 */
export function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const kind = error.constructor.name || error.name;
  return logLine(typeof code === "string" && /^[\w-]{1,32}$/.test(code) ? `${kind} ${code}` : kind);
}
