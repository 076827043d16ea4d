import type { ChatMessage } from "../message";

// Issue 35 §1: a conversation as the device keeps it (conversation-history.ts seals it).

export type ConversationModule = "chat" | "rag" | "debate";

export type SavedConversation = {
  id: string;
  module: ConversationModule;
  /** The first question, unless the user renamed it. */
  title: string;
  renamed?: boolean;
  /** Issue 50 §3: kept at the top of the list. */
  pinned?: boolean;
  createdAt: number;
  /** When its last words were written (issue 50 §2: opening or renaming it does not change it). */
  updatedAt: number;
  messages: ChatMessage[];
  /**
   * What the module keeps beside the words (a debate's turns, scorecard and vote), sealed with
   * them and read back by that module; the messages stay what the list searches and exports.
   */
  moduleState?: unknown;
};
