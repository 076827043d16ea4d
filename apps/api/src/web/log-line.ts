/**
 * Text for one log line: control characters and line breaks become spaces and it is cut short,
 * so nothing a caller sent can forge extra lines (issue 10 §6). Never pass request content here.
 */
export const logLine = (text: unknown) =>
  [...String(text instanceof Error ? text.message : text)]
    .map((char) => (/\p{Cc}|[\u2028\u2029]/u.test(char) ? " " : char))
    .join("")
    .slice(0, 200);
