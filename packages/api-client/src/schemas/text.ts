import { z } from "./zod";

/** A lone half of a surrogate pair: not a character, and Postgres refuses to store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_CHARACTERS = "Il testo contiene caratteri non validi.";

/** Text that can be stored as it is: well-formed Unicode with no NUL (which Postgres rejects). */
export const isStorableText = (value: string) => !value.includes("\u0000") && !LONE_SURROGATE.test(value);

/** A string the server stores: refused with a clear message rather than failing in the database. */
export const storableString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isStorableText, INVALID_CHARACTERS);
