// For component tests that draw a screen state by state, outside any Testing Library query.
import { render } from "@testing-library/react";

/**
 * Where a test draws each state a screen goes through, as the screen would. Drawn through Testing
 * Library, so inside React's act(): React leaves no work queued for after the test (work queued
 * then runs once the test's DOM is gone and fails the run with 'window is not defined'). Testing
 * Library's cleanup unmounts it after each test; the next draw mounts it again.
 * @returns {{ container: HTMLDivElement, draw: (ui: import("react").ReactNode) => void }}
 */
export function drawingSurface() {
  const container = document.createElement("div");
  let view;
  return {
    container,
    draw(ui) {
      if (view && container.isConnected) view.rerender(ui);
      else view = render(ui, { container: document.body.appendChild(container) });
    },
  };
}
