/**
 * The page a password reset link opens (`/app/reset-password#<token>`): says which account, asks for the new
 * password twice, and signs the person in. A used, cut or expired link gets a plain sentence and the way to ask for a
 * new one. The token is read from the address's fragment, which browsers never send to a server.
 */
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { rich, t } from "../i18n";
import type { Me, ResetInfo } from "../types";
import { useAction } from "../use-action";
import { SignedOutCard } from "./signed-out-card";

type State =
  | { kind: "loading" }
  | { kind: "unusable"; message: string }
  | { kind: "failed"; error: unknown }
  | { kind: "ready"; info: ResetInfo };

/** The token in the address (after `#`). */
const linkToken = () => decodeURIComponent(window.location.hash.replace(/^#/, ""));

/** Props of `ResetPasswordPage`: `onSignedIn` receives the person, signed in with the new password. */
export interface ResetPasswordProps {
  onSignedIn: (me: Me) => void;
  onSignIn: () => void;
}

/** The reset-password page. */
export function ResetPasswordPage({ onSignedIn, onSignIn }: ResetPasswordProps) {
  const [token] = useState(linkToken);
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = () => {
    if (!token)
      return setState({
        kind: "unusable",
        message: t("reset-password.incomplete"),
      });
    setState({ kind: "loading" });
    api.post<ResetInfo>("/v1/auth/password-reset/lookup", { token }).then(
      (info) => setState({ kind: "ready", info }),
      (error) =>
        setState(
          error instanceof ApiError && (error.status === 404 || error.status === 410)
            ? { kind: "unusable", message: error.message }
            : { kind: "failed", error },
        ),
    );
  };
  useEffect(load, [token]);

  if (state.kind === "loading")
    return (
      <SignedOutCard>
        <Loading label={t("reset-password.opening")} />
      </SignedOutCard>
    );
  if (state.kind === "unusable")
    return (
      <SignedOutCard>
        <h1>{t("reset-password.unusable")}</h1>
        <p>{state.message}</p>
        <Button onClick={onSignIn}>{t("reset-password.go_sign_in")}</Button>
      </SignedOutCard>
    );
  if (state.kind === "failed")
    return (
      <SignedOutCard>
        <h1>{t("reset-password.title")}</h1>
        <ErrorNotice error={state.error} onRetry={load} />
      </SignedOutCard>
    );
  return (
    <SignedOutCard>
      <NewPassword token={token} info={state.info} onSignedIn={onSignedIn} />
    </SignedOutCard>
  );
}

function NewPassword({ token, info, onSignedIn }: { token: string; info: ResetInfo; onSignedIn: (me: Me) => void }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const mismatch = repeat !== "" && repeat !== password;
  const { busy, error, run } = useAction(
    async () => onSignedIn(await api.post<Me>("/v1/auth/password-reset/confirm", { token, password })),
    { leaves: true },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (mismatch) return;
    void run();
  };

  return (
    <form onSubmit={submit}>
      <h1>{t("reset-password.title")}</h1>
      <p>
        {rich("reset-password.explain", {
          email: info.email,
          until: formatDateTime(info.expires_at),
          strong: (parts) => <strong>{parts}</strong>,
        })}
      </p>
      <ErrorNotice error={error} />
      <input type="email" name="email" autoComplete="username" value={info.email} hidden readOnly />
      <Field label={t("reset-password.new_password")} hint={t("reset-password.new_password_hint")}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={200}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label={t("reset-password.repeat")} error={mismatch ? t("reset-password.mismatch") : null}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            required
            value={repeat}
            onInput={(e) => setRepeat(e.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("reset-password.saving")} disabled={mismatch}>
        {t("reset-password.submit")}
      </Button>
    </form>
  );
}
