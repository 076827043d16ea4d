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
  {
    // Issue 53 §5: what the stream plumbing knows of a request or of an answer travels as an
    // explicit object — streams/answer-request.ts on the request's context, the Response classes of
    // web/node-stream-answer.ts — never in a side table keyed on the Request or the Response,
    // which a reader cannot see being passed along.
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["NewExpression[callee.name=/^Weak(Map|Set)$/]", "TSTypeReference[typeName.name=/^Weak(Map|Set)$/]"].map((table) => ({
          selector: `${table} > TSTypeParameterInstantiation > TSTypeReference:first-child[typeName.name=/^(Request|Response)$/]`,
          message:
            "Niente tabelle nascoste per richiesta o risposta: passa un oggetto esplicito (streams/answer-request.ts, web/node-stream-answer.ts).",
        })),
      ],
    },
  },
];
