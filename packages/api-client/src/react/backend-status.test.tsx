import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import type { Health } from "../schemas/service";
import { BackendStatusBadge } from "./backend-status-badge";
import { useBackendStatus } from "./use-backend-status";

function StatusOf({ readHealth }: { readHealth: () => Promise<Health> }) {
  const { status } = useBackendStatus(readHealth);
  return <BackendStatusBadge status={status} />;
}

test("the badge says checking, then online", async () => {
  render(<StatusOf readHealth={async () => ({ status: "ok", version: "1.2.3" })} />);
  expect(await screen.findByText("Online")).toBeInTheDocument();
});

test("the badge says offline when the server does not answer", async () => {
  render(
    <StatusOf
      readHealth={async () => {
        throw new TypeError("Failed to fetch");
      }}
    />,
  );
  expect(await screen.findByText("Offline")).toBeInTheDocument();
});

test("online, it names the model server the admin chose", () => {
  const { rerender } = render(<BackendStatusBadge status="online" provider="local" />);
  expect(screen.getByRole("status")).toHaveTextContent("Online · Server locale (VM)");
  rerender(<BackendStatusBadge status="online" provider="cloud" />);
  expect(screen.getByRole("status")).toHaveTextContent("Online · Private Cloud");
  rerender(<BackendStatusBadge status="offline" provider="cloud" />);
  expect(screen.getByRole("status").textContent).toBe("● Offline");
});

test("while checking it says so", () => {
  render(<BackendStatusBadge status="checking" />);
  expect(screen.getByRole("status")).toHaveTextContent("Verifica...");
});
