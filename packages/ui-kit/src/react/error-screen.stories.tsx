import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { ChunkLoadError } from "../load-chunk";
import { ErrorScreen } from "./error-screen";

const meta = { title: "ui-kit/ErrorScreen", component: ErrorScreen, parameters: { layout: "fullscreen" } } satisfies Meta<
  typeof ErrorScreen
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RouterFailure: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Ricarica Pagina" })).toBeVisible();
  },
};
export const WithMessageAndAction: Story = {
  args: {
    title: "Problema di autenticazione. Riprova più tardi.",
    action: <Button>Vai al Login</Button>,
  },
};
export const ChunkNotLoaded: Story = { args: { error: new ChunkLoadError(new TypeError("Failed to fetch dynamically imported module")) } };
