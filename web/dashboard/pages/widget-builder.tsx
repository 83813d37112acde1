/**
 * The widget builder (`widgets/new`, `widgets/{id}`): the live preview at phone, tablet and desktop widths
 * above the settings,
 * and, once saved, the snippet to paste with a copy button and the layout-change warning, and (folded) the
 * widget's HTML for search engines with ways to include it. Unsaved changes hold
 * navigation (the browser's warning when leaving the site, a question inside the dashboard) until saved or
 * discarded. A new widget's "Powered by Plaudit" follows the organisation's plan, and so does its hint.
 */
import { useState } from "preact/hooks";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import { Link, navigate, useUnsavedChanges } from "../router";
import { useSession } from "../session";
import { useAction } from "../use-action";
import type { Billing } from "../types";
import {
  attributionPlan,
  bodyOf,
  draftOf,
  newDraft,
  sameDraft,
  type AttributionPlan,
  type Draft,
  type Widget,
} from "../widgets/draft";
import { LivePreview } from "../widgets/live-preview";
import { SelectionForm } from "../widgets/selection-form";
import { SettingsForm } from "../widgets/settings-form";
import { SnippetBox } from "../widgets/snippet-box";
import { HtmlBox } from "../widgets/html-box";
import "../widgets/widgets.css";

function Builder({
  saved,
  onSaved,
  plan,
}: {
  saved: Widget | null;
  onSaved: (w: Widget) => void;
  plan: AttributionPlan | null;
}) {
  const { brand } = useSession();
  const b = brand!;
  // What the saved widget (or a new one) is: the draft differs from it while there are unsaved changes.
  const [baseline, setBaseline] = useState<Draft>(() => (saved ? draftOf(saved) : newDraft(!(plan?.mayHide ?? false))));
  const [draft, setDraft] = useState<Draft>(baseline);
  const dirty = !sameDraft(draft, baseline);
  useUnsavedChanges(
    dirty,
    saved ? t("widget-builder.unsaved_changes", { name: saved.name }) : t("widget-builder.unsaved_new"),
  );
  // The box height pages were given the snippet for: the one the widget had when the builder opened.
  const [pastedHeight] = useState<number | null>(saved?.height ?? null);
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const { busy, error, run } = useAction(
    async () => {
      const w = saved
        ? await api.patch<Widget>(`/v1/widgets/${encodeURIComponent(saved.id)}`, bodyOf(draft))
        : await api.post<Widget>("/v1/widgets", { brand_id: b.id, ...bodyOf(draft) });
      setBaseline(draft);
      onSaved(w);
      // Saved: nothing is lost by moving to the widget's own address.
      if (!saved) navigate(`widgets/${w.id}`, true, true);
      return w;
    },
    {
      success: (w) =>
        saved ? t("widget-builder.saved", { name: w.name }) : t("widget-builder.created", { name: w.name }),
    },
  );
  const save = (e: Event) => {
    e.preventDefault();
    void run();
  };

  return (
    <>
      <PageHeader
        title={saved ? t("widget-builder.title", { name: saved.name }) : t("widget-builder.new_title")}
        description={t("widget-builder.description", { brand: b.name })}
        actions={
          <Link to="widgets" class="btn btn-ghost">
            {t("widget-builder.all_widgets")}
          </Link>
        }
      />
      {saved && <SnippetBox widget={saved} draft={draft} pastedHeight={pastedHeight ?? saved.height} />}
      {saved && <HtmlBox widget={saved} />}
      <div class="widget-builder">
        <LivePreview brandId={b.id} draft={draft} />
        <form class="card widget-settings" onSubmit={save} aria-label={t("widget-builder.settings_aria")}>
          <ErrorNotice error={error} />
          <SettingsForm draft={draft} change={change} brandColor={b.color} plan={plan} />
          <SelectionForm draft={draft} change={change} brandId={b.id} />
          <div class="row widget-save">
            <Button type="submit" variant="primary" busy={busy} busyLabel={t("widget-builder.saving")}>
              {saved ? t("widget-builder.save") : t("widget-builder.create")}
            </Button>
            {dirty && (
              <Button variant="ghost" disabled={busy} onClick={() => setDraft(baseline)}>
                {t("widget-builder.discard")}
              </Button>
            )}
            <span class="small muted" role="status">
              {dirty ? t("widget-builder.unsaved") : saved ? t("widget-builder.all_saved") : ""}
            </span>
          </div>
        </form>
      </div>
    </>
  );
}

/** Loads the widget named in the address (or starts a new one) and shows the builder. */
export function WidgetBuilderPage({ id }: { id: string | null }) {
  const [widget, setWidget] = useState<Widget | null>(null);
  const load = useAsync(
    () => (id ? api.get<Widget>(`/v1/widgets/${encodeURIComponent(id)}`) : Promise.resolve(null)),
    [id],
  );
  // The plan decides the attribution's default and hint; without it (an error) the builder still works. A client
  // may not read the plan (billing is the organisation's), so it is not asked.
  const { isClient } = useSession();
  const billing = useAsync(
    () => (isClient ? Promise.resolve(null) : api.get<Billing>("/v1/billing").catch(() => null)),
    [isClient],
  );
  if (load.loading || billing.loading) return <Loading label={t("widget-builder.loading")} />;
  if (load.error) return <ErrorNotice error={load.error} onRetry={load.reload} />;
  const saved = widget?.id === id ? widget : (load.data ?? null);
  const plan = billing.data ? attributionPlan(billing.data) : null;
  return <Builder key={id ?? "new"} saved={saved} onSaved={setWidget} plan={plan} />;
}
