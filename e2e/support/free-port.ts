import { createServer } from "node:net";

/** Asks the OS for a free TCP port on loopback (the machine is shared: no fixed ports). */
export function reserveFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("No port assigned"));
      });
    });
  });
}
