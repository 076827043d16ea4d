import { renderHook } from "@testing-library/react";
import { StrictMode } from "react";
import { expect, test } from "vitest";
import { useSession } from "./index";

// Issue 24: one binding for the chat's, the debate's and RAG's sessions — one session per screen
// visit, there from the first render, disposed when the screen goes.

/** A session that records its fate; a disposed one refuses to work, as a debate does. */
function sessions() {
  const made: Array<{ id: number; disposed: boolean; dispose(): void }> = [];
  const create = () => {
    const session = {
      id: made.length + 1,
      disposed: false,
      dispose() {
        session.disposed = true;
      },
    };
    made.push(session);
    return session;
  };
  return { made, create };
}

test("the first render has the session; re-renders keep it; leaving the screen disposes it", () => {
  const { made, create } = sessions();
  const { result, rerender, unmount } = renderHook(() => useSession(create));
  const first = result.current;
  rerender();
  expect(result.current).toBe(first);
  expect(first.disposed).toBe(false);
  unmount();
  expect(first.disposed).toBe(true);
  expect(made).toHaveLength(1);
});

test("under StrictMode's double effects the screen still ends up with a live session, disposed on leaving", () => {
  const { made, create } = sessions();
  const { result, unmount } = renderHook(() => useSession(create), { wrapper: StrictMode });
  const shown = result.current;
  expect(shown.disposed).toBe(false);
  // The first cleanup disposed the session it had; the screen shows one made after it (StrictMode's
  // second render may also make one it never uses: it never started anything).
  const disposedOnTheWay = made.filter((session) => session.disposed);
  expect(disposedOnTheWay).toHaveLength(1);
  expect(disposedOnTheWay[0]).not.toBe(shown);
  unmount();
  expect(shown.disposed).toBe(true);
});
