import { PLANS, publicPlan } from "@oystar/plans-and-gates";
import { englishFragments, readableText } from "@oystar/vitest-config/italian-text";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { identity, renderSite } from "./test-support/render-site";

// Issue 14 §3: every page of the site reads in Italian (what the spec keeps in English aside).

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith("/api/plans")) return Response.json({ plans: PLANS.map(publicPlan) });
      if (url.endsWith("/api/subscription/status")) {
        return Response.json({
          plan: "pro",
          plan_name: "Pro",
          queries_used: 3,
          queries_limit: 1000,
          debates_used: 1,
          debates_limit: 100,
          rag_enabled: false,
        });
      }
      return Response.json({ error: "Richiesta non valida" }, { status: 400 });
    }),
  );
});

test("the word list catches the slips of issue 14 and lets Italian through", () => {
  expect(englishFragments("3 custom indexes")).toHaveLength(2);
  expect(englishFragments("indexing takes 24-48h")).toHaveLength(2);
  expect(
    englishFragments("Domande illimitate. Vai al Login. AI built for privacy. Terms of Service. Il piano Free è quello di default."),
  ).toEqual([]);
});

test.each([
  ["/oystar", "L'assistente AI in italiano che rispetta la tua privacy"],
  ["/oystar-ai", "OYSTAR AI"],
  ["/subscription", "Piani e prezzi"],
  ["/enterprise-contact", "Richiedi un preventivo Enterprise"],
  ["/contact", "Contattaci"],
  ["/business-index-request", "Richiesta di indicizzazione"],
  ["/success?plan=pro", "Grazie!"],
  ["/login", "Benvenuto in OYSTAR"],
  ["/privacy", "Informativa sulla privacy"],
  ["/termini", "Termini di servizio"],
  ["/cookie", "Cookie e memoria del browser"],
  ["/non-esiste", "Pagina non trovata"],
])("%s reads in Italian", async (path, heading) => {
  renderSite(path, { email: path === "/login" ? null : "business@oystar.test" });
  expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  if (path === "/subscription") await screen.findByRole("listitem", { name: "Enterprise" });
  expect(englishFragments(readableText(document.body))).toEqual([]);
});

test("the forms' messages read in Italian too", async () => {
  renderSite("/contact");
  await userEvent.click(await screen.findByRole("button", { name: "Invia richiesta" }));
  await userEvent.type(screen.getByLabelText("Email *"), "x");
  await userEvent.click(screen.getByRole("button", { name: "Invia richiesta" }));
  expect(englishFragments(readableText(document.body))).toEqual([]);
});

test("the authentication error screen reads in Italian", async () => {
  const client = identity(null);
  client.handleRedirectCallback = async () => {
    throw Object.assign(new Error("x"), { error: "server_error" });
  };
  renderSite("/?error=server_error&state=s", { client });
  expect(await screen.findByRole("button", { name: "Ricarica Pagina" })).toBeInTheDocument();
  expect(englishFragments(readableText(document.body))).toEqual([]);
});
