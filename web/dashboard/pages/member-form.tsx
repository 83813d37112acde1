/**
 * Inviting a member by email with a role. Nobody chooses a password for someone else: the answer is an
 * invitation link with which the person sets their own password, or accepts with the account they have.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import type { Role } from "../types";
import { createInvitation, type CreatedInvitation } from "./invitations";

/** Roles in the order offered, with what each may do. */
export const ROLES: { role: Role; label: string; about: string }[] = [
  { role: "member", label: "Member", about: "collects and moderates testimonials" },
  { role: "admin", label: "Admin", about: "also manages members, keys, webhooks and imports" },
  { role: "owner", label: "Owner", about: "also changes the plan" },
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onInvited(await createInvitation(email.trim(), role, name.trim() || undefined));
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-member-title">
      <h2 id="new-member-title">Invite a member</h2>
      <p class="muted small">
        They get a one-time link that works for 7 days. With it they choose their own password, or accept with the
        account they already have.
      </p>
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label="Email">
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
        <Field label="Role" hint={ROLES.find((r) => r.role === role)?.about}>
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
        <Field label="Name" optional>
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
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Inviting…">
          Send invitation
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
