/**
 * Inviting a member by email with a role, or a client for chosen brands. Nobody chooses a password for someone
 * else: the answer is an invitation link with which the person sets their own password, or accepts with the
 * account they have.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { t } from "../i18n";
import type { Role } from "../types";
import { useAction } from "../use-action";
import { createInvitation, type CreatedInvitation } from "./invitations";
import { ClientBrandPicker } from "./client-brands";

/** Roles in the order offered, with what each may do. */
export const ROLES: { role: Role; label: string; about: string }[] = [
  {
    role: "client",
    label: t("member-form.role_client"),
    about: t("member-form.role_client_about"),
  },
  { role: "member", label: t("member-form.role_member"), about: t("member-form.role_member_about") },
  { role: "admin", label: t("member-form.role_admin"), about: t("member-form.role_admin_about") },
  { role: "owner", label: t("member-form.role_owner"), about: t("member-form.role_owner_about") },
];

/** Props of `MemberForm`. */
export interface MemberFormProps {
  canGrantOwner: boolean;
  onInvited: (created: CreatedInvitation) => void;
  onCancel: () => void;
}

/** The invite form. */
export function MemberForm({ canGrantOwner, onInvited, onCancel }: MemberFormProps) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [name, setName] = useState("");
  const [brandIds, setBrandIds] = useState<string[]>([]);
  const [brandError, setBrandError] = useState<string | null>(null);
  const { busy, error, run } = useAction(
    async () =>
      onInvited(
        await createInvitation(email.trim(), role, name.trim() || undefined, role === "client" ? brandIds : undefined),
      ),
    { leaves: true },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (role === "client" && brandIds.length === 0) {
      setBrandError(t("member-form.brand_needed"));
      return;
    }
    setBrandError(null);
    void run();
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-member-title">
      <h2 id="new-member-title">{t("member-form.title")}</h2>
      <p class="muted small">{t("member-form.explain")}</p>
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label={t("member-form.email")}>
          {(p) => (
            <input
              {...p}
              type="email"
              name="member-email"
              autoComplete="off"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("member-form.role")} hint={ROLES.find((r) => r.role === role)?.about}>
          {(p) => (
            <select {...p} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {ROLES.filter((r) => r.role !== "owner" || canGrantOwner).map((r) => (
                <option key={r.role} value={r.role}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div class="form-grid">
        <Field label={t("member-form.name")} optional>
          {(p) => (
            <input
              {...p}
              name="member-name"
              maxLength={120}
              autoComplete="off"
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      {role === "client" && (
        <>
          <ClientBrandPicker
            chosen={brandIds}
            onChange={(ids) => {
              setBrandIds(ids);
              if (ids.length) setBrandError(null);
            }}
          />
          {brandError && (
            <p class="field-error" role="alert">
              {brandError}
            </p>
          )}
        </>
      )}
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel={t("member-form.inviting")}>
          {t("member-form.submit")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("member-form.cancel")}
        </Button>
      </div>
    </form>
  );
}
