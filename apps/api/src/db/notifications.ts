import pg from "pg";
import { log } from "../observe/log";

// PostgreSQL's LISTEN/NOTIFY between the server processes on one database (issue 35 §2: a resume
// that reaches another server). A notification is passed on and forgotten: PostgreSQL stores
// nothing of it. One dedicated connection per process listens and also sends, so that what one
// process sends reaches every listener in the order it was sent.

export type Notifications = {
  /** Hears `channel` until the returned function is called. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends `payload` (at most NOTIFY_PAYLOAD_LIMIT bytes) to every listener of `channel`. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_AFTER_MS = 1_000;

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 7_900;

export function postgresNotifications(connectionString: string): Notifications {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let connection: Promise<pg.Client> | null = null;
  /** The connection in use: an older one's last events must not undo a newer one. */
  let current: pg.Client | null = null;
  let closed = false;
  // One statement at a time on the connection, in the order asked (pg queues no more for us).
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(statement: (client: pg.Client) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => statement(await connected()));
    queue = run.catch(() => {});
    return run;
  };

  const quoted = (channel: string) => {
    // Channels are the product's own names (letters, digits, underscores): never a caller's text.
    if (!/^[a-z0-9_]{1,63}$/.test(channel)) throw new Error(`Canale non valido: ${channel}`);
    return `"${channel}"`;
  };

  /** A second from now, a new connection (and again while the database cannot be reached). */
  function reconnectSoon() {
    if (closed || listeners.size === 0) return;
    setTimeout(() => void connected().catch(reconnectSoon), RECONNECT_AFTER_MS).unref();
  }

  function connected(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error("Notifiche chiuse"));
    connection ??= (async () => {
      const client = new pg.Client({ connectionString });
      const lost = () => {
        if (current !== client) return;
        current = null;
        if (!closed) log.warn("Connessione delle notifiche interrotta: si riconnette");
        connection = null;
        // What is still heard is listened to again on a new connection, without waiting for a use.
        reconnectSoon();
      };
      client.on("error", lost);
      client.on("end", lost);
      client.on("notification", (message) => {
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? "");
      });
      current = client;
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quoted(channel)}`);
      return client;
    })().catch((error: unknown) => {
      current = null;
      connection = null;
      throw error;
    });
    return connection;
  }

  return {
    async listen(channel, onMessage) {
      const heard = listeners.get(channel) ?? new Set();
      const first = heard.size === 0;
      heard.add(onMessage);
      listeners.set(channel, heard);
      if (first) await serially((client) => client.query(`LISTEN ${quoted(channel)}`));
      return async () => {
        heard.delete(onMessage);
        if (heard.size > 0 || listeners.get(channel) !== heard) return;
        listeners.delete(channel);
        if (connection && !closed) await serially((client) => client.query(`UNLISTEN ${quoted(channel)}`)).catch(() => {});
      };
    },
    async notify(channel, payload) {
      await serially((client) => client.query("SELECT pg_notify($1, $2)", [channel, payload]));
    },
    async close() {
      closed = true;
      const open = connection;
      connection = null;
      listeners.clear();
      if (open) await (await open.catch(() => null))?.end().catch(() => {});
    },
  };
}
