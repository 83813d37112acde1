/** What other parts may use from capture. */
export { captureRoutes } from "./routes";
export { linkView, findLink } from "./link-view";
