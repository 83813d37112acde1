/** What other parts may use from walls: the public JSON routes and the site pages. */
export { wallRoutes } from "./routes";
export { wallPagesPlugin } from "./pages";
export { isIndexable } from "./indexable";
export { permalinkUrl, wallPageUrl } from "./address";
export { PAGE_SIZE } from "./wall-data";
