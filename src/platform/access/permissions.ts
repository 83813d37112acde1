/**
 * Who may do what. An API key needs the permission's scope (and never reaches session-only permissions);
 * a signed-in member needs a role the permission lists. One table, read by `authorize`.
 */
import type { Ctx, Role } from "../context";
import { forbidden } from "../errors";

/** Every scope an API key can carry, with what it allows. */
export const SCOPES = {
  "submissions:read": "Read testimonials, transcripts, tags, imports and exports.",
  "submissions:write": "Moderate, tag, edit transcripts, import reviews and start exports.",
  "brands:read": "Read brands and collect links.",
  "brands:write": "Change brands and create or change collect links.",
  "widgets:manage": "Create, change and delete widgets.",
  "reels:manage": "Create, render, share and delete reels.",
  "webhooks:manage": "Add, test and remove webhook endpoints; read and replay deliveries.",
  "billing:read": "Read the plan and its usage.",
  "analytics:read": "Read the views, plays and clicks of widgets and walls.",
} as const;
export type Scope = keyof typeof SCOPES;

/**
 * Every permission: the scope a key needs, the roles a member needs; `session` = never with a key.
 *
 * A `client` (a customer's login, limited to the brands of its membership) may read its brands and their links,
 * read and moderate their testimonials (approve, publish, reject, edit transcripts, delete, tag and untag), create,
 * rename and delete its brands' own tags, build widgets and reels, and ask for exports, all within those brands (the
 * rows of other brands answer 404: src/platform/db/brand-scope.ts; tags shared by every brand are the agency's
 * and invisible to clients). A client may not change brands or links, import reviews, or reach API keys, webhooks,
 * members, billing, the audit log, the outbox or system health.
 */
export const PERMISSIONS = {
  "brand:read": { scope: "brands:read", roles: ["owner", "admin", "member", "client"] },
  "brand:write": { scope: "brands:write", roles: ["owner", "admin"] },
  "link:write": { scope: "brands:write", roles: ["owner", "admin", "member"] },
  "submission:read": { scope: "submissions:read", roles: ["owner", "admin", "member", "client"] },
  "submission:moderate": { scope: "submissions:write", roles: ["owner", "admin", "member", "client"] },
  "submission:import": { scope: "submissions:write", roles: ["owner", "admin"] },
  "tag:manage": { scope: "submissions:write", roles: ["owner", "admin", "member", "client"] },
  "widget:manage": { scope: "widgets:manage", roles: ["owner", "admin", "member", "client"] },
  "reel:manage": { scope: "reels:manage", roles: ["owner", "admin", "member", "client"] },
  "webhook:manage": { scope: "webhooks:manage", roles: ["owner", "admin"] },
  /** Views, plays and clicks of widgets and walls: every role, a client for its brands only. */
  "analytics:read": { scope: "analytics:read", roles: ["owner", "admin", "member", "client"] },
  "billing:read": { scope: "billing:read", roles: ["owner", "admin", "member"] },
  "billing:manage": { scope: null, roles: ["owner"] },
  "key:manage": { scope: null, roles: ["owner", "admin"] },
  /** The organisation's name, logo and colour: every member sees them (they replace the product's in the dashboard). */
  "org:read": { scope: "brands:read", roles: ["owner", "admin", "member", "client"] },
  /** Renaming the organisation, its logo and colour: what its members and clients see everywhere. */
  "org:write": { scope: null, roles: ["owner", "admin"] },
  "member:read": { scope: null, roles: ["owner", "admin", "member"] },
  "member:manage": { scope: null, roles: ["owner", "admin"] },
  "outbox:read": { scope: null, roles: ["owner", "admin"] },
  "audit:read": { scope: null, roles: ["owner", "admin"] },
  "system:read": { scope: null, roles: ["owner", "admin"] },
  /** What whoever runs the server does across organisations (also needs the operator's own organisation). */
  "server:manage": { scope: null, roles: ["owner", "admin"], operator: true },
  session: { scope: null, roles: ["owner", "admin", "member", "client"] },
} as const satisfies Record<string, { scope: Scope | null; roles: readonly Role[]; operator?: true }>;
export type Permission = keyof typeof PERMISSIONS;

/** Throws 403 when the context's actor lacks the permission. */
export function authorize(ctx: Ctx, permission: Permission): void {
  const rule = PERMISSIONS[permission];
  const actor = ctx.actor;
  if (actor.type === "system") return;
  if (actor.type === "key") {
    if (rule.scope === null)
      throw forbidden("This route is for signed-in members only; API keys cannot use it.", { reason: "session_only" });
    if (!actor.scopes.includes(rule.scope))
      throw forbidden(`This API key lacks the scope ${rule.scope}.`, { required_scope: rule.scope });
    return;
  }
  if (actor.type === "user") {
    if (!(rule.roles as readonly Role[]).includes(actor.role)) {
      throw forbidden(
        `Your role (${actor.role}) cannot do this; ask an ${rule.roles[0]}${rule.roles.length > 1 ? ` or ${rule.roles[1]}` : ""}.`,
        { required_role: rule.roles },
      );
    }
    return;
  }
  throw forbidden("Not allowed.");
}

/**
 * True when the string is a known scope: an own key of the table, so inherited names (`__proto__`,
 * `constructor`, `toString`) are not scopes.
 */
export const isScope = (s: string): s is Scope => typeof s === "string" && Object.hasOwn(SCOPES, s);
