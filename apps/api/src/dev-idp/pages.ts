import { themedColours, themeScriptTag } from "../web/dev-page-theme";
import { REFUSED_ACCOUNTS, SEEDED_ACCOUNTS } from "./dev-client";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/**
 * The built-in provider's login page: one button per seeded account and an email field for a
 * new one. Plain HTML forms, no script, so the strict CSP applies unchanged.
 */
export function loginPage(authorizeQuery: string, error?: string): string {
  const query = escapeHtml(authorizeQuery);
  const accounts = SEEDED_ACCOUNTS.map(
    (
      account,
    ) => `<li><button type="submit" name="email" value="${escapeHtml(account.email)}">Accedi come ${escapeHtml(account.email)}</button>
      <span class="plan">${escapeHtml(account.plan)}</span></li>`,
  )
    .concat(
      REFUSED_ACCOUNTS.map(
        (
          account,
        ) => `<li><button type="submit" name="email" value="${escapeHtml(account.email)}">Accedi come ${escapeHtml(account.email)}</button>
      <span class="plan">accesso rifiutato</span></li>`,
      ),
    )
    .join("\n");
  return `<!doctype html>
<html lang="it">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${themeScriptTag}
  <title>Accesso — provider di identità di sviluppo OYSTAR</title>
  <link rel="stylesheet" href="/idp/login.css">
  <link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
  <main>
    <h1>Accedi a OYSTAR</h1>
    <p class="note">Provider di identità di sviluppo: scegli un account di prova o scrivi un'email. Nessuna password, solo per sviluppo e test.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="/idp/login?${query}">
      <ul class="accounts">${accounts}</ul>
    </form>
    <form method="post" action="/idp/login?${query}" class="new-account">
      <label for="email">Un altro indirizzo email (un nuovo account parte dal piano Free)</label>
      <input id="email" name="email" type="email" required autocomplete="email" placeholder="nome@esempio.it">
      <button type="submit">Accedi</button>
    </form>
  </main>
</body>
</html>`;
}

export const loginStyles = `
${themedColours(
  "--bg: #5b2bd6; --surface: #fff; --ink: #1c1633; --muted: #4f4868; --border: #8f86a8; --brand: #5b2bd6; --brand-hover: #4a1fb8; --error: #b42318;",
  "--bg: #241052; --surface: #1d1830; --ink: #ece9f5; --muted: #b7b0cc; --border: #8a81a6; --brand: #6d47e8; --brand-hover: #7f5cf0; --error: #ff9b8f;",
)}
body { margin: 0; font-family: system-ui, sans-serif; background: var(--bg); color: var(--ink); min-height: 100vh; display: grid; place-items: center; }
main { background: var(--surface); border-radius: 16px; padding: 32px; width: min(440px, calc(100% - 32px)); box-shadow: 0 18px 48px rgb(0 0 0 / 25%); }
h1 { margin-top: 0; }
.note { color: var(--muted); font-size: 0.9rem; }
.error { color: var(--error); font-weight: 600; }
.accounts { list-style: none; padding: 0; display: grid; gap: 8px; }
.accounts li { display: flex; align-items: center; gap: 8px; }
.plan { font-size: 0.8rem; color: var(--muted); }
button { font: inherit; font-weight: 600; border: 0; border-radius: 10px; padding: 10px 14px; background: var(--brand); color: #fff; cursor: pointer; }
button:hover { background: var(--brand-hover); }
button:focus-visible, input:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.new-account { display: grid; gap: 8px; margin-top: 24px; }
input { font: inherit; padding: 10px; border: 1px solid var(--border); border-radius: 10px; background: var(--surface); color: var(--ink); }
`;

/**
 * response_mode=web_message: the answer is posted to the window that asked — the opener of a
 * sign-in popup, or the parent of the silent sign-in's hidden iframe — only to the client's own
 * origin, as Auth0's page does. The one inline script runs under a nonce.
 */
export function webMessagePage(targetOrigin: string, response: Record<string, string>, nonce: string): string {
  const message = JSON.stringify({ type: "authorization_response", response }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Accesso</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"></head>
<body><script nonce="${nonce}">(window.opener || window.parent).postMessage(${message}, ${JSON.stringify(targetOrigin).replace(/</g, "\\u003c")});</script></body></html>`;
}

/** A small initials avatar, so profiles have a picture without any remote image. */
export function avatarSvg(email: string): string {
  const initial = escapeHtml((email.trim()[0] ?? "?").toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#5b2bd6"/><text x="32" y="41" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
}
