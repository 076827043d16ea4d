import { base, restrictedSyntax } from "@oystar/eslint-config/base";

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
