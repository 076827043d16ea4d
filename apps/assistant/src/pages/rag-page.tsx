import { messages } from "../messages";
import { ModulePage } from "./module-page";

export function Component() {
  return <ModulePage {...messages.rag} />;
}
