/**
 * Invitations on the Members page: the one-time link of a new invitation (shown once, with a copy button), and
 * the list of pending invitations with "New link" (replaces the old link) and "Revoke".
 */
import type { Page } from "../../shared/api";
import { formatDate } from "../../shared/format";
import type { PagedState } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { CopyButton } from "../../shared/ui/copy-button";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useToast } from "../toasts";
import type { Brand, CreatedInvitation, Invitation, Role } from "../types";
import { brandNames } from "./client-brands";

export type { CreatedInvitation, Invitation } from "../types";

/** Invites (again) an email with a role; a client with the brands it will see. */
export const createInvitation = (email: string, role: Role, name?: string, brandIds?: string[] | null) =>
  api.post<CreatedInvitation>("/v1/members", {
    email,
    role,
    ...(name ? { name } : {}),
    ...(role === "client" && brandIds ? { brand_ids: brandIds } : {}),
  });

/** Lists pending invitations. */
export const loadInvitations = (cursor: string | null) =>
  api.get<Page<Invitation>>("/v1/invitations", { query: { limit: 50, cursor } });

/** Shows a new invitation's link once. */
export function InvitationReveal({ created, onDone }: { created: CreatedInvitation; onDone: () => void }) {
  return (
    <section class="card secret-card" aria-labelledby="invitation-title">
      <h2 id="invitation-title">Invitation for {created.email}</h2>
      <Notice tone="warning" title="Copy this link now. It is shown only once.">
        <p>
          {created.emailed ? "We also emailed it to them. " : "Send it to them yourself (this server sends no email). "}
          With it they choose their own password (nobody else ever knows it), or sign in with the Plaudit account they
          already have, and accept. It works once, until {formatDate(created.expires_at)}.
        </p>
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={created.url}
          aria-label="Invitation link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.url} label="Copy link" variant="primary" />
      </div>
      <Button onClick={onDone}>Done</Button>
    </section>
  );
}

/** The pending invitations table (owners and admins). */
export function PendingInvitations({
  list,
  onNewLink,
  brands,
}: {
  list: PagedState<Invitation>;
  onNewLink: (c: CreatedInvitation) => void;
  /** The live brands, to name a client invitation's brands. */
  brands?: Brand[];
}) {
  const toast = useToast();
  // Nothing until the first answer (no empty table flashing in), and nothing when no invitation is pending.
  if (!list.error && list.items.length === 0) return null;
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invitations</h2>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      <div class="table-wrap">
        <table>
          <caption class="sr-only">Pending invitations</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Link works until</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((inv) => (
              <tr key={inv.id}>
                <td>
                  <strong>{inv.email}</strong>
                  {inv.name && <div class="small muted">{inv.name}</div>}
                </td>
                <td>
                  <Badge>{inv.role}</Badge>
                  {inv.brand_ids && <div class="small muted">{brandNames(inv.brand_ids, brands)}</div>}
                </td>
                <td class="small">{formatDate(inv.expires_at)}</td>
                <td>
                  <span class="row">
                    <ConfirmButton
                      label="New link"
                      variant="primary"
                      question={`Make a new link for ${inv.email}? The old link stops working.`}
                      confirmLabel="Yes, new link"
                      busyLabel="Making…"
                      onConfirm={async () => {
                        const created = await createInvitation(
                          inv.email,
                          inv.role,
                          inv.name || undefined,
                          inv.brand_ids,
                        );
                        list.remove(inv.id);
                        list.prepend(created);
                        onNewLink(created);
                      }}
                    />
                    <ConfirmButton
                      label="Revoke"
                      question={`Revoke the invitation for ${inv.email}? Its link stops working at once.`}
                      confirmLabel="Yes, revoke"
                      busyLabel="Revoking…"
                      onConfirm={async () => {
                        await api.del(`/v1/invitations/${encodeURIComponent(inv.id)}`);
                        list.remove(inv.id);
                        toast(`Invitation for ${inv.email} revoked`);
                      }}
                    />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more invitations
        </Button>
      )}
    </section>
  );
}
