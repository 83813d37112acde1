/**
 * The Import page (works on the brand chosen in the header): bring in reviews a brand already has elsewhere from a
 * CSV file or another tool's export (Senja, Testimonial.to, Trustpilot, Google Takeout), read in the browser and
 * sent as rows, and the list of earlier imports. Importing needs an owner or admin; other members see the history
 * only.
 */
import { useState } from "preact/hooks";
import { Notice } from "../../shared/ui/notice";
import { PageHeader } from "../page";
import { useSession } from "../session";
import { ImportHistory } from "../import/history";
import { ImportWizard } from "../import/wizard";
import { t } from "../i18n";

/** The Import reviews page. */
export function ImportsPage() {
  const { brand, canManage } = useSession();
  const b = brand!;
  const [version, setVersion] = useState(0);
  return (
    <>
      <PageHeader title={t("imports.title")} description={t("imports.description", { brand: b.name })} />
      {canManage ? (
        <ImportWizard key={b.id} brand={b} onImported={() => setVersion((v) => v + 1)} />
      ) : (
        <Notice tone="info" title={t("imports.not_allowed")}>
          {t("imports.not_allowed_body")}
        </Notice>
      )}
      <ImportHistory brandId={b.id} version={version} />
    </>
  );
}
