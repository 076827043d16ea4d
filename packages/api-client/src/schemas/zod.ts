import { z } from "zod";

// The product's pages forbid eval (Content-Security-Policy `script-src 'self'`). zod compiles
// its object parsers with `new Function` where it may, and to find out it tries once: in a page
// the browser refuses that try and reports it as a breach of the policy. Told to do without,
// zod never tries. The server has no such policy and keeps the faster compiled parsers.
// package.json lists this module (and the built index) under `sideEffects`: otherwise a bundler,
// seeing only a re-export here, would skip the module and the setting with it.
if (typeof document !== "undefined") z.config({ jitless: true });

/** zod, configured for where it runs: every schema of this package is built with this one. */
export { z };
