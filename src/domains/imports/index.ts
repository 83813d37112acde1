/** What other domains may use from imports, and the imports module. */
import type { DomainModule } from "../../platform/module";
import { importRoutes } from "./routes";
import { importedReviewsUsed } from "./usage";
import { registerImportJobs } from "./analyse";
export { imports } from "./tables";
export { ATTESTATION_TEXT } from "./attestation";
export { importRoutes } from "./routes";
export { runImport, IMPORTED_TEXT_SOURCE, type ImportResult } from "./create";
export { listImports, IMPORTS_LISTED } from "./list";
export { presentImport, type ImportRow } from "./present";
export { foldText, dedupeHash } from "./dedupe";

/** The imports module: its routes, the analysis job of imported words and the `imported_reviews` allowance counter. */
export const importsModule: DomainModule = {
  name: "imports",
  routes: (deps) => importRoutes(deps),
  jobs: registerImportJobs,
  usage: { imported_reviews: importedReviewsUsed },
};
