// @oystar/conversation/testing — the fake world the chat's, the debate's and RAG's tests share.
export { citedPassage } from "./cited-passage";
export { fakeConversationWorld, modelFrames, streamFrame } from "./fake-world";
export { scriptedSourceViewer, scriptedViewer, textPassage } from "./scripted-viewer";
export type { FakeConversationWorld, ScriptedReply } from "./fake-world";
export { virtualTime } from "./virtual-time";
export type { VirtualTime } from "./virtual-time";
