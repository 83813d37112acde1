/** The appliance's version, from package.json at build time. */
import pkg from "../package.json" with { type: "json" };

/** Semantic version of this build. */
export const VERSION: string = pkg.version;
