import { expect, test, vi } from "vitest";
import { createBackendStatusStore } from "./backend-status";

test("checking first, then online when the check passes", async () => {
  const store = createBackendStatusStore(async () => true);
  expect(store.getSnapshot()).toBe("checking");
  const listener = vi.fn();
  store.subscribe(listener);
  await store.refresh();
  expect(store.getSnapshot()).toBe("online");
  expect(listener).toHaveBeenCalled();
});

test("offline when the check fails or throws", async () => {
  expect(await createBackendStatusStore(async () => false).refresh()).toBe("offline");
  expect(
    await createBackendStatusStore(async () => {
      throw new Error("network");
    }).refresh(),
  ).toBe("offline");
});

test("a slow old answer cannot overwrite a newer one", async () => {
  const answers: Array<(online: boolean) => void> = [];
  const store = createBackendStatusStore(() => new Promise<boolean>((resolve) => answers.push(resolve)));
  const first = store.refresh();
  const second = store.refresh();
  answers[1]?.(true);
  await second;
  answers[0]?.(false);
  await first;
  expect(store.getSnapshot()).toBe("online");
});
