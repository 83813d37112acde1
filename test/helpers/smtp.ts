/**
 * A real SMTP server (`smtp-server`) on a random loopback port that keeps every message it receives: what the
 * product's mail looks like on the wire, for tests that follow an email (removal links, invitations).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the server received it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A running mail sink. */
export interface MailSink {
  /** `smtp://127.0.0.1:<port>`, for PLAUDIT_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/** Starts the sink (no TLS, no authentication). */
export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A MIME part's body decoded by its `Content-Transfer-Encoding` (quoted-printable, base64, or as it is). */
function decodeBody(head: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** A message's parts by content type (`text/plain`, `text/html`), decoded; nested multiparts are walked. */
export function mailParts(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (part: string) => {
    const split = /\r?\n\r?\n/.exec(part);
    const head = split ? part.slice(0, split.index) : part;
    const body = split ? part.slice(split.index + split[0].length) : "";
    const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
    const type = (/^content-type:\s*([^;\s]+)/im.exec(unfolded)?.[1] ?? "text/plain").toLowerCase();
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (type.startsWith("multipart/") && boundary) {
      const pieces = body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) if (!piece.startsWith("--")) walk(piece.replace(/^\r?\n/, ""));
    } else out[type] ??= decodeBody(unfolded, body);
  };
  walk(raw);
  return out;
}

/** The plain text of a message (its `text/plain` part when it has several), decoded. */
export function mailText(raw: string): string {
  return mailParts(raw)["text/plain"] ?? "";
}

/**
 * A header of a raw message, unfolded, with RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded:
 * what a mail client shows. Undefined when the message has no such header.
 */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const value = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head)?.[1];
  if (value === undefined) return undefined;
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}
