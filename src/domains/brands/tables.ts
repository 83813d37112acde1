/** Brands and their collect links. */
import type { LinkTranslations } from "./link-translations";
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";

/** A brand; `slug_scope` is `live` for live brands (slugs unique across the box) and the org id in test mode. */
export const brands = sqliteTable(
  "brands",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    slugScope: text("slug_scope").notNull(),
    color: text("color").notNull().default("#4f46e5"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    logoKey: text("logo_key"),
    /** The wall's header: a few sentences under the brand's name (migration 0014). */
    introText: text("intro_text"),
    /** The brand's own site, linked from the wall's header. */
    websiteUrl: text("website_url"),
    /** The collect link the wall's "Share your experience" button opens (one of this brand's). */
    wallLinkId: text("wall_link_id"),
    /**
     * The client's own host name for this brand's wall, links and removal pages (`reviews.client.com`), held by
     * one brand of the whole server at a time (migration 0020); null when none.
     */
    customDomain: text("custom_domain"),
    /** `pending` (waiting for DNS and a certificate), `active`, or `failed` with `custom_domain_error`. */
    customDomainStatus: text("custom_domain_status").$type<CustomDomainStatus>(),
    /** Why the domain is not active, in plain words. */
    customDomainError: text("custom_domain_error"),
    /** When the domain was last checked (its certificate ordered, or whether it still points here). */
    customDomainCheckedAt: integer("custom_domain_checked_at"),
    /** The letters of the brand's share images: `sans`, `serif` or `display` (migration 0026). */
    cardFont: text("card_font").$type<"sans" | "serif" | "display">().notNull().default("sans"),
    /** The schema.org type the brand's testimonials review, in JSON-LD (migration 0029; review-markup.ts). */
    reviewType: text("review_type").notNull().default("Product"),
    /** The reviewed item's name in JSON-LD; null: the brand's name. */
    reviewItemName: text("review_item_name"),
    /** The languages its public pages offer (migration 0030; src/platform/i18n/languages.ts); null: all of them. */
    languages: text("languages", { mode: "json" }).$type<string[] | null>(),
    /** The language when a visitor's browser prefers none of `languages`. */
    defaultLanguage: text("default_language").notNull().default("en"),
    /**
     * The sender name of mail about or from this brand (migration 0022): `From: "name" <the server's address>`;
     * null uses the brand's name. The address stays the server's (PLAUDIT_MAIL_FROM): the SMTP account is the server's.
     */
    mailFromName: text("mail_from_name"),
    /** Where replies to this brand's mail go (`Reply-To`), one plain address; null for none. */
    mailReplyTo: text("mail_reply_to"),
    /** https origins allowed to frame the brand's wall pages (CSP `frame-ancestors`), JSON array; null for none. */
    frameOrigins: text("frame_origins", { mode: "json" }).$type<string[]>(),
    /**
     * The wall's footer line "Testimonials published with Plaudit": false drops it where the organisation may
     * (operator mode, or a plan with `remove_attribution`); it shows again on a plan without it.
     */
    wallAttribution: integer("wall_attribution", { mode: "boolean" }).notNull().default(true),
    /**
     * Set when the brand's deletion starts (migration 0023): its wall, widgets and links stop at once, and the
     * `brand.delete` job erases its testimonials and files, then the row. Null for a brand in use.
     */
    deletingAt: integer("deleting_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("brands_slug").on(t.slugScope, t.slug),
    index("brands_org_mode").on(t.orgId, t.mode, t.id),
    uniqueIndex("brands_custom_domain").on(t.customDomain).where(sql`custom_domain IS NOT NULL`),
  ],
);

/** Where a brand's custom domain stands. */
export type CustomDomainStatus = "pending" | "active" | "failed";

/**
 * Slugs a brand had before (migration 0018 added the owner and the hold): the old wall address redirects (301) to
 * the brand's current one, and until `held_until` no other organisation may take the slug (see former-slugs.ts).
 * `brand_id` names no foreign key (migration 0023): a deleted brand's slugs stay held by its organisation.
 */
export const brandSlugHistory = sqliteTable(
  "brand_slug_history",
  {
    slugScope: text("slug_scope").notNull(),
    slug: text("slug").notNull(),
    brandId: text("brand_id").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** Epoch milliseconds until which the slug stays with the organisation (365 days after the change). */
    heldUntil: integer("held_until").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("brand_slug_history_slug").on(t.slugScope, t.slug),
    index("brand_slug_history_brand").on(t.orgId, t.mode, t.brandId),
  ],
);

/** A collect link: the address a respondent opens. */
export const links = sqliteTable(
  "links",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    prompts: text("prompts", { mode: "json" }).$type<{ id: string; text: string; max_seconds: number }[]>().notNull(),
    consentText: text("consent_text").notNull(),
    consentVersion: text("consent_version").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    closedReason: text("closed_reason"),
    /** Friendly address part (`{site_url}/c/{slug}`); `slug_scope` is `live` for live links and `test:{org}` in test mode. */
    slug: text("slug"),
    slugScope: text("slug_scope"),
    /** Answer kinds the page takes: any of video, audio, text. */
    accepts: text("accepts", { mode: "json" }).$type<AnswerKind[]>().notNull().default(["video", "audio", "text"]),
    askRating: integer("ask_rating", { mode: "boolean" }).notNull().default(true),
    welcomeMessage: text("welcome_message"),
    thankYouMessage: text("thank_you_message"),
    callToAction: text("call_to_action", { mode: "json" }).$type<CallToAction | null>(),
    redirectUrl: text("redirect_url"),
    customFields: text("custom_fields", { mode: "json" }).$type<CustomField[]>().notNull().default([]),
    collectPhoto: integer("collect_photo", { mode: "boolean" }).notNull().default(false),
    /** Epoch milliseconds after which the link takes nothing (closed reason `expired`). */
    expiresAt: integer("expires_at"),
    /** Responses after which the link takes nothing (closed reason `full`). */
    maxResponses: integer("max_responses"),
    /** The language its page is shown in whatever the browser prefers (migration 0030); null: the visitor's choice. */
    language: text("language"),
    /** The owner's texts per language (migration 0033; link-translations.ts); null: none. */
    translations: text("translations", { mode: "json" }).$type<LinkTranslations | null>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("links_brand").on(t.orgId, t.mode, t.brandId, t.id), uniqueIndex("links_slug").on(t.slugScope, t.slug)],
);

/**
 * Slugs a collect link had before (migration 0018): the old page address redirects to the link's current one, and
 * until `held_until` no other organisation may take the slug (see former-slugs.ts). `link_id` names no foreign key
 * (migration 0023): a deleted link's slugs stay held by its organisation.
 */
export const linkSlugHistory = sqliteTable(
  "link_slug_history",
  {
    slugScope: text("slug_scope").notNull(),
    slug: text("slug").notNull(),
    linkId: text("link_id").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** Epoch milliseconds until which the slug stays with the organisation (365 days after the change). */
    heldUntil: integer("held_until").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("link_slug_history_slug").on(t.slugScope, t.slug),
    index("link_slug_history_link").on(t.orgId, t.mode, t.linkId),
  ],
);

/** A kind of answer a link may take. */
export type AnswerKind = "video" | "audio" | "text";

/** A button shown on the thank-you screen. */
export interface CallToAction {
  label: string;
  url: string;
}

/** A question of the link's own, answered beside the testimonial. */
export interface CustomField {
  id: string;
  label: string;
  type: "short_text" | "choice" | "yes_no";
  required: boolean;
  /** The choices of a `choice` field; null for the other types. */
  options: string[] | null;
  /** Whether the answer may appear with the testimonial in widgets and on walls. */
  show_publicly: boolean;
}
