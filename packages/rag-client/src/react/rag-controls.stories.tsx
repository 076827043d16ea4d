import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { ragModelChoices } from "../rag-models";
import { RagControls, type RagControlsProps } from "./rag-controls";

function Controls(props: Omit<RagControlsProps, "model" | "onModelChange" | "advancedOpen" | "onAdvancedOpenChange"> & { open: boolean }) {
  const [model, setModel] = useState("openai/gpt-oss-120b");
  const [open, setOpen] = useState(props.open);
  return <RagControls {...props} model={model} onModelChange={setModel} advancedOpen={open} onAdvancedOpenChange={setOpen} />;
}

const meta = {
  title: "rag-client/RagControls",
  component: Controls,
  args: {
    indexes: [{ name: "gardenroute-demo", label: "Garden Route" }],
    models: ragModelChoices("openai/gpt-oss-120b"),
    contextUsage: 12,
    onOpenConfiguration: () => {},
    open: false,
  },
} satisfies Meta<typeof Controls>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** The advanced panel with the model selector: the RAG's six models (spec 001 §9). */
export const AdvancedOpen: Story = { args: { open: true } };

/** The admin chose a model of their own: it is offered first. */
export const AdminOwnModel: Story = { args: { open: true, models: ragModelChoices("qwen2.5-72b-instruct") } };

export const IndexesLoading: Story = { args: { indexes: null } };
