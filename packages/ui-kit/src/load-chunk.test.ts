import { expect, test, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, retryOnce } from "./load-chunk";

const noWait = async () => {};

test("a download that fails once is tried again, and works", async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
    .mockResolvedValueOnce("pagina");
  const wait = vi.fn(noWait);
  await expect(retryOnce(load, wait)()).resolves.toBe("pagina");
  expect(load).toHaveBeenCalledTimes(2);
  expect(wait).toHaveBeenCalledOnce();
});

test("a second failure is the spec's ChunkLoadError, 'Loading chunk failed'", async () => {
  const cause = new TypeError("Failed to fetch dynamically imported module");
  const load = vi.fn(() => Promise.reject(cause));
  const error = await retryOnce(load, noWait)().catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ChunkLoadError);
  expect(error).toMatchObject({ name: "ChunkLoadError", message: "Loading chunk failed", cause });
  expect(isChunkLoadError(error)).toBe(true);
  expect(load).toHaveBeenCalledTimes(2);
});

test("a download that works is not repeated", async () => {
  const load = vi.fn(async () => "pagina");
  await retryOnce(load, noWait)();
  expect(load).toHaveBeenCalledOnce();
});
