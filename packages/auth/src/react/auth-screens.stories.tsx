import type { Meta, StoryObj } from "@storybook/react-vite";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { expect, fn, userEvent, within } from "storybook/test";
import { AuthErrorScreen, WelcomeScreen } from "./auth-screens";

const meta = {
  title: "auth/Screens",
  component: WelcomeScreen,
  parameters: { layout: "fullscreen" },
  args: { onLogin: fn() },
} satisfies Meta<typeof WelcomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "ACCEDI" }));
    await expect(args.onLogin).toHaveBeenCalledOnce();
  },
};
export const WelcomeRedirecting: Story = { args: { busy: true } };
export const Loading: Story = { render: () => <LoadingScreen /> };
export const AuthenticationError: Story = { render: () => <AuthErrorScreen goTo={fn()} /> };
export const EmailNotVerified: Story = {
  render: () => <AuthErrorScreen message="Please verify your email before logging in." goTo={fn()} />,
};
export const VerifyingPayment: Story = {
  render: () => <LoadingScreen detail="Stiamo verificando il tuo accesso per confermare il pagamento..." />,
};
