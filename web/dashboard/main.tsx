/**
 * Entry of the dashboard bundle: styles, then the app in `#root`.
 */
import { render } from "preact";
import "../shared/ui/ui.css";
import "./shell/shell.css";
import "./pages/pages.css";
import { App } from "./app";

render(<App />, document.getElementById("root")!);
