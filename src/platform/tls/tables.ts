/**
 * Certificates the box serves itself (issue 24): one row per host name, saying where its certificate came from,
 * when it expires and how its last order or renewal went. The certificate and key are files in the data directory's
 * `tls/` folder (owner-only), never in the database, so a database backup holds no private key.
 */
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";

/** `acme`: ordered from the ACME server; `operator`: the files named by PLAUDIT_TLS_CERT_FILE/KEY_FILE. */
export type CertSource = "acme" | "operator";

/** One host name the box holds (or is getting) a certificate for. */
export const tlsCertificates = sqliteTable("tls_certificates", {
  name: text("name").primaryKey(),
  source: text("source").$type<CertSource>().notNull(),
  /** The served certificate's validity and serial (hex), null until one is obtained. */
  notBefore: integer("not_before"),
  notAfter: integer("not_after"),
  serial: text("serial"),
  issuer: text("issuer"),
  /** When the served certificate was obtained. */
  issuedAt: integer("issued_at"),
  /** The last failed order or renewal, in plain words, until one succeeds. */
  lastError: text("last_error"),
  lastAttemptAt: integer("last_attempt_at"),
  /** Failed attempts in a row (for the backoff). */
  failures: integer("failures").notNull().default(0),
});

/** A row as read. */
export type CertRow = typeof tlsCertificates.$inferSelect;
