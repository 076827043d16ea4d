import cluster from "node:cluster";
import type { Env } from "./env";
import { log } from "./observe/log";
import { answerClusterScrapes, clusterMetrics, startMetricsListener } from "./observe/metrics-listener";
import { startServer, type StartOptions } from "./server";

// issue 37 §2: every core of the machine. With WORKERS=N (by default the machine's cores when the
// database is a PostgreSQL server), a primary process forks N server processes that share one
// port (node:cluster hands each connection to one of them); all state lives in the database, so
// any of them may serve any request. The primary serves no request: it restarts a server that
// dies, serves the metrics of all of them summed, and passes SIGTERM on at shutdown.

export async function runServerProcesses(env: Env): Promise<void> {
  if (env.workers.limitedBecause) log.warn(`OYSTAR resta un solo processo: ${env.workers.limitedBecause}.`);
  if (env.workers.count <= 1) return runOneServer(env);
  if (cluster.isPrimary) return runPrimary(env);
  // A worker: the primary serves the metrics, asking each worker for its own.
  answerClusterScrapes();
  return runOneServer({ ...env, metrics: null }, { readyBeforeListening: true });
}

async function runOneServer(env: Env, options: StartOptions = {}): Promise<void> {
  const server = await startServer(env, options);
  log.info(`OYSTAR in ascolto su ${server.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // SIGTERM (a rolling restart): the answers in progress finish first (web/draining.ts).
    process.once(signal, () => {
      void (signal === "SIGTERM" ? server.drain() : server.close()).then(() => process.exit(0));
    });
  }
}

async function runPrimary(env: Env): Promise<void> {
  const metrics = env.metrics ? await startMetricsListener(env.metrics, clusterMetrics()) : null;
  let stopping = false;
  const listened = new WeakSet<object>();
  cluster.on("listening", (worker) => listened.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // One that never started (a database it cannot reach, a port taken) would fail again: stop.
    if (!listened.has(worker)) {
      log.fatal({ code, signal }, "Un processo server non è partito: OYSTAR si ferma");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      void metrics?.close();
      return;
    }
    log.error({ worker_pid: worker.process.pid, code, signal }, "Un processo server si è fermato: ne parte un altro");
    cluster.fork();
  });
  for (let i = 0; i < env.workers.count; i += 1) cluster.fork();
  log.info(`OYSTAR: ${env.workers.count} processi server`);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      let running = workers.length;
      const done = () => void (metrics?.close() ?? Promise.resolve()).then(() => process.exit(0));
      if (running === 0) return done();
      for (const worker of workers) {
        worker.once("exit", () => {
          running -= 1;
          if (running === 0) done();
        });
        worker.process.kill(signal);
      }
    });
  }
}
