import { render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import { BackendStatusBadge } from "./backend-status-badge";
import { useBackendStatus } from "./use-backend-status";

function StatusOf({ check }: { check: () => Promise<boolean> }) {
  const { status } = useBackendStatus(check);
  return <BackendStatusBadge status={status} />;
}

test("the badge says checking, then online", async () => {
  render(<StatusOf check={async () => true} />);
  expect(await screen.findByText("Online")).toBeInTheDocument();
});

test("the badge says offline when the server does not answer", async () => {
  render(
    <StatusOf
      check={async () => {
        throw new TypeError("Failed to fetch");
      }}
    />,
  );
  expect(await screen.findByText("Offline")).toBeInTheDocument();
});

test("while checking it says so", () => {
  render(<BackendStatusBadge status="checking" />);
  expect(screen.getByRole("status")).toHaveTextContent("Verifica...");
});
