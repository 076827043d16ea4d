import { base } from "@oystar/eslint-config/base";

export default base;
