import { act, renderHook } from "@testing-library/react";
import { expect, test } from "vitest";
import { createDebateSession } from "../debate-session";
import { fakeWorld } from "../testing/fake-world";
import { useDebate } from "./index";

test("a component reads its slice of the debate and follows it", async () => {
  const world = fakeWorld();
  const session = createDebateSession(world.ports, { length: 6 });
  const { result } = renderHook(() => useDebate(session, (state) => state.messages.length));
  expect(result.current).toBe(0);
  await act(async () => {
    session.start({ topic: "Treno contro aereo" });
    await world.settle();
  });
  expect(result.current).toBe(1);
});
