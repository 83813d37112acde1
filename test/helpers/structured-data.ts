/**
 * Google's rich-result rules for review markup, checked with Adobe's structured-data validator on what
 * `@marbec/web-auto-extractor` finds in a page (the pairing the validator documents). Products are held to the
 * product-snippet rules (a name, and a review, rating or offer): the validator's merchant-listing rules (a price
 * offer, an image, a GTIN) are for shopping results, which testimonials are not.
 */
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";

/** One finding: the root type, the message and how serious. */
export interface Finding {
  rootType: string;
  issueMessage: string;
  severity: "ERROR" | "WARNING";
  fieldNames: string[];
}

/** The JSON-LD objects of a page, by type, as the extractor reads them. */
export function extractJsonLd(html: string): Record<string, object[]> {
  return new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html).jsonld;
}

/** Everything the validator finds in a page's structured data (errors and warnings). */
export async function structuredDataFindings(html: string): Promise<Finding[]> {
  const data = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const validator = new Validator();
  // Product snippets only (Product.js); the second handler is the merchant listing's (ProductMerchant.js).
  validator.registeredHandlers.Product = validator.registeredHandlers.Product!.slice(0, 1);
  return (await validator.validate(data)) as Finding[];
}

/** The errors only, as "Type: message" lines (an empty list passes). */
export async function structuredDataErrors(html: string): Promise<string[]> {
  return (await structuredDataFindings(html))
    .filter((f) => f.severity === "ERROR")
    .map((f) => `${f.rootType}: ${f.issueMessage}`);
}
