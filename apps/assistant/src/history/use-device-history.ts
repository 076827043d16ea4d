import { useApiClient } from "@oystar/auth/react";
import { createDeviceHistory, systemClock, type DeviceHistoryState, type DeviceHistoryStore } from "@oystar/conversation";
import type { ConversationHistory } from "@oystar/conversation/history";
import { useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";

// Issue 35 §1: the signed-in account's conversations kept on this device. The key comes from the
// server each time the page opens (never stored here), so a signed-out browser keeps nothing
// readable; the database's code (Dexie) loads after the page, never in its first load. What the
// screens see and do is the store of @oystar/conversation (issue 50 §1: deletions that stick).

export type DeviceHistory = DeviceHistoryState &
  Pick<
    DeviceHistoryStore,
    "setRemember" | "save" | "rename" | "pin" | "remove" | "clear" | "undo" | "forget" | "exportFile" | "importFile"
  >;

const REMEMBER_KEY = "oystar-ricorda-conversazioni";
const rememberChoice = {
  read() {
    try {
      return localStorage.getItem(REMEMBER_KEY) !== "no";
    } catch {
      return true;
    }
  },
  write(remember: boolean) {
    try {
      localStorage.setItem(REMEMBER_KEY, remember ? "yes" : "no");
    } catch {
      // A browser that keeps nothing: the choice lasts for this page.
    }
  },
};

export function useDeviceHistory(identity: string | null): DeviceHistory {
  const api = useApiClient();
  const [history] = useState(() => createDeviceHistory({ ...systemClock, rememberChoice }));

  useEffect(() => {
    if (!identity) return;
    let gone = false;
    void (async () => {
      let opened: ConversationHistory;
      try {
        const [{ key }, code] = await Promise.all([api.call("deviceKey"), import("@oystar/conversation/history")]);
        opened = await code.openConversationHistory({ identity, key: await code.importDeviceKey(key) });
      } catch {
        if (!gone) history.fail();
        return;
      }
      if (gone) opened.close();
      else history.attach(opened);
    })();
    return () => {
      gone = true;
      history.detach();
    };
  }, [api, identity, history]);

  const state = useStore(history.store);
  return useMemo<DeviceHistory>(
    () => ({
      ...state,
      setRemember: history.setRemember,
      save: history.save,
      rename: history.rename,
      pin: history.pin,
      remove: history.remove,
      clear: history.clear,
      undo: history.undo,
      forget: history.forget,
      exportFile: history.exportFile,
      importFile: history.importFile,
    }),
    [state, history],
  );
}
