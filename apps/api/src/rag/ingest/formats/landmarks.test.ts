import { expect, test } from "vitest";
import { emailHeaderOf, placeOf, sheetLandmark, slideLandmark } from "./landmarks";

// Issue 34: the viewer reads back the landmarks the formats wrote.

test("a passage's slide or sheet: the last one before it, or the ones it runs across", () => {
  const slides = `${slideLandmark(1)}\n\nOrdine del giorno\n\n${slideLandmark(2)}\n\nNomine\n\n${slideLandmark(3)}\n\nVarie`;
  const at = (text: string) => slides.indexOf(text);
  expect(placeOf(slides.slice(0, at("Nomine")), "Nomine")).toBe("Diapositiva 2");
  expect(placeOf(slides.slice(0, at(slideLandmark(2))), `${slideLandmark(2)}\n\nNomine`)).toBe("Diapositiva 2");
  expect(placeOf("", slides)).toBe("Diapositive 1–3");
  expect(placeOf(slides.slice(0, at("Nomine")), "Nomine\n\nDiapositiva 3\n\nVarie")).toBe("Diapositive 2–3");
  const sheets = `${sheetLandmark("Udienze")}\n\nPratica · Udienza\n\n${sheetLandmark("Parcelle")}\n\nCliente · Onorario`;
  expect(placeOf("", sheets)).toBe("Fogli «Udienze», «Parcelle»");
  expect(placeOf("Un testo senza diapositive.\n\n", "Niente.")).toBeNull();
});

test("an e-mail's header from its reading text's first blocks", () => {
  expect(emailHeaderOf("Oggetto: Rinvio\n\nDa: Avv. Greco\n\nA: Segreteria\n\nData: 10 novembre 2026\n\nIl giudice ha rinviato.")).toEqual({
    subject: "Rinvio",
    from: "Avv. Greco",
    to: "Segreteria",
    date: "10 novembre 2026",
  });
  expect(emailHeaderOf("Un documento qualunque.")).toBeNull();
});
