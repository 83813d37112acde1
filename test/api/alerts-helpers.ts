/**
 * What the alert API tests share: people of any role with known addresses and sessions, a recording mailer, the job
 * runner, testimonials that arrive as the real ones do (a written one through the capture route; a video made ready
 * by the same event processing emits; one whose processing fails), and the buttons of a delivered email.
 */
import { eq } from "drizzle-orm";
import type { Session, TestApp, TestOrg } from "../helpers/app";
import { requestHandler } from "../../src/app";
import { fakeProcessedVideo } from "../helpers/testimonials";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx, type Mode, type Role } from "../../src/platform/context";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { tx } from "../../src/platform/db/client";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { emit } from "../../src/platform/events/emit";
import {
  failSubmission,
  markReceived,
  submissionEventData,
  submissions,
  createCollected,
} from "../../src/domains/submissions";
import { accountCtx } from "../../src/domains/accounts/users";

/** A person in an organisation: their session, address and membership. */
export interface Person {
  session: Session;
  email: string;
  memberId: string;
  userId: string;
}

let n = 0;

/** A member of `role` (a client with `brandIds`) with a session. */
export function person(t: TestApp, org: TestOrg, role: Role, brandIds?: string[], name = `${role} person`): Person {
  const email = `${role}.${++n}.${Date.now()}@agency.test`;
  const m = unitOfWork(t.deps, systemCtx(org.id, "live", t.clock), (tx) =>
    addMember(tx, { email, role, name, brandIds }),
  );
  return {
    session: {
      cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, m.user_id)).token}`,
      orgId: org.id,
    },
    email,
    memberId: m.id,
    userId: m.user_id,
  };
}

/** Swaps the app's mailer for one that keeps every message; returns the list. */
export function recordMail(t: TestApp): MailMessage[] {
  const delivered: MailMessage[] = [];
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (delivered.push(m), { messageId: `<${delivered.length}@alerts.test>` }),
    close() {},
  };
  return delivered;
}

const registry = buildRegistry();

/** Runs every job that is due. */
export const runJobs = (t: TestApp) => runDueJobs(t.deps, registry);

/** A processed video that arrives as processing makes it arrive (`submission.ready` in the finishing transaction). */
export async function arrivedVideo(
  t: TestApp,
  org: TestOrg,
  linkId: string,
  opts: { words?: string[]; draft?: boolean; mode?: Mode; name?: string; rating?: number } = {},
): Promise<string> {
  const mode = opts.mode ?? "live";
  const id = await fakeProcessedVideo(t, org, linkId, opts.words, {
    received: mode,
    respondent: { name: opts.name ?? "Vic Video" },
  });
  tx(t.deps.db, (db) => {
    const row = db
      .update(submissions)
      .set({ wordsDraft: !!opts.draft, rating: opts.rating ?? null })
      .where(eq(submissions.id, id))
      .returning()
      .get()!;
    emit(t.deps, systemCtx(org.id, mode, t.clock), "submission.ready", submissionEventData(row));
  });
  return id;
}

/** A received recording whose processing fails for good. */
export function failedVideo(t: TestApp, org: TestOrg, linkId: string, brandId: string, name = "Fay Failed"): string {
  const ctx = systemCtx(org.id, "live", t.clock);
  const row = unitOfWork(t.deps, ctx, (uow) =>
    createCollected(uow, {
      kind: "video",
      brandId,
      linkId,
      promptId: null,
      respondentName: name,
      respondentEmail: null,
      respondentTitle: null,
      respondentCompany: null,
      rating: 4,
      consent: { text: "I agree.", version: "2026-11-01", agreed_at: new Date(t.clock.now()).toISOString() },
      customAnswers: null,
    }),
  );
  unitOfWork(t.deps, ctx, (uow) => markReceived(uow, row.id, `submissions/${row.id}/original.webm`, "video/webm"));
  unitOfWork(t.deps, ctx, (uow) =>
    failSubmission(uow, row.id, "no_audio", "The recording has no sound.", "Ask the respondent to record again."),
  );
  return row.id;
}

/** The messages to one address. */
export const mailTo = (delivered: MailMessage[], email: string) => delivered.filter((m) => m.to === email);

/** The Approve and Approve & publish links of one testimonial's part of an email's text. */
export function buttonsIn(text: string): { approve: string | null; publish: string | null; stop: string | null } {
  const grab = (label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? null;
  return {
    approve: grab("Approve \\(keep private\\)"),
    publish: grab("Approve & publish"),
    stop: grab("Stop these emails"),
  };
}

/** The token at the end of a button or stop link. */
export const tokenOf = (url: string) => url.split("/").pop()!;

/** Opens a page of the site (a button or stop link) as a browser would, without credentials. */
export async function openPage(
  t: TestApp,
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  // Routed by host as the server routes it (the site may have a host name of its own); each call from its own
  // client address unless the test names one (the pages are limited per address).
  const res = await requestHandler(
    t.app,
    t.deps,
  )(
    new Request(url, {
      method: init.method ?? "GET",
      body: init.body,
      headers: {
        "x-forwarded-for": `10.${++n % 250}.${Math.floor(n / 250) % 250}.7`,
        ...(init.body !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...init.headers,
      },
    }),
  );
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** Posts a button's form with a choice. */
export const press = (t: TestApp, url: string, choice = "default", headers: Record<string, string> = {}) =>
  openPage(t, url, { method: "POST", body: `choice=${choice}`, headers });
