import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { cn } from '../../../lib/cn';
import { mentionAt, useMentionSuggestions } from '../api';

/**
 * A text input that suggests people while an "@name" is typed (GET /users/search):
 * arrow keys move, Enter or Tab picks, Escape closes. Picking writes "@username ".
 */
export function MentionInput({
  value,
  onChange,
  placeholder,
  autoFocus,
  maxLength,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const [debounced, setDebounced] = useState<string | null>(null);
  const mention = dismissed ? null : mentionAt(value, caret);
  const query = mention?.query ?? null;
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query), 150);
    return () => clearTimeout(t);
  }, [query]);
  const { data } = useMentionSuggestions(query === null ? null : debounced);
  // Only accounts with a username can be mentioned.
  const people = (query === null ? [] : (data?.data ?? [])).flatMap(({ username, ...u }) =>
    username ? [{ ...u, username }] : [],
  );
  const open = people.length > 0;

  const pick = (u: { username: string }) => {
    if (!mention) return;
    const before = value.slice(0, mention.start);
    const after = value.slice(caret);
    const next = `${before}@${u.username} ${after.replace(/^\S*/, '').replace(/^ /, '')}`;
    onChange(next);
    const pos = before.length + u.username.length + 2;
    setCaret(pos);
    requestAnimationFrame(() => ref.current?.setSelectionRange(pos, pos));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : people.length - 1)) % people.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(people[Math.min(active, people.length - 1)]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissed(true);
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      <input
        ref={ref}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setDismissed(false);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setDismissed(true), 150)}
        onFocus={() => setDismissed(false)}
        placeholder={placeholder}
        aria-label={placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        // biome-ignore lint/a11y/noAutofocus: opening a reply box means typing in it
        autoFocus={autoFocus}
        maxLength={maxLength}
        className="h-10 w-full rounded-full border border-zinc-300 bg-transparent px-4 text-sm dark:border-zinc-700"
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('posts.mention')}
          className="absolute bottom-full left-0 z-30 mb-1 w-64 overflow-hidden rounded-2xl border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          {people.map((u, i) => (
            <div
              key={u._id}
              role="option"
              tabIndex={-1}
              id={`${listId}-${i}`}
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(u);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                i === active && 'bg-zinc-100 dark:bg-zinc-800',
              )}
            >
              <Avatar src={u.avatar} alt="" name={u.name} size="xs" />
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{u.name || u.username}</span>{' '}
                <span className="text-zinc-500">@{u.username}</span>
              </span>
              {u.isPerformer && <span className="text-xs text-brand-600">{t('feeds.creator')}</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
