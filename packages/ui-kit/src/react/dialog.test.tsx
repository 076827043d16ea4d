import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { expect, test, vi } from "vitest";
import { Button } from "./button";
import { Dialog } from "./dialog";

function Example({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Estrai testo</Button>
      <Dialog
        open={open}
        title="PDF scansionato"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              No, annulla
            </Button>
            <Button onClick={() => setOpen(false)}>Sì, estrai testo</Button>
          </>
        }
      >
        Il documento non contiene testo.
      </Dialog>
    </>
  );
}

test("the dialog is a labelled modal that takes focus", async () => {
  render(<Example />);
  await userEvent.click(screen.getByRole("button", { name: "Estrai testo" }));
  const dialog = screen.getByRole("dialog", { name: "PDF scansionato" });
  expect(dialog).toHaveAttribute("aria-modal", "true");
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
});

test("Escape closes it and focus returns to the button that opened it", async () => {
  const onClose = vi.fn();
  render(<Example onClose={onClose} />);
  const opener = screen.getByRole("button", { name: "Estrai testo" });
  await userEvent.click(opener);
  await userEvent.keyboard("{Escape}");
  expect(onClose).toHaveBeenCalledOnce();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test("Tab and Shift+Tab stay inside the dialog", async () => {
  render(<Example />);
  await userEvent.click(screen.getByRole("button", { name: "Estrai testo" }));
  const close = screen.getByRole("button", { name: "Chiudi" });
  const confirm = screen.getByRole("button", { name: "Sì, estrai testo" });
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(confirm).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
});

test("a click on the backdrop closes it", async () => {
  const onClose = vi.fn();
  render(<Example onClose={onClose} />);
  await userEvent.click(screen.getByRole("button", { name: "Estrai testo" }));
  await userEvent.click(screen.getByTestId("dialog-backdrop"));
  expect(onClose).toHaveBeenCalledOnce();
});

test("a side panel's body, which scrolls on its own, is reached with Tab even when it holds nothing to focus", async () => {
  render(
    <Dialog open title="Configurazione" placement="side" onClose={() => {}}>
      <p>Sola lettura.</p>
    </Dialog>,
  );
  expect(screen.getByRole("button", { name: "Chiudi" })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByText("Sola lettura.").parentElement).toHaveFocus();
});

test("closing gives the focus back to the control it names, when the opener did not keep it", async () => {
  function OpenedFromALink() {
    const [open, setOpen] = useState(false);
    const link = useRef<HTMLAnchorElement>(null);
    return (
      <>
        <a ref={link} href="#fonte-1">
          [1]
        </a>
        {/* A click that leaves the focus elsewhere, as a browser may do with a link. */}
        <Button onClick={() => setOpen(true)}>Apri</Button>
        <Dialog open={open} title="Fonte" onClose={() => setOpen(false)} returnFocus={link.current} className="rag-viewer">
          Testo.
        </Dialog>
      </>
    );
  }
  render(<OpenedFromALink />);
  await userEvent.click(screen.getByRole("button", { name: "Apri" }));
  expect(screen.getByRole("dialog", { name: "Fonte" })).toHaveClass("oy-dialog", "rag-viewer");
  await userEvent.keyboard("{Escape}");
  expect(screen.getByRole("link", { name: "[1]" })).toHaveFocus();
});
