import { useEffect, useRef, useState } from "react";

/** What a conversation session (the chat's, the debate's, RAG's) offers a screen's lifetime. */
export type DisposableSession = { dispose(): void };

/** Sessions a screen's cleanup has disposed: a disposed debate cannot be woken again. */
const disposed = new WeakSet<DisposableSession>();

/**
 * One session for as long as a screen shows it (spec 001 §3: a fresh conversation when the screen
 * opens): made at once, so the first render has it, and disposed when the screen goes — an
 * answer left streaming stops, a debate's timer with it. React's StrictMode runs a screen's
 * effects twice in development: a session that first cleanup disposed is made again.
 */
export function useSession<Session extends DisposableSession>(create: () => Session): Session {
  const [session, setSession] = useState(create);
  const latestCreate = useRef(create);
  useEffect(() => {
    latestCreate.current = create;
  });
  useEffect(() => {
    if (disposed.has(session)) {
      setSession(latestCreate.current());
      return;
    }
    return () => {
      disposed.add(session);
      session.dispose();
    };
  }, [session]);
  return session;
}
