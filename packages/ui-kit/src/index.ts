export { autoGrowHeight, isSubmitKey, TEXTAREA_MAX_HEIGHT } from "./auto-grow";
export { badgeClassName, buttonClassName, cx } from "./class-names";
export type { ButtonSize, ButtonVariant, NoticeTone, Tone } from "./class-names";
export { uiMessages } from "./messages";
export { tokens } from "./tokens";
export type { Tokens } from "./tokens";
