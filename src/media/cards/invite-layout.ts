/**
 * The preview image of a collect link (`og:image` of its page, 1200×630): what a link pasted into Slack, WhatsApp
 * or an email shows. The brand's colour, logo and name around a white card with the link's title in the brand's
 * chosen letters, its first question, and what the respondent can send. Same element tree style as layout.ts.
 */
import type { CardFont } from "./fonts";
import { brandHead, el, luminance, quoteSize, type Node } from "./layout";

/** The link card's size (a link preview's). */
export const INVITE_SIZE = { width: 1200, height: 630 } as const;

/** What a link's card shows. */
export interface InviteContent {
  title: string;
  /** The link's first question, or null. */
  prompt: string | null;
  /** What can be sent, in words ("A video, a voice note or a few words"). */
  ways: string;
  color: string;
  brandName: string;
  /** A PNG data URI, or null. */
  logo: string | null;
  font: CardFont;
}

/** The element tree of a link's card. */
export function inviteTree(c: InviteContent, titleFamily: string, titleStyle: "normal" | "italic"): Node {
  const { width, height } = INVITE_SIZE;
  const unit = width / 1080;
  const pad = Math.round(40 * unit);
  const inner = Math.round(44 * unit);
  const headH = Math.round(60 * unit);
  const onColor = luminance(c.color) > 0.5 ? "#111827" : "#ffffff";
  const boxW = width - 2 * pad - 2 * inner;
  const boxH = height - 2 * pad - headH - 2 * inner - Math.round(150 * unit);
  const title = c.title.length > 140 ? `${c.title.slice(0, 139).replace(/\s+\S*$/, "")}…` : c.title;
  const fs = quoteSize(title.length, boxW, boxH, Math.round(72 * unit), 30);
  const prompt = c.prompt && c.prompt.length > 150 ? `${c.prompt.slice(0, 149).replace(/\s+\S*$/, "")}…` : c.prompt;
  const card = el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      flexGrow: 1,
      boxSizing: "border-box",
      background: "#ffffff",
      borderRadius: Math.round(28 * unit),
      padding: inner,
      boxShadow: "0 12px 40px rgba(0,0,0,0.18)",
    },
    [
      el("div", { display: "flex", flexDirection: "column", gap: Math.round(18 * unit) }, [
        el(
          "div",
          {
            display: "flex",
            fontFamily: titleFamily,
            fontStyle: titleStyle,
            fontSize: fs,
            lineHeight: 1.2,
            fontWeight: 700,
            color: "#111827",
            width: boxW,
          },
          title,
        ),
        ...(prompt
          ? [el("div", { display: "flex", fontSize: Math.round(28 * unit), color: "#4b5563", width: boxW }, prompt)]
          : []),
      ]),
      el("div", { display: "flex", alignItems: "center", gap: Math.round(16 * unit) }, [
        el("div", {
          width: Math.round(18 * unit),
          height: Math.round(18 * unit),
          borderRadius: 999,
          background: c.color,
        }),
        el("div", { fontSize: Math.round(28 * unit), fontWeight: 700, color: "#111827" }, c.ways),
      ]),
    ],
  );
  return el(
    "div",
    {
      width,
      height,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      gap: Math.round(24 * unit),
      padding: pad,
      background: c.color,
      fontFamily: "Inter",
    },
    [brandHead(c, headH, unit, onColor), card],
  );
}
