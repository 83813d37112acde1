/**
 * The capture page's words in every language (src/platform/i18n/messages/capture/<lang>.json). `t(key, values)`
 * formats one message in the page's language, which main.tsx chooses before the page is drawn.
 */
import ar from "../../src/platform/i18n/messages/capture/ar.json";
import de from "../../src/platform/i18n/messages/capture/de.json";
import en from "../../src/platform/i18n/messages/capture/en.json";
import es from "../../src/platform/i18n/messages/capture/es.json";
import fr from "../../src/platform/i18n/messages/capture/fr.json";
import it from "../../src/platform/i18n/messages/capture/it.json";
import nl from "../../src/platform/i18n/messages/capture/nl.json";
import pt from "../../src/platform/i18n/messages/capture/pt.json";
import { translator } from "../shared/i18n";

/** The capture page's translator. */
export const words = translator({ en, de, fr, es, pt, it, nl, ar });

/** One message of the capture page, as text. */
export const t = words.t;
