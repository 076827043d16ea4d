#!/usr/bin/env node
// `pnpm lint`'s check that every path a README or a page of docs/ names is in the repository, and
// that every section a comment cites ("spec 001 §4", "DESIGN.md §5") is a section of docs/
// (issue 53 §7): see readme-paths.js and section-references.js.
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
import { unresolvedCitations } from "./section-references.js";

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

/** Where comments are written: the code, its configuration and the Markdown beside it. */
const commented = files.filter((file) => /\.(ts|tsx|js|jsx|mjs|cjs|md)$/.test(file));
const readText = (path) => readFileSync(`${root}/${path}`, "utf8");
const unresolved = unresolvedCitations(
  commented.map((path) => ({ path, text: readText(path) })),
  (page) => (repository.files.has(page) ? readText(page) : null),
);

for (const { readme, line, path } of missing) console.error(`${readme}:${line}: \`${path}\` non esiste nel repository`);
for (const { file, line, citation, page } of unresolved) console.error(`${file}:${line}: "${citation}" non è una sezione di ${page}`);
if (missing.length + unresolved.length > 0) {
  console.error(
    `\n${missing.length} percorsi nominati dai README e da docs/ non esistono, ${unresolved.length} sezioni citate non sono in docs/: correggili.`,
  );
  process.exit(1);
}
console.info(
  `Percorsi dei README e di docs/: tutti presenti (${documents.length} file letti); sezioni citate nei commenti: tutte in docs/ (${commented.length} file letti).`,
);
