/**
 * Social sign-in through arctic for the providers the operator configured (GitHub, Google). There is no
 * self-signup: a provider identity signs in an existing person (linked before, or the same verified email),
 * or is linked to the signed-in person from their settings. Linked by verified email, an account loses any
 * password it had (and its sessions): whoever set that password did not prove they own the address. GitHub's API is
 * called through the Deps' HTTP client (`deps.http`); arctic's own code exchange still uses the runtime's fetch.
 */
import { and, eq } from "drizzle-orm";
import { GitHub, Google, generateCodeVerifier, generateState, decodeIdToken } from "arctic";
import type { Deps } from "../../platform/deps";
import { newId } from "../../platform/ids";
import { iso } from "../../platform/clock";
import { AppError, conflict, invalid } from "../../platform/errors";
import type { Tx } from "../../platform/db/unit-of-work";
import { authIdentities, users } from "./tables";
import { endOtherSessions, findUserByEmail, findUser } from "./users";
import { membershipsOf } from "./members";

/** Provider ids. */
export const PROVIDERS = { github: "GitHub", google: "Google" } as const;
export type Provider = keyof typeof PROVIDERS;

/** Providers and whether the operator configured each. */
export function providerList(deps: Deps) {
  return (Object.keys(PROVIDERS) as Provider[]).map((id) => ({
    id,
    name: PROVIDERS[id],
    configured: !!deps.config.oauth[id],
  }));
}

function client(deps: Deps, provider: string) {
  if (!Object.hasOwn(PROVIDERS, provider))
    throw invalid(`Unknown provider "${provider}". Providers: ${Object.keys(PROVIDERS).join(", ")}.`, "provider");
  const creds = deps.config.oauth[provider as Provider];
  if (!creds)
    throw new AppError(
      "provider_not_configured",
      422,
      `${PROVIDERS[provider as Provider]} sign-in is not set up on this server.`,
      { field: "provider" },
    );
  const redirect = `${deps.config.baseUrl}/v1/auth/callback/${provider}`;
  return provider === "github"
    ? { kind: "github" as const, c: new GitHub(creds.clientId, creds.clientSecret, redirect) }
    : { kind: "google" as const, c: new Google(creds.clientId, creds.clientSecret, redirect) };
}

/** State kept in a short-lived signed cookie between the redirect and the callback. */
export interface OAuthState {
  provider: string;
  state: string;
  verifier: string;
  linkUserId: string | null;
  exp: number;
}

/** The provider's authorization URL and the state to keep. */
export function startAuthorization(
  deps: Deps,
  provider: string,
  linkUserId: string | null,
): { url: string; state: OAuthState } {
  const p = client(deps, provider);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url =
    p.kind === "github"
      ? p.c.createAuthorizationURL(state, ["read:user", "user:email"])
      : p.c.createAuthorizationURL(state, verifier, ["openid", "email", "profile"]);
  return { url: url.toString(), state: { provider, state, verifier, linkUserId, exp: deps.clock.now() + 10 * 60_000 } };
}

async function identityFrom(
  deps: Deps,
  provider: string,
  code: string,
  verifier: string,
): Promise<{ subject: string; email: string | null }> {
  const p = client(deps, provider);
  if (p.kind === "google") {
    const tokens = await p.c.validateAuthorizationCode(code, verifier);
    const claims = decodeIdToken(tokens.idToken()) as { sub: string; email?: string; email_verified?: boolean };
    return { subject: claims.sub, email: claims.email_verified ? (claims.email ?? null) : null };
  }
  const tokens = await p.c.validateAuthorizationCode(code);
  const headers = { authorization: `Bearer ${tokens.accessToken()}`, "user-agent": "Plaudit" };
  const user = (await (
    await deps.http.fetch("https://api.github.com/user", { headers, signal: AbortSignal.timeout(10_000) })
  ).json()) as { id: number };
  const emails = (await (
    await deps.http.fetch("https://api.github.com/user/emails", { headers, signal: AbortSignal.timeout(10_000) })
  ).json()) as { email: string; primary: boolean; verified: boolean }[];
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
  return { subject: String(user.id), email: primary?.email ?? null };
}

/** The identity a provider vouched for (its subject and verified email), and the person it is to be linked to. */
export interface ProviderIdentity {
  provider: string;
  subject: string;
  email: string | null;
  /** The signed-in person linking it from their settings; null on a sign-in. */
  linkUserId: string | null;
}

/** Checks a provider's callback against the kept state and asks the provider who signed in (awaits; writes nothing). */
export async function verifyCallback(
  deps: Deps,
  provider: string,
  code: string,
  returnedState: string,
  kept: OAuthState | null,
): Promise<ProviderIdentity> {
  if (!kept || kept.provider !== provider || kept.state !== returnedState || kept.exp < deps.clock.now()) {
    throw new AppError(
      "invalid_oauth_state",
      400,
      "This sign-in link expired or was not started here. Start again from the sign-in page.",
    );
  }
  const { subject, email } = await identityFrom(deps, provider, code, kept.verifier);
  return { provider, subject, email, linkUserId: kept.linkUserId };
}

/**
 * Finishes a provider's callback with the identity `verifyCallback` found (in a unit of work on the person's account:
 * `accountCtx`): links it when new, and returns the user id to sign in.
 */
export function completeAuthorization(tx: Tx, { provider, subject, email, linkUserId }: ProviderIdentity): string {
  const { db, deps } = tx;
  const linked = db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
    .get();
  if (linked) {
    if (linkUserId && linked.userId !== linkUserId)
      throw conflict("identity_in_use", "That account is already linked to another person.");
    return linked.userId;
  }
  const byEmail = !linkUserId && email ? findUserByEmail(db, email) : undefined;
  const userId = linkUserId ?? byEmail?.id;
  if (!userId)
    throw new AppError(
      "no_account",
      403,
      "No Plaudit account matches this sign-in. Ask an owner to add you, then link the provider from your settings.",
    );
  const now = deps.clock.now();
  // The provider just proved this person owns the email; a password already on the account was not proven to
  // be theirs (someone could have made the account in their name). It stops working, with every session.
  if (byEmail?.passwordHash) {
    db.update(users).set({ passwordHash: null }).where(eq(users.id, byEmail.id)).run();
    endOtherSessions(tx, byEmail.id, null);
  }
  db.insert(authIdentities)
    .values({ id: newId("authIdentity", now), userId, provider, subject, email, createdAt: now })
    .run();
  const orgId = membershipsOf(db, userId)[0]?.org_id;
  if (orgId)
    tx.as({
      orgId,
      mode: "live",
      actor: { type: "user", userId, role: "member", sessionId: null },
      clock: deps.clock,
    }).audit("auth_method.linked", userId, { provider });
  return userId;
}

/** The signed-in person's sign-in methods. */
export function authMethods(deps: Deps, userId: string) {
  const user = findUser(deps.db, userId);
  const ids = deps.db.select().from(authIdentities).where(eq(authIdentities.userId, userId)).all();
  return {
    password: !!user?.passwordHash,
    providers: providerList(deps),
    identities: ids.map((i) => ({ provider: i.provider, email: i.email, created_at: iso(i.createdAt) })),
  };
}

/** Unlinks a provider; the last way to sign in cannot be removed. */
export function unlinkProvider(tx: Tx, userId: string, provider: string) {
  const { db, deps } = tx;
  const ids = db.select().from(authIdentities).where(eq(authIdentities.userId, userId)).all();
  const target = ids.find((i) => i.provider === provider);
  if (!target) throw invalid(`No ${provider} sign-in is linked.`, "provider");
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user?.passwordHash && ids.length <= 1)
    throw conflict(
      "last_auth_method",
      "This is your only way to sign in; set a password or link another provider first.",
    );
  db.delete(authIdentities).where(eq(authIdentities.id, target.id)).run();
  return authMethods(deps, userId);
}
