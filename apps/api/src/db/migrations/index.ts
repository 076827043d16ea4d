import { accounts } from "./0001-accounts";

/** Every schema change, in order. Never edit one that has shipped: add the next. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [{ id: "0001-accounts", sql: accounts }];
