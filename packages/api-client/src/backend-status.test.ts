import { expect, test, vi } from "vitest";
import { createBackendStatus } from "./backend-status";
import type { Health } from "./schemas/service";

const healthy: Health = { status: "ok", version: "1.2.3", model: { offline: true } };

test("checking first, then online with the health the server sent", async () => {
  const backend = createBackendStatus(async () => healthy);
  expect(backend.store.getState()).toEqual({ status: "checking", health: null });
  const listener = vi.fn();
  backend.store.subscribe(listener);
  await backend.refresh();
  expect(backend.store.getState()).toEqual({ status: "online", health: healthy });
  expect(listener).toHaveBeenCalled();
});

test("offline when the health cannot be read", async () => {
  const backend = createBackendStatus(async () => {
    throw new Error("network");
  });
  expect(await backend.refresh()).toBe("offline");
  expect(backend.store.getState().health).toBeNull();
});

// spec 001 §7 (issue 14 §5): the server is up but its model fails the health check.
test("offline when the server says its model is not healthy, online when it is", async () => {
  const degraded: Health = { status: "degraded", version: "1.2.3", model: { offline: false, healthy: false } };
  const backend = createBackendStatus(async () => degraded);
  expect(await backend.refresh()).toBe("offline");
  expect(backend.store.getState().health).toEqual(degraded);
  const fine: Health = { status: "ok", version: "1.2.3", model: { offline: false, healthy: true } };
  expect(await createBackendStatus(async () => fine).refresh()).toBe("online");
});

test("a slow old answer cannot overwrite a newer one", async () => {
  const answers: Array<{ resolve: (health: Health) => void; reject: (error: Error) => void }> = [];
  const backend = createBackendStatus(() => new Promise<Health>((resolve, reject) => answers.push({ resolve, reject })));
  const first = backend.refresh();
  const second = backend.refresh();
  answers[1]?.resolve(healthy);
  await second;
  answers[0]?.reject(new Error("late failure"));
  await first;
  expect(backend.store.getState().status).toBe("online");
});
