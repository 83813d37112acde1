/** Entry of the removal page: reads the injected config and the token from the address, chooses the language, renders. */
import { render } from "preact";
import { readConfig } from "../shared/config";
import { applyLanguage, pickLanguage } from "../shared/i18n";
import { RemovalApp } from "./app";
import { words } from "./i18n";
import "../shared/ui/ui.css";
import "./removal.css";

/** The token from `…/remove/{token}`. */
const token = /\/remove\/([^/?#]+)\/?$/.exec(location.pathname)?.[1] ?? "";

const config = readConfig();
// The page's language (config, `?lang=`, the browser's preference) before anything is drawn.
words.use(pickLanguage(config));
applyLanguage(words.language());

render(<RemovalApp apiUrl={config.apiUrl} token={decodeURIComponent(token)} />, document.getElementById("root")!);
