import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeSpans, missingPaths, repositoryOf, spanPath } from "./readme-paths.js";

const repository = repositoryOf([
  "README.md",
  "package.json",
  "apps/api/package.json",
  "apps/api/README.md",
  "apps/api/src/env.ts",
  "apps/api/src/auth/claims.ts",
  "apps/api/src/rag/retrieve/retrieval.ts",
  "apps/api/src/rag-cli/product-road.ts",
  "apps/api/rag-eval/qa.jsonl",
  "apps/api/rag-eval/debian-it/README.md",
  "apps/assistant/index.html",
  "deploy/README.md",
  "deploy/haproxy/haproxy.cfg",
  "docs/architecture.md",
  "packages/ui-kit/package.json",
  "packages/ui-kit/README.md",
  "packages/ui-kit/src/react/button.tsx",
]);

/** The paths a README's text names that are not there, as the lint reports them. */
const missing = (readme, markdown, madeByBuild) => missingPaths(readme, markdown, repository, madeByBuild).map((m) => m.path);

describe("what a code span names", () => {
  it("takes files and folders of the repository", () => {
    assert.deepEqual(spanPath("apps/api/src/env.ts"), { path: "apps/api/src/env.ts", file: true });
    assert.deepEqual(spanPath("claims.ts"), { path: "claims.ts", file: true });
    assert.deepEqual(spanPath("src/react/"), { path: "src/react/", file: false });
    assert.deepEqual(spanPath("../qa.jsonl"), { path: "../qa.jsonl", file: true });
    assert.deepEqual(spanPath("src/auth/access.ts:42"), { path: "src/auth/access.ts", file: true });
  });

  it("leaves routes, addresses, packages, patterns, commands, numbers and placeholders alone", () => {
    for (const span of [
      "/api/ask-stream",
      "/usr/bin/chromium",
      "GET /api/me",
      "http://localhost:8000/groq",
      "@oystar/ui-kit/react",
      "apps/*/dist",
      "rag-demo/*.md",
      "cli/…",
      "<dir>/<owner's email>",
      "pnpm --filter @oystar/api routes",
      "10.0.0.0/8",
      "50/200",
      "mail.eml/allegato.pdf",
      "DATA_DIR/pglite",
      ".well-known/jwks.json",
      "robots.txt",
      "admin/",
      "pg_notify/",
      "node:cluster",
    ]) {
      assert.equal(spanPath(span), null, span);
    }
  });
});

describe("code spans of a Markdown text", () => {
  it("finds spans across a line break and skips fenced blocks", () => {
    const text = "See `apps/api/\nsrc/env.ts` and\n\n```sh\npnpm `nothing/here.ts`\n```\n\n`deploy/README.md`.";
    assert.deepEqual(codeSpans(text), [
      { text: "apps/api/ src/env.ts", line: 1 },
      { text: "deploy/README.md", line: 8 },
    ]);
  });

  it("takes a stray backtick for a backtick, not the start of a span that swallows a paragraph", () => {
    assert.deepEqual(codeSpans("a ` b\n\nthen `docs/architecture.md`"), [{ text: "docs/architecture.md", line: 3 }]);
  });
});

describe("paths a README names that the repository does not hold", () => {
  it("finds a moved file under its old folder", () => {
    assert.deepEqual(missing("apps/api/README.md", "the road (`cli/product-road.ts`) and (`src/rag-cli/product-road.ts`)"), [
      "cli/product-road.ts",
    ]);
  });

  it("resolves from the root, the README's folder and anywhere within its package", () => {
    const text = "`apps/api/src/env.ts`, `src/auth/claims.ts`, `retrieve/retrieval.ts`, `claims.ts`, `rag-eval/qa.jsonl`";
    assert.deepEqual(missing("apps/api/README.md", text), []);
    assert.deepEqual(missing("deploy/README.md", "`haproxy/haproxy.cfg`, `haproxy/nginx.cfg`"), ["haproxy/nginx.cfg"]);
    // Within the package, not beside it: the ui-kit's README cannot name the API's files by their tail.
    assert.deepEqual(missing("packages/ui-kit/README.md", "`src/react/button.tsx`, `src/auth/claims.ts`"), ["src/auth/claims.ts"]);
  });

  it("resolves ../ from the README's own folder, and never above the repository", () => {
    assert.deepEqual(missing("apps/api/rag-eval/debian-it/README.md", "`../qa.jsonl`, `../questions.jsonl`"), ["../questions.jsonl"]);
    assert.deepEqual(missing("README.md", "`../shared/DESIGN.md`"), ["../shared/DESIGN.md"]);
  });

  it("takes a name alone for any file of that name", () => {
    assert.deepEqual(missing("apps/api/README.md", "the assistant's `index.html`, `gone.ts`"), ["gone.ts"]);
  });

  it("checks a path without a file's ending only where it starts in a folder of the repository", () => {
    const text = "`text/event-stream`, `openai/gpt-oss-120b`, `apps/api/rag-demo`, `src/auth/`";
    assert.deepEqual(missing("apps/api/README.md", text), ["apps/api/rag-demo"]);
  });

  it("counts what the build or the server makes (ignored by git) as there", () => {
    const madeByBuild = (path) => path.startsWith("apps/api/dist/");
    assert.deepEqual(missing("README.md", "`apps/api/dist/main.js`, `apps/api/dust/main.js`", madeByBuild), ["apps/api/dust/main.js"]);
  });

  it("checks relative Markdown links from the README's folder", () => {
    const text = "[the architecture](docs/architecture.md#2-one-origin), [gone](docs/gone.md), [site](https://oystar.it/)";
    assert.deepEqual(missing("README.md", text), ["docs/gone.md"]);
  });
});
