import { randomBytes } from "node:crypto";
import { relayKeys, type RelaySeal } from "./relay-seal";
import { NOTIFY_PAYLOAD_LIMIT, type Notifications } from "../db/notifications";
import type { AnswerReader, AnswersInProgress, HeldAnswer } from "./answers-in-progress";

// Issue 35 §2: a resume (or a STOP) that reaches a server process other than the one holding the
// answer — another machine behind the balancer, or another worker of the same machine — is
// relayed through PostgreSQL's LISTEN/NOTIFY. The server that was asked says on one channel which
// answer it wants; the one holding it (the others stay silent) sends the events back on a channel
// of that request alone. Nothing is stored, nothing is logged, and only the account that asked may
// be given its answer.
//
// Issue 47 §4: PostgreSQL writes its notification queue to its data folder (pg_notify/) once the
// queue leaves its buffers — a relayed answer's words were found there, after both servers had
// stopped. So the words travel sealed (relay-seal.ts): each relay agrees a key of its own between
// the two processes (X25519, keys made for that request and held only in their memory, then
// dropped), and what reaches the queue is ciphertext nobody can open afterwards, the database's
// owner included. What travels in the clear is only the notice: which answer, from which event.

/** Where every server process hears what is asked of the answers it may hold. */
const ASKED = "oystar_held_answers";
/** How long the server asked waits for the holder to answer; no answer means nobody holds it. */
export const RELAY_WAIT_MS = 1_500;
/** An event's bytes per notification: sealed (28 bytes more) and in base64, within PostgreSQL's payload limit with room to spare. */
const PART_BYTES = Math.floor(((NOTIFY_PAYLOAD_LIMIT - 100) * 3) / 4) - 28;

type Asked =
  | { t: "read"; request: string; stream: string; account: string; after: number; key: string }
  | { t: "stop"; request: string; stream: string; account: string }
  | { t: "stop-account"; request: string; account: string }
  | { t: "left"; request: string };

/** `part.sealed`: a piece of an event, sealed with the relay's key. */
type Reply =
  | { t: "found"; contentType: string; key: string }
  | { t: "gone" }
  | { t: "part"; sealed: string; more: boolean }
  | { t: "end" }
  | { t: "stopped" };

const replies = (request: string) => `oystar_held_answer_${request}`;

/** An answer reached on another server: its content type, and how to let it go when the client leaves. */
export type RelayedAnswer = { contentType: string; leave: () => void };

export type AnswerRelay = {
  /**
   * Asks the other servers for the account's answer `stream`, from after `lastEventId`, into
   * `reader`; "gone" when its holder lost some of those events, null when nobody holds it.
   */
  read(accountId: string, stream: string, lastEventId: number, reader: AnswerReader): Promise<RelayedAnswer | "gone" | null>;
  /** STOP of an answer another server holds: whether one stopped it. */
  stop(accountId: string, stream: string): Promise<boolean>;
  /** Issue 47 §6: every other server stops what the account is doing; settles once they have had the time to. */
  stopAccount(accountId: string): Promise<void>;
  close(): Promise<void>;
};

/** Starts hearing what other servers ask of this process's answers, and asks them in turn. */
export async function startAnswerRelay(notifications: Notifications, answers: AnswersInProgress): Promise<AnswerRelay> {
  /** The readers this process feeds for other servers, by their request. */
  const feeding = new Map<string, { held: HeldAnswer; reader: AnswerReader }>();

  function answerAsked(payload: string) {
    const asked = parsed<Asked>(payload);
    if (!asked) return;
    if (asked.t === "left") {
      const fed = feeding.get(asked.request);
      feeding.delete(asked.request);
      fed?.held.detach(fed.reader);
      return;
    }
    if (asked.t === "stop-account") {
      if (answers.stopAccount(asked.account) > 0)
        void notifications.notify(replies(asked.request), JSON.stringify({ t: "stopped" } satisfies Reply)).catch(() => {});
      return;
    }
    const held = answers.find(asked.account, asked.stream);
    // Not held here (held elsewhere, expired, another account's): another server answers, or none.
    if (!held) return;
    // Sent in order on the process's one connection, so they arrive in order.
    const reply = (message: Reply) => void notifications.notify(replies(asked.request), JSON.stringify(message)).catch(() => {});
    if (asked.t === "stop") {
      held.stop();
      return reply({ t: "stopped" });
    }
    const keys = relayKeys();
    let seal: RelaySeal;
    try {
      seal = keys.agree(asked.key, asked.request);
    } catch {
      return; // Not a key: not one of the servers asking.
    }
    // What attach gives at once waits until 'found' is sent; then events go as they come.
    let early: Buffer[] | null = [];
    let endedEarly = false;
    const send = (event: Buffer) => {
      for (let at = 0; at < event.length; at += PART_BYTES)
        reply({ t: "part", sealed: seal.seal(event.subarray(at, at + PART_BYTES)), more: at + PART_BYTES < event.length });
    };
    const end = () => {
      feeding.delete(asked.request);
      reply({ t: "end" });
    };
    const reader: AnswerReader = {
      write: (event) => (early ? early.push(event) : send(event)),
      end: () => (early ? (endedEarly = true) : end()),
    };
    if (held.attach(reader, asked.after) === "gone") return reply({ t: "gone" });
    reply({ t: "found", contentType: held.contentType, key: keys.publicKey });
    for (const event of early) send(event);
    early = null;
    if (endedEarly) return end();
    feeding.set(asked.request, { held, reader });
  }

  const stopHearing = await notifications.listen(ASKED, answerAsked);

  /** Asks `asked` of the other servers and hears the replies to it until `done` says so. */
  async function ask(asked: Asked & { request: string }, onReply: (reply: Reply, finish: () => void) => void) {
    let finished = false;
    const stopListening = await notifications.listen(replies(asked.request), (payload) => {
      const reply = parsed<Reply>(payload);
      if (reply && !finished) onReply(reply, finish);
    });
    function finish() {
      if (finished) return;
      finished = true;
      void stopListening();
    }
    await notifications.notify(ASKED, JSON.stringify(asked));
    return finish;
  }

  return {
    async read(accountId, stream, lastEventId, reader) {
      const request = randomBytes(12).toString("hex");
      const keys = relayKeys();
      let seal: RelaySeal | null = null;
      let part: Buffer[] = [];
      let settle: (outcome: RelayedAnswer | "gone" | null) => void = () => {};
      const outcome = new Promise<RelayedAnswer | "gone" | null>((resolve) => (settle = resolve));
      const leave = () => {
        finish();
        void notifications.notify(ASKED, JSON.stringify({ t: "left", request } satisfies Asked)).catch(() => {});
      };
      const asked = { t: "read", request, stream, account: accountId, after: lastEventId, key: keys.publicKey } as const;
      const finish = await ask(asked, (reply, done) => {
        if (reply.t === "found") {
          seal = keys.agree(reply.key, request);
          settle({ contentType: reply.contentType, leave });
        } else if (reply.t === "gone") {
          settle("gone");
          done();
        } else if (reply.t === "part" && seal) {
          const opened = seal.open(reply.sealed);
          if (!opened) {
            // A piece that does not open was not sealed by the holder: the answer ends there.
            reader.end();
            return done();
          }
          part.push(opened);
          if (!reply.more) {
            reader.write(Buffer.concat(part));
            part = [];
          }
        } else if (reply.t === "end") {
          reader.end();
          done();
        }
      });
      const timer = setTimeout(() => {
        settle(null);
      }, RELAY_WAIT_MS);
      const result = await outcome;
      clearTimeout(timer);
      // A holder that answers too late is told nobody reads it.
      if (result === null) leave();
      return result;
    },

    async stop(accountId, stream) {
      const request = randomBytes(12).toString("hex");
      let settle: (stopped: boolean) => void = () => {};
      const stopped = new Promise<boolean>((resolve) => (settle = resolve));
      const finish = await ask({ t: "stop", request, stream, account: accountId }, (reply, done) => {
        if (reply.t !== "stopped") return;
        settle(true);
        done();
      });
      const timer = setTimeout(() => settle(false), RELAY_WAIT_MS);
      const result = await stopped;
      clearTimeout(timer);
      finish();
      return result;
    },

    async stopAccount(accountId) {
      // Which servers hold something of the account is not known here: each that does says so,
      // and the asking server waits the relay's time for the last of them.
      const request = randomBytes(12).toString("hex");
      const finish = await ask({ t: "stop-account", request, account: accountId }, () => {});
      await new Promise((resolve) => setTimeout(resolve, RELAY_WAIT_MS));
      finish();
    },

    async close() {
      for (const { held, reader } of feeding.values()) held.detach(reader);
      feeding.clear();
      await stopHearing();
    },
  };
}

function parsed<T>(payload: string): T | null {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
}
