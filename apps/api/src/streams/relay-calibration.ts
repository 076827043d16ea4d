import { connect, createServer, type Socket } from "node:net";

// Issue 55 §1: how many streamed events this process can relay a second, measured on the machine
// it runs on rather than assumed — a machine half as fast relays half as many (issue 55: the bare
// relay cost 21–24 µs an event one day and 42.7 µs on a slower one). What a relayed event costs is
// mostly the kernel's: a read from the model's connection and a write to the client's. The
// calibration does that, a few hundred times, over a loopback connection of its own (an event
// bounced between two sockets: a write and a read on each), and times its CPU.

/** One event as the models send them (~230 bytes: an OpenAI chunk of one word). */
const EVENT = Buffer.alloc(230, 0x61);
const ROUNDS = 200;
const RUNS = 3;

/**
 * What one relayed event costs the product, as a multiple of the calibration's bounce: measured
 * with `pnpm bench sse-load` (its bare relay costs about one bounce an event; the product's held
 * road 1.3–2× the bare relay, its question's own work included).
 */
export const PRODUCT_EVENT_BOUNCES = 2;
/**
 * The share of one core the relay may take: the main thread also verifies tokens, counts
 * questions and asks the model for each new one, and must keep room for it.
 */
export const RELAY_CORE_SHARE = 0.6;

/** CPU µs of one bounce: the least of a few runs, the one the rest of the machine disturbed least. */
export async function bounceMicroseconds(): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run += 1) least = Math.min(least, await oneRun());
  return least;
}

/** The events a second this process relays within its share of a core (0 when the calibration failed). */
export async function calibratedEventsPerSecond(): Promise<number> {
  const bounce = await bounceMicroseconds().catch(() => Number.POSITIVE_INFINITY);
  if (!Number.isFinite(bounce) || bounce <= 0) return 0;
  return Math.floor((RELAY_CORE_SHARE * 1_000_000) / (PRODUCT_EVENT_BOUNCES * bounce));
}

async function oneRun(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  const accepted = new Promise<Socket>((resolve) => server.once("connection", resolve));
  const client = connect(port, "127.0.0.1");
  try {
    await new Promise<void>((resolve, reject) => client.once("connect", resolve).once("error", reject));
    const peer = await accepted;
    client.setNoDelay(true);
    peer.setNoDelay(true);
    peer.on("data", (chunk: Buffer) => peer.write(chunk));
    const before = process.cpuUsage();
    await new Promise<void>((done) => {
      let rounds = 0;
      client.on("data", () => {
        rounds += 1;
        if (rounds >= ROUNDS) return done();
        client.write(EVENT);
      });
      client.write(EVENT);
    });
    const used = process.cpuUsage(before);
    peer.destroy();
    return (used.user + used.system) / ROUNDS;
  } finally {
    client.destroy();
    server.close();
  }
}
