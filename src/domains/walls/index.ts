/** What other parts may use from walls (the public JSON routes and the site pages), and the walls module. */
import type { DomainModule } from "../../platform/module";
import { wallRoutes } from "./routes";
import { wallPagesPlugin } from "./pages";
import { forgetShown } from "./read-cache";
export { wallRoutes } from "./routes";
export { wallPagesPlugin } from "./pages";
export { isIndexable } from "./indexable";
export { permalinkUrl, wallPageUrl } from "./address";
export { PAGE_SIZE } from "./wall-data";

/** The walls module: the public wall JSON routes, the wall pages, and dropping a brand's cached reads when what it shows changes. */
export const wallsModule: DomainModule = {
  name: "walls",
  routes: (deps) => wallRoutes(deps),
  pages: (deps) => wallPagesPlugin(deps),
  shown: forgetShown,
};
