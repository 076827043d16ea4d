import { base } from "@oystar/eslint-config/base";

export default [
  ...base,
  {
    // Issue 38 §4: the server speaks the debate's protocol; the browser's machine, session and
    // React bindings are not its to import (its tests may drive a session, as a browser does).
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@oystar/debate-engine",
              message: "Il server importa solo il protocollo del dibattito: @oystar/debate-engine/protocol.",
            },
          ],
          patterns: [
            {
              group: ["@oystar/debate-engine/react"],
              message: "Il server importa solo il protocollo del dibattito: @oystar/debate-engine/protocol.",
            },
          ],
        },
      ],
    },
  },
];
