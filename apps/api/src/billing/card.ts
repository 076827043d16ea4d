// Card checks of the built-in checkout: enough to behave like a card form, nothing stored.
import { billingMessages } from "./messages";

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The test card a real provider declines, so the failure path can be tried too. */
export const DECLINED_TEST_CARD = "4000000000000002";

/**
 * Stripe's test card that is saved but whose every charge the bank refuses: on the built-in
 * provider, an upgrade or a renewal charged to it fails, as it would at Stripe.
 */
export const CHARGES_DECLINED_TEST_CARD = "4000000000000341";

/** Whether a saved card's charges are refused (the built-in provider keeps only the last four digits). */
export const chargesDeclined = (cardLast4: string) => cardLast4 === CHARGES_DECLINED_TEST_CARD.slice(-4);

export type CardCheck = { ok: true } | { ok: false; message: string };

export function checkCard(card: { number: string; expiry: string; cvc: string; name: string }, now: Date = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, "");
  if (!card.name.trim()) return { ok: false, message: billingMessages.cardHolderMissing };
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return { ok: false, message: billingMessages.cardNumberInvalid };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now)
    return { ok: false, message: billingMessages.cardExpiryInvalid };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, message: billingMessages.cardCvcInvalid };
  if (number === DECLINED_TEST_CARD) return { ok: false, message: billingMessages.cardDeclined };
  return { ok: true };
}
