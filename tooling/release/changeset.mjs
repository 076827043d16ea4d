#!/usr/bin/env node
// The Changesets CLI without its bin's first line: @changesets/cli 3's bin turns on Node's
// compile cache (module.enableCompileCache, Node ≥ 22.1), which Node 20 — these machines' and
// CI's — has not, and the bin stops there. The CLI itself runs on Node 20; this starts it directly.
await import("@changesets/cli");
