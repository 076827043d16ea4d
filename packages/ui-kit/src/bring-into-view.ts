/**
 * Scrolls an element into view: gently, unless the user asked their system for less motion
 * (prefers-reduced-motion), then at once. Every scroll the product makes on its own goes here.
 */
export function bringIntoView(element: Element | null | undefined, block: ScrollLogicalPosition = "start"): void {
  const still = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  element?.scrollIntoView?.({ block, behavior: still ? "auto" : "smooth" });
}
