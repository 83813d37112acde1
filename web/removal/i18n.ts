/**
 * The removal page's words in every language (src/platform/i18n/messages/removal/<lang>.json). `t(key, values)`
 * formats one message in the page's language, which main.tsx chooses before the page is drawn.
 */
import ar from "../../src/platform/i18n/messages/removal/ar.json";
import de from "../../src/platform/i18n/messages/removal/de.json";
import en from "../../src/platform/i18n/messages/removal/en.json";
import es from "../../src/platform/i18n/messages/removal/es.json";
import fr from "../../src/platform/i18n/messages/removal/fr.json";
import it from "../../src/platform/i18n/messages/removal/it.json";
import nl from "../../src/platform/i18n/messages/removal/nl.json";
import pt from "../../src/platform/i18n/messages/removal/pt.json";
import { translator } from "../shared/i18n";

/** The removal page's translator. */
export const words = translator({ en, de, fr, es, pt, it, nl, ar });

/** One message of the removal page, as text. */
export const t = words.t;
