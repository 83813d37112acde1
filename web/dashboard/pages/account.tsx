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

function NameForm({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const { refreshMe } = useSession();
  const [name, setName] = useState(account.name);
  const { busy, error, run } = useAction(
    async () => {
      await api.patch("/v1/me", { name: name.trim() });
      await refreshMe();
      onSaved({ ...account, name: name.trim() });
    },
    { success: "Your name is saved" },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    void run();
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="account-name">
      <h2 id="account-name">Your name</h2>
      <p class="muted">Shown to the people you work with in this dashboard.</p>
      <ErrorNotice error={error} />
      <Field label="Name">
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
      <Button type="submit" variant="primary" busy={busy} busyLabel="Saving…" disabled={name.trim() === account.name}>
        Save name
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
      <h2 id="account-email">Email</h2>
      <p>
        You sign in with <strong>{account.email}</strong>.
      </p>
      {pending && (
        <Notice tone={sent ? "success" : "info"} title={`Waiting for confirmation from ${pending.email}`}>
          <p>
            We sent a link to {pending.email}. Your email changes only when that link is opened and confirmed (until{" "}
            {formatDateTime(pending.expires_at)}). We told {account.email} too.
          </p>
          <ErrorNotice error={cancel.error} />
          <Button small busy={cancel.busy} busyLabel="Cancelling…" onClick={() => void cancel.run()}>
            Cancel the change
          </Button>
        </Notice>
      )}
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label="New email" hint="We send a link there; nothing changes until you open it.">
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
          <Field label="Current password" hint="To be sure it is you.">
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
      <Button type="submit" variant="primary" busy={busy} busyLabel="Sending…">
        Send confirmation link
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
    { success: "Password changed; your other devices are signed out" },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    if (mismatch) return;
    void run();
  };
  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <p class="muted">A new password signs you out on every other device; this one stays signed in.</p>
      <ErrorNotice error={error} />
      <input type="email" name="username" autoComplete="username" value={account.email} hidden readOnly />
      {account.has_password && (
        <Field label="Current password">
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
        <Field label="New password" hint="8 characters or more.">
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
        <Field label="Repeat the new password" error={mismatch ? "The two passwords are not the same." : null}>
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
      <Button type="submit" variant="primary" busy={busy} busyLabel="Changing…" disabled={mismatch}>
        Change password
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
      <PageHeader title="Your account" description="Your own name, sign-in email and password." />
      <ErrorNotice error={error} onRetry={load} />
      {!account ? (
        !error && <Loading label="Loading your account…" />
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
