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
import { t } from "../i18n";

/** Shows a new key's secret once. */
export function SecretReveal({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <section class="card secret-card" aria-labelledby="secret-title">
      <h2 id="secret-title">{t("api-key-form.secret_title", { name: created.name })}</h2>
      <Notice tone="warning" title={t("api-key-form.secret_warning")}>
        <p>{t("api-key-form.secret_store")}</p>
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={created.secret}
          aria-label={t("api-key-form.secret_label")}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.secret} label={t("api-key-form.copy_key")} variant="primary" />
      </div>
      <p class="small muted">
        {t("api-key-form.secret_scope", {
          mode: created.mode,
          scopes: created.scopes.join(", ") || t("api-key-form.no_scopes"),
        })}
      </p>
      <Button onClick={onDone}>{t("api-key-form.saved_it")}</Button>
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
    if (chosen.length === 0) return fail(t("api-key-form.no_permission"));
    void run();
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-key-title">
      <h2 id="new-key-title">
        {t("api-key-form.new_key", { mode })}{" "}
        <Badge tone={mode === "test" ? "test" : "good"}>
          {mode === "test" ? t("api-key-form.badge_test") : t("api-key-form.badge_live")}
        </Badge>
      </h2>
      <p class="muted small">{mode === "test" ? t("api-key-form.test_intro") : t("api-key-form.live_intro")}</p>
      <ErrorNotice error={error} />
      <Field label={t("api-key-form.name")} hint={t("api-key-form.name_hint")}>
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
        <legend>{t("api-key-form.permissions")}</legend>
        {scopes.loading && <Loading label={t("api-key-form.loading_permissions")} />}
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
        <Button type="submit" variant="primary" busy={busy} busyLabel={t("api-key-form.creating")}>
          {t("api-key-form.create")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("api-key-form.cancel")}
        </Button>
      </div>
    </form>
  );
}
