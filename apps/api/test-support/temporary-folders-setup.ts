import { afterAll } from "vitest";
import { removeTemporaryFolders } from "./temporary-folders";

// Run before every test file of the API (vitest.config.ts): its temporary folders go with it.
afterAll(removeTemporaryFolders);
