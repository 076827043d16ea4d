import { base, restrictedSyntax } from "@oystar/eslint-config/base";

// Issue 38 §4: the server speaks the debate's protocol; the browser's machine, session and React
// bindings are not its to import (its tests may drive a session, as a browser does).
const DEBATE_PROTOCOL_ONLY = "Il server importa solo il protocollo del dibattito: @oystar/debate-engine/protocol.";
const debateProtocolOnly = {
  paths: [{ name: "@oystar/debate-engine", message: DEBATE_PROTOCOL_ONLY }],
  patterns: [{ group: ["@oystar/debate-engine/react"], message: DEBATE_PROTOCOL_ONLY }],
};

// Issue 53 §1: the RAG engine has one front door, src/rag/index.ts. Code outside src/rag/ (the
// debates, services.ts, the lab (lab/rag-cli), test-support, …) imports "…/rag", never a module inside it.
const ragFrontDoor = {
  regex: "^(\\.\\.?/)+(src/)?rag/(?!index(\\.ts)?$)",
  message: 'Il motore RAG si importa solo dalla sua porta d\'ingresso: "…/rag" (src/rag/index.ts), non da un suo modulo interno.',
};

// A later block naming the same rule replaces an earlier one for the files both match: each block
// below covers its own files and says every restriction those files carry.
// The lab (lab/rag-cli: `pnpm rag`, the evaluations, the benchmarks) is private but held to the
// server's rules: the base's blocks for src/ apply to it too.
const withLab = (block) =>
  block.files?.some((pattern) => pattern.includes("src/**")) ? { ...block, files: [...block.files, "lab/**/*.{ts,tsx}"] } : block;

export default [
  ...base.map(withLab),
  {
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts", "src/rag/**"],
    rules: {
      "no-restricted-imports": ["error", { ...debateProtocolOnly, patterns: [...debateProtocolOnly.patterns, ragFrontDoor] }],
    },
  },
  {
    files: ["src/rag/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", debateProtocolOnly] },
  },
  {
    files: ["src/**/*.test.ts", "lab/**/*.ts", "test-support/**/*.ts", "scripts/**/*.ts"],
    ignores: ["src/rag/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [ragFrontDoor] }] },
  },
  {
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      // Issue 53 §2: a JSON body is read through web/json-body.ts (hono's validator with the
      // route's zod schema), and the handler takes it from `c.req.valid("json")`.
      "no-restricted-syntax": [
        "error",
        ...restrictedSyntax,
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='json'][callee.object.type='MemberExpression'][callee.object.property.name='req']",
          message: 'Il corpo JSON si legge con jsonBody(schema, messaggio) di src/web/json-body.ts e c.req.valid("json").',
        },
      ],
    },
  },
];
