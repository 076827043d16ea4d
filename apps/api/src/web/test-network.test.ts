import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { EnvError, loadEnv } from "../env";
import { BlockedUrlError, guardedFetch } from "./guarded-fetch";
import { testNetwork } from "./test-network";

// Issue 48 §6: the journeys' network double leaves the guard on — a test name reaches the local
// site, loopback named as such is still refused, and only a test server may have it.

let site: Server;
let port = 0;
beforeAll(async () => {
  site = createServer((_request, response) => response.writeHead(200, { "Content-Type": "text/plain" }).end("Studio Ferretti"));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test("a test name reaches the site served here; loopback and unknown names do not", async () => {
  const network = testNetwork({ "sito-studio.example": port });
  const page = await guardedFetch("http://sito-studio.example/", network);
  expect(new TextDecoder().decode(page.bytes)).toBe("Studio Ferretti");
  await expect(guardedFetch(`http://127.0.0.1:${port}/`, network)).rejects.toBeInstanceOf(BlockedUrlError);
  await expect(guardedFetch(`http://localhost:${port}/`, network)).rejects.toThrow(/Nome non risolto/);
});

test("TEST_FETCH_ROUTES is refused outside NODE_ENV=test", () => {
  expect(() => loadEnv({ NODE_ENV: "development", TEST_FETCH_ROUTES: "sito.example=8123" })).toThrow(EnvError);
  expect(loadEnv({ NODE_ENV: "test", TEST_FETCH_ROUTES: "sito.example=8123" }).testFetchRoutes).toEqual({ "sito.example": 8123 });
});
