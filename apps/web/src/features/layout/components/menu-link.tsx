import type { MenuItem } from '@marquee/shared/settings';
import { Link } from 'react-router';

/** A settings menu entry: internal paths route in-app, external ones open as links. */
export function MenuLink({ item, className }: { item: MenuItem; className?: string }) {
  const external = /^https?:\/\//.test(item.path);
  if (external || item.isNewTab) {
    return (
      <a
        href={item.path}
        className={className}
        target={item.isNewTab ? '_blank' : undefined}
        rel={item.isNewTab || external ? 'noopener noreferrer' : undefined}
      >
        {item.title}
      </a>
    );
  }
  return (
    <Link to={item.path} className={className}>
      {item.title}
    </Link>
  );
}
