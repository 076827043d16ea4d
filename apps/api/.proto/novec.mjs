import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create();
console.log((await db.query("select name from pg_available_extensions")).rows);
