import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

// Issue 54 §5: `pnpm rag search` answers with JSON lines on stdout, and a log line among them (the
// copy in memory of an index over 4,000 passages failing as the command closed) broke its reader.
// A command that answers on stdout sends the log to stderr; the server keeps it on stdout.

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const tsx = join(packageDir, "node_modules/.bin/tsx");

const logged = (script: string) =>
  promisify(execFile)(tsx, ["--conditions=@oystar/source", "--eval", script], {
    cwd: packageDir,
    env: { ...process.env, LOG_LEVEL: "info" },
  });

test("the log is on stdout for the server, on stderr once a command asks for it", async () => {
  const server = await logged(`import { log } from "./src/observe/log.ts"; log.error({ kind: "prova" }, "Riga del server");`);
  expect(server.stdout).toContain('"msg":"Riga del server"');
  expect(server.stderr).not.toContain("Riga del server");
  const command = await logged(
    `import { log, logToStandardError } from "./src/observe/log.ts"; logToStandardError(); log.error({ kind: "prova" }, "Riga del comando"); console.log(JSON.stringify({ question: "q", results: [] }));`,
  );
  expect(command.stdout.trim()).toBe('{"question":"q","results":[]}');
  expect(command.stderr).toContain('"msg":"Riga del comando"');
});
