// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Issue 51 §7: every sentence that promises a capability, where the product says it, and the
// test that proves it — a journey in e2e/tests where a user can do it in a browser, the API's
// own test where it happens on the server. A promise without its proof, or a proof renamed
// away, fails here.

const source = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), "utf8");

type Promised = { sentence: string; saidIn: readonly string[]; provedBy: { file: string; test: string } };

const manage = "e2e/tests/subscription-manage.spec.ts";
const PROMISES: readonly Promised[] = [
  {
    sentence: "Disdici quando vuoi da Il mio account",
    saidIn: [
      "apps/marketing/src/messages.ts", // the plans page and the success page
      "packages/plans-and-gates/src/react/upsells.tsx",
      "apps/marketing/src/pages/legal/legal-texts.ts",
    ],
    provedBy: {
      file: manage,
      test: "a Pro customer cancels in two clicks, stays Pro until the date, reactivates, cancels again and is Free when the provider ends the period",
    },
  },
  {
    sentence: "oggi paghi solo la differenza per i giorni che restano del periodo già pagato",
    saidIn: ["apps/marketing/src/pages/legal/legal-texts.ts"],
    provedBy: {
      file: manage,
      test: "a Pro customer schedules Base, then upgrades to Business paying the prorated amount shown, and downloads an invoice showing its VAT",
    },
  },
  {
    sentence: "Un piano inferiore parte alla fine del periodo pagato",
    saidIn: ["apps/marketing/src/pages/legal/legal-texts.ts"],
    provedBy: {
      file: manage,
      test: "a Pro customer schedules Base, then upgrades to Business paying the prorated amount shown, and downloads an invoice showing its VAT",
    },
  },
  {
    sentence: "Le fatture, con l'IVA, sono in 'Il mio account' e si scaricano in PDF.",
    saidIn: ["apps/marketing/src/pages/legal/legal-texts.ts"],
    provedBy: {
      file: manage,
      test: "a Pro customer schedules Base, then upgrades to Business paying the prorated amount shown, and downloads an invoice showing its VAT",
    },
  },
  {
    sentence: "Puoi scaricare i tuoi dati ed eliminare l'account quando vuoi, da 'Il mio account'.",
    saidIn: ["apps/marketing/src/pages/legal/legal-texts.ts"],
    provedBy: {
      file: "e2e/tests/my-data.spec.ts",
      test: "a user sends a form, downloads 'I miei dati' with it, deletes the account and is signed out; the old token is refused",
    },
  },
  {
    sentence: "Eliminare l'account annulla l'abbonamento presso il fornitore dei pagamenti.",
    saidIn: ["apps/marketing/src/pages/legal/legal-texts.ts"],
    provedBy: {
      file: "apps/api/src/me/account-deletion.test.ts",
      test: "the paid subscription is cancelled and the open checkout closed; if Stripe fails, nothing is deleted",
    },
  },
  {
    sentence: "Il piano si attiva appena il fornitore dei pagamenti conferma il pagamento",
    saidIn: ["apps/marketing/src/messages.ts"],
    provedBy: {
      file: "e2e/tests/checkout.spec.ts",
      test: "from the landing to Pro: sign in, card checkout, success countdown, and the server says pro",
    },
  },
];

test.each(PROMISES)("'$sentence' is proved by $provedBy.file", ({ sentence, saidIn, provedBy }) => {
  for (const file of saidIn) expect(source(file), file).toContain(sentence);
  expect(source(provedBy.file)).toContain(provedBy.test);
});

test("the promises the product could not keep are gone", () => {
  const said = [
    "apps/marketing/src/messages.ts",
    "apps/marketing/src/pages/subscription-page.tsx",
    "apps/marketing/src/pages/success-page.tsx",
    "packages/plans-and-gates/src/react/upsells.tsx",
    "apps/marketing/src/pages/legal/legal-texts.ts",
  ]
    .map(source)
    .join("\n");
  for (const broken of ["Puoi disdire in qualsiasi momento", "Puoi cambiare piano quando vuoi", "Si può passare solo a un piano superiore"])
    expect(said).not.toContain(broken);
});
