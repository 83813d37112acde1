/** The end-to-end journey with files in the data directory (the steps are in test/e2e/journey.ts). */
import { journey } from "./journey";

journey("local");
