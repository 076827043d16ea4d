// Issue 49 §4–§5: references written back as lawyers write them — in full under a source
// («Art. 21, comma 2 — Costituzione», «Art. 2-septies — D.Lgs. 196/2003») and short in a sentence
// («l'art. 2043 c.c.», «l'art. 2-septies d.lgs. 196/2003»).

const CODES: Record<string, { name: string; short: string }> = {
  cost: { name: "Costituzione", short: "Cost." },
  cc: { name: "Codice civile", short: "c.c." },
  cp: { name: "Codice penale", short: "c.p." },
  cpc: { name: "Codice di procedura civile", short: "c.p.c." },
  cpp: { name: "Codice di procedura penale", short: "c.p.p." },
};

/** Acts known by a name of their own, beside their number. */
const KNOWN_AS: Record<string, string> = {
  "dpr:917/1986": "TUIR",
  "dlgs:58/1998": "TUF",
  "dlgs:385/1993": "TUB",
  "dlgs:267/2000": "TUEL",
  "reg-ue:2016/679": "GDPR",
};

const TYPES: Record<string, string> = {
  dlgs: "D.Lgs.",
  dl: "D.L.",
  dpr: "D.P.R.",
  rd: "R.D.",
  dm: "D.M.",
  l: "L.",
  lcost: "L. cost.",
  "reg-ue": "Reg. (UE)",
  "reg-ce": "Reg. (CE)",
  "reg-cee": "Reg. (CEE)",
  "dir-ue": "Direttiva (UE)",
  "dir-ce": "Direttiva CE",
  "dir-cee": "Direttiva CEE",
  oic: "OIC",
  ias: "IAS",
  ifrs: "IFRS",
  circ: "Circolare",
  ris: "Risoluzione",
  interpello: "Interpello n.",
};

/** An act's name in full: «Costituzione», «D.Lgs. 196/2003», «TUIR (D.P.R. 917/1986)», «Circolare 12/E/2024». */
export function actName(act: string): string {
  const code = CODES[act];
  if (code) return code.name;
  const [type = "", number = ""] = act.split(":");
  const written = `${TYPES[type] ?? type.toUpperCase()} ${number.replace(/\/e(?=\/|$)/, "/E")}`;
  const known = KNOWN_AS[act];
  return known ? `${known} (${written})` : written;
}

/** An act as cited in a sentence: «c.c.», «Cost.», «d.lgs. 196/2003», «TUIR». */
export function actShort(act: string): string {
  const code = CODES[act];
  if (code) return code.short;
  const known = KNOWN_AS[act];
  if (known) return known;
  const name = actName(act);
  return /^(?:D\.|L\.|R\.D\.)/.test(name) ? name.replace(/^\S+(?= )/, (type) => type.toLowerCase()) : name;
}

/** A passage's label under its source: «Art. 21, comma 2 — Costituzione»; the act alone, or the article alone, when only one is known. */
export function referenceLabel(reference: { act?: string | null; article?: string | null; comma?: string | null }): string | null {
  const article = reference.article ? `Art. ${reference.article}${reference.comma ? `, comma ${reference.comma}` : ""}` : null;
  const act = reference.act ? actName(reference.act) : null;
  return [article, act].filter(Boolean).join(" — ") || null;
}

/** A reference in a sentence: «art. 2043 c.c.», «art. 21, comma 2, Cost.», «OIC 12». */
export function referenceCitation(reference: { act?: string | null; article?: string | null; comma?: string | null }): string {
  const act = reference.act ? actShort(reference.act) : "";
  if (!reference.article) return act;
  const comma = reference.comma ? `, comma ${reference.comma}${act ? "," : ""}` : "";
  return `art. ${reference.article}${comma}${act ? ` ${act}` : ""}`;
}
