/** Where the database lives in a data directory (apart from src/bootstrap.ts, which loads the whole app). */
import { join } from "node:path";

/** Path of the SQLite file in a data directory. */
export const dbPath = (dataDir: string) => join(dataDir, "plaudit.db");
