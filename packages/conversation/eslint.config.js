import { coreWithoutReact, react } from "@oystar/eslint-config/react";

export default [...react, ...coreWithoutReact];
