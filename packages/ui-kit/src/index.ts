export { bringIntoView } from "./bring-into-view";
export { buttonClassName, cx } from "./class-names";
export type { ButtonSize, ButtonVariant, NoticeTone, Tone } from "./class-names";
export { isChunkLoadError, retryOnce } from "./load-chunk";
export { uiMessages } from "./messages";
export { tokens } from "./tokens";
export type { Tokens } from "./tokens";
