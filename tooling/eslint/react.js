import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { base } from "./base.js";

/** Base rules plus the rules of hooks for code that renders React. */
export const react = [
  ...base,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // useLoad (@oystar/api-client/react) takes its dependencies as useEffect does.
      "react-hooks/exhaustive-deps": ["error", { additionalHooks: "^useLoad$" }],
    },
  },
];

export { coreWithoutReact } from "./base.js";
export default react;
