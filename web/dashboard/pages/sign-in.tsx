/**
 * Sign in with email and password. The server sets an HttpOnly session cookie; the page never sees it. "Forgot
 * your password?" turns the card into a form asking for a reset link, which answers the same whether or not the
 * address has an account (so the page cannot say either).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import type { Me, ResetRequested } from "../types";
import { useAction } from "../use-action";
import { SignedOutCard } from "./signed-out-card";
import { PRODUCT_LOOK, applyFavicon, rememberedLook, windowTitle } from "../look";

/** Props of `SignInPage`; `notice` explains why the person is here (e.g. the session ended). */
export interface SignInProps {
  notice?: string | null;
  onSignedIn: (me: Me) => void;
}

/**
 * The sign-in form, or the forgotten-password form, under the mark of the organisation this browser last worked in
 * (white label: a client signing in again sees its agency, not the product; signed-out-card.tsx).
 */
export function SignInPage({ notice, onSignedIn }: SignInProps) {
  const [look] = useState(() => rememberedLook() ?? PRODUCT_LOOK);
  useEffect(() => {
    document.title = windowTitle(t("sign-in.title"), look);
    applyFavicon(look);
  }, [look]);
  const [email, setEmail] = useState("");
  const [forgot, setForgot] = useState(false);
  return (
    <SignedOutCard>
      {forgot ? (
        <ForgotPassword email={email} onEmail={setEmail} onBack={() => setForgot(false)} />
      ) : (
        <SignIn
          notice={notice}
          email={email}
          onEmail={setEmail}
          onSignedIn={onSignedIn}
          onForgot={() => setForgot(true)}
        />
      )}
    </SignedOutCard>
  );
}

function SignIn({
  notice,
  email,
  onEmail,
  onSignedIn,
  onForgot,
}: SignInProps & { email: string; onEmail: (v: string) => void; onForgot: () => void }) {
  const [password, setPassword] = useState("");
  const { busy, error, run } = useAction(
    async () => onSignedIn(await api.post<Me>("/v1/auth/login", { email: email.trim(), password })),
    { leaves: true },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    void run();
  };

  return (
    <>
      <h1>{t("sign-in.title")}</h1>
      <p class="muted">{t("sign-in.intro")}</p>
      {notice && <Notice tone="info">{notice}</Notice>}
      <ErrorNotice error={error} />
      <form onSubmit={submit}>
        <Field label={t("sign-in.email")}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onInput={(e) => onEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("sign-in.password")}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="row signin-actions">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t("sign-in.signing_in")}>
            {t("sign-in.submit")}
          </Button>
          <button type="button" class="text-button" onClick={onForgot}>
            {t("sign-in.forgot")}
          </button>
        </div>
      </form>
    </>
  );
}

function ForgotPassword({
  email,
  onEmail,
  onBack,
}: {
  email: string;
  onEmail: (v: string) => void;
  onBack: () => void;
}) {
  const [answer, setAnswer] = useState<ResetRequested | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  const { busy, error, run } = useAction(async () =>
    setAnswer(await api.post<ResetRequested>("/v1/auth/password-reset", { email: email.trim() })),
  );

  const submit = (e: Event) => {
    e.preventDefault();
    void run();
  };

  if (answer)
    return (
      <>
        <h1 tabIndex={-1} ref={heading}>
          {answer.mail_configured ? t("sign-in.check_email") : t("sign-in.no_email")}
        </h1>
        <Notice tone={answer.mail_configured ? "success" : "warning"}>{answer.message}</Notice>
        <p class="muted small">{t("sign-in.reset_explain")}</p>
        <Button onClick={onBack}>{t("sign-in.back")}</Button>
      </>
    );
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {t("sign-in.forgot")}
      </h1>
      <p class="muted">{t("sign-in.forgot_intro")}</p>
      <ErrorNotice error={error} />
      <form onSubmit={submit}>
        <Field label={t("sign-in.email")}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onInput={(e) => onEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="row signin-actions">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t("sign-in.sending")}>
            {t("sign-in.send_link")}
          </Button>
          <button type="button" class="text-button" onClick={onBack}>
            {t("sign-in.back")}
          </button>
        </div>
      </form>
    </>
  );
}
