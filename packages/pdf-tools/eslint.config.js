import { base, coreWithoutReact } from "@oystar/eslint-config/base";

export default [...base, ...coreWithoutReact];
