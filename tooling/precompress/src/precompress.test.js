import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { precompressFolder } from "./precompress.js";

async function builtApp(files) {
  const folder = await mkdtemp(join(tmpdir(), "precompress-"));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(folder, path, ".."), { recursive: true });
    await writeFile(join(folder, path), content);
  }
  return folder;
}

const script = "export const greeting = 'Ciao';\n".repeat(200);
const page = `<!doctype html><html lang="it"><body>${"<p>Benvenuto su OYSTAR</p>".repeat(100)}</body></html>`;

describe("precompressFolder", () => {
  test("each text file gets a brotli and a gzip copy that decompress to the file itself", async () => {
    const folder = await builtApp({ "assets/index-abc.js": script, "oystar/index.html": page });
    await precompressFolder(folder);
    expect(brotliDecompressSync(await readFile(join(folder, "assets/index-abc.js.br"))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(folder, "assets/index-abc.js.gz"))).toString()).toBe(script);
    expect(brotliDecompressSync(await readFile(join(folder, "oystar/index.html.br"))).toString()).toBe(page);
    expect((await readFile(join(folder, "assets/index-abc.js.br"))).length).toBeLessThan(script.length / 10);
  });

  test("small files, compressed formats and copies that would not be smaller are left alone", async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + ((i * i) % 251)) % 256));
    const folder = await builtApp({ "tiny.js": "export {};\n", "logo.png": script, "noise.js": random });
    await precompressFolder(folder);
    for (const name of ["tiny.js", "logo.png"]) {
      expect(existsSync(join(folder, `${name}.br`))).toBe(false);
      expect(existsSync(join(folder, `${name}.gz`))).toBe(false);
    }
    for (const suffix of [".br", ".gz"]) {
      const copy = join(folder, `noise.js${suffix}`);
      if (existsSync(copy)) expect((await readFile(copy)).length).toBeLessThan(random.length);
    }
  });

  test("a copy left by an earlier build never outlives its file nor keeps old content", async () => {
    const folder = await builtApp({
      "assets/gone-123.js.br": "stale",
      "assets/gone-123.js.gz": "stale",
      "index.html": page,
      "index.html.br": "stale",
    });
    await precompressFolder(folder);
    expect(existsSync(join(folder, "assets/gone-123.js.br"))).toBe(false);
    expect(existsSync(join(folder, "assets/gone-123.js.gz"))).toBe(false);
    expect(brotliDecompressSync(await readFile(join(folder, "index.html.br"))).toString()).toBe(page);
  });
});
