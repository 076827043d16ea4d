#!/usr/bin/env node
// oystar-precompress <folder>: see precompress.js. Run as an app's last build step.
import { precompressFolder } from "./precompress.js";

const folder = process.argv[2];
if (!folder) {
  console.error("Uso: oystar-precompress <cartella>");
  process.exit(2);
}
const { files, bytes, brotliBytes } = await precompressFolder(folder);
console.info(`Compressi ${files} file di ${folder} (brotli: ${Math.round(bytes / 1024)} KiB → ${Math.round(brotliBytes / 1024)} KiB).`);
