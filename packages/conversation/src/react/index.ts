// @oystar/conversation/react — the React bindings every conversation screen uses: its session's
// lifetime and its store, read once per frame.
export { useOncePerFrame } from "./use-once-per-frame";
export type { ReadableStore } from "./use-once-per-frame";
export { useSession } from "./use-session";
export type { DisposableSession } from "./use-session";
