/**
 * What an alert email's button does. Looking (`viewButton`, the page's GET) reads only: a mail scanner that fetches
 * the link changes nothing. Using (`useButton`, the page's one POST) acts as the member who got the email, with that
 * member's permissions at the time of the click: a member removed from the organisation, whose role no longer may
 * moderate, or whose login no longer covers the brand, is refused. A button works once (marked used in the same
 * transaction as the approval, so two clicks at once cannot both act), until it expires; used, expired, unknown and
 * refused buttons change nothing and say so in plain words. An Approve & publish that cannot publish (a failed or
 * unfinished recording, words nobody checked) offers what is possible instead: approve only, or publish without the
 * words. The approval is audited as that member (`submission.approved`, actor `user:…`) with an `alert.button_used`
 * line saying it came from the email.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { inBrandScope } from "../../platform/db/brand-scope";
import { AppError } from "../../platform/errors";
import { orgLogoUrl, orgs } from "../accounts";
import { authorize } from "../../platform/access";
import { approve, signedMediaUrl, submissions } from "../submissions";
import { alertItem } from "./content";
import { blank, pending, RESULT_WORDS, when, type ButtonView, type Choice, type PageOrg } from "./button-view";
import { alertMember, type AlertMember } from "./recipients";
import { alertButtons, type AlertButtonRow, type ButtonAction } from "./tables";
import { buttonByToken } from "./tokens";

/** The context a button acts in: its member, with the role and brands the member has now. */
export function memberCtx(deps: Deps, b: AlertButtonRow, m: AlertMember): Ctx {
  return {
    orgId: b.orgId,
    mode: b.mode,
    actor: { type: "user", userId: m.userId, role: m.role, sessionId: null },
    clock: deps.clock,
    brandIds: m.role === "client" ? (m.clientBrands ?? []) : null,
  };
}

/** The page's view of a button (reads only). */
function evaluate(deps: Deps, db: Db, b: AlertButtonRow): ButtonView {
  const org = db.select().from(orgs).where(eq(orgs.id, b.orgId)).get();
  if (!org) return blank("unknown", 404, UNKNOWN);
  const look: PageOrg = { name: org.name, color: org.color, logoUrl: orgLogoUrl(deps.config.cdnUrl, org.logoKey) };
  const base: ButtonView = {
    ...blank("unknown", 404, ""),
    org: look,
    action: b.action,
    expiresAt: b.expiresAt,
    usedAt: b.usedAt,
    result: b.result,
  };
  const row = db.select().from(submissions).where(eq(submissions.id, b.submissionId)).get();
  const member = alertMember(db, b.orgId, b.memberId, b.mode);
  const ctx = member ? memberCtx(deps, b, member) : null;
  let allowed = !!ctx;
  try {
    if (ctx) authorize(ctx, "submission:moderate");
  } catch {
    allowed = false;
  }
  const present = !!row && row.deletedAt === null && row.erasedAt === null;
  const inScope = !!ctx && !!row && inBrandScope(ctx, row.brandId);
  // The testimonial is shown only to a member who may still see it.
  const shown: ButtonView =
    allowed && inScope && present && row
      ? {
          ...base,
          member: { name: member!.name, email: member!.email },
          item: alertItem(db, deps.config.appUrl, row, row.status === "failed" ? "failed" : "ready"),
          posterUrl: row.kind === "video" && row.posterKey ? signedMediaUrl(deps, row, "poster").url : null,
        }
      : base;
  if (b.usedAt !== null)
    return {
      ...shown,
      state: "used",
      status: 409,
      message: `It ${RESULT_WORDS[b.result ?? ""] ?? "acted"} on ${when(b.usedAt)}. Nothing was changed now.`,
    };
  if (b.expiresAt <= deps.clock.now())
    return {
      ...shown,
      state: "expired",
      status: 410,
      message:
        "This link has expired: the buttons in an alert email work for 7 days. Open the testimonial in the dashboard to decide.",
    };
  if (!member)
    return {
      ...base,
      state: "not_member",
      status: 403,
      message: `You are no longer a member of ${org.name}, so this link can no longer change anything.`,
    };
  if (!allowed)
    return {
      ...base,
      state: "no_access",
      status: 403,
      message: "Your role no longer lets you approve testimonials here.",
    };
  if (!present || !row)
    return { ...base, state: "gone", status: 410, message: "This testimonial was deleted or removed. Nothing to do." };
  if (!inScope)
    return {
      ...base,
      state: "no_access",
      status: 403,
      message: "Your login no longer covers this brand, so this link can no longer change anything.",
    };
  return { ...shown, ...pending(row, b.action) };
}

const UNKNOWN = "This link does not work. It may have been copied incompletely: open it again from the email.";

/** What a button's page shows (GET): reads only, whatever the token. */
export function viewButton(deps: Deps, token: string): ButtonView {
  const b = buttonByToken(deps.db, token);
  if (!b) return blank("unknown", 404, UNKNOWN);
  return evaluate(deps, deps.db, b);
}

/** The approval a choice makes. */
function optionsOf(action: ButtonAction, choice: Choice) {
  if (choice === "approve_only" || action === "approve") return { options: {}, result: "approved" };
  if (choice === "without_words")
    return { options: { publish: true, hideWords: true }, result: "published_without_words" };
  return { options: { publish: true }, result: "published" };
}

/**
 * Uses a button (the page's POST), in a unit of work of the button's organisation and mode: acts once, as its
 * member, or answers why not with nothing changed. An AppError it throws (the approval refused) rolls the unit back;
 * the page then answers `refusedButton`.
 */
export function useButton(tx: Tx, token: string, choice: Choice): ButtonView {
  const { db, deps } = tx;
  const b = buttonByToken(db, token);
  if (!b) return blank("unknown", 404, UNKNOWN);
  const view = evaluate(deps, db, b);
  if (view.state !== "ready" && view.state !== "refused") return view;
  if (!view.choices.includes(choice))
    return {
      ...view,
      status: view.state === "ready" ? 400 : view.status,
      state: "refused",
      message:
        view.state === "ready"
          ? "That choice is not offered for this testimonial. Choose one of the buttons below."
          : view.message,
    };
  const now = deps.clock.now();
  const { options, result } = optionsOf(b.action, choice);
  const marked = db
    .update(alertButtons)
    .set({ usedAt: now, result })
    .where(and(eq(alertButtons.id, b.id), isNull(alertButtons.usedAt)))
    .returning({ id: alertButtons.id })
    .get();
  if (!marked) return view;
  const member = alertMember(db, b.orgId, b.memberId, b.mode)!;
  const ctx = memberCtx(deps, b, member);
  approve(tx.as(ctx), b.submissionId, options);
  tx.as(ctx).audit("alert.button_used", b.submissionId, { action: b.action, choice, result, button_id: b.id });
  const done = evaluate(deps, db, { ...b, usedAt: now, result });
  return {
    ...done,
    state: "done",
    status: 200,
    choices: [],
    message:
      result === "approved"
        ? "It stays private until someone publishes it."
        : result === "published"
          ? "It shows in the brand's widgets and on its wall within a few seconds."
          : "Widgets and the wall show the recording, name and rating, without the words. Check the words in the dashboard to show them too.",
  };
}

/** What the page says when using a button was refused (`useButton` threw an AppError; nothing changed). */
export function refusedButton(deps: Deps, token: string, e: AppError): ButtonView {
  const view = viewButton(deps, token);
  return { ...view, state: "refused", status: e.status, choices: [], message: e.message };
}
