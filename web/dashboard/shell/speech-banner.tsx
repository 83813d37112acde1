/**
 * Tells an owner, once, that transcripts on this server are rough drafts (speech is recognised by the offline
 * fallback, pocketsphinx): each is marked "draft: check before publishing" in the inbox, and whoever runs the server
 * can install the Whisper model for accurate ones. It shows until the owner dismisses it, and then never again for
 * that person in this browser (remembered per person in localStorage; where storage is refused it shows once per
 * page load). Admins and members never see it: there is nothing for them to do. The words come from the server and
 * name no path on it (src/media/speech/select.ts); `plaudit doctor` on the server says where the model goes.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { CodeText } from "../../shared/ui/code-text";
import { getPref, setPref } from "../prefs";
import { useSession } from "../session";
import type { SystemHealth } from "../types";
import { t } from "../i18n";

/** The remembered dismissal of one person. */
const key = (userId: string) => `dismissed.speech-drafts.${userId}`;

/** The one-time notice about draft transcripts; nothing for anyone but owners, or once dismissed. */
export function SpeechBanner({ health }: { health: SystemHealth | null }) {
  const { me, isOwner } = useSession();
  const [gone, setGone] = useState(() => getPref(key(me.user.id)) !== null);
  const speech = health?.speech_engine;
  if (!isOwner || gone || health?.media_pipeline.status !== "passed" || !speech?.drafts) return null;
  const dismiss = () => {
    setPref(key(me.user.id), new Date().toISOString());
    setGone(true);
  };
  return (
    <section class="health-banner health-banner-info speech-banner" aria-labelledby="speech-banner-title">
      <div class="https-banner-head">
        <p id="speech-banner-title" class="health-banner-title">
          {t("shell.speech-banner.title")}
        </p>
        <Button small onClick={dismiss}>
          {t("shell.speech-banner.got_it")}
        </Button>
      </div>
      <p>
        {t("shell.speech-banner.text", { engine: speech.engine ?? "" })}
        {speech.fix && (
          <>
            {" "}
            <strong>{t("shell.speech-banner.for_accurate")}</strong> <CodeText text={speech.fix} />
          </>
        )}
      </p>
    </section>
  );
}
