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

/** The Import reviews page. */
export function ImportsPage() {
  const { brand, canManage } = useSession();
  const b = brand!;
  const [version, setVersion] = useState(0);
  return (
    <>
      <PageHeader
        title="Import reviews"
        description={`Bring reviews ${b.name} already has elsewhere (Google, Trustpilot, Senja, Testimonial.to or a spreadsheet) into Plaudit as written testimonials. They arrive unapproved and private.`}
      />
      {canManage ? (
        <ImportWizard key={b.id} brand={b} onImported={() => setVersion((v) => v + 1)} />
      ) : (
        <Notice tone="info" title="Only owners and admins can import reviews.">
          Ask an owner or admin of this organisation to import them.
        </Notice>
      )}
      <ImportHistory brandId={b.id} version={version} />
    </>
  );
}
