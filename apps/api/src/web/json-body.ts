import type { Context, Env, HonoRequest, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono/validator";
import type { z } from "zod";

// Issue 53 §2: every JSON route reads its body through this one middleware, with the route's zod
// schema from @oystar/api-client, and its handler takes the parsed body from `c.req.valid("json")`
// — no route parses JSON by hand (the lint refuses a `c.req.json(` in a route file). A body that is
// not JSON, or not what the schema takes, gets the route's own 400 with its Italian message.
// Put it after `jsonOnly` (415 for another content type) and the route's `bodyCeiling`.

/** What a route says of a body it refuses. */
export type BodyRefusal = {
  error: string;
  /** The field the refusal is about, where the route names it. */
  field?: string;
};

/**
 * How a route words its refusal: one Italian message whatever is wrong, or a function of zod's
 * error (e.g. the first issue's own message, Italian in every schema of api-client).
 */
export type RefusalWording = string | ((error: z.ZodError) => BodyRefusal);

/** The first issue's message (the schema's Italian), or the route's own when there is none. */
export const firstIssue =
  (fallback: string) =>
  (error: z.ZodError): BodyRefusal => ({ error: error.issues[0]?.message ?? fallback });

/** As `firstIssue`, naming the field too (the forms and the settings show it beside the field). */
export const firstIssueWithField =
  (fallback: string) =>
  (error: z.ZodError): BodyRefusal => {
    const first = error.issues[0];
    return { error: first?.message ?? fallback, field: first?.path.join(".") };
  };

/** The parsed body as `c.req.valid("json")` gives it to the handler. */
export type JsonBodyInput<S extends z.ZodType> = { in: { json: z.input<S> }; out: { json: z.output<S> } };

/**
 * The request's JSON body, checked by `schema`: the handler reads it with `c.req.valid("json")`.
 * Malformed JSON is judged as the body `null` (as every route did before): a schema that refuses
 * it gives the same answer as to a body of the wrong shape — `wording` says it, with status 400.
 */
export function jsonBody<S extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: S,
  wording: RefusalWording,
): MiddlewareHandler<E, P, JsonBodyInput<S>> {
  const refuse = (error: z.ZodError): BodyRefusal => (typeof wording === "string" ? { error: wording } : wording(error));
  // hono's validator, seen as a plain middleware: the route's typing is this function's own.
  const validate = validator("json", (value: unknown, c) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as object) : c.json(refuse(parsed.error), 400);
  }) as unknown as MiddlewareHandler;
  return async (c, next) => {
    let validated = false;
    try {
      return await validate(c as unknown as Context, async () => {
        validated = true;
        await next();
      });
    } catch (error) {
      // hono's validator throws a 400 HTTPException, in English, for malformed JSON; an error from
      // the route after the body was validated is the route's, not ours.
      if (validated || !(error instanceof HTTPException) || error.status !== 400) throw error;
      const parsed = schema.safeParse(null);
      if (!parsed.success) return c.json(refuse(parsed.error), 400);
      c.req.addValidatedData("json", parsed.data as object);
      await next();
    }
  };
}

/**
 * As `jsonBody`, for a route whose later middlewares read the parsed body as a context variable
 * (a debate's call, a chat request, a question): it is set under `key` once valid. One middleware
 * instead of two keeps the longest routes within the handlers hono's types count.
 */
export function jsonBodyAs<E extends { Variables: object }, S extends z.ZodType>(
  key: keyof E["Variables"] & string,
  schema: S,
  wording: RefusalWording,
): MiddlewareHandler<E> {
  const read = jsonBody(schema, wording);
  return async (c, next) =>
    read(c as unknown as Context<Env, string, JsonBodyInput<S>>, async () => {
      const body = (c.req as unknown as HonoRequest<string, JsonBodyInput<S>["out"]>).valid("json");
      (c as unknown as Context<{ Variables: Record<string, unknown> }>).set(key, body);
      await next();
    });
}
