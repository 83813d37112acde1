/**
 * Creating an API key: a name and scopes; the mode comes from the Live/Test switch. The secret is shown once,
 * with a copy button and a warning, and is forgotten when the person closes the panel.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { CopyButton } from "../../shared/ui/copy-button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useSession } from "../session";
import { useAction } from "../use-action";
import type { CreatedApiKey, ScopeInfo } from "../types";

/** Shows a new key's secret once. */
export function SecretReveal({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <section class="card secret-card" aria-labelledby="secret-title">
      <h2 id="secret-title">Your new key “{created.name}”</h2>
      <Notice tone="warning" title="Copy this key now. It is shown only once.">
        <p>
          Store it somewhere safe, such as your password manager or your server's secret settings. If you lose it,
          revoke it and create a new one.
        </p>
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={created.secret}
          aria-label="API key secret"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.secret} label="Copy key" variant="primary" />
      </div>
      <p class="small muted">
        Works only in {created.mode} mode, with: {created.scopes.join(", ") || "no scopes"}.
      </p>
      <Button onClick={onDone}>I have saved it</Button>
    </section>
  );
}

/** Props of `ApiKeyForm`. */
export interface ApiKeyFormProps {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}

/** The create-key form. */
export function ApiKeyForm({ onCreated, onCancel }: ApiKeyFormProps) {
  const { mode } = useSession();
  const scopes = useAsync(() => api.get<Page<ScopeInfo>>("/v1/api-keys/scopes"), []);
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, error, run, fail } = useAction(
    async () => onCreated(await api.post<CreatedApiKey>("/v1/api-keys", { name: name.trim(), mode, scopes: chosen })),
    { leaves: true },
  );

  const toggle = (scope: string, on: boolean) => setChosen((c) => (on ? [...c, scope] : c.filter((s) => s !== scope)));
  const submit = (e: Event) => {
    e.preventDefault();
    if (chosen.length === 0) return fail("Choose at least one permission for this key.");
    void run();
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-key-title">
      <h2 id="new-key-title">
        New {mode} key <Badge tone={mode === "test" ? "test" : "good"}>{mode === "test" ? "Test" : "Live"}</Badge>
      </h2>
      <p class="muted small">
        {mode === "test"
          ? "A test key starts with rk_test_ and works only in the sandbox. Use the Live/Test switch at the top to make a live key."
          : "A live key works on your live data. Use the Live/Test switch at the top to make a sandbox key."}
      </p>
      <ErrorNotice error={error} />
      <Field label="Name" hint="What uses this key, e.g. “Website CMS” or “Zapier”.">
        {(p) => (
          <input
            {...p}
            name="key-name"
            required
            maxLength={80}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      <fieldset>
        <legend>Permissions</legend>
        {scopes.loading && <Loading label="Loading permissions…" />}
        <ErrorNotice error={scopes.error} onRetry={scopes.reload} />
        {scopes.data?.data.map((s) => (
          <label class="check" key={s.scope}>
            <input
              type="checkbox"
              name="scope"
              value={s.scope}
              checked={chosen.includes(s.scope)}
              onChange={(e) => toggle(s.scope, e.currentTarget.checked)}
            />
            <span>
              <code>{s.scope}</code>
              <span class="hint"> {s.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Creating key…">
          Create key
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
