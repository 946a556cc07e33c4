import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The untranslated-text lint: a user-visible text written as a literal in a component fails here.
 * Flagged: JSX text with a letter (`<p>Hello</p>`), string literals (also in `{'…'}` and template
 * literals without expressions) with a letter as JSX children or in the props a reader sees or
 * hears (`aria-label`, `title`, `placeholder`, `alt`, `label`, …), and the first argument of
 * `toast.*(…)`, `confirm(…)`, `alert(…)`, `prompt(…)` and `usePageTitle(…)`. Texts go through `t('…')` instead
 * (docs/i18n.md, "Adding a text").
 */

const SRC = join(__dirname, '../..');

/** Folders a second engineer is translating on a parallel branch; the lead empties this at merge. */
const PENDING_FOLDERS: string[] = [];

/**
 * Files still holding literals, not yet extracted: the list may only shrink (a file listed here
 * that has no literal left fails the test, so it is taken off when its texts move to keys).
 */
const UNTRANSLATED_FILES: string[] = [
  // LIST
];

/** Texts that are the same in every language: the brand, symbols, units. Keep it small. */
const ALLOWED_WORDS = ['Marquee', 'Google', 'Twitter', 'X', 'CVC', 'MM/YY', 's'];

const USER_VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'heading',
  'subtitle',
  'hint',
]);
const MESSAGE_CALLS = /^(toast(\.\w+)?|confirm|alert|prompt|window\.(confirm|alert|prompt)|usePageTitle)$/;

const hasLetter = (s: string) => /\p{L}/u.test(s);
const allowedWords = new RegExp(`(^|\\P{L})(${ALLOWED_WORDS.join('|')})(?=\\P{L}|$)`, 'gu');
/** A text with no letter once the allowed words are taken out is not a text to translate. */
const allowed = (s: string) => !hasLetter(s.replace(allowedWords, '$1'));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Every user-visible literal of one .tsx source. */
function findLiterals(source: string, file = 'x.tsx'): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (allowed(text)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push({ file, line, text: text.trim().replace(/\s+/g, ' ') });
  };
  /** A string or a template without expressions; for `cond ? 'a' : 'b'` and `x ?? 'a'`, both sides. */
  const literalTexts = (expr: ts.Expression): { node: ts.Node; text: string }[] => {
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [{ node: expr, text: expr.text }];
    if (ts.isTemplateExpression(expr))
      return [expr.head, ...expr.templateSpans.map((s) => s.literal)].map((p) => ({ node: p, text: p.text }));
    if (ts.isParenthesizedExpression(expr)) return literalTexts(expr.expression);
    if (ts.isConditionalExpression(expr)) return [...literalTexts(expr.whenTrue), ...literalTexts(expr.whenFalse)];
    if (ts.isBinaryExpression(expr) && ['??', '||', '&&'].includes(expr.operatorToken.getText(sf)))
      return literalTexts(expr.right);
    return [];
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (hasLetter(node.text)) report(node, node.text);
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const l of literalTexts(node.expression)) report(l.node, l.text);
    } else if (ts.isJsxAttribute(node) && node.initializer && USER_VISIBLE_PROPS.has(node.name.getText(sf))) {
      const init = node.initializer;
      const expr = ts.isJsxExpression(init) ? init.expression : init;
      if (expr) for (const l of literalTexts(expr)) report(l.node, l.text);
    } else if (ts.isCallExpression(node) && MESSAGE_CALLS.test(node.expression.getText(sf)) && node.arguments[0]) {
      for (const l of literalTexts(node.arguments[0])) report(l.node, l.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('untranslated texts', () => {
  it('finds JSX text, visible props and toast texts, and lets through keys, symbols and the brand', () => {
    const found = findLiterals(`
      const A = () => {
        toast.success('Saved');
        if (!confirm(\`Delete it?\`)) return null;
        return (
          <div aria-label="Close" title={t('x.y')} className="text-sm">
            Hello {name}
            <img alt={big ? 'Big picture' : ''} src="/a.png" />
            {'Plain'} · 12 % — Marquee
            <input placeholder="you@example.com" type="email" />
          </div>
        );
      };`).map((f) => f.text);
    expect(found).toEqual(['Saved', 'Delete it?', 'Close', 'Hello', 'Big picture', 'Plain', 'you@example.com']);
  });

  // Parses some 250 files: seconds of CPU, more on a busy machine than vitest's 5 s default.
  it('no component writes a user-visible text as a literal', { timeout: 60_000 }, () => {
    const pending = PENDING_FOLDERS.map((f) => join(SRC, f));
    const all = ['features', 'components', 'routes']
      .flatMap((d) => files(join(SRC, d)))
      .filter((f) => !pending.some((p) => f.startsWith(`${p}/`)))
      .flatMap((f) => findLiterals(readFileSync(f, 'utf8'), relative(SRC, f)));
    expect(all.filter((f) => !UNTRANSLATED_FILES.includes(f.file)).map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual(
      [],
    );
    const done = UNTRANSLATED_FILES.filter((file) => !all.some((f) => f.file === file));
    expect(done, 'translated now: take them off UNTRANSLATED_FILES').toEqual([]);
  });
});
