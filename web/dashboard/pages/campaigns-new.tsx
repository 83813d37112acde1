/**
 * A new request campaign, top to bottom: the people (pasted `Name <email>` lines or a CSV file, read here and
 * previewed row by row with each problem on its line), the link they are asked to open, the words with a live
 * preview of the email as the first person will read it, an optional reminder, and Send (asked once more first).
 * Rows with problems and repeated addresses are left out, and the button says how many people will be asked.
 */
import { useMemo, useState } from "preact/hooks";
import { ApiError, idempotencyKey, type Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { decodeUtf8 } from "../import/csv";
import { api, config } from "../api";
import { Link, navigate, useUnsavedChanges } from "../router";
import { useSession } from "../session";
import { useToast } from "../toasts";
import type { CollectLink } from "../types";
import { MAX_PEOPLE, readCsvPeople, readPasted, toSend, type PersonRow } from "./campaigns-parse";
import { defaultWords, previewMail, wordsProblem, type CreatedCampaign } from "./campaigns-shared";
import { rich, t } from "../i18n";

const REMINDER_CHOICES = [0, 2, 3, 5, 7, 10, 14, 21, 30];

/** The preview of the list: every row, problems on their line. */
function PeoplePreview({ rows }: { rows: PersonRow[] }) {
  const ok = toSend(rows).length;
  const bad = rows.filter((r) => r.error).length;
  const repeated = rows.filter((r) => r.duplicate).length;
  return (
    <div class="stack">
      <p class="campaign-summary" aria-live="polite">
        <strong>{t("campaigns-new.summary_ok", { count: ok, n: String(ok) })}</strong>
        {bad > 0 && ` ${t("campaigns-new.summary_bad", { count: bad, n: String(bad) })}`}
        {repeated > 0 && ` ${t("campaigns-new.summary_repeated", { count: repeated, n: String(repeated) })}`}
      </p>
      {ok > MAX_PEOPLE && (
        <Notice tone="error" title={t("campaigns-new.too_many", { max: String(MAX_PEOPLE) })}>
          {t("campaigns-new.too_many_split", { max: String(MAX_PEOPLE) })}
        </Notice>
      )}
      <div class="table-wrap campaign-rows">
        <table>
          <caption class="sr-only">{t("campaigns-new.rows_caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("campaigns-new.col_row")}</th>
              <th scope="col">{t("campaigns-new.col_name")}</th>
              <th scope="col">{t("campaigns-new.col_email")}</th>
              <th scope="col">{t("campaigns-new.col_check")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} class={r.error ? "row-error" : r.duplicate ? "row-muted" : undefined}>
                <td class="mono">{r.line}</td>
                <td>{r.name || <span class="muted">{t("campaigns-new.no_name")}</span>}</td>
                <td class="mono">{r.email}</td>
                <td>
                  {r.error ? (
                    <span class="field-error">{r.error}</span>
                  ) : r.duplicate ? (
                    <span class="muted">{t("campaigns-new.repeated")}</span>
                  ) : (
                    <span class="ok-text">{t("campaigns-new.ready")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The email as the first person in the list will read it. */
function MailPreview(props: { brand: string; subject: string; message: string; person?: PersonRow; linkUrl: string }) {
  const mail = previewMail({
    brand: props.brand,
    subject: props.subject,
    message: props.message,
    name: props.person?.name ?? "",
    linkUrl: props.linkUrl,
    siteUrl: config.siteUrl,
  });
  const to = props.person ? `${props.person.name ? `${props.person.name} ` : ""}<${props.person.email}>` : "—";
  return (
    <section class="card campaign-preview" aria-labelledby="campaign-preview-title">
      <h3 id="campaign-preview-title">{t("campaigns-new.preview")}</h3>
      <dl class="mail-head">
        <dt>{t("campaigns-new.to")}</dt>
        <dd>{to}</dd>
        <dt>{t("campaigns-new.subject")}</dt>
        <dd>{mail.subject || <span class="muted">{t("campaigns-new.no_subject")}</span>}</dd>
      </dl>
      <pre class="mail-text" data-testid="mail-preview">
        {mail.text}
      </pre>
      <p class="hint">{t("campaigns-new.preview_hint")}</p>
    </section>
  );
}

/** The New request form. */
export function CampaignComposer() {
  const { brand, mode } = useSession();
  const toast = useToast();
  const brandName = brand?.name ?? t("campaigns-new.our_team");
  const [pasted, setPasted] = useState("");
  const [fileRows, setFileRows] = useState<{ name: string; rows: PersonRow[] } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [linkId, setLinkId] = useState("");
  const [words, setWords] = useState(() => defaultWords(brandName));
  const [reminder, setReminder] = useState(3);
  const [error, setError] = useState<unknown>(null);
  const [key] = useState(idempotencyKey);

  const links = useAsync(
    () =>
      brand
        ? api.get<Page<CollectLink>>(`/v1/brands/${encodeURIComponent(brand.id)}/links`, { query: { limit: 100 } })
        : Promise.resolve({ data: [], next_cursor: null }),
    [brand?.id, mode],
  );
  const open = (links.data?.data ?? []).filter((l) => l.is_active);
  const link = open.find((l) => l.id === linkId) ?? open[0];

  const rows = useMemo(() => fileRows?.rows ?? readPasted(pasted), [pasted, fileRows]);
  const people = toSend(rows);
  const problem = wordsProblem(words.subject, words.message);
  const dirty = rows.length > 0;
  useUnsavedChanges(dirty, t("campaigns-new.unsaved"));

  const chooseFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setFileError(null);
    const decoded = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
    const read = decoded.ok ? readCsvPeople(decoded.text) : decoded;
    if (!read.ok) setFileError(read.message);
    else setFileRows({ name: file.name, rows: read.rows });
  };

  const send = async () => {
    setError(null);
    if (!link) return;
    try {
      const made = await api.post<CreatedCampaign>(
        "/v1/campaigns",
        {
          link_id: link.id,
          subject: words.subject,
          message: words.message,
          reminder_after_days: reminder,
          recipients: people.map((p) => ({ name: p.name, email: p.email })),
        },
        { headers: { "idempotency-key": key } },
      );
      toast(
        t("campaigns-new.sent_toast", {
          count: made.counts.total - made.suppressed,
          n: String(made.counts.total - made.suppressed),
          suppressed: made.suppressed,
          s: String(made.suppressed),
        }),
      );
      navigate(`campaigns/${made.id}`, false, true);
    } catch (e) {
      // The server counts rows among the people sent; name the line of the list instead.
      if (e instanceof ApiError && Array.isArray(e.details?.rows)) {
        const lines = (e.details.rows as { row: number; message: string }[]).map((r) => {
          const line = people[r.row - 1]?.line;
          return line ? r.message.replace(/^Row \d+/, t("campaigns-new.line", { line: String(line) })) : r.message;
        });
        setError(new ApiError(e.status, e.code, lines.join(" "), e.details, e.requestId));
      } else setError(e);
    }
  };

  const blocked = !link
    ? t("campaigns-new.blocked_link")
    : people.length === 0
      ? t("campaigns-new.blocked_people")
      : people.length > MAX_PEOPLE
        ? t("campaigns-new.blocked_too_many", { max: String(MAX_PEOPLE) })
        : problem
          ? problem.text
          : null;

  return (
    <div class="campaign-composer stack">
      {mode === "test" && (
        <Notice tone="info" title={t("campaigns-new.test_mode")}>
          {t("campaigns-new.test_mode_body")}
        </Notice>
      )}
      <section class="card" aria-labelledby="campaign-people-title">
        <h2 id="campaign-people-title">{t("campaigns-new.step_people")}</h2>
        {fileRows ? (
          <p>
            {rich("campaigns-new.from_file", { file: fileRows.name, strong: (parts) => <strong>{parts}</strong> })}{" "}
            <button type="button" class="btn btn-ghost btn-small" onClick={() => setFileRows(null)}>
              {t("campaigns-new.paste_instead")}
            </button>
          </p>
        ) : (
          <Field
            label={t("campaigns-new.people_label")}
            hint={t("campaigns-new.people_hint", { example: "Ann Lee <ann@example.com>" })}
          >
            {(p) => (
              <textarea
                {...p}
                rows={6}
                class="mono"
                value={pasted}
                placeholder={"Ann Lee <ann@example.com>\nBo Chen <bo@example.com>"}
                onInput={(e) => setPasted(e.currentTarget.value)}
              />
            )}
          </Field>
        )}
        <Field
          label={fileRows ? t("campaigns-new.csv_again") : t("campaigns-new.csv")}
          optional={!fileRows}
          hint={t("campaigns-new.csv_hint")}
          error={fileError}
        >
          {(p) => (
            <input {...p} type="file" accept=".csv,.tsv,.txt,text/csv" onChange={(e) => chooseFile(e.currentTarget)} />
          )}
        </Field>
        {rows.length > 0 && <PeoplePreview rows={rows} />}
      </section>

      <section class="card" aria-labelledby="campaign-words-title">
        <h2 id="campaign-words-title">{t("campaigns-new.step_words")}</h2>
        {links.loading ? (
          <Loading label={t("campaigns-new.loading_links")} />
        ) : open.length === 0 ? (
          <Notice tone="warning" title={t("campaigns-new.no_link")}>
            {rich("campaigns-new.no_link_body", { link: (parts) => <Link to="links">{parts}</Link> })}
          </Notice>
        ) : (
          <div class="campaign-words">
            <div class="stack">
              <Field label={t("campaigns-new.link")}>
                {(p) => (
                  <select {...p} value={link?.id} onChange={(e) => setLinkId(e.currentTarget.value)}>
                    {open.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t("campaigns-new.subject")} error={problem?.field === "subject" ? problem.text : null}>
                {(p) => (
                  <input
                    {...p}
                    maxLength={150}
                    value={words.subject}
                    onInput={(e) => setWords({ ...words, subject: e.currentTarget.value.replace(/[\r\n]+/g, " ") })}
                  />
                )}
              </Field>
              <Field
                label={t("campaigns-new.message")}
                hint={t("campaigns-new.message_hint")}
                error={problem?.field === "message" ? problem.text : null}
              >
                {(p) => (
                  <textarea
                    {...p}
                    rows={10}
                    maxLength={5000}
                    value={words.message}
                    onInput={(e) => setWords({ ...words, message: e.currentTarget.value })}
                  />
                )}
              </Field>
              <Field label={t("campaigns-new.reminder")} hint={t("campaigns-new.reminder_hint")}>
                {(p) => (
                  <select {...p} value={reminder} onChange={(e) => setReminder(Number(e.currentTarget.value))}>
                    {REMINDER_CHOICES.map((d) => (
                      <option key={d} value={d}>
                        {d === 0
                          ? t("campaigns-new.no_reminder")
                          : t("campaigns-new.reminder_after", { days: String(d) })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <MailPreview
              brand={brandName}
              subject={words.subject}
              message={words.message}
              person={people[0]}
              linkUrl={link?.url ?? ""}
            />
          </div>
        )}
      </section>

      <ErrorNotice error={error} title={t("campaigns-new.not_sent")} />
      <div class="row campaign-send">
        {blocked ? (
          <>
            <button type="button" class="btn btn-primary" disabled>
              {t("campaigns-new.send")}
            </button>
            <span class="muted">{blocked}</span>
          </>
        ) : (
          <ConfirmButton
            small={false}
            variant="primary"
            label={t("campaigns-new.send_to", { count: people.length, n: String(people.length) })}
            question={
              mode === "test"
                ? t("campaigns-new.send_question_test", { count: people.length, n: String(people.length) })
                : t("campaigns-new.send_question", { count: people.length, n: String(people.length) })
            }
            confirmLabel={t("campaigns-new.send_confirm")}
            busyLabel={t("campaigns-new.sending")}
            onConfirm={send}
          />
        )}
      </div>
    </div>
  );
}
