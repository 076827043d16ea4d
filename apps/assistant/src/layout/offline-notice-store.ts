import { createJSONStorage, persist } from "zustand/middleware";
import { createStore } from "zustand/vanilla";

// Issue 27 §5: the 'Modello offline' notice may be closed for the session — every module, and a
// reload of the tab, until the browser's session ends (sessionStorage). Nothing goes to the server.

type OfflineNoticeState = { dismissed: boolean };

export const offlineNoticeStore = createStore<OfflineNoticeState>()(
  persist<OfflineNoticeState>(() => ({ dismissed: false }), {
    name: "oystar-offline-notice",
    storage: createJSONStorage(() => sessionStorage),
  }),
);

export const dismissOfflineNotice = () => offlineNoticeStore.setState({ dismissed: true });
