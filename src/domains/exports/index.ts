/** What other parts of the appliance may use from exports, and the exports module. */
import type { DomainModule } from "../../platform/module";
import { exportRoutes } from "./routes";
import { registerExportJobs } from "./jobs";
import { eraseFromExports } from "./expiry";
export { exports, exportItems, type ExportFilters } from "./tables";
export { exportRoutes } from "./routes";
export { registerExportJobs } from "./jobs";
export { BUILD_JOB, EXPIRE_JOB, buildExport } from "./build";
export { csvCell, csvLine } from "./csv";
export { COLUMNS, exportRecord } from "./columns";
export { eraseExportCopies, withdrawExportsHolding } from "./expiry";

/** The exports module: routes, the build and expiry jobs, and erasure of a testimonial's copies in exports. */
export const exportsModule: DomainModule = {
  name: "exports",
  routes: (deps) => exportRoutes(deps),
  jobs: registerExportJobs,
  erase: eraseFromExports,
};
