import { messages } from "../messages";
import { useSeller } from "./use-seller";

const text = messages.seller;

/**
 * Issue 51 §6: who sells OYSTAR ('seller', the terms) or who controls its data ('controller', the
 * privacy page), with address, VAT number and contacts. What is not configured yet says so.
 */
export function SellerDetails({ role }: { role: "seller" | "controller" }) {
  const seller = useSeller();
  if (!seller) return null;
  const value = (given: string | null, variable: string) => given ?? text.toConfigure(variable);
  return (
    <ul className="seller-details">
      <li>
        {role === "controller" ? text.controller : text.seller}: {value(seller.name, "SELLER_NAME")}
      </li>
      <li>
        {text.address}: {value(seller.address, "SELLER_ADDRESS")}
      </li>
      <li>
        {text.vatNumber}: {value(seller.vat_number, "SELLER_VAT_NUMBER")}
      </li>
      <li>
        {text.privacyContact}:{" "}
        {seller.privacy_contact_email ? (
          <a href={`mailto:${seller.privacy_contact_email}`}>{seller.privacy_contact_email}</a>
        ) : (
          text.toConfigure("PRIVACY_CONTACT_EMAIL")
        )}
      </li>
      {role === "controller" && seller.dpo_contact ? (
        <li>
          {text.dpo}: {seller.dpo_contact}
        </li>
      ) : null}
    </ul>
  );
}

/** The footer's line: who sells, or what is still to configure. */
export function SellerLine() {
  const seller = useSeller();
  if (!seller) return null;
  const value = (given: string | null, variable: string) => given ?? text.toConfigure(variable);
  return (
    <p className="site-footer__seller">
      {messages.footer.seller(
        value(seller.name, "SELLER_NAME"),
        value(seller.address, "SELLER_ADDRESS"),
        value(seller.vat_number, "SELLER_VAT_NUMBER"),
      )}
    </p>
  );
}
