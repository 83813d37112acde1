/**
 * "Your account": the signed-in person's own name, email and password, for every role (a client's too). A new email
 * is confirmed by a link sent to it (nothing changes before; the old address is told); a new password needs the
 * current one and signs the account out everywhere else.
 */
import { useEffect, useState } from "preact/hooks";
import { formatDateTime } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { useAction } from "../use-action";
import type { Account } from "../types";
import { rich, t } from "../i18n";

function NameForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const { refreshMe } = useSession();
  const [name, setName] = useState(account.name);
  const { busy, error, run } = useAction(
    async () => {
      await api.patch("/v1/me", { name: name.trim() });
      await refreshMe();
      onSaved({ ...account, name: name.trim() });
    },
    { success: t("account.name_saved") },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    void run();
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="account-name">
      <h2 id="account-name">{t("account.name_title")}</h2>
      <p class="muted">{t("account.name_intro")}</p>
      <ErrorNotice error={error} />
      <Field label={t("account.name_label")}>
        {(p) => (
          <input
            {...p}
            name="name"
            autoComplete="name"
            maxLength={120}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="primary"
        busy={busy}
        busyLabel={t("account.saving")}
        disabled={name.trim() === account.name}
      >
        {t("account.save_name")}
      </Button>
    </form>
  );
}

function EmailForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useAction(async () => {
    onSaved(
      await api.post<Account>("/v1/me/email-change", {
        email: email.trim(),
        ...(account.has_password ? { current_password: password } : {}),
      }),
    );
    setEmail("");
    setPassword("");
    setSent(true);
  });
  const cancel = useAction(async () => {
    onSaved(await api.del<Account>("/v1/me/email-change"));
    setSent(false);
  });
  const pending = account.pending_email;
  const submit = (e: Event) => {
    e.preventDefault();
    void run();
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="account-email">
      <h2 id="account-email">{t("account.email_title")}</h2>
      <p>{rich("account.email_current", { email: account.email, strong: (parts) => <strong>{parts}</strong> })}</p>
      {pending && (
        <Notice tone={sent ? "success" : "info"} title={t("account.email_pending_title", { email: pending.email })}>
          <p>
            {t("account.email_pending_body", {
              email: pending.email,
              until: formatDateTime(pending.expires_at),
              current: account.email,
            })}
          </p>
          <ErrorNotice error={cancel.error} />
          <Button small busy={cancel.busy} busyLabel={t("account.cancelling")} onClick={() => void cancel.run()}>
            {t("account.cancel_change")}
          </Button>
        </Notice>
      )}
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label={t("account.new_email")} hint={t("account.new_email_hint")}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="new-email"
              autoComplete="email"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        {account.has_password && (
          <Field label={t("account.current_password")} hint={t("account.current_password_hint")}>
            {(p) => (
              <input
                {...p}
                type="password"
                name="email-current-password"
                autoComplete="current-password"
                required
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
            )}
          </Field>
        )}
      </div>
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("account.sending")}>
        {t("account.send_link")}
      </Button>
    </form>
  );
}

function PasswordForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const mismatch = repeat !== "" && repeat !== password;
  const { busy, error, run } = useAction(
    async () => {
      await api.patch("/v1/me", { password, ...(account.has_password ? { current_password: current } : {}) });
      setCurrent("");
      setPassword("");
      setRepeat("");
      onSaved({ ...account, has_password: true });
    },
    { success: t("account.password_changed") },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    if (mismatch) return;
    void run();
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="account-password">
      <h2 id="account-password">{t("account.password_title")}</h2>
      <p class="muted">{t("account.password_intro")}</p>
      <ErrorNotice error={error} />
      <input type="email" name="username" autoComplete="username" value={account.email} hidden readOnly />
      {account.has_password && (
        <Field label={t("account.current_password")}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="current-password"
              autoComplete="current-password"
              required
              value={current}
              onInput={(e) => setCurrent(e.currentTarget.value)}
            />
          )}
        </Field>
      )}
      <div class="form-grid">
        <Field label={t("account.new_password")} hint={t("account.new_password_hint")}>
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
        <Field label={t("account.repeat_password")} error={mismatch ? t("account.passwords_differ") : null}>
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
      </div>
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("account.changing")} disabled={mismatch}>
        {t("account.change_password")}
      </Button>
    </form>
  );
}

/** The "Your account" page. */
export function AccountPage() {
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = () => {
    setError(null);
    api.get<Account>("/v1/me/account").then(setAccount, setError);
  };
  useEffect(load, []);
  return (
    <>
      <PageHeader title={t("account.title")} description={t("account.description")} />
      <ErrorNotice error={error} onRetry={load} />
      {!account ? (
        !error && <Loading label={t("account.loading")} />
      ) : (
        <div class="stack account-forms">
          <NameForm account={account} onSaved={setAccount} />
          <EmailForm account={account} onSaved={setAccount} />
          <PasswordForm account={account} onSaved={setAccount} />
        </div>
      )}
    </>
  );
}
