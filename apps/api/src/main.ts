import { loadEnv } from "./env";
import { startServer } from "./server";

const env = loadEnv();
const server = await startServer(env);
console.info(`OYSTAR in ascolto su ${server.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
