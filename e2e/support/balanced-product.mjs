#!/usr/bin/env node
// Issue 37 §3: the product as an operator runs it on several machines — two servers on one
// PostgreSQL behind HAProxy with the repository's configuration (deploy/haproxy/haproxy.cfg) — for
// the journeys of CI's PostgreSQL leg (`E2E_BEHIND_BALANCER=1`, set by `pnpm test:postgres`).
// The browser knows only the balancer's address; each request may reach either server.
//
// Usage (the journeys' web server): node balanced-product.mjs <server entry> <public port>
// with the servers' variables in the environment (DATABASE_URL, PUBLIC_URL, …). Ctrl-C or SIGTERM
// stops the balancer and both servers.
import { spawn } from "node:child_process";
import { get } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const [serverEntry, publicPort] = process.argv.slice(2);
if (!serverEntry || !publicPort) {
  console.error("Uso: node balanced-product.mjs <apps/api/dist/main.js> <porta pubblica>");
  process.exit(2);
}
const HAPROXY = "/usr/sbin/haproxy";
const CONFIG = fileURLToPath(new URL("../../deploy/haproxy/haproxy.cfg", import.meta.url));
const children = [];

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function stopAll(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.once("SIGTERM", () => stopAll());
process.once("SIGINT", () => stopAll());

/** Starts one child; if it dies on its own, the whole product stops (the journeys then fail loudly). */
function start(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "inherit"] });
  child.once("exit", (code, signal) => {
    console.error(`${name} si è fermato (codice ${code}, segnale ${signal})`);
    stopAll(1);
  });
  children.push(child);
  return child;
}

/** The server's health check, asked as the balancer asks it: under the public host (fetch cannot set Host). */
const answersHealth = (port) =>
  new Promise((resolve) => {
    const asked = get({ host: "127.0.0.1", port, path: "/api/health", headers: { Host: `127.0.0.1:${publicPort}` } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    asked.once("error", () => resolve(false));
  });

async function healthy(port) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await answersHealth(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`il server sulla porta ${port} non risponde`);
}

// One after the other: the first makes the database's tables and seeds, the second finds them.
const ports = [await freePort(), await freePort()];
for (const [index, port] of ports.entries()) {
  start(`server ${index + 1}`, process.execPath, [serverEntry], { ...process.env, PORT: String(port), HOST: "127.0.0.1" });
  await healthy(port);
}
start("HAProxy", HAPROXY, ["-db", "-f", CONFIG], {
  PATH: process.env.PATH ?? "",
  OYSTAR_LISTEN: `127.0.0.1:${publicPort}`,
  OYSTAR_HOST: `127.0.0.1:${publicPort}`,
  OYSTAR_SERVER_1: `127.0.0.1:${ports[0]}`,
  OYSTAR_SERVER_2: `127.0.0.1:${ports[1]}`,
});
