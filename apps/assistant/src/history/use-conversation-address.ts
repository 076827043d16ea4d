import { ASSISTANT_PATHS } from "@oystar/api-client";
import type { ConversationModule, SavedConversation } from "@oystar/conversation";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import type { DeviceHistory } from "./use-device-history";

/** Issue 50 §2: where a conversation lives — `/chat/:id`, `/rag/:id`, `/debate/:id`. */
export const conversationPath = (module: ConversationModule, id?: string) =>
  id ? `${ASSISTANT_PATHS[module]}/${encodeURIComponent(id)}` : ASSISTANT_PATHS[module];

/** A module's screen as its address sees it. */
export type ConversationScreen = {
  /** The conversation on screen, and whether it has words yet (a fresh one has none). */
  current(): { id: string; said: boolean };
  /** Called whenever what `current` says may have changed. */
  subscribe(listener: () => void): () => void;
  /** Puts a kept conversation on screen; false when it cannot be read back. */
  open(conversation: SavedConversation): boolean;
  /** A new conversation, the one on screen dropped (its answer too). */
  clear(): void;
};

/** The address named no conversation kept here (unknown, deleted, or another account's). */
export type OnUnknownAddress = () => void;

/**
 * Issue 50 §2: the address and the screen follow each other. Opening an address (a reload, a
 * bookmark, back and forward, a conversation picked in the list) puts its conversation on screen
 * once the device's list is read; a conversation that gets its first words takes its address (in
 * place of the bare module's, so 'back' does not return to an empty screen); an address that
 * names nothing kept here opens a new conversation, and says so.
 * Issue 50 §1: the conversation on screen deleted (here or in another tab) leaves the screen at
 * once — its answer with it — and 'Annulla' puts it back.
 */
export function useConversationAddress(
  module: ConversationModule,
  screen: ConversationScreen,
  history: DeviceHistory,
  onUnknown: OnUnknownAddress,
): void {
  const { id } = useParams();
  const navigate = useNavigate();
  const wanted = useRef(id);
  wanted.current = id;
  const told = useRef(onUnknown);
  told.current = onUnknown;
  const { listed, status, conversations, erased, remember } = history;
  // The address only names what is kept: a reload then finds it.
  const keeping = remember && status !== "failed";

  // The address → the screen. `previous`: the last address put on screen.
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    if (id === undefined) {
      previous.current = id;
      // Back to the bare module (back, 'Nuova chat'): a new conversation.
      if (before !== undefined && screen.current().said) screen.clear();
      return;
    }
    if (screen.current().id === id) {
      previous.current = id;
      return;
    }
    // The list is not read yet: the address waits for it.
    if (!listed && status !== "off" && status !== "failed") return;
    const kept = erased.has(id) ? undefined : conversations.find((conversation) => conversation.id === id);
    if (kept && screen.open(kept)) {
      previous.current = id;
      return;
    }
    previous.current = undefined;
    if (screen.current().said) screen.clear();
    told.current();
    void navigate(conversationPath(module), { replace: true });
    // Only a new address or the list's first reading asks for this again, not every save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, listed, status, module, screen, navigate]);

  // The screen → the address: a conversation with words takes its own.
  useEffect(() => {
    if (!keeping) return;
    const follow = () => {
      const { id: shown, said } = screen.current();
      if (!said) {
        // The screen started over ('Nuova chat', 'Nuovo Dibattito'): the bare module's address,
        // a step 'back' returns from.
        if (wanted.current !== undefined && previous.current === wanted.current) {
          previous.current = undefined;
          void navigate(conversationPath(module));
        }
        return;
      }
      if (shown === wanted.current) return;
      // An address still waiting for the list is not overwritten by the screen's fresh one.
      if (wanted.current !== undefined && previous.current !== wanted.current) return;
      void navigate(conversationPath(module, shown), { replace: wanted.current === undefined });
    };
    follow();
    return screen.subscribe(follow);
  }, [keeping, module, screen, navigate]);

  // Issue 50 §1: the conversation on screen deleted leaves it; 'Annulla' brings it back.
  const clearedId = useRef<string | null>(null);
  useEffect(() => {
    const { id: shown, said } = screen.current();
    if (said && erased.has(shown)) {
      clearedId.current = shown;
      screen.clear();
      previous.current = undefined;
      if (wanted.current !== undefined) void navigate(conversationPath(module), { replace: true });
      return;
    }
    const cleared = clearedId.current;
    if (!cleared || erased.has(cleared)) return;
    clearedId.current = null;
    const back = conversations.find((conversation) => conversation.id === cleared);
    // Back only if the screen is still as the deletion left it.
    if (back && !screen.current().said) void navigate(conversationPath(module, cleared), { replace: true });
  }, [erased, conversations, module, screen, navigate]);
}

/** A chat-like session (the chat's, RAG's) as its address sees it. */
export function sessionScreen(
  session: {
    store: { getState(): { conversation: { id: string; messages: readonly unknown[] } }; subscribe(listener: () => void): () => void };
    clear(): void;
  },
  open: (conversation: SavedConversation) => void,
  stopVoice: () => void,
): ConversationScreen {
  return {
    current() {
      const { conversation } = session.store.getState();
      return { id: conversation.id, said: conversation.messages.length > 0 };
    },
    subscribe: (listener) => session.store.subscribe(listener),
    open(conversation) {
      stopVoice();
      open(conversation);
      return true;
    },
    clear() {
      stopVoice();
      session.clear();
    },
  };
}
