import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Issue 28 §10: the tests leave nothing in the temp directory. A folder a test makes there comes
// from here, and the setup file every test file runs with (temporary-folders-setup.ts) removes
// them all once that file's tests are over — whatever the test did with them, or failed to do.

const made: string[] = [];

/** A new empty folder in the temp directory, named `oystar-<prefix>-…`, removed after the test file. */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `oystar-${prefix}-`));
  made.push(folder);
  return folder;
}

export function removeTemporaryFolders(): void {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
}
