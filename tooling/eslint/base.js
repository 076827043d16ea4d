// Shared flat config for every workspace: recommended JS + TypeScript rules,
// and the layering rule of CONVENTIONS.md (a package's core never imports React).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const reactModules = ["react", "react-dom", "react-dom/*", "react/*", "react-router", "zustand/react", "zustand/react/*"];

/**
 * Issue 53 §3, §5: shapes said once, as `no-restricted-syntax` selectors. A workspace that adds
 * its own must spread these too: a later block naming the same rule replaces its selectors.
 */
export const restrictedSyntax = [
  // Where model calls go has one name everywhere: api-client's ModelProvider.
  ...[
    ["cloud", "local"],
    ["local", "cloud"],
  ].map(([first, then]) => ({
    selector: `TSUnionType > TSLiteralType[literal.value="${first}"] ~ TSLiteralType[literal.value="${then}"]`,
    message: "Cloud o locale si scrive ModelProvider (@oystar/api-client), un nome solo.",
  })),
  // What the server's stream plumbing knows of a request or an answer travels as an
  // explicit object (apps/api: streams/answer-request.ts on the request's context, the
  // Response classes of web/node-stream-answer.ts), never in a table keyed on the Request
  // or the Response, which a reader cannot see being passed along.
  ...["NewExpression[callee.name=/^Weak(Map|Set)$/]", "TSTypeReference[typeName.name=/^Weak(Map|Set)$/]"].map((table) => ({
    selector: `${table} > TSTypeParameterInstantiation > TSTypeReference:first-child[typeName.name=/^(Request|Response)$/]`,
    message:
      "Niente tabelle nascoste per richiesta o risposta: passa un oggetto esplicito (streams/answer-request.ts, web/node-stream-answer.ts).",
  })),
];

/** @type {import("typescript-eslint").ConfigArray} */
export const base = tseslint.config(
  {
    ignores: ["**/dist/**", "**/dist-prerender/**", "**/storybook-static/**", "**/.turbo/**", "**/coverage/**", "**/node_modules/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // Issue 53 §6: rules that read types — a promise nobody awaits (its failure lost) or one
    // passed where nothing waits for it (an async listener whose rejection nobody hears). Each
    // workspace's src is in its tsconfig; the project service finds it from the file.
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: process.cwd() } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Issue 53 §6: a `!` tells the compiler "trust me" and fails far from the cause when the value
    // is missing; narrow, return early or throw a named error (apps/api/src/required.ts) instead.
    // Where the value is provably present and a rewrite would read worse, an inline disable says
    // why. Tests, stories and their support (what tooling/floors calls "not rooms") assert on
    // values they just built and are free to use it.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.stories.{ts,tsx}", "**/test-support/**", "**/testing/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "error",
    },
  },
  {
    // Issue 53 §6: the configuration is read in one place (apps/api/src/env.ts: loadEnv validates
    // every variable, names a missing one and gives defaults); code elsewhere is given what it
    // needs. Tests and their support set up processes and are free to read it.
    files: ["**/src/**/*.{ts,tsx}"],
    ignores: ["**/src/env.ts", "**/*.test.{ts,tsx}", "**/test-support/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "La configurazione si legge solo in env.ts (loadEnv): passa il valore a chi lo usa.",
        },
      ],
    },
  },
  {
    // Issue 53 §3, §5: shapes said once (restrictedSyntax, above).
    files: ["**/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...restrictedSyntax],
    },
  },
);

/**
 * Packages keep React in `src/react/`: the core must run without it
 * (CONVENTIONS.md, "Packages"). Apps are free to import React anywhere.
 */
export const coreWithoutReact = [
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/react/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          // zustand's root entry is its React binding; a core uses zustand/vanilla.
          paths: [{ name: "zustand", message: "A package's core uses zustand/vanilla; zustand's root entry is for src/react/." }],
          patterns: [
            {
              group: reactModules,
              message: "A package's core must not import React: move this code under src/react/.",
            },
          ],
        },
      ],
    },
  },
];

export default base;
