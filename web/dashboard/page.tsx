/**
 * The top of every page: its title (focused after navigation so screen readers announce it), a sentence on
 * what the page is for, and the page's main actions.
 */
import type { ComponentChildren } from "preact";

/** Props of `PageHeader`. */
export interface PageHeaderProps {
  title: string;
  description?: ComponentChildren;
  actions?: ComponentChildren;
}

/** `<h1>` with an optional description and actions on the right. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header class="page-header">
      <div>
        <h1 tabIndex={-1} id="page-title">
          {title}
        </h1>
        {description && <p class="muted page-description">{description}</p>}
      </div>
      {actions && <div class="row page-actions">{actions}</div>}
    </header>
  );
}
