// How every published package is built: ESM with types, a core entry and a React entry
// (CONVENTIONS.md "Packages"); React stays a peer dependency, never bundled.
/** @returns {import("tsup").Options} */
export function packageBuild() {
  return {
    entry: { index: "src/index.ts", "react/index": "src/react/index.ts" },
    format: ["esm"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "es2022",
    external: ["react", "react-dom", "react/jsx-runtime"],
  };
}
