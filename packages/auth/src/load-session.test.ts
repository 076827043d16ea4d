import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { loadAuthSession } from "./load-session";

// A real HTTP server answers /config.json, as the API does (with or without a provider).
let server: Server;
let configReads = 0;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/config.json") {
      if (request.method === "GET") configReads += 1;
      response.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      response.end(JSON.stringify({ version: "1.0.0", provider: "cloud", auth: null }));
      return;
    }
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const environment = (log = vi.fn()) => ({
  currentUrl: () => new URL(`${base}/chat`),
  replaceUrl: vi.fn(),
  origin: base,
  log,
});

describe("the session is there before the identity provider is known", () => {
  test("it starts loading at once, and without a configured provider ends signed out", async () => {
    const session = loadAuthSession(environment(), { configPath: `${base}/config.json` });
    expect(session.store.getState()).toEqual({ status: "loading" });
    await session.start();
    expect(session.store.getState()).toEqual({ status: "unauthenticated" });
  });

  test("/config.json is read once, and the session hands it on to the app", async () => {
    const before = configReads;
    const log = vi.fn();
    const session = loadAuthSession(environment(log), { configPath: `${base}/config.json` });
    await session.start();
    expect(log.mock.calls).toEqual([]);
    expect(await session.runtimeConfig()).toEqual({ version: "1.0.0", provider: "cloud", auth: null });
    expect(configReads - before).toBe(1);
  });

  test("a configuration that cannot be read is logged, and the visitor is signed out", async () => {
    const log = vi.fn();
    const session = loadAuthSession(environment(log), { configPath: `${base}/broken.json` });
    await session.start();
    expect(session.store.getState()).toEqual({ status: "unauthenticated" });
    expect(log).toHaveBeenCalledWith("Identity provider unavailable", expect.any(Error));
    expect(await session.runtimeConfig()).toBeNull();
  });
});
