import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { LoadedPdfCard } from "./loaded-pdf-card";
import { LockedPdfZone } from "./locked-pdf-zone";
import { OcrDialog } from "./ocr-dialog";
import { PdfDropZone } from "./pdf-drop-zone";

const pdfFile = new File(["%PDF-1.7"], "Verbale.pdf", { type: "application/pdf" });
const pngFile = new File(["png"], "foto.png", { type: "image/png" });

describe("the drop zone", () => {
  test("a PDF chosen with the button is taken; anything else is refused", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFile = vi.fn();
    const onRefused = vi.fn();
    const { container } = render(<PdfDropZone onFile={onFile} onRefused={onRefused} />);
    expect(screen.getByText(/Max 100 MB/)).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute("accept", "application/pdf,.pdf");
    await user.upload(input, pdfFile);
    expect(onFile).toHaveBeenCalledWith(pdfFile);
    await user.upload(input, pngFile);
    expect(onRefused).toHaveBeenCalledWith("Sono supportati solo file PDF.");
  });

  test("a dropped file that is not a PDF asks for one", () => {
    const onFile = vi.fn();
    const onRefused = vi.fn();
    render(<PdfDropZone onFile={onFile} onRefused={onRefused} />);
    const zone = screen.getByRole("button", { name: "Carica un PDF" }).parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [pngFile] } });
    expect(onRefused).toHaveBeenCalledWith("Trascina un file PDF");
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile] } });
    expect(onFile).toHaveBeenCalledWith(pdfFile);
  });

  test("while a PDF is read it says so and takes nothing", () => {
    const onFile = vi.fn();
    render(<PdfDropZone onFile={onFile} onRefused={vi.fn()} disabled busyText="Lettura di Verbale.pdf..." />);
    expect(screen.getByRole("button", { name: "Carica un PDF" })).toBeDisabled();
    expect(screen.getByText("Lettura di Verbale.pdf...")).toBeInTheDocument();
    fireEvent.drop(screen.getByRole("button", { name: "Carica un PDF" }).parentElement!, { dataTransfer: { files: [pdfFile] } });
    expect(onFile).not.toHaveBeenCalled();
  });

  test("locked for the plan: dropping a file is an attempt that goes to the plans", () => {
    const onAttempt = vi.fn();
    render(<LockedPdfZone upgradeHref="/subscription?plan=business" onAttempt={onAttempt} />);
    expect(screen.getByRole("link", { name: "Scopri Business" })).toHaveAttribute("href", "/subscription?plan=business");
    fireEvent.drop(screen.getByRole("link").parentElement!, { dataTransfer: { files: [pdfFile] } });
    expect(onAttempt).toHaveBeenCalledOnce();
  });
});

describe("a loaded PDF", () => {
  const pdf = { name: "Verbale.pdf", pages: 2, size: 20_480, text: "Testo." };

  test("shows its name, pages and size; offers the three actions and removal", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRemove = vi.fn();
    render(<LoadedPdfCard pdf={pdf} onAction={onAction} onRemove={onRemove} />);
    expect(screen.getByText("Verbale.pdf")).toBeInTheDocument();
    expect(screen.getByText("2 pagine · 20 KB")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verbale" }));
    await user.click(screen.getByRole("button", { name: "Riassunto" }));
    await user.click(screen.getByRole("button", { name: "Azioni" }));
    expect(onAction.mock.calls.map(([action]) => action)).toEqual(["verbale", "riassunto", "actions"]);
    await user.click(screen.getByRole("button", { name: "Rimuovi Verbale.pdf" }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});

describe("the OCR question", () => {
  test("asks about the scanned file; yes or no", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<OcrDialog fileName="Scansione.pdf" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole("dialog", { name: "PDF scansionato" })).toHaveTextContent("«Scansione.pdf» contiene pochissimo testo");
    await user.click(screen.getByRole("button", { name: "Sì, estrai testo" }));
    await user.click(screen.getByRole("button", { name: "No, annulla" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(<OcrDialog fileName={null} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
