/**
 * The capture page: loads the link, then shows the form (after the link's welcome message), the closed message of
 * a closed link (paused, closed, past its closing date or full; no form), a problem, or the thank-you screen. A
 * recording of this link that did not finish sending (the page was closed mid-upload) is offered first, to finish
 * or discard (web/capture/resume.tsx). One polite live region carries status messages.
 */
import { localise } from "./localise";
import { problemWords } from "./problem-words";
import { useEffect, useState } from "preact/hooks";
import { getLink, Problem } from "./api";
import { t, words } from "./i18n";
import { accentVars } from "../../src/platform/accent";
import { BrandHeader } from "./header";
import { CaptureForm, type SentInfo } from "./form";
import { Thanks } from "./thanks";
import { findPending, type PendingSend } from "./pending";
import { ResumeSend } from "./resume";
import type { LinkView } from "./types";

/**
 * Why a closed link takes nothing, in the page's language when the server says why (`closed_reason`: an optional
 * field, not sent by every server), else the server's own words.
 */
function closedMessage(link: LinkView): string | null {
  const words: Record<string, () => string> = {
    paused: () => t("closed.paused"),
    closed: () => t("closed.closed"),
    expired: () => t("closed.expired"),
    full: () => t("closed.full"),
  };
  const reason = (link as { closed_reason?: string }).closed_reason;
  return (reason && words[reason]?.()) || link.closed_message;
}

type Load = { state: "loading" } | { state: "problem"; message: string } | { state: "ready"; link: LinkView };

/** The whole page for one link id. */
export function CaptureApp({ apiUrl, linkId }: { apiUrl: string; linkId: string | null }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [sent, setSent] = useState<SentInfo | null>(null);
  const [status, setStatus] = useState("");
  const [pending, setPending] = useState<PendingSend | null>(null);

  useEffect(() => {
    if (!linkId)
      return setLoad({
        state: "problem",
        message: t("app.incomplete"),
      });
    getLink(apiUrl, linkId).then(
      async (loaded) => {
        // The owner's texts in the page's language, where they gave them.
        const link = localise(loaded, words.language());
        document.title = `${link.title} · ${link.brand.name}`;
        setPending(await findPending(link.id));
        setLoad({ state: "ready", link });
      },
      (e: unknown) => {
        const message =
          e instanceof Problem && e.status === 404
            ? t("app.notFound")
            : e instanceof Problem
              ? problemWords(e)
              : t("app.reload");
        setLoad({ state: "problem", message });
      },
    );
  }, [apiUrl, linkId]);

  // The same message twice in a row gets a trailing no-break space, so it changes and is announced again.
  const announce = (m: string) => setStatus((prev) => (prev === m ? `${m}\u00a0` : m));

  if (load.state === "loading")
    return (
      <main class="page">
        <p class="muted" role="status">
          {t("app.loading")}
        </p>
      </main>
    );
  if (load.state === "problem") {
    return (
      <main class="page">
        <section class="card">
          <h1>{t("app.sorry")}</h1>
          <p>{load.message}</p>
        </section>
      </main>
    );
  }
  const { link } = load;
  return (
    <div class="shell" style={accentVars(link.brand.color)}>
      <BrandHeader brand={link.brand} mode={link.mode} />
      <main class="page stack">
        {sent ? (
          <Thanks info={sent} link={link} />
        ) : pending ? (
          <>
            <h1>{link.title}</h1>
            <ResumeSend
              pending={pending}
              apiUrl={apiUrl}
              announce={announce}
              onSent={setSent}
              onDone={() => setPending(null)}
            />
          </>
        ) : !link.is_active ? (
          <section class="card closed">
            <h1>{link.title}</h1>
            <p>{closedMessage(link)}</p>
          </section>
        ) : (
          <>
            <h1>{link.title}</h1>
            <CaptureForm
              link={link}
              apiUrl={apiUrl}
              announce={announce}
              onSent={setSent}
              intro={link.welcome_message && <p class="welcome">{link.welcome_message}</p>}
            />
          </>
        )}
      </main>
      <p class="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
