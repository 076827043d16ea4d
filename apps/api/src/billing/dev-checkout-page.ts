import { themedColours, themeScriptTag } from "../web/dev-page-theme";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

/**
 * The built-in checkout page: it plays the card provider's hosted page in development and tests,
 * and says so. Plain HTML, no script, so the strict CSP applies unchanged.
 */
export function devCheckoutPage(options: {
  sessionId: string;
  planName: string;
  price: string;
  cancelPath: string;
  error?: string;
  /** Issue 52 §7: what was typed, kept when the card is refused (a real provider's page keeps it too). */
  typed?: Partial<Record<"name" | "number" | "expiry" | "cvc", string>>;
  /** Issue 51: the same form gives a running subscription another card ('Aggiorna il metodo di pagamento'). */
  action?: string;
  submit?: string;
  /** What is paid, as every price is written (issue 51 §3: '29,99 € al mese, IVA inclusa'). */
  priceLine: string;
}): string {
  const id = escapeHtml(options.sessionId);
  const kept = (field: "name" | "number" | "expiry" | "cvc") => {
    const value = options.typed?.[field];
    return value ? ` value="${escapeHtml(value.slice(0, 100))}"` : "";
  };
  return `<!doctype html>
<html lang="it">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  ${themeScriptTag}
  <title>Pagamento di prova — OYSTAR</title>
  <link rel="stylesheet" href="/api/dev/checkout.css">
  <link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
  <main>
    <p class="badge">Pagamento di prova: nessun addebito reale</p>
    <h1>OYSTAR ${escapeHtml(options.planName)}</h1>
    <p class="price">${escapeHtml(options.priceLine)}</p>
    ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ""}
    <form method="post" action="${options.action ? escapeHtml(options.action) : `/api/dev/checkout/${id}/pay`}">
      <label for="name">Intestatario della carta</label>
      <input id="name" name="name" autocomplete="cc-name" required${kept("name")}>
      <label for="number">Numero della carta</label>
      <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"${kept("number")}>
      <div class="row">
        <div><label for="expiry">Scadenza (MM/AA)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required placeholder="12/30"${kept("expiry")}></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123"${kept("cvc")}></div>
      </div>
      <button type="submit">${escapeHtml(options.submit ?? `Paga ${options.price}`)}</button>
      <a class="cancel" href="${escapeHtml(options.cancelPath)}">Annulla</a>
    </form>
    <p class="hint">Carta di prova accettata: 4242 4242 4242 4242. Carta rifiutata: 4000 0000 0000 0002.</p>
  </main>
</body>
</html>`;
}

export const devCheckoutStyles = `
${themedColours(
  "--bg: #f7f5fc; --surface: #fff; --ink: #1c1633; --muted: #4f4868; --border: #8f86a8; --brand: #5b2bd6; --brand-hover: #4a1fb8; --brand-ink: #3d1899; --badge-bg: #fdf1dc; --badge-ink: #8a5300; --error: #b42318; --shadow: rgb(28 22 51 / 12%);",
  "--bg: #120f1f; --surface: #1d1830; --ink: #ece9f5; --muted: #b7b0cc; --border: #8a81a6; --brand: #6d47e8; --brand-hover: #7f5cf0; --brand-ink: #c9b8ff; --badge-bg: #3d2a06; --badge-ink: #fcd38a; --error: #ff9b8f; --shadow: rgb(0 0 0 / 40%);",
)}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; background: var(--bg); color: var(--ink); min-height: 100vh; display: grid; place-items: center; }
main { background: var(--surface); border-radius: 16px; padding: clamp(20px, 6vw, 32px); width: min(420px, calc(100% - 32px)); box-shadow: 0 6px 20px var(--shadow); }
h1 { margin: 8px 0 0; }
.price { font-size: 1.25rem; font-weight: 700; color: var(--brand-ink); }
.badge { display: inline-block; background: var(--badge-bg); color: var(--badge-ink); border-radius: 999px; padding: 2px 10px; font-size: 0.85rem; font-weight: 600; }
form { display: grid; gap: 8px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.row div { display: grid; gap: 8px; min-width: 0; }
label { font-weight: 600; font-size: 0.9rem; }
/* Every field as wide as the form, inside its padding (issue 36 §6). */
input { font: inherit; width: 100%; min-width: 0; padding: 10px; border: 1px solid var(--border); border-radius: 10px; background: var(--surface); color: var(--ink); }
button { margin-top: 12px; font: inherit; font-weight: 700; border: 0; border-radius: 10px; padding: 12px; background: var(--brand); color: #fff; cursor: pointer; }
button:hover { background: var(--brand-hover); }
.cancel { justify-self: center; padding: 8px; color: var(--brand-ink); font-weight: 600; }
input:focus-visible, button:focus-visible, .cancel:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.error { color: var(--error); font-weight: 600; }
.hint { font-size: 0.85rem; color: var(--muted); }
`;
