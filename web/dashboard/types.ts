/**
 * Shapes of what the dashboard reads from the API (see the service contract); only fields the pages use.
 */

/** `live` or `test` (the sandbox). */
export type Mode = "live" | "test";

/** A member's role in an organisation. */
export type Role = "owner" | "admin" | "member";

/** The signed-in person. */
export interface User {
  id: string;
  email: string;
  name: string | null;
}

/** One organisation the person belongs to. */
export interface Membership {
  org_id: string;
  org_name: string;
  role: Role;
  plan: string;
}

/** Answer of login and `GET /v1/me`. */
export interface Me {
  user: User;
  memberships: Membership[];
}

/** A brand. */
export interface Brand {
  id: string;
  name: string;
  slug: string;
  color: string | null;
  is_default: boolean;
  is_public: boolean;
  submission_count: number;
  public_wall_url: string;
  logo_url: string | null;
  created_at: string;
}

/** One question on a collect link. */
export interface Prompt {
  id: string;
  text: string;
  max_seconds: number;
}

/** A collect link. */
export interface CollectLink {
  id: string;
  brand_id: string;
  url: string;
  title: string;
  is_active: boolean;
  closed_reason: string | null;
  prompts: Prompt[];
  consent_text: string;
  consent_version: string;
  created_at: string;
}

/** An API key (never its secret, except right after creation). */
export interface ApiKey {
  id: string;
  name: string;
  mode: Mode;
  prefix: string;
  last4: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The answer to creating a key: the key and its secret, shown once. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

/** A scope a key can have. */
export interface ScopeInfo {
  scope: string;
  description: string;
}

/** A member of the organisation. */
export interface Member {
  id: string;
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: string;
}

/** A plan and its allowances (null = unlimited). */
export interface Plan {
  id: string;
  name: string;
  allowances: Record<string, number | null>;
  features?: Record<string, boolean>;
}

/** `GET /v1/billing`. */
export interface Billing {
  plan: string;
  plans: Plan[];
  billing_configured: boolean;
}

/** One allowance's use. */
export interface Allowance {
  name: string;
  label: string;
  used: number;
  limit: number | null;
}

/** `GET /v1/billing/usage`. */
export interface Usage {
  plan: string;
  mode: Mode;
  allowances: Allowance[];
}

/** A message in the mail outbox. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One step of the server's media self-test. */
export interface SelfTestStep {
  name: string;
  ok: boolean;
  skipped: boolean;
  ms: number;
  detail: string;
  fix: string | null;
}

/** Answer of `GET /v1/system/health` (owners and admins). */
export interface SystemHealth {
  media_pipeline: {
    status: "not_run" | "running" | "passed" | "failed";
    checked_at: string | null;
    duration_ms: number | null;
    problem: { step: string; detail: string; fix: string | null } | null;
    steps: SelfTestStep[];
  };
}
