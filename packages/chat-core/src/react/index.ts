// @oystar/chat-core/react — the chat's own views and bindings; the message list, composer,
// notices and answers are the floor's (@oystar/conversation/react).
export { AdvancedPanel } from "./advanced-panel";
export type { AdvancedPanelProps } from "./advanced-panel";
export { TypingDemo } from "./typing-demo";
export type { TypingDemoProps } from "./typing-demo";
export { useChatSession, useChatState } from "./use-chat-state";
