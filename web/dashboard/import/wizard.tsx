/**
 * The import wizard: 1. choose a file (read here, never uploaded; a known tool's export is recognised and mapped),
 * 2. check the column mapping and the preview with each row's problems, 3. name the source, tick the attestation
 * and send the ready rows in batches, 4. the summary. A disabled button says why beside it.
 */
import { useMemo, useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Notice } from "../../shared/ui/notice";
import { api } from "../api";
import type { Brand } from "../types";
import { continueBlocker } from "./blockers";
import { FilePicker, type LoadedFile } from "./file-picker";
import { FormatNotice } from "./format-notice";
import { columnOf, type Mapping } from "./headers";
import { MappingTable } from "./mapping-table";
import { PreviewTable } from "./preview-table";
import { checkRows, splitChecked } from "./rows";
import { sendInBatches, type ImportAnswer, type ImportSummary } from "./batches";
import { SendForm, type SendChoices } from "./send-form";
import { SummaryView } from "./summary";
import "./import.css";
import { t, rich, tag } from "../i18n";

/** Props of `ImportWizard`. */
export interface ImportWizardProps {
  brand: Brand;
  /** Called after an import run (the history reloads). */
  onImported: () => void;
}

type Step = "file" | "check" | "send" | "done";

/** The whole wizard for one brand. */
export function ImportWizard({ brand, onImported }: ImportWizardProps) {
  const [step, setStep] = useState<Step>("file");
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const rows = useMemo(() => (file ? checkRows(file.records, file.header, mapping, new Date()) : []), [file, mapping]);
  const { ready, refused } = useMemo(() => splitChecked(rows), [rows]);
  const hasText = columnOf(mapping, "text") >= 0;
  const blocker = continueBlocker(hasText, ready.length);

  const restart = () => {
    setStep("file");
    setFile(null);
    setSummary(null);
    setProgress(null);
  };

  const send = async ({ sourceName, sourceUrl }: SendChoices) => {
    setProgress({ done: 0, total: ready.length });
    const post = (batch: unknown[]) =>
      api.post<ImportAnswer>(
        "/v1/imports",
        {
          brand_id: brand.id,
          source: { name: sourceName, ...(sourceUrl ? { url: sourceUrl } : {}) },
          attested: true,
          rows: batch,
        },
        { timeoutMs: 120_000 },
      );
    const result = await sendInBatches(ready, post, (done, total) => setProgress({ done, total }));
    setSummary(result);
    setStep("done");
    onImported();
  };

  if (step === "file" || !file) {
    return (
      <FilePicker
        onLoaded={(loaded) => {
          setFile(loaded);
          setMapping(loaded.mapping);
          setStep("check");
        }}
      />
    );
  }
  if (step === "done" && summary) {
    return (
      <SummaryView
        summary={summary}
        refusedHere={refused.map((r) => ({ number: r.number, message: r.problems.map((p) => p.message).join(" ") }))}
        onAgain={restart}
      />
    );
  }
  if (step === "send") {
    return (
      <SendForm
        readyCount={ready.length}
        refusedCount={refused.length}
        sending={progress !== null}
        progress={progress}
        suggestedSource={file.recognised?.sourceName ?? ""}
        onBack={() => setStep("check")}
        onSend={send}
      />
    );
  }
  return (
    <section class="card import-step" aria-labelledby="import-check-title">
      <h2 id="import-check-title">{t("import.wizard.title")}</h2>
      <p class="muted">
        {file.recognised?.format === "google_takeout"
          ? t("import.wizard.file_reviews", {
              file: file.fileName,
              count: file.records.length,
              readAs: file.readAs,
            })
          : t("import.wizard.file_rows", { file: file.fileName, count: file.records.length, readAs: file.readAs })}
      </p>
      {file.recognised && <FormatNotice recognised={file.recognised} header={file.header} mapping={mapping} />}
      <MappingTable header={file.header} example={file.records[0] ?? []} mapping={mapping} onChange={setMapping} />
      {!hasText && (
        <Notice tone="warning" title={t("import.wizard.no_text_title")}>
          {t("import.wizard.no_text")}
        </Notice>
      )}
      <p class="import-tally" role="status">
        {rich("import.wizard.tally", { ready: ready.length, refused: refused.length, strong: tag("strong") })}
      </p>
      <PreviewTable rows={rows} mapping={mapping} />
      <div class="row import-actions">
        <Button
          variant="primary"
          disabled={blocker !== null}
          aria-describedby={blocker ? "import-continue-why" : undefined}
          onClick={() => setStep("send")}
        >
          {t("import.wizard.continue", { count: ready.length })}
        </Button>
        {blocker && (
          <p class="import-why" id="import-continue-why">
            {blocker}
          </p>
        )}
        <Button variant="ghost" onClick={restart}>
          {t("import.wizard.another")}
        </Button>
      </div>
    </section>
  );
}
