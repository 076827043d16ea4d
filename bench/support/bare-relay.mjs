// The yardstick of the sse-load benchmark (issue 37 §1): a bare Node relay that accepts a
// request, forwards it to the model (BARE_RELAY_TARGET, the completions URL) on kept-alive
// connections, and pipes the answer's bytes back without reading them. No sign-in, no quota, no
// event ids: what relaying costs with nothing added. In a process of its own so that its CPU is
// measured apart; it tells its parent its port over IPC.
import { Agent, createServer, request as forward } from "node:http";

const target = new URL(process.env.BARE_RELAY_TARGET);
const agent = new Agent({ keepAlive: true });

const server = createServer((incoming, outgoing) => {
  const upstream = forward(
    target,
    {
      method: "POST",
      agent,
      headers: {
        "Content-Type": "application/json",
        ...(incoming.headers["content-length"] ? { "Content-Length": incoming.headers["content-length"] } : {}),
      },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, {
        "Content-Type": answer.headers["content-type"] ?? "text/event-stream",
        "Cache-Control": "no-store",
      });
      answer.pipe(outgoing);
    },
  );
  upstream.on("error", () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  // The caller leaving lets the model go, as the product's plain road does.
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) upstream.destroy();
  });
  incoming.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
