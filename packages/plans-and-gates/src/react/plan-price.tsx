import { cx } from "@oystar/ui-kit";
import { DEFAULT_VAT, formatPrice, perMonthWithVat, type VatSettings } from "../price";

/**
 * A plan card's price: the amount large, 'al mese, IVA inclusa' under it (issue 51 §3). Its text
 * reads as formatMonthlyPrice writes it, '9,99 € al mese, IVA inclusa'; 'Su richiesta' alone.
 */
export function PlanPrice({ price, vat = DEFAULT_VAT }: { price: number | null; vat?: VatSettings }) {
  return (
    <p className={cx("oy-plan__price", price === null && "oy-plan__price--words")}>
      {formatPrice(price)}
      {price !== null ? (
        <>
          {" "}
          <span className="oy-plan__period">{perMonthWithVat(vat)}</span>
        </>
      ) : null}
    </p>
  );
}
