// @oystar/conversation/history — the conversations kept on the device (issue 35 §1). An entry of
// its own: Dexie loads only where the history is used, never on a screen's first load.
export { CONVERSATION_DATABASE, conversationMarkdown, HistoryFullError, openConversationHistory, titleOf } from "./conversation-history";
export { searchConversations } from "./conversation-search";
export type { ConversationHistory, ConversationList, ConversationModule, SavedConversation } from "./conversation-history";
export { importDeviceKey } from "./device-vault";
export { historyMessages } from "./history-messages";
