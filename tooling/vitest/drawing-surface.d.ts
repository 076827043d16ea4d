export function drawingSurface(): { container: HTMLDivElement; draw: (ui: import("react").ReactNode) => void };
