// The floors of the house (issue 38 §3), checked by `pnpm lint`: a room imports only rooms on the
// floors below it — never one on its own floor, never one above. The floors are the ones the
// import graph has today, written down so that a change which would send an arrow back up (or tie
// two rooms of one floor together) fails the lint instead of being found by a later review.
// A room that needs another of its own floor: move one of them up a floor here, on purpose.
//
// Paths are from the repository's root (the lint script runs there). Tests, stories and their
// support files may reach across floors, as a caller does: they are not rooms of the house.

/** A room is a folder (trailing slash) or a single file, from the root. */
function roomPattern(room) {
  const own = `^${room.replace(/[.]/g, "\\.")}${room.endsWith("/") ? "" : "$"}`;
  // A package is also reached by its name, which stays unresolved where it is not a dependency.
  const name = /^packages\/([^/]+)\/$/.exec(room)?.[1];
  return name ? `${own}|^@oystar/${name}(/|$)` : own;
}
const anyOf = (rooms) => rooms.map(roomPattern).join("|");

/** One rule per room: nothing from it to a room on its own floor or above. */
function floorRules(building, floors) {
  return floors.flatMap((rooms, floor) =>
    rooms.flatMap((room) => {
      const notBelow = floors
        .slice(floor)
        .flat()
        .filter((other) => other !== room);
      if (notBelow.length === 0) return [];
      return {
        name: `floor:${room}`,
        severity: "error",
        comment: `${building}: ${room} (piano ${floor + 1}) importa solo dai piani sotto il suo: ${floors.slice(0, floor).flat().join(", ") || "nessuno"}.`,
        from: { path: roomPattern(room), pathNot: NOT_ROOMS },
        to: { path: anyOf(notBelow) },
      };
    }),
  );
}

/**
 * Issue 53 §6: every file of a building is in one of its rooms. A new folder or file put on no
 * floor would otherwise import anything and be imported from anywhere: its imports and its
 * importers both fail until it is given its floor here.
 */
function everyFileOnAFloor(building, prefix, floors) {
  const onNoFloor = `^${prefix.replace(/[.]/g, "\\.")}`;
  const rooms = `${anyOf(floors.flat())}|${NOT_ROOMS}`;
  return [
    {
      name: `no-floor-from:${prefix}`,
      severity: "error",
      comment: `${building}: un file fuori da ogni piano importa; dagli il suo piano in tooling/floors/dependency-cruiser.cjs.`,
      from: { path: onNoFloor, pathNot: rooms },
      to: {},
    },
    {
      name: `no-floor-to:${prefix}`,
      severity: "error",
      comment: `${building}: un file fuori da ogni piano è importato; dagli il suo piano in tooling/floors/dependency-cruiser.cjs.`,
      from: { pathNot: NOT_ROOMS },
      to: { path: onNoFloor, pathNot: rooms },
    },
  ];
}

/** Test files, stories and the helpers only tests use. */
const NOT_ROOMS = "\\.(test|stories)\\.tsx?$|/test-support/|/testing/";

/**
 * The house: the apps stand on the packages, which stand on the shared tooling; each app is a
 * room of its own (issue 53 §6: the assistant may not reach into the API's sources, nor the site
 * into the assistant's); the journeys and the benchmarks drive the built product from the top.
 */
const house = [["tooling/"], ["packages/"], ["apps/api/", "apps/assistant/", "apps/marketing/", "apps/storybook/"], ["e2e/", "bench/"]];

/** The published packages, by what each builds on. */
const packages = [
  ["packages/api-client/", "packages/ui-kit/"],
  ["packages/auth/", "packages/pdf-tools/", "packages/plans-and-gates/", "packages/conversation/"],
  ["packages/chat-core/", "packages/debate-engine/", "packages/rag-client/"],
];

/** The server, from what every part needs (the log, the database) up to the process that starts it. */
const server = [
  ["apps/api/src/observe/", "apps/api/src/pdf/", "apps/api/src/required.ts"],
  ["apps/api/src/db/"],
  ["apps/api/src/accounts/"],
  ["apps/api/src/auth/"],
  ["apps/api/src/plans/", "apps/api/src/web/", "apps/api/src/route-table.ts"],
  [
    "apps/api/src/streams/",
    "apps/api/src/env.ts",
    "apps/api/src/settings/",
    "apps/api/src/web-vitals/",
    "apps/api/src/billing/",
    "apps/api/src/dev-idp/",
    "apps/api/src/ocr/",
  ],
  ["apps/api/src/llm/", "apps/api/src/me/"],
  ["apps/api/src/rag/"],
  ["apps/api/src/debates/", "apps/api/src/health/", "apps/api/src/services.ts"],
  ["apps/api/src/forms/", "apps/api/src/config/", "apps/api/src/seller/"],
  ["apps/api/src/app.ts"],
  ["apps/api/src/server.ts"],
  ["apps/api/src/server-processes.ts", "apps/api/src/dev.ts", "apps/api/lab/rag-cli/"],
  ["apps/api/src/main.ts"],
];

/** The RAG engine's own rooms, from the words it reads up to its routes and its front door. */
const rag = [
  ["apps/api/src/rag/italian-text.ts", "apps/api/src/rag/messages.ts", "apps/api/src/rag/references/"],
  ["apps/api/src/rag/embedder.ts", "apps/api/src/rag/rag-store.ts", "apps/api/src/rag/answer-cache.ts"],
  ["apps/api/src/rag/retrieve/"],
  ["apps/api/src/rag/ingest/"],
  ["apps/api/src/rag/rag-engine.ts", "apps/api/src/rag/viewer/"],
  ["apps/api/src/rag/answer/", "apps/api/src/rag/admin/", "apps/api/src/rag/library/"],
  ["apps/api/src/rag/rag-routes.ts", "apps/api/src/rag/engine.ts"],
  // Issue 53 §1: the front door, the one module code outside the engine imports (eslint.config.js).
  ["apps/api/src/rag/index.ts"],
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Due moduli che si importano a vicenda: nessuno dei due sta sotto l'altro.",
      from: { pathNot: NOT_ROOMS },
      to: { circular: true },
    },
    ...floorRules("la casa", house),
    ...floorRules("i pacchetti", packages),
    ...floorRules("il server", server),
    ...floorRules("il motore RAG", rag),
    ...everyFileOnAFloor("la casa", "apps/", house),
    ...everyFileOnAFloor("i pacchetti", "packages/", packages),
    ...everyFileOnAFloor("il server", "apps/api/src/", server),
    ...everyFileOnAFloor("il motore RAG", "apps/api/src/rag/", rag),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist[^/]*|storybook-static|coverage|test-results|playwright-report)/" },
    // Type-only imports tie rooms together too.
    tsPreCompilationDeps: true,
    // A package imported by name resolves to its sources, as the apps' builds do.
    enhancedResolveOptions: {
      conditionNames: ["@oystar/source", "import", "require", "node", "default"],
      exportsFields: ["exports"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types"],
    },
    progress: { type: "none" },
  },
};
