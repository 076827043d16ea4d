// What a server costs, read from Linux's /proc: the CPU time and resident memory of a process and
// every process under it (a primary and its cluster workers), and how to stop them all. Used by
// benchmarks that measure a server apart from the client and the model running beside it.
import { execFileSync, fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second, the unit of /proc/<pid>/stat's utime and stime. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces and parens). */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** `pid` and every process whose parent chain leads to it. */
export function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const parent = Number(fields[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const tree = [pid];
  for (let at = 0; at < tree.length; at += 1) tree.push(...(children.get(tree[at]) ?? []));
  return tree;
}

/** CPU time (user + system) the tree under `pid` has used so far, in microseconds. */
export function cpuMicroseconds(pid) {
  let ticks = 0;
  for (const member of processTree(pid)) {
    const fields = statFields(member);
    // After the name: state, ppid, … utime is field 14 of the whole line, so 11 here; stime 12.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}

/** Resident memory of the tree under `pid`, in KiB. */
export function rssKib(pid) {
  let kib = 0;
  for (const member of processTree(pid)) {
    try {
      kib += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // It ended between the listing and the reading.
    }
  }
  return kib;
}

/** Sends `signal` to every process of the tree under `pid`, children first. */
export function signalTree(pid, signal) {
  for (const member of processTree(pid).reverse()) {
    try {
      process.kill(member, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Stops the tree under `pid`: SIGTERM, then SIGKILL for whatever is left after `graceMs`.
 * Resolves once `pid` is gone.
 */
export async function stopTree(pid, graceMs = 3000) {
  const tree = processTree(pid);
  signalTree(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(alive)) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const member of tree) if (alive(member)) process.kill(member, "SIGKILL");
}

function alive(pid) {
  const fields = statFields(pid);
  // A zombie has ended; only its parent's wait is missing.
  return fields !== null && fields[0] !== "Z";
}

/** Processes this benchmark started, stopped on any exit of it (normal, failure, Ctrl-C). */
const started = new Set();
process.once("exit", () => {
  for (const pid of started) signalTree(pid, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/** Keeps `pid`'s tree on the list of what is killed when the benchmark exits. */
export function stopOnExit(pid) {
  started.add(pid);
  return () => started.delete(pid);
}

/**
 * Forks a Node script of the benchmark's own as a server and waits for it to send its port over
 * IPC; `stop()` ends it.
 */
export function forkServer(script, env = {}) {
  const child = fork(script, [], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const forget = stopOnExit(child.pid);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${script} è terminato all'avvio (codice ${code})`)));
    child.once("message", ({ port }) =>
      resolve({
        pid: child.pid,
        port,
        stop: async () => {
          await stopTree(child.pid);
          forget();
        },
      }),
    );
  });
}
