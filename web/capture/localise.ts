/**
 * The link's own texts in the page's language (issue 26): where the owner gave a translation for it (`translations`),
 * its title, prompts, messages, consent wording and button label replace the link's; the rest is shown as written.
 * The consent sent back is then the translated wording, which the server records word for word with the language.
 */
import type { LinkView } from "./types";

/** `link` with the texts of `lang` put in. */
export function localise(link: LinkView, lang: string): LinkView {
  const tr = link.translations?.[lang];
  if (!tr) return link;
  return {
    ...link,
    title: tr.title || link.title,
    prompts: link.prompts.map((p, i) => ({ ...p, text: tr.prompts?.[i] || p.text })),
    welcome_message: tr.welcome_message || link.welcome_message,
    thank_you_message: tr.thank_you_message || link.thank_you_message,
    consent_text: tr.consent_text || link.consent_text,
    call_to_action: link.call_to_action
      ? { ...link.call_to_action, label: tr.call_to_action_label || link.call_to_action.label }
      : null,
  };
}
