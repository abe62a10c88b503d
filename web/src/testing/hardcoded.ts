/**
 * Finds player-facing text written straight into components instead of coming from the message catalogue
 * (docs/architecture.md "Locales": every text a player reads is a catalogue entry, so that a second locale
 * translates the whole screen). Reads sources with the TypeScript compiler API and reports:
 * - JSX text with a letter (`<p>Vote</p>`, `{'Vote'}`);
 * - string literals with a letter in a user-visible attribute or object property (`title="Vote"`,
 *   `placeholder={'Name'}`, `aria-label`, `okText`...; `{ title: ... }` given to a modal or a menu);
 * - string literals handed to a toast (`toast.error('Failed')`, antd's message and notification);
 * both branches of a conditional and template literals included. Texts that are not words for a reader are
 * allowed: symbols and punctuation, catalogue keys, and what {@link ALLOWED} lists (brand names, units).
 * Used by hardcoded.spec.ts on every component and module of web/src.
 */
import ts from 'typescript';

/** Attributes whose value a player reads or hears (a screen reader reads aria-label and alt). */
export const VISIBLE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'alt',
  'label',
  'okText',
  'cancelText',
  'content',
  'message',
  'description',
  'tooltip',
  'extra',
  'subTitle',
  'checkedChildren',
  'unCheckedChildren',
  'addonBefore',
  'addonAfter',
  'emptyText',
  'help',
  'prefix',
  'suffix',
  'text',
  'heading',
  'caption',
]);

/** Texts with letters that are not words to translate: the product's name, units and symbols. */
export const ALLOWED: ReadonlySet<string> = new Set(['Nightfall', 'px', 'MB', 'QR', 'OK']);

/** A catalogue key ('home.features.quick.title'), handed to `t()` later: not a text. */
const CATALOGUE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** One hard-coded text: where it is and what it says. */
export interface HardCodedText {
  file: string;
  line: number;
  text: string;
  /** 'jsx-text', or the attribute's name. */
  where: string;
}

/** True for a text a reader would read as words: a letter of any script, not on the allow-list. */
export function isWords(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (trimmed === '' || ALLOWED.has(trimmed) || CATALOGUE_KEY.test(trimmed)) return false;
  return /\p{L}/u.test(trimmed);
}

/** String literals of an attribute's value that end up as the value (both arms of `a ? 'x' : 'y'`, `a || 'x'`). */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((s) => s.literal)];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  return [];
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';
}

/** Calls that show their arguments to the player: antd's message/notification, the app's toast helpers. */
function isNotifier(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const target = callee.expression.getText();
  return /^(toast|message|notification|notify|messageApi|api)$/.test(target) && /^(success|error|info|warning|warn|open|loading|show)$/.test(callee.name.text);
}

function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText();
}

/** The hard-coded texts of one source (`file` names it in the report; a `.ts` name is read as TypeScript without JSX). */
export function findHardCodedTexts(source: string, file = 'inline.tsx'): HardCodedText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX);
  const hits: HardCodedText[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!isWords(text)) return;
    hits.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: text.replace(/\s+/g, ' ').trim(), where });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text, 'jsx-text');
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // {'Vote'} or {cond ? 'A' : 'B'} as a child
      for (const lit of literalsOf(node.expression)) report(lit, textOf(lit), 'jsx-text');
    } else if (ts.isPropertyAssignment(node) && VISIBLE_ATTRIBUTES.has(propertyName(node.name))) {
      // { title: 'Delete?', okText: 'Yes' } given to Modal.confirm, a menu's items, a toast
      for (const lit of literalsOf(node.initializer)) report(lit, textOf(lit), propertyName(node.name));
    } else if (ts.isCallExpression(node) && isNotifier(node.expression)) {
      // toast.error('Failed'), message.success('Saved')
      for (const arg of node.arguments) for (const lit of literalsOf(arg)) report(lit, textOf(lit), node.expression.getText(sf));
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      if (VISIBLE_ATTRIBUTES.has(name) && node.initializer) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, init.text, name);
        else if (ts.isJsxExpression(init) && init.expression) for (const lit of literalsOf(init.expression)) report(lit, textOf(lit), name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}
