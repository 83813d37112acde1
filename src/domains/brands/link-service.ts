/** Collect links: creation (idempotent), listing, changes (with the link's own settings), pausing and closing. */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { byId, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { newId } from "../../platform/ids";
import { randomToken } from "../../platform/crypto";
import { invalid, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/http/idempotency";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { afterId } from "../../platform/db/org-page";
import { preparedAs } from "../../platform/db/prepared";
import { links } from "./tables";
import { formerOwner, formerSlugsColumn, parseFormerSlugs, slugMoved, type SlugAt } from "./former-slugs";
import {} from "../../platform/db/brand-scope";
import { getBrandRow } from "./brand-service";
import { presentLink, type LinkRow } from "./present";
import { linkState, responseCountColumn } from "./link-state";
import { applySettings, DEFAULT_SETTINGS, settingsOf, type LinkSettingsInput } from "./link-settings";

/** Reasons a link can be closed for. */
export const CLOSED_REASONS = ["paused", "closed"] as const;

/** A prompt as sent by a client (id kept when it matches an existing prompt). */
export interface PromptInput {
  id?: string;
  text: string;
  max_seconds?: number;
}

/** Link creation input: the contract's fields and the link's own settings. */
export interface NewLink extends LinkSettingsInput {
  title: string;
  prompts: PromptInput[];
  consent_text: string;
  consent_version: string;
}

/** Link change input (null clears an optional setting). */
export interface LinkPatch extends LinkSettingsInput {
  title?: string;
  prompts?: PromptInput[];
  consent_text?: string;
  consent_version?: string;
  is_active?: boolean;
  closed_reason?: string | null;
}

function checkTitle(title: string): string {
  const t = title.trim();
  if (!t || t.length > 200) throw invalid("A link needs a title of 1 to 200 characters.", "title");
  return t;
}

function checkConsent(text: string, version: string): { text: string; version: string } {
  if (!text.trim() || text.length > 5000)
    throw invalid(
      "Consent text is required (up to 5,000 characters); respondents agree to it word for word.",
      "consent_text",
    );
  if (!/^[\w.:-]{1,40}$/.test(version))
    throw invalid("consent_version is a short label such as 2026-11-01.", "consent_version");
  return { text, version };
}

/** Checks prompts and gives each a stable id. */
export function checkPrompts(prompts: PromptInput[], existing: LinkRow["prompts"] = []): LinkRow["prompts"] {
  if (prompts.length < 1 || prompts.length > 10) throw invalid("A link has 1 to 10 prompts.", "prompts");
  const known = new Set(existing.map((p) => p.id));
  return prompts.map((p, i) => {
    const text = p.text.trim();
    if (!text || text.length > 500) throw invalid("Each prompt needs 1 to 500 characters.", `prompts[${i}].text`);
    const max = p.max_seconds ?? 120;
    if (!Number.isInteger(max) || max < 10 || max > 600)
      throw invalid("max_seconds is a whole number from 10 to 600.", `prompts[${i}].max_seconds`);
    return { id: p.id && known.has(p.id) ? p.id : `prm_${randomToken(9)}`, text, max_seconds: max };
  });
}

/** Creates a link; with an Idempotency-Key the same key twice gives one link. */
export function createLink(tx: Tx, brandId: string, input: NewLink, idempotencyKey?: string | null) {
  const { ctx, deps } = tx;
  getBrandRow(tx.db, ctx, brandId);
  const title = checkTitle(input.title);
  const prompts = checkPrompts(input.prompts);
  const consent = checkConsent(input.consent_text, input.consent_version);
  return idempotent(tx.db, ctx, `POST /v1/brands/${brandId}/links`, idempotencyKey, input, (db) => {
    const now = ctx.clock.now();
    const settings = applySettings(db, ctx, DEFAULT_SETTINGS, input, null, prompts.length);
    const row: LinkRow = {
      id: newId("link", now),
      orgId: ctx.orgId,
      mode: ctx.mode,
      brandId,
      title,
      prompts,
      consentText: consent.text,
      consentVersion: consent.version,
      isActive: true,
      closedReason: null,
      ...settings,
      createdAt: now,
      updatedAt: now,
    };
    db.insert(links).values(row).run();
    slugMoved(tx, "link", row.id, NO_SLUG, { scope: row.slugScope, slug: row.slug });
    tx.audit("link.created", row.id, { brand_id: brandId, title });
    return presentLink(deps, row);
  });
}

const NO_SLUG: SlugAt = { scope: null, slug: null };

/**
 * The link a page address's slug names in a slug scope; `moved` when it is a former slug (the page then redirects to
 * the link's current address). A former slug leads to its link until released, or taken by someone once lapsed.
 */
export function findLinkBySlug(db: Db, scope: string, slug: string): { link: LinkRow; moved: boolean } | null {
  const current = db
    .select()
    .from(links)
    .where(and(eq(links.slugScope, scope), eq(links.slug, slug)))
    .get();
  if (current) return { link: current, moved: false };
  const old = formerOwner(db, "link", scope, slug);
  if (!old) return null;
  const link = db
    .select()
    .from(links)
    .where(byId(links, old, old.id))
    .get();
  return link ? { link, moved: true } : null;
}

/** A link of the context's org, mode and brand scope (a client's brands); 404 otherwise. */
export function getLinkRow(db: Db, ctx: Ctx, id: string): LinkRow {
  const row = db
    .select()
    .from(links)
    .where(byId(links, ctx, id))
    .get();
  if (!row) throw notFound("link");
  return row;
}

/** A page of a brand's links, newest first, each with its response count (one prepared statement per shape). */
export function listLinks(r: Reader, brandId: string, page: PageRequest) {
  const { db, ctx, deps } = r;
  getBrandRow(db, ctx, brandId);
  const after = afterId(page);
  const statement = preparedAs(db, `links-list:${after ? "a" : ""}`, (db) =>
    db
      .select({ link: links, responses: responseCountColumn, former: formerSlugsColumn("link") })
      .from(links)
      .where(
        and(
          // One brand's links, the brand already found within the context's brand scope (getBrandRow).
          preparedScoped(links, { allBrands: true }),
          eq(links.brandId, sql.placeholder("brand")),
          after ? lt(links.id, sql.placeholder("after")) : undefined,
        ),
      )
      .orderBy(desc(links.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const rows = statement.all({ ...scopeValues(ctx), brand: brandId, after, limit: page.limit + 1 });
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.link.id],
    (r) => presentLink(deps, r.link, linkState(db, r.link, deps.clock.now(), r.responses), parseFormerSlugs(r.former)),
  );
}

/** Changes a link; pausing sets `is_active` false with reason `paused` (or `closed`). */
export function updateLink(tx: Tx, id: string, patch: LinkPatch) {
  const { db, ctx, deps } = tx;
  const row = getLinkRow(db, ctx, id);
  const next: LinkRow = {
    ...row,
    ...applySettings(db, ctx, settingsOf(row), patch, row.id, patch.prompts?.length ?? row.prompts.length),
    updatedAt: ctx.clock.now(),
  };
  if (patch.title !== undefined) next.title = checkTitle(patch.title);
  if (patch.prompts !== undefined) next.prompts = checkPrompts(patch.prompts, row.prompts);
  if (patch.consent_text !== undefined || patch.consent_version !== undefined) {
    const c = checkConsent(patch.consent_text ?? row.consentText, patch.consent_version ?? row.consentVersion);
    next.consentText = c.text;
    next.consentVersion = c.version;
  }
  if (
    patch.closed_reason !== undefined &&
    patch.closed_reason !== null &&
    !(CLOSED_REASONS as readonly string[]).includes(patch.closed_reason)
  ) {
    throw invalid(`closed_reason is one of ${CLOSED_REASONS.join(", ")}.`, "closed_reason");
  }
  if (patch.is_active === true) {
    next.isActive = true;
    next.closedReason = null;
  } else if (patch.is_active === false || (patch.closed_reason !== undefined && patch.closed_reason !== null)) {
    next.isActive = false;
    next.closedReason = patch.closed_reason ?? "paused";
  }
  db.update(links)
    .set({
      title: next.title,
      prompts: next.prompts,
      consentText: next.consentText,
      consentVersion: next.consentVersion,
      isActive: next.isActive,
      closedReason: next.closedReason,
      ...settingsOf(next),
      updatedAt: next.updatedAt,
    })
    .where(eq(links.id, id))
    .run();
  // A changed or cleared slug stays with the organisation; its old address leads to the link's current one.
  slugMoved(tx, "link", id, { scope: row.slugScope, slug: row.slug }, { scope: next.slugScope, slug: next.slug });
  tx.audit("link.updated", id, { ...patch });
  // Answers shown in widgets and walls follow the questions the link shows publicly now.
  const shownIds = (r: LinkRow) => r.customFields.flatMap((f) => (f.show_publicly ? [f.id] : [])).join(",");
  if (shownIds(row) !== shownIds(next))
    tx.shown({ brandId: row.brandId, submissionId: null, reason: "link.public_answers" });
  return presentLink(deps, next);
}
