import { createJSONStorage, persist } from "zustand/middleware";
import { createStore } from "zustand/vanilla";

// Issue 50 §3: the conversations' sidebar on wide screens, open or folded — remembered on this
// browser (localStorage), like the theme. Nothing goes to the server. Folded until the user first
// opens it: a conversation's words stay off a screen that someone else may be looking at.

type SidebarState = { collapsed: boolean };

export const sidebarStore = createStore<SidebarState>()(
  persist<SidebarState>(() => ({ collapsed: true }), {
    name: "oystar-barra-conversazioni",
    storage: createJSONStorage(() => localStorage),
  }),
);

export const toggleSidebar = () => sidebarStore.setState(({ collapsed }) => ({ collapsed: !collapsed }));
