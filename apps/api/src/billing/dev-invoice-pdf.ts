import { formatPrice } from "@oystar/plans-and-gates";
import type { Queryable } from "../db/database";
import type { VatSettings } from "./vat";

export type Seller = { name: string | null; address: string | null; vatNumber: string | null };

/** Issue 51 §6: a value not configured says so, visibly (development only). */
const configured = (value: string | null, variable: string) => value ?? `Da configurare: ${variable}`;

const euro = (cents: number) => formatPrice(cents / 100);
const day = (date: Date) => date.toLocaleDateString("it-IT", { timeZone: "Europe/Rome", day: "numeric", month: "long", year: "numeric" });

/**
 * Issue 51 §4: the built-in checkout's own invoice, as Stripe's invoice PDF is in production —
 * the seller, the date, what was paid and the VAT inside it (or added to it).
 */
export async function devInvoicePdf(db: Queryable, invoiceId: string, vat: VatSettings, seller: Seller): Promise<Uint8Array> {
  const [invoice] = await db.query<{ created_at: Date; description: string; total_cents: number; tax_cents: number; status: string }>(
    "SELECT created_at, description, total_cents, tax_cents, status FROM dev_provider_invoices WHERE id = $1",
    [invoiceId],
  );
  if (!invoice) throw new Error(`no invoice ${invoiceId}`);
  // Loaded when an invoice is asked for: the server starts without it.
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ unit: "pt", format: "a4" });
  const lines = [
    `Fattura ${invoiceId}`,
    `Data: ${day(invoice.created_at)}`,
    `Venditore: ${configured(seller.name, "SELLER_NAME")}`,
    `Indirizzo: ${configured(seller.address, "SELLER_ADDRESS")}`,
    `Partita IVA: ${configured(seller.vatNumber, "SELLER_VAT_NUMBER")}`,
    `Descrizione: ${invoice.description}`,
    `Imponibile: ${euro(invoice.total_cents - invoice.tax_cents)}`,
    `IVA ${vat.rate}%: ${euro(invoice.tax_cents)}`,
    `Totale: ${euro(invoice.total_cents)}`,
    `Stato: ${invoice.status === "paid" ? "pagata" : "da pagare"}`,
  ];
  doc.setFontSize(12);
  lines.forEach((line, index) => doc.text(line, 56, 72 + index * 20));
  return new Uint8Array(doc.output("arraybuffer"));
}
