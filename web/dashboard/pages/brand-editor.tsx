/**
 * A brand's settings form (name, colour, address and its former addresses, public wall, the client's own domain,
 * the wall's header: intro text, website and the collect link behind "Share your experience"; the brand's mail:
 * sender name and reply address; embedding: the sites that may frame its wall and the wall's attribution line;
 * sharing and search engines: the share images' letters and what its testimonials review) and
 * its logo upload.
 */
import { LanguageFields } from "./brand-languages";
import type { Language } from "../../../src/platform/i18n/languages";
import { useState } from "preact/hooks";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api, config } from "../api";
import { useAction } from "../use-action";
import type { Brand, CollectLink, Organisation } from "../types";
import { FormerSlugs } from "./former-slugs";
import { CustomDomainField, CustomDomainStatus } from "./custom-domain";
import { SharingFields } from "./brand-sharing-fields";
import { t } from "../i18n";

function LogoUpload({ brand, onSaved }: { brand: Brand; onSaved: (b: Brand) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const { busy, error, run } = useAction(
    async ({ file, form }: { file: File; form: HTMLFormElement }) => {
      const body = new FormData();
      body.append("file", file);
      onSaved(await api.upload<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}/logo`, body));
      setFile(null);
      form.reset();
    },
    { success: t("brand-editor.logo_uploaded") },
  );
  const upload = (e: Event) => {
    e.preventDefault();
    if (file) void run({ file, form: e.target as HTMLFormElement });
  };
  return (
    <form class="logo-form" onSubmit={upload}>
      <h3>{t("brand-editor.logo")}</h3>
      {brand.logo_url && (
        <img
          class="brand-logo brand-logo-large"
          src={brand.logo_url}
          alt={t("brand-editor.logo_alt", { name: brand.name })}
        />
      )}
      <ErrorNotice error={error} />
      <Field label={t("brand-editor.logo_file")} hint={t("brand-editor.logo_file_hint")}>
        {(p) => (
          <input {...p} type="file" accept="image/*" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        )}
      </Field>
      <Button type="submit" disabled={!file} busy={busy} busyLabel={t("brand-editor.uploading")}>
        {t("brand-editor.upload_logo")}
      </Button>
    </form>
  );
}

/** The origins typed one per line (or separated by spaces or commas), blanks dropped; the server checks each. */
const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);

/** The brand's mail: the sender name and the reply address of thank-you, removal and request emails. */
function MailFields(p: {
  brandName: string;
  fromName: string;
  setFromName: (v: string) => void;
  replyTo: string;
  setReplyTo: (v: string) => void;
}) {
  const shown = p.fromName.trim() || p.brandName;
  return (
    <fieldset>
      <legend>{t("brand-editor.mail")}</legend>
      <p class="hint">{t("brand-editor.mail_intro")}</p>
      <div class="form-grid">
        <Field
          label={t("brand-editor.sender_name")}
          optional
          hint={t("brand-editor.sender_name_hint", { name: shown })}
        >
          {(f) => (
            <input
              {...f}
              maxLength={80}
              placeholder={p.brandName}
              value={p.fromName}
              onInput={(e) => p.setFromName(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t("brand-editor.reply_to")} optional hint={t("brand-editor.reply_to_hint")}>
          {(f) => (
            <input
              {...f}
              type="email"
              maxLength={254}
              placeholder="hello@example.com"
              value={p.replyTo}
              onInput={(e) => p.setReplyTo(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

/** Embedding the wall: the sites that may frame it, and the wall's attribution line where the plan allows. */
function EmbeddingFields(p: {
  brand: Brand;
  origins: string;
  setOrigins: (v: string) => void;
  attribution: boolean;
  setAttribution: (v: boolean) => void;
  /** Whether the organisation may drop the attribution; null while unknown. */
  mayRemove: boolean | null;
}) {
  const first = originsOf(p.origins)[0];
  // Unticking is refused on a plan without it; a box already unticked stays changeable so it can be put back.
  const locked = p.mayRemove === false && p.attribution;
  return (
    <fieldset>
      <legend>{t("brand-editor.embedding")}</legend>
      <Field label={t("brand-editor.frame_origins")} optional hint={t("brand-editor.frame_origins_hint")}>
        {(f) => (
          <textarea
            {...f}
            rows={3}
            spellcheck={false}
            placeholder="https://client.com"
            value={p.origins}
            onInput={(e) => p.setOrigins(e.currentTarget.value)}
          />
        )}
      </Field>
      {first && (
        <p class="hint">
          {t("brand-editor.embed_paste", { site: first })}{" "}
          <code class="code-wrap">{`<iframe src="${p.brand.public_wall_url}" title="${t("brand-editor.iframe_title", { name: p.brand.name })}" style="width:100%;height:900px;border:0"></iframe>`}</code>
        </p>
      )}
      <label class="check">
        <input
          type="checkbox"
          checked={p.attribution}
          disabled={locked}
          onChange={(e) => p.setAttribution(e.currentTarget.checked)}
        />
        <span>
          <strong>{t("brand-editor.attribution")}</strong>
          <span class="hint">
            {" "}
            {p.mayRemove === false ? t("brand-editor.attribution_locked") : t("brand-editor.attribution_hint")}
          </span>
        </span>
      </label>
    </fieldset>
  );
}

/** Props of `BrandEditor`. */
export interface BrandEditorProps {
  brand: Brand;
  onSaved: (b: Brand) => void;
  onDone: () => void;
}

/** Edits one brand; only changed fields are sent. */
export function BrandEditor({ brand, onSaved, onDone }: BrandEditorProps) {
  const [name, setName] = useState(brand.name);
  const [color, setColor] = useState(brand.color || "#4338ca");
  const [slug, setSlug] = useState(brand.slug);
  const [isPublic, setIsPublic] = useState(brand.is_public);
  const [intro, setIntro] = useState(brand.intro_text ?? "");
  const [website, setWebsite] = useState(brand.website_url ?? "");
  const [wallLink, setWallLink] = useState(brand.wall_link_id ?? "");
  const [domain, setDomain] = useState(brand.custom_domain ?? "");
  const [fromName, setFromName] = useState(brand.mail_from_name ?? "");
  const [replyTo, setReplyTo] = useState(brand.mail_reply_to ?? "");
  const [origins, setOrigins] = useState(brand.frame_origins.join("\n"));
  const [attribution, setAttribution] = useState(brand.wall_attribution);
  const [font, setFont] = useState(brand.card_font);
  const [reviewType, setReviewType] = useState(brand.review_type);
  const [itemName, setItemName] = useState(brand.review_item_name ?? "");
  const [languages, setLanguages] = useState<Language[]>(brand.languages);
  const [defaultLanguage, setDefaultLanguage] = useState<Language>(brand.default_language);
  // Whether the organisation may drop the wall's attribution (its plan, or operator mode).
  const org = useAsync(() => api.get<Organisation>("/v1/org").catch(() => null), []);
  const links = useAsync(
    () =>
      api
        .get<{ data: CollectLink[] }>(`/v1/brands/${encodeURIComponent(brand.id)}/links?limit=100`)
        .then((r) => r.data)
        .catch(() => [] as CollectLink[]),
    [brand.id],
  );
  const { busy, error, run } = useAction(
    async (patch: Record<string, unknown>) => {
      onSaved(await api.patch<Brand>(`/v1/brands/${encodeURIComponent(brand.id)}`, patch));
      onDone();
    },
    { success: t("brand-editor.saved"), leaves: true },
  );

  const save = (e: Event) => {
    e.preventDefault();
    const patch: Record<string, unknown> = {};
    if (name.trim() !== brand.name) patch.name = name.trim();
    if (color !== (brand.color || "#4338ca")) patch.color = color;
    if (slug.trim() !== brand.slug) patch.slug = slug.trim();
    if (isPublic !== brand.is_public) patch.is_public = isPublic;
    if (intro.trim() !== (brand.intro_text ?? "")) patch.intro_text = intro.trim() || null;
    if (website.trim() !== (brand.website_url ?? "")) patch.website_url = website.trim() || null;
    if (wallLink !== (brand.wall_link_id ?? "")) patch.wall_link_id = wallLink || null;
    if (domain !== (brand.custom_domain ?? "")) patch.custom_domain = domain || null;
    if (fromName.trim() !== (brand.mail_from_name ?? "")) patch.mail_from_name = fromName.trim() || null;
    if (replyTo.trim() !== (brand.mail_reply_to ?? "")) patch.mail_reply_to = replyTo.trim() || null;
    const originList = originsOf(origins);
    if (originList.join("\n") !== brand.frame_origins.join("\n")) patch.frame_origins = originList;
    if (attribution !== brand.wall_attribution) patch.wall_attribution = attribution;
    if (font !== brand.card_font) patch.card_font = font;
    if (reviewType !== brand.review_type) patch.review_type = reviewType;
    if (itemName.trim() !== (brand.review_item_name ?? "")) patch.review_item_name = itemName.trim() || null;
    if (languages.join() !== brand.languages.join()) patch.languages = languages;
    if (defaultLanguage !== brand.default_language) patch.default_language = defaultLanguage;
    if (Object.keys(patch).length === 0) return onDone();
    void run(patch);
  };

  // The slug's address on the box's own site (an active custom domain's wall is at its root, without the slug).
  const wallBase = brand.public_wall_url.endsWith(`/${brand.slug}`)
    ? brand.public_wall_url.slice(0, brand.public_wall_url.length - brand.slug.length)
    : `${config.siteUrl}/b/`;
  return (
    <div class="brand-editor">
      <form onSubmit={save}>
        <h3>{t("brand-editor.settings")}</h3>
        <ErrorNotice error={error} />
        <div class="form-grid">
          <Field label={t("brand-editor.name")}>
            {(p) => (
              <input {...p} required maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
            )}
          </Field>
          <Field label={t("brand-editor.colour")}>
            {(p) => (
              <input
                {...p}
                type="color"
                class="color-input"
                value={color}
                onInput={(e) => setColor(e.currentTarget.value)}
              />
            )}
          </Field>
        </div>
        <Field
          label={t("brand-editor.slug")}
          hint={t("brand-editor.slug_hint", { address: `${wallBase}${slug || "…"}` })}
        >
          {(p) => (
            <input
              {...p}
              required
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              maxLength={60}
              value={slug}
              onInput={(e) => setSlug(e.currentTarget.value.toLowerCase())}
            />
          )}
        </Field>
        <FormerSlugs<Brand>
          path={`/v1/brands/${encodeURIComponent(brand.id)}`}
          former={brand.former_slugs}
          addressOf={(s) => `${wallBase}${s}`}
          onReleased={onSaved}
          what="the wall"
        />
        <label class="check">
          <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.currentTarget.checked)} />
          <span>
            <strong>{t("brand-editor.public_wall")}</strong>
            <span class="hint"> {t("brand-editor.public_wall_hint")}</span>
          </span>
        </label>
        {brand.mode === "live" && (
          <fieldset>
            <legend>{t("brand-editor.own_domain")}</legend>
            <CustomDomainField value={domain} onInput={setDomain} />
            <CustomDomainStatus brand={brand} onChanged={onSaved} />
          </fieldset>
        )}
        <fieldset>
          <legend>{t("brand-editor.wall_header")}</legend>
          <Field label={t("brand-editor.intro")} optional hint={t("brand-editor.intro_hint")}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                maxLength={600}
                value={intro}
                onInput={(e) => setIntro(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("brand-editor.website")} optional hint={t("brand-editor.website_hint")}>
            {(p) => (
              <input
                {...p}
                type="url"
                inputMode="url"
                maxLength={300}
                placeholder="https://"
                value={website}
                onInput={(e) => setWebsite(e.currentTarget.value)}
              />
            )}
          </Field>
          <Field label={t("brand-editor.wall_link")} hint={t("brand-editor.wall_link_hint")}>
            {(p) => (
              <select {...p} value={wallLink} onChange={(e) => setWallLink(e.currentTarget.value)}>
                <option value="">{t("brand-editor.no_button")}</option>
                {(links.data ?? []).map((l) => (
                  <option value={l.id} key={l.id}>
                    {l.is_active ? l.title : t("brand-editor.link_inactive", { title: l.title })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <MailFields
          brandName={name.trim() || brand.name}
          fromName={fromName}
          setFromName={setFromName}
          replyTo={replyTo}
          setReplyTo={setReplyTo}
        />
        <EmbeddingFields
          brand={brand}
          origins={origins}
          setOrigins={setOrigins}
          attribution={attribution}
          setAttribution={setAttribution}
          mayRemove={org.data?.may_remove_attribution ?? null}
        />
        <SharingFields
          brandName={name.trim() || brand.name}
          font={font}
          setFont={setFont}
          reviewType={reviewType}
          setReviewType={setReviewType}
          itemName={itemName}
          setItemName={setItemName}
        />
        <LanguageFields
          languages={languages}
          setLanguages={setLanguages}
          defaultLanguage={defaultLanguage}
          setDefaultLanguage={setDefaultLanguage}
        />
        <div class="row">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t("brand-editor.saving")}>
            {t("brand-editor.save")}
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>
            {t("brand-editor.cancel")}
          </Button>
        </div>
      </form>
      <LogoUpload brand={brand} onSaved={onSaved} />
    </div>
  );
}
