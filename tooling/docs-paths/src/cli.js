#!/usr/bin/env node
// `pnpm lint`'s check that every path a README or a page of docs/ names is in the repository
// (issue 53 §7): see readme-paths.js for what counts as a path and where it may point.
//
// The repository is what git holds, plus the files not yet added that git does not ignore: the
// same answer on a fresh clone as in a worktree where a build has run. A path git ignores
// (`apps/api/dist/main.js`, `.data/`) is one the build or the server makes: it counts as there.
// Outside a git checkout (an unpacked archive) the folder itself is read, without what
// .gitignore names.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { missingPaths, repositoryOf } from "./readme-paths.js";

const root = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
const git = (args) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 << 20 });

/** The repository's files and how to tell a path the build makes, from git or else from the folder. */
function readRepository() {
  try {
    git(["rev-parse", "--is-inside-work-tree"]);
  } catch {
    return fromFolder();
  }
  const deleted = new Set(git(["ls-files", "-z", "--deleted"]).split("\0"));
  const files = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
    .split("\0")
    // A file deleted in the worktree but not yet in git's index is gone for a reader too.
    .filter((file) => file !== "" && !file.includes("node_modules/") && !deleted.has(file));
  const madeByBuild = (path) => {
    try {
      git(["check-ignore", "-q", "--no-index", path]);
      return true;
    } catch {
      return false;
    }
  };
  return { files, madeByBuild };
}

/** Every file under the root but in the folders .gitignore names by name (`dist/`, `node_modules/` …). */
function fromFolder() {
  const ignored = new Set(
    readFileSync(`${root}/.gitignore`, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^[\w.-]+\/?$/.test(line))
      .map((line) => line.replace(/\/$/, "")),
  );
  ignored.add(".git");
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder === "" ? root : `${root}/${folder}`, { withFileTypes: true })) {
      if (ignored.has(entry.name)) continue;
      const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk("");
  return { files, madeByBuild: (path) => path.split("/").some((segment) => ignored.has(segment)) };
}

const { files, madeByBuild } = readRepository();
const repository = repositoryOf(files);
const documents = files.filter((file) => /(^|\/)README\.md$/.test(file) || /^docs\/[^/]+\.md$/.test(file)).sort();

const missing = documents.flatMap((document) =>
  missingPaths(document, readFileSync(`${root}/${document}`, "utf8"), repository, madeByBuild),
);

if (missing.length > 0) {
  for (const { readme, line, path } of missing) console.error(`${readme}:${line}: \`${path}\` non esiste nel repository`);
  console.error(`\n${missing.length} percorsi nominati dai README e da docs/ non esistono: correggili o toglili.`);
  process.exit(1);
}
console.info(`Percorsi dei README e di docs/: tutti presenti (${documents.length} file letti).`);
