/**
 * Request and response schemas of the account routes: sign-in and the signed-in person, social sign-in, API keys,
 * members and invitations, billing, the audit log, the mail outbox and the system health view.
 */
import { t, type Static } from "elysia";
import { Type } from "@sinclair/typebox";
import { pageQuerySchema, pageSchema } from "../../platform/http/pagination";
import {
  address,
  count,
  maybeTimestamp,
  modeField,
  nullable,
  oneOf,
  timestamp,
} from "../../platform/http/response-schema";
import { lineText } from "../../platform/http/text-schema";

/** Path parameter `id`. */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/* Fields shared by requests and answers. */

const email = t.String({ minLength: 3, maxLength: 254 });
const personName = lineText({ maxLength: 120 });
const password = t.String({ minLength: 8, maxLength: 200 });
/** A member's role. */
export const roleField = t.Union([t.Literal("owner"), t.Literal("admin"), t.Literal("member"), t.Literal("client")], {
  description: "owner, admin, member or client (a customer's login limited to the brands in brand_ids).",
});
/** The brands a client sees; null for every other role (they see every brand). */
const brandIdsField = nullable(
  t.Array(t.String(), { maxItems: 100 }),
  "A client's brands (the only ones it sees); null for other roles, who see every brand.",
);
/** Brands named in a request: required for a client, refused for other roles. */
const brandIdsInput = t.Optional(
  t.Array(t.String({ maxLength: 64 }), {
    maxItems: 100,
    description: "For a client: the brands it will see (at least one). Refused for other roles.",
  }),
);
/** A plan id. */
export const planField = t.Union([t.Literal("free"), t.Literal("starter"), t.Literal("core"), t.Literal("plus")], {
  description: "free, starter, core or plus.",
});
const keyName = lineText({ maxLength: 80 });
const scope = t.String({ maxLength: 40 });
const provider = t.String({ maxLength: 20, description: "github or google." });
const invitationToken = t.String({ minLength: 1, maxLength: 200 });

/* Session and the signed-in person. */

/** POST /v1/auth/login body. */
export const loginBody = t.Object({ email, password: t.String({ minLength: 1, maxLength: 200 }) });

/** PATCH /v1/me body. */
export const meBodySchema = t.Object(
  {
    name: t.Optional(personName),
    password: t.Optional(password),
    current_password: t.Optional(t.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** The signed-in person. */
export const userSchema = t.Object({ id: t.String(), email, name: personName });

/** One organisation the person belongs to. */
export const membershipSchema = t.Object({
  org_id: t.String(),
  org_name: t.String(),
  role: roleField,
  plan: planField,
  operator: t.Boolean({ description: "This server's own organisation (operator mode): no plan limits." }),
  brand_ids: brandIdsField,
  org_logo_url: nullable(t.String(), "The organisation's logo (GET /v1/org), or null."),
  org_color: nullable(t.String(), "The organisation's colour, or null for the default."),
});

/** Answer of sign-in, invitation acceptance and GET/PATCH /v1/me. */
export const meSchema = t.Object(
  { user: userSchema, memberships: t.Array(membershipSchema) },
  { description: "The signed-in person and their organisations." },
);
/** The `me` answer's type. */
export type MeView = Static<typeof meSchema>;

/* Password reset and the profile page ("Your account"). */

const linkToken = t.String({ minLength: 1, maxLength: 200, description: "The token from the emailed link (after #)." });

/** POST /v1/auth/password-reset body. */
export const resetRequestBody = t.Object(
  { email: t.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);

/** POST /v1/auth/password-reset answer: the same for every address. */
export const resetRequestedSchema = t.Object(
  {
    message: t.String({ description: "What happens next, the same whether or not the address has an account." }),
    mail_configured: t.Boolean({
      description: "False when this server sends no email at all (then no link can be sent to anyone).",
    }),
  },
  { description: "The same answer, after the same time, whether or not the address has an account." },
);

/** Body naming a link's token (password reset and email change lookups and confirmations). */
export const linkTokenBody = t.Object({ token: linkToken }, { additionalProperties: false });

/** POST /v1/auth/password-reset/confirm body. */
export const resetConfirmBody = t.Object({ token: linkToken, password }, { additionalProperties: false });

/** POST /v1/auth/password-reset/lookup answer. */
export const resetLookupSchema = t.Object({
  email,
  expires_at: timestamp("Until when the link works."),
});

/** The profile page's view of the signed-in person. */
export const accountSchema = t.Object(
  {
    id: t.String(),
    email,
    name: personName,
    has_password: t.Boolean({
      description: "The person signs in with a password (so changes of password and email need the current one).",
    }),
    pending_email: nullable(
      t.Object({ email, requested_at: timestamp(), expires_at: timestamp() }),
      "A change of email waiting for its confirmation from the new address; null when none.",
    ),
  },
  { description: "The signed-in person, as the profile page shows them." },
);
/** The account answer's type. */
export type AccountView = Static<typeof accountSchema>;

/** POST /v1/me/email-change body. */
export const emailChangeBody = t.Object(
  { email: t.String({ minLength: 3, maxLength: 254 }), current_password: t.Optional(t.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

/** POST /v1/auth/email-change/lookup answer. */
export const emailChangeLookupSchema = t.Object({
  email: t.String({ description: "The account's email now." }),
  new_email: t.String({ description: "The address it changes to once confirmed." }),
  expires_at: timestamp("Until when the link works."),
});

/** POST /v1/auth/email-change/confirm answer. */
export const emailChangedSchema = t.Object({
  changed: t.Literal(true),
  email: t.String({ description: "The account's email from now on." }),
});

/** POST /v1/auth/logout answer. */
export const signedOutSchema = t.Object({ signed_out: t.Literal(true) });

/* Social sign-in. */

/** Body naming a sign-in provider. */
export const providerBody = t.Object({ provider }, { additionalProperties: false });

/** GET /v1/auth/callback/{provider} query. */
export const callbackQuery = t.Object({
  code: t.Optional(t.String({ maxLength: 2000 })),
  state: t.Optional(t.String({ maxLength: 200 })),
});

/** A sign-in provider and whether the operator set it up. */
export const providerSchema = t.Object({
  id: t.Union([t.Literal("github"), t.Literal("google")]),
  name: t.String(),
  configured: t.Boolean(),
});

/** GET /v1/auth/social answer. */
export const providerListSchema = t.Object({ data: t.Array(providerSchema) });

/** The provider's address to send the person to. */
export const authorizationSchema = t.Object({ authorization_url: address("The provider's sign-in page.") });

/** The signed-in person's ways to sign in. */
export const authMethodsSchema = t.Object({
  password: t.Boolean({ description: "A password is set." }),
  providers: t.Array(providerSchema),
  identities: t.Array(t.Object({ provider: t.String(), email: nullable(t.String()), created_at: timestamp() })),
});

/* API keys. */

/** POST /v1/api-keys body. */
export const newKeyBody = t.Object(
  {
    name: t.Optional(keyName),
    mode: t.Optional(modeField),
    scopes: t.Optional(t.Array(scope, { maxItems: 20 })),
  },
  { additionalProperties: false },
);

/** An API key (never its secret after creation). */
export const apiKeySchema = t.Object({
  id: t.String(),
  name: keyName,
  mode: modeField,
  prefix: t.String({ description: "The key's first characters, e.g. rk_live_AbCd." }),
  last4: t.String(),
  scopes: t.Array(scope, { description: "Empty: every scope." }),
  created_at: timestamp(),
  last_used_at: maybeTimestamp(),
  revoked_at: maybeTimestamp(),
});
/** The key answer's type. */
export type ApiKeyView = Static<typeof apiKeySchema>;

/** POST /v1/api-keys answer: the key and its secret, shown only here. */
export const createdKeySchema = t.Composite([apiKeySchema, t.Object({ secret: t.String() })]);

/** GET /v1/api-keys/scopes answer. */
export const scopeListSchema = t.Object({
  data: t.Array(t.Object({ scope: t.String(), description: t.String() })),
});

/* Members and invitations. */

/** POST /v1/members body (`password` is refused with a message saying why). */
export const inviteBody = t.Object(
  {
    email: t.String({ maxLength: 254 }),
    role: t.String({ maxLength: 20 }),
    brand_ids: brandIdsInput,
    name: t.Optional(personName),
    password: t.Optional(t.Unknown()),
  },
  { additionalProperties: false },
);

/** PATCH /v1/members/{id} body. */
export const roleBody = t.Object({ role: t.String({ maxLength: 20 }), brand_ids: brandIdsInput });

/** A member of the organisation. */
export const memberSchema = t.Object({
  id: t.String(),
  user_id: t.String(),
  email,
  name: personName,
  role: roleField,
  brand_ids: brandIdsField,
  created_at: timestamp(),
});
/** The member answer's type. */
export type MemberView = Static<typeof memberSchema>;

/** DELETE /v1/members/{id} answer. */
export const memberRemovedSchema = t.Object({ removed: t.Literal(true), id: t.String() });

/** An invitation (never its token). */
export const invitationSchema = t.Object({
  id: t.String(),
  email,
  role: roleField,
  brand_ids: brandIdsField,
  name: personName,
  status: t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("revoked"), t.Literal("expired")]),
  invited_by_user_id: nullable(t.String()),
  created_at: timestamp(),
  expires_at: timestamp(),
  accepted_at: maybeTimestamp(),
  revoked_at: maybeTimestamp(),
});
/** The invitation answer's type. */
export type InvitationView = Static<typeof invitationSchema>;

/** POST /v1/members answer: the invitation with its one-time link. */
export const createdInvitationSchema = t.Composite([
  invitationSchema,
  t.Object({
    url: address("The one-time link, shown only in this answer."),
    emailed: t.Boolean({ description: "The link was mailed to the person (SMTP is set up)." }),
  }),
]);

/** POST /v1/invitations/lookup and /accept body. */
export const lookupBody = t.Object({ token: invitationToken }, { additionalProperties: false });
/** POST /v1/invitations/accept body. */
export const acceptBody = t.Object(
  { token: invitationToken, name: t.Optional(personName), password: t.Optional(t.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

/** POST /v1/invitations/lookup answer: what the link is for. */
export const invitationLookupSchema = t.Object({
  org_name: t.String(),
  org_logo_url: nullable(t.String(), "The organisation's logo, shown on the accept page; null for none."),
  org_color: nullable(t.String(), "The organisation's colour; null for the default."),
  email,
  role: roleField,
  brands: t.Array(t.Object({ id: t.String(), name: t.String() }), {
    description: "For a client invitation, the brands the client will see; empty otherwise.",
  }),
  name: personName,
  expires_at: timestamp(),
  account_exists: t.Boolean({
    description:
      "The invited email already has a Plaudit account: the invitee signs in as it and accepts; otherwise they choose a password. Told only to the link's holder, never in the invitation answer.",
  }),
  signed_in_as: nullable(t.String(), "The email of the account signed in on this browser, if any."),
});

/* Billing. */

/** Body naming a plan. */
export const planBody = t.Object({ plan: t.String({ maxLength: 20 }) });

const allowances = t.Record(t.String(), nullable(Type.Integer({ minimum: 0 })), {
  description: "Each allowance's limit; null is unlimited.",
});

/** A plan of the catalogue. */
export const planSchema = t.Object({
  id: planField,
  name: t.String(),
  allowances,
  features: t.Record(t.String(), t.Boolean()),
});

/** GET /v1/billing answer. */
export const billingSchema = t.Object({
  plan: planField,
  operator: t.Boolean({
    description:
      "This server's own organisation (operator mode): no plan limits; the plans are what the operator offers the organisations it hosts (set with plaudit plan set).",
  }),
  billing_configured: t.Boolean({ description: "Stripe checkout and portal are set up." }),
  plans: t.Array(planSchema),
});

/** GET /v1/billing/usage answer. */
export const usageSchema = t.Object({
  plan: planField,
  operator: t.Boolean({ description: "This server's own organisation: every limit is null (unlimited)." }),
  mode: modeField,
  allowances: t.Array(
    t.Object({
      name: t.String(),
      label: t.String(),
      used: count(),
      limit: nullable(Type.Integer({ minimum: 0 }), "null: unlimited."),
    }),
  ),
});

/** Checkout and portal answers: the Stripe page to open. */
export const redirectUrlSchema = t.Object({ url: address("The Stripe page to open.") });

/* Audit log, mail outbox, system health. */

/** GET /v1/audit-log query. */
export const auditQuery = t.Object({ ...pageQuerySchema, action: t.Optional(t.String({ maxLength: 60 })) });

/** One audited action. */
export const auditEntrySchema = t.Object({
  id: t.String(),
  mode: modeField,
  actor: t.String({ description: "user:…, key:…, system or respondent." }),
  action: t.String({ description: "noun.verb, e.g. api_key.created." }),
  target_id: nullable(t.String()),
  details: nullable(t.Record(t.String(), t.Unknown())),
  created_at: timestamp(),
});

/** A message the appliance sent or kept. */
export const outboxMessageSchema = t.Object({
  id: t.String(),
  to: t.String(),
  from_name: nullable(
    t.String(),
    "The sender's name it leaves with (a brand's or the organisation's), before the server's own address; null: the server's sender as configured.",
  ),
  reply_to: nullable(t.String(), "Where replies go (Reply-To), or null."),
  subject: t.String(),
  text: t.String(),
  status: t.Union([t.Literal("queued"), t.Literal("sent"), t.Literal("outbox"), t.Literal("failed")]),
  error: nullable(t.String()),
  created_at: timestamp(),
  sent_at: maybeTimestamp(),
});

/** One step of the media self-test. */
export const selfTestStepSchema = t.Object({
  name: t.String(),
  ok: t.Boolean(),
  skipped: t.Boolean(),
  ms: Type.Number({ minimum: 0 }),
  detail: t.String(),
  fix: nullable(t.String()),
});

/** GET /v1/system/health answer. */
export const healthSchema = t.Object({
  media_pipeline: t.Object({
    status: t.Union([t.Literal("not_run"), t.Literal("running"), t.Literal("passed"), t.Literal("failed")]),
    checked_at: maybeTimestamp(),
    duration_ms: nullable(Type.Number({ minimum: 0 })),
    problem: nullable(t.Object({ step: t.String(), detail: t.String(), fix: nullable(t.String()) })),
    steps: t.Array(selfTestStepSchema),
  }),
  speech_engine: nullable(
    t.Object({
      engine: t.Union([t.Literal("whisper.cpp"), t.Literal("pocketsphinx"), t.Null()]),
      model: t.Union([t.String(), t.Null()]),
      drafts: t.Boolean({ description: "Transcripts from this engine are rough drafts to check before publishing." }),
      summary: t.String(),
      fix: t.Union([t.String(), t.Null()]),
    }),
  ),
  backups: nullable(
    t.Object({
      schedule: nullable(t.String(), "PLAUDIT_BACKUP_SCHEDULE (cron, UTC); null: no scheduled backups."),
      destination: t.String({ description: "PLAUDIT_BACKUP_TO: a folder on the server or s3://bucket/prefix." }),
      keep: count("Scheduled archives kept (PLAUDIT_BACKUP_KEEP)."),
      last_success_at: maybeTimestamp("When the last scheduled backup was written."),
      last_archive: nullable(t.String(), "Where the last scheduled backup was written."),
      last_archive_bytes: nullable(count()),
      last_failure_at: maybeTimestamp("When a scheduled backup last failed."),
      last_error: nullable(t.String(), "What went wrong then."),
      failing: t.Boolean({ description: "The last scheduled backup failed (no success since)." }),
      next_run_at: maybeTimestamp("When the schedule next runs."),
    }),
    "Scheduled backups of this server: shown to the owners and admins of the server's own (operator) organisation only; null for the others.",
  ),
  certificates: nullable(
    t.Object({
      enabled: t.Boolean({ description: "The server serves HTTPS itself (PLAUDIT_DOMAIN or certificate files)." }),
      domain: nullable(t.String(), "PLAUDIT_DOMAIN."),
      failing: t.Boolean({
        description: "A certificate could not be obtained or renewed lately (see each one's error).",
      }),
      items: t.Array(
        t.Object({
          name: t.String(),
          source: oneOf(["acme", "operator"] as const),
          not_after: maybeTimestamp("When it expires; null until one is obtained."),
          last_error: nullable(t.String(), "The last failed order or renewal, in plain words, until one succeeds."),
        }),
      ),
    }),
    "The certificates this server serves itself: shown to the owners and admins of the server's own (operator) organisation only; null for the others.",
  ),
  https: t.Object(
    {
      site_secure: t.Boolean({
        description:
          "Browsers can record on the capture pages: the site address is https:// (or on localhost), and so is the API they send to.",
      }),
      problem: nullable(t.String({ description: "Why they cannot, when they cannot." })),
      fix: nullable(t.String({ description: "What to set; `backticks` mark settings." })),
    },
    { description: "Whether the configured addresses let respondents record (browsers need HTTPS for the camera)." },
  ),
});
/** The health answer's type. */
export type HealthView = Static<typeof healthSchema>;

/** The lists' answers. */
export const apiKeyPageSchema = pageSchema(apiKeySchema);
export const memberPageSchema = pageSchema(memberSchema);
export const invitationPageSchema = pageSchema(invitationSchema);
export const auditPageSchema = pageSchema(auditEntrySchema);
export const outboxPageSchema = pageSchema(outboxMessageSchema);
