import { loadEnv } from "./env";
import { runServerProcesses } from "./server-processes";

await runServerProcesses(loadEnv());
