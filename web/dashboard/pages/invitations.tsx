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
import { t } from "../i18n";

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
      <h2 id="invitation-title">{t("invitations.reveal_title", { email: created.email })}</h2>
      <Notice tone="warning" title={t("invitations.reveal_warning")}>
        <p>
          {t("invitations.reveal_body", {
            emailed: created.emailed ? "yes" : "no",
            until: formatDate(created.expires_at),
          })}
        </p>
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={created.url}
          aria-label={t("invitations.link_label")}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={created.url} label={t("invitations.copy_link")} variant="primary" />
      </div>
      <Button onClick={onDone}>{t("invitations.done")}</Button>
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
      <h2 id="pending-title">{t("invitations.pending")}</h2>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      <div class="table-wrap">
        <table>
          <caption class="sr-only">{t("invitations.pending")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("invitations.col_email")}</th>
              <th scope="col">{t("invitations.col_role")}</th>
              <th scope="col">{t("invitations.col_until")}</th>
              <th scope="col">{t("invitations.col_actions")}</th>
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
                      label={t("invitations.new_link")}
                      variant="primary"
                      question={t("invitations.new_link_question", { email: inv.email })}
                      confirmLabel={t("invitations.new_link_confirm")}
                      busyLabel={t("invitations.making")}
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
                      label={t("invitations.revoke")}
                      question={t("invitations.revoke_question", { email: inv.email })}
                      confirmLabel={t("invitations.revoke_confirm")}
                      busyLabel={t("invitations.revoking")}
                      onConfirm={async () => {
                        await api.del(`/v1/invitations/${encodeURIComponent(inv.id)}`);
                        list.remove(inv.id);
                        toast(t("invitations.revoked", { email: inv.email }));
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
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("invitations.loading_more")}>
          {t("invitations.show_more")}
        </Button>
      )}
    </section>
  );
}
