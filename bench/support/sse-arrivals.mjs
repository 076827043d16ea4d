// The sse-load benchmark's callers (issue 37 §1): streamed questions arriving at a steady rate, as
// traffic arrives, until a number are open at once; each is read to the answer's end. Measured at
// the client: time to each answer's first byte, errors (a refusal, a connection lost, an answer
// cut before `[DONE]`), and the events relayed; at the server (its process tree, from /proc): the
// CPU it spent and its resident memory.
import { Agent, request } from "node:http";
import { availableParallelism } from "node:os";
import { cpuMicroseconds, rssKib } from "./process-tree.mjs";

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const BLANK_LINE = Buffer.from("\n\n");
const NEWLINE = 0x0a;
const STALLED = "fermo oltre il tempo della risposta";

/**
 * Opens streams at `rate` a second (never more than `open` at once) for `seconds`, against the
 * server on `port` whose process tree is `serverPid`; resolves once every answer has ended.
 * `modelPid`: the model's process, whose CPU is measured beside the server's and this client's.
 */
export async function arrivals({ port, path, headers, body, rate, open, seconds, answerMs, serverPid, modelPid }) {
  // Callers each on their own connection, kept for the next question as browsers keep them.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const streams = [];
  let opened = 0;
  let peakOpen = 0;
  let fullAt = null;
  let events = 0;
  // Streams the server accepted, open at once (refused ones are gone at once): what memory is per.
  let acceptedNow = 0;
  let peakAccepted = 0;

  /** One question, read to its end: its first byte's time or what went wrong. */
  const ask = () =>
    new Promise((resolve) => {
      const started = performance.now();
      // Issue 55 §2: the longest wait between two pieces of the answer (the model sends one every
      // event's interval): a relay that falls behind shows here before it stalls.
      const outcome = { firstByte: null, error: null, accepted: false, refused: false, longestGap: 0 };
      let lastPieceAt = null;
      let tail = "";
      let endedWithNewline = false;
      let accepted = false;
      const finish = (error) => {
        if (outcome.done) return;
        outcome.done = true;
        if (accepted) acceptedNow -= 1;
        clearTimeout(deadline);
        outcome.error = error;
        resolve(outcome);
      };
      // An answer far later than its pace would make it has stalled.
      const deadline = setTimeout(() => {
        outgoing.destroy();
        finish(STALLED);
      }, answerMs + 30_000);
      let outgoing;
      const send = (retried) => {
        outgoing = request(
          { host: "127.0.0.1", port, path, method: "POST", agent, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
          (incoming) => {
            if (incoming.statusCode !== 200) {
              incoming.resume();
              // Issue 55 §1: a new question refused by a busy server, before anything was charged.
              if (incoming.statusCode === 503 && incoming.headers["retry-after"]) {
                outcome.refused = true;
                return finish(null);
              }
              return finish(`HTTP ${incoming.statusCode}`);
            }
            accepted = true;
            outcome.accepted = true;
            acceptedNow += 1;
            peakAccepted = Math.max(peakAccepted, acceptedNow);
            incoming.on("data", (chunk) => {
              const now = performance.now();
              outcome.firstByte ??= now - started;
              if (lastPieceAt !== null) outcome.longestGap = Math.max(outcome.longestGap, now - lastPieceAt);
              lastPieceAt = now;
              // Events end with a blank line; one may be split between two chunks.
              if (endedWithNewline && chunk[0] === NEWLINE) events += 1;
              for (let at = chunk.indexOf(BLANK_LINE); at !== -1; at = chunk.indexOf(BLANK_LINE, at + 2)) events += 1;
              endedWithNewline = chunk[chunk.length - 1] === NEWLINE;
              tail = (tail + chunk.toString("latin1", Math.max(0, chunk.length - 32))).slice(-32);
            });
            incoming.once("end", () => finish(tail.includes("[DONE]") ? null : "risposta interrotta"));
            incoming.once("error", (error) => finish(error.code ?? error.message));
          },
        );
        outgoing.on("error", (error) => {
          // A kept-alive connection the server closed as it was reused, before any answer: asked
          // again on a new one, as browsers do (and Node's documentation of `reusedSocket` says).
          if (!retried && outgoing.reusedSocket && error.code === "ECONNRESET" && !accepted && !outcome.refused) return send(true);
          finish(error.code ?? error.message);
        });
        outgoing.end(body);
      };
      send(false);
    });

  // What the machine spends while `open` streams run at once (from the moment they are all open to
  // the last arrival): the server's, the model's and this client's CPU, in CPUs used. A server
  // whose row is slow on a machine near its cores' total is short of CPU, not of a faster road.
  const cpuNow = () => {
    const client = process.cpuUsage();
    return {
      at: performance.now(),
      server: cpuMicroseconds(serverPid),
      model: modelPid ? cpuMicroseconds(modelPid) : 0,
      client: client.user + client.system,
    };
  };
  let steadyFrom = null;
  let steadyTo = null;

  let openNow = 0;
  let memoryPeak = 0;
  const memoryBefore = rssKib(serverPid);
  const cpuBefore = cpuMicroseconds(serverPid);
  const begun = performance.now();
  const sampler = setInterval(() => {
    memoryPeak = Math.max(memoryPeak, rssKib(serverPid));
  }, 500);

  // A token bucket: `rate` arrivals a second, without catching up in a burst after a pause.
  await new Promise((arrivalsEnd) => {
    let tokens = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      tokens = Math.min(tokens + ((now - last) * rate) / 1000, Math.max(1, rate / 20));
      last = now;
      if (now - begun >= seconds * 1000) {
        clearInterval(tick);
        if (steadyFrom) steadyTo = cpuNow();
        return arrivalsEnd();
      }
      while (tokens >= 1 && openNow < open) {
        tokens -= 1;
        opened += 1;
        openNow += 1;
        peakOpen = Math.max(peakOpen, openNow);
        if (openNow === open && fullAt === null) {
          fullAt = { ms: performance.now() - begun, opened };
          steadyFrom = cpuNow();
        }
        streams.push(
          ask().then((outcome) => {
            openNow -= 1;
            return outcome;
          }),
        );
      }
    }, 5);
  });
  const outcomes = await Promise.all(streams);
  const cpuUsed = cpuMicroseconds(serverPid) - cpuBefore;
  clearInterval(sampler);
  agent.destroy();
  await settle(200);

  const firstBytes = outcomes.filter((outcome) => outcome.firstByte !== null).map((outcome) => outcome.firstByte);
  const errors = outcomes.filter((outcome) => outcome.error);
  const stalled = errors.filter((outcome) => outcome.error === STALLED);
  // Accepted: answered 200 (a connection that failed before any answer is an error, not accepted).
  const accepted = outcomes.filter((outcome) => outcome.accepted);
  const gaps = accepted.filter((outcome) => outcome.firstByte !== null).map((outcome) => outcome.longestGap);
  return {
    streams: opened,
    accepted: accepted.length,
    refused: outcomes.filter((outcome) => outcome.refused).length,
    stalled: stalled.length,
    // Of each accepted answer, the longest wait between two of its pieces: p99 and the worst.
    longestGapP99: quantile(gaps, 0.99),
    longestGapMax: gaps.length > 0 ? Math.max(...gaps) : null,
    peakOpen,
    // The rate reached while the streams were opening (to `open` at once, or over the whole run).
    arrivalsPerSecond: fullAt ? (fullAt.opened * 1000) / fullAt.ms : (opened * 1000) / (seconds * 1000),
    firstByteP50: quantile(firstBytes, 0.5),
    firstByteP99: quantile(firstBytes, 0.99),
    errors: errors.length,
    errorKinds: [...new Set(errors.map((outcome) => outcome.error))],
    events,
    cpuMicrosecondsPerEvent: events > 0 ? cpuUsed / events : null,
    peakAccepted,
    kibPerStream: peakAccepted > 0 ? (memoryPeak - memoryBefore) / peakAccepted : null,
    steadyCpus: steadyFrom && steadyTo ? cpusBetween(steadyFrom, steadyTo) : null,
  };
}

/** CPUs used between two readings (CPU µs over wall µs), by process, and of the machine's cores. */
function cpusBetween(from, to) {
  const wallMicroseconds = (to.at - from.at) * 1000;
  const used = (name) => (to[name] - from[name]) / wallMicroseconds;
  const cpus = { server: used("server"), model: used("model"), client: used("client") };
  return { ...cpus, total: cpus.server + cpus.model + cpus.client, cores: availableParallelism() };
}

function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
