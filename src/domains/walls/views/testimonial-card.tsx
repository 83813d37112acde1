/**
 * One testimonial as a card: face (the respondent's photo, a video's small poster, or initials), name and role,
 * rating, recording, the respondent's own words (as text), the answers the owner chose to show, date and permalink.
 * What people wrote is laid out in its own direction (`dir="auto"`): German words on an Arabic wall read left to right.
 */
import type { Words } from "../../../platform/i18n/server-words";
import type { WallItem } from "../wall-data";
import { humanDate, langTag } from "./format";
import { Media } from "./media";
import { Stars } from "./rating";

/** Up to two initials of a name, for a face without a picture. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

/** The name a testimonial is shown under. */
export const displayName = (w: WallItem, words: Words) => w.item.name || words.t("card.anonymous");

/** The words as paragraphs (a blank line, or a line break, starts a new one). */
const paragraphs = (text: string) =>
  text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Sources with a colour of their own in the stylesheet (`.src-google` …); others take the brand's colour. */
const KNOWN_SOURCES = new Set(["google", "trustpilot", "facebook", "yelp", "g2", "capterra", "tripadvisor", "amazon"]);

/** "from Google": where an imported review was first published, linking to it when its address is known. */
function SourceMark({ source, words }: { source: { name: string; url: string | null }; words: Words }) {
  const key = source.name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const inner = (
    <>
      <span class={`src-dot${KNOWN_SOURCES.has(key) ? ` src-${key}` : ""}`} aria-hidden="true">
        {source.name.trim()[0]?.toUpperCase()}
      </span>
      {words.t("card.from_source", { source: source.name })}
    </>
  );
  return source.url ? (
    <a class="src" href={source.url} rel="noopener nofollow">
      {inner}
    </a>
  ) : (
    <span class="src">{inner}</span>
  );
}

/** How wide a card's media is drawn: a grid column on a wall, one wider column on a permalink page. */
const SIZES = {
  wall: "(min-width: 44rem) 22rem, calc(100vw - 4rem)",
  single: "(min-width: 44rem) 40rem, calc(100vw - 4rem)",
};

/** A testimonial card; `permalink` false on the permalink page itself (no link to itself, wider media). */
export function TestimonialCard({
  w,
  eager,
  words,
  permalink = true,
}: {
  w: WallItem;
  eager: boolean;
  words: Words;
  permalink?: boolean;
}) {
  const { item } = w;
  const who = displayName(w, words);
  const role = [item.title, item.company].filter(Boolean).join(", ");
  return (
    <figure class="card" data-sid={item.id}>
      <div class="head">
        {w.faceUrl ? (
          <img class="face" src={w.faceUrl} alt="" width={44} height={44} loading="lazy" decoding="async" />
        ) : (
          <span class="face" aria-hidden="true">
            {item.name ? initials(item.name) : "★"}
          </span>
        )}
        <figcaption class="who">
          <span class="name" dir="auto">
            {who}
          </span>
          {role ? (
            <span class="role" dir="auto">
              {role}
            </span>
          ) : null}
        </figcaption>
      </div>
      {item.rating ? <Stars rating={item.rating} w={words} /> : null}
      <Media w={w} who={who} eager={eager} sizes={permalink ? SIZES.wall : SIZES.single} words={words} />
      {item.text ? (
        <blockquote lang={langTag(item.language)} dir="auto">
          {paragraphs(item.text).map((p) => (
            <p>{p}</p>
          ))}
        </blockquote>
      ) : null}
      {item.answers?.length ? (
        <dl class="answers">
          {item.answers.map((a) => (
            <div>
              <dt>{a.label}</dt>
              <dd>{a.value === true ? words.t("card.yes") : a.value === false ? words.t("card.no") : a.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div class="meta">
        <span class="when">
          {item.date ? <time dateTime={item.date}>{humanDate(item.date, words.lang)}</time> : null}
          {item.source?.name ? <SourceMark source={item.source} words={words} /> : null}
        </span>
        {permalink ? (
          <a href={w.url}>
            {words.t("card.permalink")}
            <span class="vh">{words.t("card.permalink_hint", { name: who })}</span>
          </a>
        ) : null}
      </div>
    </figure>
  );
}
