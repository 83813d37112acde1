/** What other parts of the appliance may use from widgets. Importing it subscribes widget rebuilds to testimonial changes. */
import { onShownChange } from "../submissions";
import { rebuildBrandWidgets } from "./publisher";

onShownChange(rebuildBrandWidgets);

export { widgetRoutes } from "./routes";
export { widgetScriptPlugin } from "./script";
export { registerWidgetJobs, publishWidget, PUBLISH_WIDGET_JOB, documentKey } from "./publisher";
export { widgets, type WidgetRow, type WidgetSettings } from "./tables";
