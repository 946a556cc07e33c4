import { Link } from 'react-router';

const MENTION = /(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{3,30})/g;

/** A comment's text with its @mentions linked to the mentioned profile. */
export function CommentText({ text }: { text: string }) {
  const nodes: Array<string | { at: number; username: string; raw: string }> = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    const at = (m.index ?? 0) + m[1].length;
    nodes.push(text.slice(last, at));
    const raw = `@${m[2]}`;
    nodes.push({ at, username: m[2].replace(/\.+$/, ''), raw });
    last = at + raw.length;
  }
  nodes.push(text.slice(last));
  return (
    <span className="whitespace-pre-line">
      {nodes.map((n) =>
        typeof n === 'string' ? (
          n
        ) : (
          <Link key={n.at} to={`/${n.username}`} className="font-medium text-brand-600 hover:underline">
            {n.raw}
          </Link>
        ),
      )}
    </span>
  );
}
