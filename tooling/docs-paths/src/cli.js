#!/usr/bin/env node
// `pnpm lint`'s check that every path a README or a page of docs/ names is in the repository
// (issue 53 §7): see readme-paths.js for what counts as a path and where it may point.
//
// The repository is what git holds, plus the files not yet added that git does not ignore: the
// same answer on a fresh clone as in a worktree where a build has run. A path git ignores
// (`apps/api/dist/main.js`, `.data/`) is one the build or the server makes: it counts as there.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { missingPaths, repositoryOf } from "./readme-paths.js";

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const git = (args, input) => execFileSync("git", args, { cwd: root, encoding: "utf8", input, maxBuffer: 64 * 1024 * 1024 });

const files = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
  .split("\0")
  .filter((file) => file !== "" && !file.includes("node_modules/"));
// A file deleted in the worktree but not yet in git's index is gone for a reader too.
const deleted = new Set(git(["ls-files", "-z", "--deleted"]).split("\0"));
const repository = repositoryOf(files.filter((file) => !deleted.has(file)));

const documents = files.filter((file) => /(^|\/)README\.md$/.test(file) || /^docs\/[^/]+\.md$/.test(file)).sort();

/** Whether git ignores a path: one the build, the tests or the server make. */
function madeByBuild(path) {
  try {
    git(["check-ignore", "-q", "--no-index", path]);
    return true;
  } catch {
    return false;
  }
}

const missing = documents.flatMap((document) =>
  missingPaths(document, readFileSync(`${root}/${document}`, "utf8"), repository, madeByBuild),
);

if (missing.length > 0) {
  for (const { readme, line, path } of missing) console.error(`${readme}:${line}: \`${path}\` non esiste nel repository`);
  console.error(`\n${missing.length} percorsi nominati dai README e da docs/ non esistono: correggili o toglili.`);
  process.exit(1);
}
console.info(`Percorsi dei README e di docs/: tutti presenti (${documents.length} file letti).`);
