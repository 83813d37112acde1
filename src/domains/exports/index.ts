/** What other parts of the appliance may use from exports. */
import "./expiry";
export { exports, exportItems, type ExportFilters } from "./tables";
export { exportRoutes } from "./routes";
export { registerExportJobs } from "./jobs";
export { BUILD_JOB, EXPIRE_JOB, buildExport } from "./build";
export { csvCell, csvLine } from "./csv";
export { COLUMNS, exportRecord } from "./columns";
export { eraseExportCopies, withdrawExportsHolding } from "./expiry";
