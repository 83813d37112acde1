/**
 * Adding a member by email with a role. A person without an account yet can be given a name and a first
 * password so they can sign in straight away.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { Member, Role } from "../types";

/** Roles in the order offered, with what each may do. */
export const ROLES: { role: Role; label: string; about: string }[] = [
  { role: "member", label: "Member", about: "collects and moderates testimonials" },
  { role: "admin", label: "Admin", about: "also manages members, keys, webhooks and imports" },
  { role: "owner", label: "Owner", about: "also changes the plan" },
];

/** Props of `MemberForm`. */
export interface MemberFormProps {
  canGrantOwner: boolean;
  onAdded: (m: Member) => void;
  onCancel: () => void;
}

/** The add-member form. */
export function MemberForm({ canGrantOwner, onAdded, onCancel }: MemberFormProps) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body: Record<string, string> = { email: email.trim(), role };
    if (name.trim()) body.name = name.trim();
    if (password) body.password = password;
    try {
      onAdded(await api.post<Member>("/v1/members", body));
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-member-title">
      <h2 id="new-member-title">Add a member</h2>
      <ErrorNotice error={error} />
      <div class="form-grid">
        <Field label="Email">
          {(p) => <input {...p} type="email" name="member-email" autoComplete="off" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />}
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
          {(p) => <input {...p} name="member-name" maxLength={120} autoComplete="off" value={name} onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <Field label="First password" optional hint="Only for someone without an account yet: 8 characters or more. Tell them in person; they can change it later.">
          {(p) => (
            <input
              {...p}
              type="password"
              name="member-password"
              autoComplete="new-password"
              minLength={8}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Adding…">
          Add member
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
