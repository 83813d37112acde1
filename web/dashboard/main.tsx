/**
 * Entry of the dashboard bundle: styles, then the app in `#root`.
 */
import { render } from "preact";
import "../shared/ui/ui.css";
import "./dashboard.css";
import { App } from "./app";

render(<App />, document.getElementById("root")!);
