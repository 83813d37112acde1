/**
 * Entry of the capture page's live preview (`{site_url}/c/_preview`, framed by the dashboard's link editor): the
 * capture page's own pieces (brand header, title, welcome words, the form with the link's questions, ways to
 * answer, rating, questions of its own, photo and consent; or the thank-you screen with its words and button),
 * drawn from the draft the editor posts, under a "Preview" ribbon. Nothing can be sent from here: the page's
 * policy lets it reach no server (`connect-src 'none'`), Send and links only say what they would do, and the page
 * never takes the focus from the editor unless the person is using the preview itself.
 */
import { render } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { readConfig } from "../shared/config";
import { isPreviewShow, PREVIEW_READY, type PreviewShow, type PreviewView } from "../shared/capture-preview";
import { accentVars } from "../../src/platform/accent";
import { BrandHeader } from "./header";
import { CaptureForm } from "./form";
import { Thanks, type SentInfo } from "./thanks";
import type { LinkView } from "./types";
import "../shared/ui/base.css";
import "./capture.css";
import "./preview.css";

/** The limits the server put in the page (those not tied to the link's questions). */
function pageLimits(): Omit<LinkView["limits"], "max_seconds" | "total_seconds"> {
  const raw = document.querySelector<HTMLMetaElement>('meta[name="plaudit-preview-limits"]')?.content;
  return JSON.parse(raw ?? "{}");
}

/** The draft as the capture page's link view: the page's limits, and those of the draft's questions. */
function linkOf(view: PreviewView, limits: ReturnType<typeof pageLimits>): LinkView {
  const seconds = view.prompts.map((p) => p.max_seconds);
  return {
    ...view,
    limits: {
      ...limits,
      max_seconds: Math.max(10, ...seconds),
      total_seconds: seconds.reduce((n, s) => n + s, 0),
    },
  };
}

/** A grey head-and-shoulders picture standing in for the respondent's photo on the thank-you screen. */
const SAMPLE_PHOTO = new Blob(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" fill="#d1d5db"/><circle cx="36" cy="28" r="13" fill="#9ca3af"/><path d="M10 72c2-16 13-24 26-24s24 8 26 24z" fill="#9ca3af"/></svg>',
  ],
  { type: "image/svg+xml" },
);

/** What the thank-you screen shows in the preview: a made-up respondent's answer in the link's first way. */
function sampleSent(link: LinkView): SentInfo {
  const kind = link.accepts.includes("text") ? "text" : (link.accepts[0] ?? "text");
  return {
    submissionId: "preview",
    name: "Alex",
    kind,
    media: null,
    text: kind === "text" ? "Their words appear here, as they wrote them." : null,
    rating: link.ask_rating ? 5 : null,
    answers: link.custom_fields.map((f) => ({
      label: f.label,
      value: f.type === "yes_no" ? true : f.type === "choice" ? (f.options?.[0] ?? "") : "Their answer",
    })),
    photo: link.collect_photo ? SAMPLE_PHOTO : null,
    photoProblem: null,
    email: "alex@example.com",
  };
}

/** How long the ribbon says what a click did, before it is back to "Nothing is sent from here." */
const NOTE_MS = 6000;

/** Tells the ribbon what a click on Send or a link would have done (set by the page once it is drawn). */
let say: (note: string) => void = () => {};

function PreviewPage({ appOrigin }: { appOrigin: string }) {
  const [shown, setShown] = useState<PreviewShow | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [limits] = useState(pageLimits);
  const clearing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const screen = useRef<PreviewShow["screen"] | null>(null);
  say = (text) => {
    setNote(text);
    clearTimeout(clearing.current);
    clearing.current = setTimeout(() => setNote(null), NOTE_MS);
  };
  useEffect(() => {
    const take = (e: MessageEvent) => {
      if (e.origin !== appOrigin || e.source !== window.parent || !isPreviewShow(e.data)) return;
      // Another screen: what a click did on the last one no longer applies.
      if (screen.current !== e.data.screen) setNote(null);
      screen.current = e.data.screen;
      setShown(e.data);
    };
    window.addEventListener("message", take);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, appOrigin);
    return () => window.removeEventListener("message", take);
  }, []);

  if (!shown)
    return (
      <main class="page">
        <p class="muted" role="status">
          Waiting for the link editor…
        </p>
      </main>
    );
  const link = linkOf(shown.view, limits);
  return (
    <div style={accentVars(link.brand.color)}>
      <p class="preview-ribbon" role="status">
        <strong>Preview</strong> <span>{note ?? "Nothing is sent from here."}</span>
      </p>
      <div class="shell">
        <BrandHeader brand={link.brand} mode={link.mode} />
        <main class="page stack">
          {shown.screen === "thanks" ? (
            <>
              {/* The real screen goes on to the redirect address; the preview says so instead of going. */}
              <Thanks info={sampleSent(link)} link={{ ...link, redirect_url: null }} />
              {link.redirect_url && (
                <p class="notice preview-note">After 5 seconds the page takes them on to {link.redirect_url}</p>
              )}
            </>
          ) : (
            <>
              <h1>{link.title}</h1>
              {link.welcome_message && <p class="welcome">{link.welcome_message}</p>}
              {/* One page at any width: the preview shows every setting at once, as it changes. */}
              <CaptureForm
                key={link.accepts.join()}
                link={link}
                apiUrl=""
                announce={() => {}}
                onSent={() => {}}
                stepped={false}
              />
            </>
          )}
        </main>
      </div>
    </div>
  );
}

// Focus moves into the preview only while the person is using it, never from the editor they are typing in.
const focus = HTMLElement.prototype.focus;
HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
  if (document.hasFocus()) focus.call(this, options);
};
// Sending and following links are what a preview must not do: each says what would happen instead.
document.addEventListener(
  "submit",
  (e) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    say("Sending is off in the preview: this button sends the testimonial on the real page.");
  },
  true,
);
document.addEventListener(
  "click",
  (e) => {
    const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null;
    if (!a) return;
    e.preventDefault();
    say(`On the real page this opens ${a.href}`);
  },
  true,
);

render(<PreviewPage appOrigin={new URL(readConfig().appUrl).origin} />, document.getElementById("root")!);
