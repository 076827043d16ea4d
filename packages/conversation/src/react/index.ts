// @oystar/conversation/react — the React binding every conversation screen reads its session with.
export { useOncePerFrame } from "./use-once-per-frame";
export type { ReadableStore } from "./use-once-per-frame";
