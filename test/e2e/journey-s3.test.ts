/** The end-to-end journey with files in an S3-protocol bucket, s3rver (the steps are in test/e2e/journey.ts). */
import { journey } from "./journey";

journey("s3");
