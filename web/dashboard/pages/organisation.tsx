/**
 * The Organisation settings page (white label, issue 29): the organisation's name, colour and logo, which stand
 * where the product's name would for its members and client logins (the header, the window title, the sign-in and
 * invitation pages) and in invitations and notification emails. Owners and admins change them; members read them.
 * A preview shows the header's mark as it will look.
 */
import { useState } from "preact/hooks";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { DEFAULT_COLOR } from "../look";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { OrgMark } from "../shell/org-mark";
import { useAction } from "../use-action";
import type { Organisation } from "../types";

/** The logo: the current one, an upload, and removal. */
function LogoForm({ org, onSaved }: { org: Organisation; onSaved: (o: Organisation) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const logo = useAction(
    async (change: { what: "upload"; file: File; form: HTMLFormElement } | { what: "remove" }) => {
      if (change.what === "remove") return onSaved(await api.del<Organisation>("/v1/org/logo"));
      const body = new FormData();
      body.append("file", change.file);
      onSaved(await api.upload<Organisation>("/v1/org/logo", body));
      setFile(null);
      change.form.reset();
    },
    {
      success: (_, change) =>
        change.what === "upload" ? t("organisation.logo_uploaded") : t("organisation.logo_removed"),
    },
  );
  const upload = (e: Event) => {
    e.preventDefault();
    if (file) void logo.run({ what: "upload", file, form: e.currentTarget as HTMLFormElement });
  };
  return (
    <form class="card logo-form" onSubmit={upload}>
      <h2>{t("organisation.logo")}</h2>
      {org.logo_url ? (
        <img
          class="brand-logo brand-logo-large"
          src={org.logo_url}
          alt={t("organisation.logo_alt", { name: org.name })}
        />
      ) : (
        <p class="muted">{t("organisation.no_logo")}</p>
      )}
      <ErrorNotice error={logo.error} />
      <Field label={t("organisation.image_file")} hint={t("organisation.image_file_hint")}>
        {(p) => (
          <input {...p} type="file" accept="image/*" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        )}
      </Field>
      <div class="row">
        <Button
          type="submit"
          disabled={!file}
          busy={logo.running?.what === "upload"}
          busyLabel={t("organisation.uploading")}
        >
          {t("organisation.upload_logo")}
        </Button>
        {org.logo_url && (
          <Button
            variant="ghost"
            busy={logo.running?.what === "remove"}
            busyLabel={t("organisation.removing")}
            onClick={() => void logo.run({ what: "remove" })}
          >
            {t("organisation.remove_logo")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Name and colour, with a preview of the header's mark. */
function NameForm({ org, onSaved }: { org: Organisation; onSaved: (o: Organisation) => void }) {
  const [name, setName] = useState(org.name);
  const [color, setColor] = useState(org.color ?? DEFAULT_COLOR);
  const { busy, error, run } = useAction(
    async (patch: Record<string, unknown>) => onSaved(await api.patch<Organisation>("/v1/org", patch)),
    { success: t("organisation.saved") },
  );
  const save = (e: Event) => {
    e.preventDefault();
    const patch: Record<string, unknown> = {};
    if (name.trim() !== org.name) patch.name = name.trim();
    if (color !== (org.color ?? DEFAULT_COLOR)) patch.color = color;
    if (Object.keys(patch).length === 0) return;
    void run(patch);
  };
  return (
    <form class="card form-card" onSubmit={save}>
      <h2>{t("organisation.name_and_colour")}</h2>
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label={t("organisation.name")} hint={t("organisation.name_hint")}>
          {(p) => (
            <input {...p} required maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          )}
        </Field>
        <Field label={t("organisation.colour")} hint={t("organisation.colour_hint")}>
          {(p) => (
            <input
              {...p}
              type="color"
              class="color-input"
              value={color}
              onInput={(e) => setColor(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <p class="small muted">{t("organisation.preview_label")}</p>
      <p class="logo org-preview" aria-label={t("organisation.preview_aria")}>
        <OrgMark look={{ name: name.trim() || org.name, logoUrl: org.logo_url, color }} />
      </p>
      <Button type="submit" variant="primary" busy={busy} busyLabel={t("organisation.saving")}>
        {t("organisation.save")}
      </Button>
    </form>
  );
}

/** The Organisation page. */
export function OrganisationPage() {
  const { canManage, refreshMe } = useSession();
  const org = useAsync(() => api.get<Organisation>("/v1/org"), []);
  // The header, title and remembered sign-in look read the memberships: fetched again after each change.
  const saved = (o: Organisation) => {
    org.setData(o);
    void refreshMe();
  };
  return (
    <>
      <PageHeader title={t("organisation.title")} description={t("organisation.description")} />
      {org.loading && !org.data ? (
        <Loading />
      ) : org.error ? (
        <ErrorNotice error={org.error} onRetry={org.reload} />
      ) : org.data && canManage ? (
        <div class="org-settings">
          <NameForm org={org.data} onSaved={saved} />
          <LogoForm org={org.data} onSaved={saved} />
        </div>
      ) : org.data ? (
        <div class="card">
          <p class="logo">
            <OrgMark look={{ name: org.data.name, logoUrl: org.data.logo_url, color: org.data.color }} />
          </p>
          <p class="muted">{t("organisation.read_only")}</p>
        </div>
      ) : null}
    </>
  );
}
