import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * A box that scrolls sideways (a wide table on a phone) and can be reached by keyboard when it does:
 * focusable (arrow keys scroll it) only while its content is wider than the box, so a table that
 * fits adds no tab stop. axe's scrollable-region-focusable asks this of a scrolling box without
 * focusable content (the admin audit log, issue 31).
 */
export function ScrollX({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cn(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        className,
      )}
      // Focusable only while it scrolls: a scrollable region must be reachable by keyboard.
      tabIndex={scrolls ? 0 : undefined}
      {...props}
    >
      {children}
    </div>
  );
}
