// What a README names as a path of the repository, and whether it is there (issue 53 §7).
//
// A reader who follows `src/rag-cli/product-road.ts` from a README must find that file. This module
// reads the code spans of a Markdown text, keeps the ones that are paths of the repository, and
// says which of them the repository does not hold. Everything here is plain data: the caller hands
// in the list of the repository's files, so the rules are tested without a file system.

/** Endings of files the READMEs name: a span ending so is a file, a span holding one inside is a member of a file. */
const FILE_ENDINGS = new Set(
  "ts tsx js jsx mjs cjs json jsonl md mdx yaml yml toml css html txt pdf docx odt ods odp pptx xlsx eml csv sh cfg sql png svg jpg jpeg webp ico zip gz".split(
    " ",
  ),
);

/**
 * Beginnings that are the paths of web addresses, written without their leading slash
 * (`.well-known/jwks.json` under `/idp/`): they are served, not files of the repository.
 */
const WEB_PATHS = [".well-known/"];

/** Files every website answers for (`robots.txt` of a site being read): a site's, not the repository's. */
const WEB_FILES = new Set(["robots.txt", "favicon.ico"]);

/** A segment of a path as the repository spells them: letters, digits, `_ . @ -`. */
const SEGMENT = /^[\w.@-]+$/;

/** An environment variable standing for a folder (`DATA_DIR/pglite`): a place on the server, not in the repository. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The code spans of a Markdown text with their line numbers; fenced blocks (commands, trees drawn
 * in text) are skipped: what they show is said in prose, not named for a reader to follow.
 * @param {string} markdown
 * @returns {{ text: string, line: number }[]}
 */
export function codeSpans(markdown) {
  const lines = markdown.split("\n");
  /** @type {{ text: string, line: number }[]} */
  const spans = [];
  let fence = null;
  // A paragraph at a time: a code span never crosses a blank line, and a stray backtick is only a backtick.
  let paragraph = [];
  const flush = () => {
    if (paragraph.length > 0) spans.push(...paragraphSpans(paragraph));
    paragraph = [];
  };
  lines.forEach((text, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      return;
    }
    if (opening) {
      flush();
      fence = opening[1];
      return;
    }
    if (text.trim() === "") flush();
    else paragraph.push({ text, line: index + 1 });
  });
  flush();
  return spans;
}

/** @param {{ text: string, line: number }[]} paragraph */
function paragraphSpans(paragraph) {
  const joined = paragraph.map((l) => l.text).join("\n");
  const lineAt = (offset) => paragraph[0].line + (joined.slice(0, offset).match(/\n/g)?.length ?? 0);
  const spans = [];
  let at = 0;
  while (at < joined.length) {
    const open = /`+/g;
    open.lastIndex = at;
    const opener = open.exec(joined);
    if (!opener) break;
    const ticks = opener[0];
    const start = opener.index + ticks.length;
    // The span closes at the next run of exactly as many backticks.
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`, "g");
    close.lastIndex = start;
    const closer = close.exec(joined);
    if (!closer) {
      at = start;
      continue;
    }
    spans.push({ text: joined.slice(start, closer.index).replace(/\n/g, " ").trim(), line: lineAt(opener.index) });
    at = closer.index + ticks.length;
  }
  return spans;
}

/**
 * The relative targets of the Markdown links of a text (`[text](docs/architecture.md)`), with their lines.
 * @param {string} markdown
 */
export function linkTargets(markdown) {
  const targets = [];
  markdown.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1].replace(/#.*$/, "");
      if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
      targets.push({ text: target, line: index + 1 });
    }
  });
  return targets;
}

/**
 * The path a code span names, or null when it names none. A path is a relative name of plain
 * segments that either ends with a file's ending (`claims.ts`, `deploy/haproxy/haproxy.cfg`) or has
 * two segments or more (`src/react/`, `apps/api/rag-demo`). Not paths: routes and absolute places
 * (`/api/me`, `/usr/bin/chromium`), addresses (`http://…`), package names (`@oystar/ui-kit/react`),
 * patterns and placeholders (`apps/*\/dist`, `cli/…`, `<dir>/…`), commands (anything with a space),
 * numbers (`10.0.0.0/8`, `50/200`), a website's own files (`robots.txt`),
 * a member inside a file (`mail.eml/allegato.pdf`), one folder's name alone (`admin/`: a room a
 * paragraph names, or a folder of a data directory), and places under an environment variable.
 * @param {string} span
 * @returns {{ path: string, file: boolean } | null}
 */
export function spanPath(span) {
  let text = span.trim();
  // A line number after a file (`access.ts:42`) still names the file.
  text = text.replace(/:\d+(-\d+)?$/, "");
  if (text === "" || /\s/.test(text) || text.includes("://")) return null;
  if (/^[/@~$-]/.test(text)) return null;
  if (WEB_PATHS.some((web) => text.startsWith(web)) || WEB_FILES.has(text)) return null;
  const folder = text.endsWith("/");
  const segments = (folder ? text.slice(0, -1) : text).split("/");
  if (segments.some((segment) => segment === "" || (!SEGMENT.test(segment) && segment !== ".."))) return null;
  const named = segments.filter((segment) => segment !== "." && segment !== "..");
  if (named.length === 0) return null;
  if (ENV_NAME.test(named[0])) return null;
  if (!named.every((segment) => /[a-z]/i.test(segment))) return null;
  if (named.slice(0, -1).some(hasFileEnding)) return null;
  const file = !folder && hasFileEnding(named[named.length - 1]);
  if (!file && segments.length < 2) return null;
  return { path: text, file };
}

/** @param {string} segment */
function hasFileEnding(segment) {
  const dot = segment.lastIndexOf(".");
  return dot > 0 && FILE_ENDINGS.has(segment.slice(dot + 1).toLowerCase());
}

/**
 * The repository as the checks see it: every file (paths from the root, `/`-separated) and so
 * every folder that holds one.
 * @param {Iterable<string>} files
 */
export function repositoryOf(files) {
  const fileSet = new Set();
  const folders = new Set([""]);
  for (const file of files) {
    fileSet.add(file);
    const parts = file.split("/");
    for (let i = 1; i < parts.length; i += 1) folders.add(parts.slice(0, i).join("/"));
  }
  return { files: fileSet, folders };
}

/**
 * Where a README's path may point, by the READMEs' own conventions: from the README's folder
 * (`../qa.jsonl`), from the repository's root (`apps/api/src/env.ts`), and within the README's
 * package — the folder with the nearest package.json — at any depth (`src/auth/access.ts`, and in
 * the API's README `retrieve/retrieval.ts`, "within these rooms"); a file's name alone
 * (`claims.ts`) anywhere in the repository. A path that
 * leaves the repository (`../shared/DESIGN.md` from the root) is found nowhere.
 * @param {{ path: string, file: boolean }} named
 * @param {{ readme: string, packageDir: string, repository: ReturnType<typeof repositoryOf> }} where
 * @returns {boolean}
 */
export function pathExists(named, { readme, packageDir, repository }) {
  const wanted = named.path.replace(/\/$/, "");
  const here = readme.includes("/") ? readme.slice(0, readme.lastIndexOf("/")) : "";
  const holds = (path) => (named.file ? repository.files.has(path) : repository.files.has(path) || repository.folders.has(path));

  if (wanted.startsWith(".")) {
    const resolved = resolveFrom(here, wanted);
    return resolved !== null && holds(resolved);
  }
  if (holds(wanted) || holds(join(here, wanted))) return true;
  // A file's name alone (`the assistant's \`index.html\``) may be any file of that name.
  const inside = packageDir === "" || !wanted.includes("/") ? "" : `${packageDir}/`;
  const ending = `/${wanted}`;
  const candidates = named.file ? repository.files : new Set([...repository.files, ...repository.folders]);
  for (const candidate of candidates) {
    if (candidate.startsWith(inside) && (`/${candidate}`.endsWith(ending) || candidate === wanted)) return true;
  }
  return false;
}

/**
 * A span without a file's ending is a path only when it starts in a folder the reader can see
 * (`src/react/`, `apps/api/rag-demo`): MIME types and model names (`text/event-stream`,
 * `openai/gpt-oss-120b`) and an import's name (`zustand/vanilla`) have the same shape. A span with
 * a file's ending is always a path: a moved file's old folder is exactly what must be caught.
 * @param {{ path: string, file: boolean }} named
 * @param {{ readme: string, packageDir: string, repository: ReturnType<typeof repositoryOf> }} where
 */
export function meantAsPath(named, { readme, packageDir, repository }) {
  if (named.file || named.path.startsWith(".")) return true;
  const first = named.path.split("/")[0];
  const here = readme.includes("/") ? readme.slice(0, readme.lastIndexOf("/")) : "";
  if (repository.folders.has(first) || repository.folders.has(join(here, first))) return true;
  const inside = packageDir === "" ? "" : `${packageDir}/`;
  for (const folder of repository.folders) {
    if (folder.startsWith(inside) && (folder === first || folder.endsWith(`/${first}`))) return true;
  }
  return false;
}

/** @param {string} folder @param {string} path */
function join(folder, path) {
  return folder === "" ? path : `${folder}/${path}`;
}

/** `../qa.jsonl` from `apps/api/rag-eval/debian-it` → `apps/api/rag-eval/qa.jsonl`; null above the root. */
function resolveFrom(folder, path) {
  const parts = folder === "" ? [] : folder.split("/");
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join("/");
}

/**
 * The folder of the package a README belongs to: the nearest folder above it, or its own, with a
 * package.json; the root for the root's README.
 * @param {string} readme
 * @param {ReturnType<typeof repositoryOf>} repository
 */
export function packageDirOf(readme, repository) {
  const parts = readme.split("/").slice(0, -1);
  for (let i = parts.length; i > 0; i -= 1) {
    const folder = parts.slice(0, i).join("/");
    if (repository.files.has(`${folder}/package.json`)) return folder;
  }
  return "";
}

/**
 * Every path a Markdown file names that the repository does not hold.
 * @param {string} readme the file's path from the root
 * @param {string} markdown its text
 * @param {ReturnType<typeof repositoryOf>} repository
 * @param {(path: string) => boolean} [madeByBuild] whether a missing path is one the build or the server makes (ignored by git)
 * @returns {{ readme: string, line: number, path: string }[]}
 */
export function missingPaths(readme, markdown, repository, madeByBuild = () => false) {
  const packageDir = packageDirOf(readme, repository);
  const here = readme.includes("/") ? readme.slice(0, readme.lastIndexOf("/")) : "";
  const missing = [];
  for (const span of codeSpans(markdown)) {
    const named = spanPath(span.text);
    if (!named || !meantAsPath(named, { readme, packageDir, repository })) continue;
    if (pathExists(named, { readme, packageDir, repository })) continue;
    if (!named.path.startsWith(".") && madeByBuild(join(here, named.path.replace(/\/$/, "")))) continue;
    missing.push({ readme, line: span.line, path: named.path });
  }
  for (const link of linkTargets(markdown)) {
    const resolved = resolveFrom(here, link.text.replace(/\/$/, ""));
    if (resolved !== null && (repository.files.has(resolved) || repository.folders.has(resolved))) continue;
    missing.push({ readme, line: link.line, path: link.text });
  }
  return missing;
}
