import { expect, test } from "vitest";
import { ACCOUNT_DELETION_CONFIRMATION, accountDeletionSchema } from "../index";

test("an account is deleted only with the confirmation spelled out, and nothing else", () => {
  expect(accountDeletionSchema.safeParse({ confirmation: ACCOUNT_DELETION_CONFIRMATION }).success).toBe(true);
  const refused = accountDeletionSchema.safeParse({ confirmation: "si" });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues[0]?.message).toBe("Per eliminare l'account conferma con «ELIMINA IL MIO ACCOUNT».");
  expect(accountDeletionSchema.safeParse({}).success).toBe(false);
  expect(accountDeletionSchema.safeParse({ confirmation: ACCOUNT_DELETION_CONFIRMATION, also: 1 }).success).toBe(false);
});
