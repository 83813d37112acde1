/** The two structured-data packages ship no type declarations; what test/helpers/structured-data.ts uses of them. */
declare module "@adobe/structured-data-validator" {
  /** Google rich-result rules per schema.org type (no schema.org vocabulary given: its rules only). */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    registeredHandlers: Record<string, unknown[]>;
    validate(
      data: unknown,
    ): Promise<{ rootType: string; issueMessage: string; severity: "ERROR" | "WARNING"; fieldNames: string[] }[]>;
  }
}

declare module "@marbec/web-auto-extractor" {
  /** Reads JSON-LD, microdata, RDFa and meta tags out of HTML. */
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): { jsonld: Record<string, object[]>; metatags: Record<string, string[]> };
  }
}
