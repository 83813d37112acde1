/** The parts every wall page shares: the brand header (logo beside its children) and the footer. */
import type { ComponentChildren } from "preact";

/** The brand's band at the top of a page. */
export function BrandHeader({
  logoUrl,
  name,
  children,
}: {
  logoUrl: string;
  name: string;
  children: ComponentChildren;
}) {
  return (
    <header class="top">
      <div class="wrap brand">
        <img src={logoUrl} alt={`${name} logo`} width={56} height={56} />
        <div>{children}</div>
      </div>
    </header>
  );
}

/** The footer line. */
export function Footer() {
  return (
    <footer class="wrap">
      <p>Testimonials published with Plaudit</p>
    </footer>
  );
}
