/**
 * The context every service call takes: who acts, for which organisation, in which mode, at what time.
 * Every org-owned row has `org_id` and `mode`; every query filters by both (test mode is a sandbox).
 */
import type { Clock } from "./clock";

/** `live` or `test`; nothing crosses between them. */
export type Mode = "live" | "test";

/**
 * A member's role in an organisation. `client` is a person of one of the organisation's customers: they see and
 * moderate only the brands their membership names (see `Ctx.brandIds`).
 */
export type Role = "owner" | "admin" | "member" | "client";

/** Who is acting. */
export type Actor =
  | { type: "user"; userId: string; role: Role; sessionId: string | null }
  | { type: "key"; keyId: string; scopes: string[] }
  | { type: "system" }
  | { type: "respondent" };

/** Context of a service call. */
export interface Ctx {
  orgId: string;
  mode: Mode;
  actor: Actor;
  clock: Clock;
  requestId?: string;
  /**
   * The brands this context may see, or null/absent for every brand of the organisation (owners, admins, members,
   * API keys, the system). A client login carries its brands here; every brand-owned row lookup and list reads it
   * through src/platform/brand-scope.ts, and a row of another brand answers as if it did not exist.
   */
  brandIds?: readonly string[] | null;
}

/** A context for work the appliance does by itself (jobs, CLI). */
export const systemCtx = (orgId: string, mode: Mode, clock: Clock): Ctx => ({
  orgId,
  mode,
  actor: { type: "system" },
  clock,
});

/** The id to record as the actor in audit rows and import records. */
export function actorRef(actor: Actor): { userId: string | null; apiKeyId: string | null; label: string } {
  switch (actor.type) {
    case "user":
      return { userId: actor.userId, apiKeyId: null, label: `user:${actor.userId}` };
    case "key":
      return { userId: null, apiKeyId: actor.keyId, label: `key:${actor.keyId}` };
    default:
      return { userId: null, apiKeyId: null, label: actor.type };
  }
}
