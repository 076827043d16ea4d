/**
 * spec 001 §2: the advanced settings open and close on the window event `toggleAdvancedControls`,
 * so anything on the page (the version in the header, a shortcut) can toggle them.
 */
export const ADVANCED_CONTROLS_EVENT = "toggleAdvancedControls";

export function toggleAdvancedControls(target: EventTarget = window): void {
  target.dispatchEvent(new Event(ADVANCED_CONTROLS_EVENT));
}
