/** Types for the parts of `s3rver` (an S3-protocol server for tests; it ships none) that the tests use. */
declare module "s3rver" {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs: string[] }[];
  }
  /** An S3-protocol server on local disk. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
