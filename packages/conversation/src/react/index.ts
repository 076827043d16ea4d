// @oystar/conversation/react — the React kit every conversation screen uses: its session's
// lifetime and its store read once per frame, the message list with its answers as safe Markdown,
// an answer's actions, the composer, the session's notices, the advanced settings' toggle, and the
// source viewer a RAG answer's sources and a debate turn's passages open in.
export { AnswerBlocks } from "./answer-blocks";
export type { AnswerBlocksProps } from "./answer-blocks";
export { preloadAnswerRenderer } from "./answer-markdown";
export { Composer } from "./composer";
export type { ComposerProps } from "./composer";
export { DeletionUndo } from "./deletion-undo";
export type { DeletionUndoProps } from "./deletion-undo";
export { MessageActions } from "./message-actions";
export type { MessageActionsProps } from "./message-actions";
export { MessageList } from "./message-list";
export { QuestionEditor, VersionSwitch } from "./message-versions";
export type { QuestionEditorProps, VersionSwitchProps } from "./message-versions";
export type { MessageListProps } from "./message-list";
export { SessionNotices } from "./session-notices";
export { SourceViewerProvider, useOpenSource } from "./source-viewer";
export type { OpenSource, SourceViewerProviderProps } from "./source-viewer";
export type { SessionNoticesProps } from "./session-notices";
export { useAdvancedControls } from "./use-advanced-controls";
export { useComposerDraft } from "./use-composer-draft";
export { useEscapeStops } from "./use-escape-stops";
export { useOncePerFrame } from "./use-once-per-frame";
export type { ReadableStore } from "./use-once-per-frame";
export { useReadAloud } from "./use-read-aloud";
export { useSession } from "./use-session";
export type { DisposableSession } from "./use-session";
