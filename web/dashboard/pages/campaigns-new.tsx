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

const REMINDER_CHOICES = [0, 2, 3, 5, 7, 10, 14, 21, 30];

/** The preview of the list: every row, problems on their line. */
function PeoplePreview({ rows }: { rows: PersonRow[] }) {
  const ok = toSend(rows).length;
  const bad = rows.filter((r) => r.error).length;
  const repeated = rows.filter((r) => r.duplicate).length;
  return (
    <div class="stack">
      <p class="campaign-summary" aria-live="polite">
        <strong>
          {ok} {ok === 1 ? "person" : "people"} will be asked.
        </strong>
        {bad > 0 && ` ${bad} ${bad === 1 ? "row has a problem" : "rows have problems"} and will be left out.`}
        {repeated > 0 && ` ${repeated} repeated ${repeated === 1 ? "address is" : "addresses are"} asked once.`}
      </p>
      {ok > MAX_PEOPLE && (
        <Notice tone="error" title={`At most ${MAX_PEOPLE} people per request`}>
          Split the list into several requests of up to {MAX_PEOPLE} people.
        </Notice>
      )}
      <div class="table-wrap campaign-rows">
        <table>
          <caption class="sr-only">People in the list, with any problem</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} class={r.error ? "row-error" : r.duplicate ? "row-muted" : undefined}>
                <td class="mono">{r.line}</td>
                <td>{r.name || <span class="muted">(no name: “Hi there”)</span>}</td>
                <td class="mono">{r.email}</td>
                <td>
                  {r.error ? (
                    <span class="field-error">{r.error}</span>
                  ) : r.duplicate ? (
                    <span class="muted">Repeated: asked once</span>
                  ) : (
                    <span class="ok-text">Ready</span>
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
      <h3 id="campaign-preview-title">Preview</h3>
      <dl class="mail-head">
        <dt>To</dt>
        <dd>{to}</dd>
        <dt>Subject</dt>
        <dd>{mail.subject || <span class="muted">(no subject)</span>}</dd>
      </dl>
      <pre class="mail-text" data-testid="mail-preview">
        {mail.text}
      </pre>
      <p class="hint">Each person gets their own link; it tells you who answered.</p>
    </section>
  );
}

/** The New request form. */
export function CampaignComposer() {
  const { brand, mode } = useSession();
  const toast = useToast();
  const brandName = brand?.name ?? "our team";
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
  useUnsavedChanges(dirty, "Your list and message are not sent yet. Leave and lose them?");

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
        `Request sent to ${made.counts.total - made.suppressed} ${made.counts.total - made.suppressed === 1 ? "person" : "people"}${made.suppressed ? ` (${made.suppressed} unsubscribed earlier, left out)` : ""}`,
      );
      navigate(`campaigns/${made.id}`, false, true);
    } catch (e) {
      // The server counts rows among the people sent; name the line of the list instead.
      if (e instanceof ApiError && Array.isArray(e.details?.rows)) {
        const lines = (e.details.rows as { row: number; message: string }[]).map((r) => {
          const line = people[r.row - 1]?.line;
          return line ? r.message.replace(/^Row \d+/, `Line ${line}`) : r.message;
        });
        setError(new ApiError(e.status, e.code, lines.join(" "), e.details, e.requestId));
      } else setError(e);
    }
  };

  const blocked = !link
    ? "Choose a link."
    : people.length === 0
      ? "Add at least one person with a valid email address."
      : people.length > MAX_PEOPLE
        ? `At most ${MAX_PEOPLE} people per request.`
        : problem
          ? problem.text
          : null;

  return (
    <div class="campaign-composer stack">
      {mode === "test" && (
        <Notice tone="info" title="Test mode: nobody is emailed">
          The emails wait in the Mail outbox, personal links included, so you can open them and try answering or
          unsubscribing yourself.
        </Notice>
      )}
      <section class="card" aria-labelledby="campaign-people-title">
        <h2 id="campaign-people-title">1. Who to ask</h2>
        {fileRows ? (
          <p>
            From <strong>{fileRows.name}</strong>.{" "}
            <button type="button" class="btn btn-ghost btn-small" onClick={() => setFileRows(null)}>
              Type or paste instead
            </button>
          </p>
        ) : (
          <Field
            label="Names and email addresses"
            hint="One person per line: Ann Lee <ann@example.com>, or just the address. You can paste two columns from a spreadsheet."
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
          label={fileRows ? "Choose another CSV file" : "Or upload a CSV file"}
          optional={!fileRows}
          hint="With a header row and an Email column (and Name, or First name and Last name). Saved as UTF-8; it stays on this computer."
          error={fileError}
        >
          {(p) => (
            <input {...p} type="file" accept=".csv,.tsv,.txt,text/csv" onChange={(e) => chooseFile(e.currentTarget)} />
          )}
        </Field>
        {rows.length > 0 && <PeoplePreview rows={rows} />}
      </section>

      <section class="card" aria-labelledby="campaign-words-title">
        <h2 id="campaign-words-title">2. What they receive</h2>
        {links.loading ? (
          <Loading label="Loading links…" />
        ) : open.length === 0 ? (
          <Notice tone="warning" title="No open collect link">
            Requests point to a collect link. <Link to="links">Create a link</Link> (or reopen one) first.
          </Notice>
        ) : (
          <div class="campaign-words">
            <div class="stack">
              <Field label="Link they are asked to open">
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
              <Field label="Subject" error={problem?.field === "subject" ? problem.text : null}>
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
                label="Message"
                hint="{name} becomes each person's first name ({full_name} their whole name) and {link} their personal link. An unsubscribe line is added at the end."
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
              <Field label="Reminder" hint="One reminder to those who have not answered or unsubscribed.">
                {(p) => (
                  <select {...p} value={reminder} onChange={(e) => setReminder(Number(e.currentTarget.value))}>
                    {REMINDER_CHOICES.map((d) => (
                      <option key={d} value={d}>
                        {d === 0 ? "No reminder" : `After ${d} days`}
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

      <ErrorNotice error={error} title="The request was not sent" />
      <div class="row campaign-send">
        {blocked ? (
          <>
            <button type="button" class="btn btn-primary" disabled>
              Send request
            </button>
            <span class="muted">{blocked}</span>
          </>
        ) : (
          <ConfirmButton
            small={false}
            variant="primary"
            label={`Send to ${people.length} ${people.length === 1 ? "person" : "people"}`}
            question={
              mode === "test"
                ? `Write ${people.length} test ${people.length === 1 ? "email" : "emails"} to the outbox?`
                : `Email ${people.length} ${people.length === 1 ? "person" : "people"} now? This cannot be undone.`
            }
            confirmLabel="Yes, send"
            busyLabel="Sending…"
            onConfirm={send}
          />
        )}
      </div>
    </div>
  );
}
