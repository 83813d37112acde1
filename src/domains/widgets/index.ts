/** What other parts of the appliance may use from widgets, and the widgets module. */
import type { DomainModule } from "../../platform/module";
import { rebuildBrandWidgets, registerWidgetJobs } from "./publisher";
import { widgetRoutes } from "./routes";
import { widgetScriptPlugin } from "./script";
import { widgetsOfDeletedBrand } from "./brand-deletion";

export { widgetRoutes } from "./routes";
export { widgetScriptPlugin } from "./script";
export { registerWidgetJobs, publishWidget, PUBLISH_WIDGET_JOB, documentKey } from "./publisher";
export { widgets, type WidgetRow, type WidgetSettings } from "./tables";
export { shownIdsOf } from "./document";
export { getWidgetRow } from "./service";

/**
 * The widgets module: routes, the widget script (under the CDN address), the publish job, rebuilding a brand's widget
 * documents when what it shows changes, and deleting a deleted brand's widgets.
 */
export const widgetsModule: DomainModule = {
  name: "widgets",
  routes: (deps) => widgetRoutes(deps),
  cdnPages: (deps, assets) => widgetScriptPlugin(assets, deps),
  // The embed script, copied into the public storage area at start (so a bucket can be the CDN address).
  cdnFiles: ["widget.js"],
  jobs: registerWidgetJobs,
  shown: rebuildBrandWidgets,
  brandDeletion: widgetsOfDeletedBrand,
};
