import { spawn } from "node:child_process";
import { request, type IncomingMessage } from "node:http";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { fetchThrough } from "./raw-http";

// The API as its own process (`src/main.ts`, the code `pnpm start` runs), for tests that need
// several servers at once: each has its own memory, caches and DATA_DIR, as on separate machines.

const apiRoot = fileURLToPath(new URL("..", import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type ApiProcess = {
  port: number;
  /** fetch as a browser on the public origin does, connected to this server. */
  fetch: ReturnType<typeof fetchThrough>;
  /** Everything it printed. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Starts one API process with `variables` and resolves once it listens. */
export async function startApiProcess(variables: Record<string, string>, options: { port?: number } = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@oystar/source", "src/main.ts"], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      WORKERS: "1",
      DRAIN_TIMEOUT_MS: "1000",
      ...variables,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes("OYSTAR in ascolto su")) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`il server si è fermato all'avvio (codice ${code}):\n${printed}`)));
  });
  await listening;
  return {
    port,
    fetch: fetchThrough(port),
    output: () => printed,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill(signal);
      await exited;
    },
  };
}

/** A streamed request to one server process, as a browser sends it to `publicUrl` (its Host), answered as it comes. */
export function streamFrom(
  server: Pick<ApiProcess, "port">,
  publicUrl: string,
  options: { method: string; path: string; token: string; headers?: Record<string, string>; body?: unknown },
): Promise<IncomingMessage> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: options.path,
        method: options.method,
        headers: {
          Host: new URL(publicUrl).host,
          Authorization: `Bearer ${options.token}`,
          Accept: "text/event-stream",
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...options.headers,
        },
      },
      resolve,
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
