/** What other domains may use from imports. */
import "./usage";
export { imports } from "./tables";
export { ATTESTATION_TEXT } from "./attestation";
export { importRoutes } from "./routes";
export { runImport, IMPORTED_TEXT_SOURCE, type ImportResult } from "./create";
export { listImports, IMPORTS_LISTED } from "./list";
export { presentImport, type ImportRow } from "./present";
export { foldText, dedupeHash } from "./dedupe";
