// Debian's Chromium for every browser test (story tests and e2e journeys): never a downloaded
// browser (STACK-NOTES.md). Without the background-networking flags Chromium floods the closed
// network with refused connections.
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
