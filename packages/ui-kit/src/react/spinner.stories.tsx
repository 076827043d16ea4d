import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LoadingScreen, Spinner } from "./spinner";

const meta = { title: "ui-kit/Spinner", component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithLabel: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Caricamento...");
  },
};
export const LabelHidden: Story = { args: { showLabel: false } };
export const FullPage: Story = { render: () => <LoadingScreen />, parameters: { layout: "fullscreen" } };
