/** Accounts tables: organisations, users, memberships, sessions, API keys, invitations, password resets, email changes. */
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Mode, Role } from "../../platform/context";
import { orgs } from "../../platform/access/tables";

/** The organisation table belongs to the access kernel; re-exported for the foreign keys of the domains. */
export { orgs };

/** A person who can sign in to the dashboard. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("users_email").on(t.email)],
);

/** A user's role in an organisation. */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    /** A client's brands (JSON array of brand ids); null for every other role, who see every brand. */
    brandIds: text("brand_ids", { mode: "json" }).$type<string[]>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("members_org_user").on(t.orgId, t.userId), index("members_user").on(t.userId)],
);

/** A signed-in browser; the cookie holds the token, the row its hash. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [uniqueIndex("sessions_token").on(t.tokenHash)],
);

/** A sign-in method linked to a user through a social provider. */
export const authIdentities = sqliteTable(
  "auth_identities",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("auth_identities_provider_subject").on(t.provider, t.subject)],
);

/** An API key; only its SHA-256 is kept. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    name: text("name").notNull().default(""),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdByUserId: text("created_by_user_id"),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_org_mode").on(t.orgId, t.mode, t.id)],
);

/**
 * An invitation to join an organisation: the link carries a random token, the row only its SHA-256. The invitee
 * sets their own password (a new account) or accepts while signed in (an existing one); nobody else ever does.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** For a client invitation, the brands the client will see (JSON array); null otherwise. */
    brandIds: text("brand_ids", { mode: "json" }).$type<string[]>(),
    name: text("name").notNull().default(""),
    tokenHash: text("token_hash").notNull(),
    invitedByUserId: text("invited_by_user_id"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    acceptedUserId: text("accepted_user_id"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("invitations_token").on(t.tokenHash), index("invitations_org").on(t.orgId, t.id)],
);

/**
 * A password reset asked for by email (migration 0023). The emailed link carries a token derived from the row's id
 * (an HMAC under the data directory's secret, made when the email is sent); the row keeps only its SHA-256. It works
 * once, for an hour; using any one ends every reset of that person.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    uniqueIndex("password_resets_token").on(t.tokenHash),
    index("password_resets_user").on(t.userId, t.createdAt),
  ],
);

/**
 * A change of sign-in email waiting for its confirmation (migration 0023): the link sent to the new address carries a
 * token derived from the row's id like a password reset's; the address changes only when that link is confirmed.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The new address (normalised). */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** Cancelled by the person, or replaced by a newer request. */
    cancelledAt: integer("cancelled_at"),
  },
  (t) => [uniqueIndex("email_changes_token").on(t.tokenHash), index("email_changes_user").on(t.userId, t.createdAt)],
);
