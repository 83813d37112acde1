/**
 * Reads a raw MIME message as a mail client does, for tests that look inside an email with several parts (text,
 * HTML, inline pictures): every leaf part with its headers and decoded body (quoted-printable and base64).
 */

/** One leaf part of a message. */
export interface MimePart {
  type: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The `Content-ID` without angle brackets, when the part has one. */
  cid: string | null;
}

function splitHead(raw: string): { head: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const headText = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const head: Record<string, string> = {};
  for (const line of headText.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) head[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { head, body };
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable": {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, "latin1");
    }
    default:
      return Buffer.from(body, "utf8");
  }
}

/** Every leaf part of a raw message, depth first. */
export function mimeParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw);
  const type = (head["content-type"] ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(head["content-type"]!)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith("--"))
      .flatMap((p) => mimeParts(p.replace(/^\r?\n/, "")));
  }
  const cid = head["content-id"]?.replace(/^<|>$/g, "") ?? null;
  return [{ type, headers: head, body: decode(body, head["content-transfer-encoding"]), cid }];
}

/** The text, HTML and inline pictures of a message. */
export function readMail(raw: string) {
  const parts = mimeParts(raw);
  const text = parts.find((p) => p.type === "text/plain")?.body.toString("utf8") ?? "";
  const html = parts.find((p) => p.type === "text/html")?.body.toString("utf8") ?? "";
  const pictures = parts.filter((p) => p.cid);
  /** The HTML with each `cid:` picture as a data address, as a mail client shows it. */
  const viewable = pictures.reduce(
    (h, p) => h.replaceAll(`cid:${p.cid}`, `data:${p.type};base64,${p.body.toString("base64")}`),
    html,
  );
  return { text, html, pictures, viewable };
}
