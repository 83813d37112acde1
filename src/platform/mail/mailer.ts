/**
 * Sending mail is a side effect at the edge: the `Mailer` interface is what the mail.send job calls, so tests
 * can pass a fake and the integration test a real SMTP server. Nothing else talks to SMTP.
 */
import type { Transporter } from "nodemailer";
import type { Config } from "../../config";
import { senderAddress } from "./sender";

/** A file sent with a message; with `cid`, a picture the HTML shows inline (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
  cid?: string;
}

/** One message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (e.g. `List-Unsubscribe`); names and values must not hold line breaks. */
  headers?: Record<string, string>;
  /**
   * The sender's name (a brand's, an organisation's): `From: "name" <PLAUDIT_MAIL_FROM's address>`. Null keeps
   * PLAUDIT_MAIL_FROM as configured. Checked by sender.ts before it was stored.
   */
  fromName?: string | null;
  /** `Reply-To`: one plain address, or null. */
  replyTo?: string | null;
  /** Files made when the message is sent (never stored with the outbox copy). */
  attachments?: MailAttachment[];
}

/** Sends mail. */
export interface Mailer {
  /** False when nothing leaves the box (no SMTP configured): messages stay in the outbox for the dashboard. */
  readonly delivers: boolean;
  /** Hands the message to the server; rejects with the server's error (nodemailer's carry `responseCode`). */
  send(msg: MailMessage): Promise<{ messageId: string }>;
  /** Releases connections at shutdown. */
  close(): void;
}

/** Timeouts short enough that a dead server fails one attempt quickly and the job retries later. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** A mailer sending through the SMTP server in `config.smtpUrl` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer {
  if (!config.smtpUrl) throw new Error("createSmtpMailer needs config.smtpUrl");
  const { smtpUrl, mailFrom } = config;
  const address = senderAddress(mailFrom);
  // nodemailer is loaded with the first message (~30 ms of start-up otherwise, for a box that may never send).
  let transport: Promise<Transporter> | null = null;
  let made: Transporter | null = null;
  const connect = () =>
    (transport ??= import("nodemailer").then(
      (m) => (made = m.createTransport({ url: smtpUrl, ...TIMEOUTS }, { from: mailFrom })),
    ));
  return {
    delivers: true,
    async send(msg) {
      // Address objects, never strings built here: nodemailer quotes and encodes the name itself.
      const info = await (await connect()).sendMail({
        ...(msg.fromName ? { from: { name: msg.fromName, address } } : {}),
        ...(msg.replyTo ? { replyTo: { name: msg.fromName ?? "", address: msg.replyTo } } : {}),
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html ?? undefined,
        headers: msg.headers,
        ...(msg.attachments?.length
          ? {
              attachments: msg.attachments.map((a) => ({
                filename: a.filename,
                content: Buffer.from(a.content),
                contentType: a.contentType,
                ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
              })),
            }
          : {}),
      });
      return { messageId: info.messageId };
    },
    close: () => made?.close(),
  };
}

/** A mailer for a box without SMTP: it never sends, and says so if asked to. */
export function createOutboxOnlyMailer(): Mailer {
  return {
    delivers: false,
    async send() {
      throw new Error("No SMTP server is configured (PLAUDIT_SMTP_URL); the message stays in the outbox.");
    },
    close() {},
  };
}

/** The SMTP mailer when `smtpUrl` is set, else the outbox-only one. */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer {
  return config.smtpUrl ? createSmtpMailer(config) : createOutboxOnlyMailer();
}
