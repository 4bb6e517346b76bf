import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// `cn()` joins classes without merging them (decision 067). Two things would then go wrong silently, and this test reads
// the client's source to find them:
// 1. Two utilities on one element that set the same property (`px-3` and `px-0`): the stylesheet's order, not the
//    code's, would pick one. tailwind-merge (a dev dependency now, used only here) says which utilities conflict.
// 2. An override without a state that silences a primitive's state style: `.ui-button-outline` has `hover:bg-accent`
//    in the components layer, and a `bg-background/80` passed in `className` (utilities layer) wins on hover too.
//    Overriding a state style takes the same state (`hover:bg-…`).
// The expressions read are string literals, conditionals (`a ? 'x' : 'y'`, `a && 'x'`), string constants, `cn(...)`
// calls and the cva helpers' calls; anything else is left out (a prop's value is checked where it is written).

const ROOT = path.resolve(import.meta.dirname, '../../..');
const files = readdirSync(path.join(ROOT, 'src/client'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => path.join('src/client', file));
const sources = files.map((file) => ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));

const tokens = (classes: string) => classes.split(/\s+/).filter(Boolean);
/** `hover:bg-accent` → `hover:`, `bg-accent` → ``; arbitrary variants' brackets may hold colons. */
function variantPrefix(token: string): string {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '[') depth++;
    else if (token[i] === ']') depth--;
    else if (token[i] === ':' && depth === 0) end = i + 1;
  }
  return token.slice(0, end);
}

/** Each `.ui-*` class of ui.css and the utilities it applies. */
function componentClasses(): Map<string, string[]> {
  const css = readFileSync(path.join(ROOT, 'src/client/components/ui/ui.css'), 'utf8');
  const classes = new Map<string, string[]>();
  for (const rule of css.matchAll(/((?:\.ui-[\w-]+,?\s*)+)\{\s*@apply ([^;]+);/g)) {
    for (const name of rule[1].match(/ui-[\w-]+/g) ?? []) classes.set(name, [...(classes.get(name) ?? []), ...tokens(rule[2])]);
  }
  return classes;
}
const UI = componentClasses();

/** cva helpers (`buttonVariants`): their base and, per variant prop, the class of each value. */
interface Cva {
  base: string;
  variants: Map<string, Map<string, string>>;
  defaults: Map<string, string>;
}
const cvas = new Map<string, Cva>();
const constants = new Map<string, string[]>();

const text = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
function objectEntries(node: ts.Expression | undefined): [string, ts.Expression][] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText().replace(/^'|'$/g, ''), p.initializer]);
}

/** The class strings an expression can produce, one per alternative; undefined when it cannot be read. */
function alternatives(node: ts.Expression | undefined): string[] | undefined {
  if (!node) return undefined;
  const literal = text(node);
  if (literal !== undefined) return [literal];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return alternatives(node.expression);
  if (ts.isConditionalExpression(node)) return both(alternatives(node.whenTrue), alternatives(node.whenFalse));
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return both([''], alternatives(node.right));
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) return both(alternatives(node.left), alternatives(node.right));
  }
  if (ts.isIdentifier(node)) return node.text === 'undefined' ? [''] : constants.get(node.text);
  if (ts.isTemplateExpression(node)) {
    return combine([[node.head.text], ...node.templateSpans.flatMap((span) => [alternatives(span.expression) ?? [''], [span.literal.text]])]);
  }
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) return constants.get(node.expression.text);
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const cva = cvas.get(node.expression.text);
    if (cva) return cvaAlternatives(cva, new Map(objectEntries(node.arguments[0])));
    if (node.expression.text === 'cn') return combine(node.arguments.map((a) => alternatives(a) ?? ['']));
  }
  return undefined;
}
const both = (a?: string[], b?: string[]) => (a && b ? [...a, ...b] : undefined);
function combine(lists: string[][]): string[] {
  return lists.reduce<string[]>((acc, list) => acc.flatMap((x) => list.map((y) => `${x} ${y}`.trim())), ['']);
}
/**
 * A cva helper's classes for the props given (a call's object, or a JSX element's attributes): a prop written as a
 * literal picks its value, one written otherwise may be any, one left out is the default.
 */
function cvaAlternatives(cva: Cva, given: Map<string, ts.Node | undefined>): string[] {
  const lists = [...cva.variants].map(([prop, values]) => {
    const value = text(given.get(prop));
    if (value !== undefined) return [values.get(value) ?? ''];
    return given.has(prop) ? [...values.values()] : [values.get(cva.defaults.get(prop) ?? '') ?? ''];
  });
  const className = given.get('className');
  return combine([[cva.base], ...lists, className ? (alternatives(className as ts.Expression) ?? ['']) : ['']]);
}

// First pass: string constants and cva helpers, from every file (they are imported across files by name).
for (const source of sources) {
  source.forEachChild(function collect(node: ts.Node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isCallExpression(init) && init.expression.getText() === 'cva') {
        const config = new Map(objectEntries(init.arguments[1]));
        cvas.set(node.name.text, {
          base: text(init.arguments[0]) ?? '',
          variants: new Map(
            objectEntries(config.get('variants')).map(([prop, values]) => [prop, new Map(objectEntries(values).map(([k, v]) => [k, text(v) ?? '']))]),
          ),
          defaults: new Map(objectEntries(config.get('defaultVariants')).map(([k, v]) => [k, text(v) ?? ''])),
        });
      } else if (ts.isObjectLiteralExpression(init)) {
        const values = objectEntries(init).flatMap(([, v]) => alternatives(v) ?? []);
        if (values.length) constants.set(node.name.text, values);
      } else {
        const values = alternatives(init);
        if (values) constants.set(node.name.text, values);
      }
    }
    ts.forEachChild(node, collect);
  });
}

/** Utilities of one element's classes that tailwind-merge would drop: they conflict with a later one. */
function conflicts(classes: string): string[] {
  const kept = new Set(tokens(twMerge(classes)));
  return [...new Set(tokens(classes))].filter((t) => !kept.has(t));
}
/** Variants that style another element (children, pseudo-elements), not a state of this one: no override reaches them. */
const OTHER_ELEMENT = /^(\[&[_>].*\]|file|placeholder|before|after|marker|selection|\*):/;
/** State styles of the `.ui-*` classes in `classes` that an unstated utility beside them silences. */
function silenced(classes: string): string[] {
  const all = tokens(classes);
  const utilities = all.filter((t) => !t.startsWith('ui-'));
  const overrides = utilities.filter((t) => variantPrefix(t) === '');
  const restated = (state: string) =>
    utilities.some((t) => t === state || (variantPrefix(t) === variantPrefix(state) && conflicts(`${state} ${t}`).includes(state)));
  return all
    .flatMap((t) => UI.get(t) ?? [])
    .filter((state) => variantPrefix(state) !== '' && !OTHER_ELEMENT.test(variantPrefix(state)) && !restated(state))
    .flatMap((state) => overrides.filter((o) => conflicts(`${state} ${variantPrefix(state)}${o}`).includes(state)).map((o) => `${o} silences ${state}`));
}

interface Finding {
  where: string;
  classes: string;
  problem: string[];
}
/** Components whose root's classes are `cn(<their own>, className)`: name → their own classes' alternatives. */
const components = new Map<string, string[]>();
const findings: Finding[] = [];
const at = (source: ts.SourceFile, node: ts.Node) => `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
function check(where: string, alternativesOfElement: string[]) {
  for (const classes of new Set(alternativesOfElement)) {
    const problem = [
      ...conflicts(
        classes
          .split(' ')
          .filter((t) => !t.startsWith('ui-'))
          .join(' '),
      ),
      ...silenced(classes),
    ];
    if (problem.length) findings.push({ where, classes, problem });
  }
}

// Second pass: every className expression, and each component's own classes against what its callers pass.
for (const source of sources) {
  source.forEachChild(function visit(node: ts.Node) {
    if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) {
      node.forEachChild(function own(inner) {
        if (ts.isCallExpression(inner) && inner.expression.getText() === 'cn' && inner.arguments.some((a) => a.getText() === 'className')) {
          const mine = inner.arguments.filter((a) => a.getText() !== 'className').map((a) => alternatives(a) ?? ['']);
          components.set(node.name!.text, combine(mine));
        }
        ts.forEachChild(inner, own);
      });
    }
    ts.forEachChild(node, visit);
  });
}
for (const source of sources) {
  source.forEachChild(function visit(node: ts.Node) {
    // cn() outside a className attribute (a class kept in a variable); inside one, the attribute's check covers it.
    if (ts.isCallExpression(node) && node.expression.getText() === 'cn' && !ts.isJsxExpression(node.parent)) {
      check(at(source, node), alternatives(node) ?? []);
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'className' && node.initializer) {
      const expression = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const passed = alternatives(expression as ts.Expression);
      const element = node.parent.parent as ts.JsxOpeningLikeElement;
      const own = components.get(element.tagName.getText());
      if (passed) {
        // A cva component's props pick its classes, as at the call: <Button variant="ghost" size="sm" className=…>.
        const cva = cvas.get(`${element.tagName.getText().toLowerCase()}Variants`);
        const props = element.attributes.properties.filter(ts.isJsxAttribute).filter((a) => a.name.getText() !== 'className');
        const base = cva ? cvaAlternatives(cva, new Map(props.map((a) => [a.name.getText(), a.initializer]))) : (own ?? ['']);
        check(at(source, node), combine([base, passed]));
      }
    }
    ts.forEachChild(node, visit);
  });
}

describe('class conflicts (decision 067)', () => {
  it('reads the primitives’ classes and the components that take a className', () => {
    expect(UI.get('ui-button-outline')).toContain('hover:bg-accent');
    expect(cvas.get('buttonVariants')?.variants.get('size')?.get('lg')).toBe('ui-button-lg');
    expect(components.get('CardContent')).toEqual(['ui-card-content']);
  });

  it('finds both kinds of problem', () => {
    expect(conflicts('px-3 justify-center px-0')).toEqual(['px-3']);
    expect(silenced('ui-button ui-button-outline ui-button-md bg-background/80')).toEqual(['bg-background/80 silences hover:bg-accent']);
    expect(silenced('ui-button ui-button-outline ui-button-md bg-background/80 hover:bg-muted')).toEqual([]);
    expect(silenced('ui-button ui-button-outline ui-button-sm bg-background/80 hover:bg-accent')).toEqual([]);
    expect(silenced('ui-button ui-button-link ui-button-sm px-0')).toEqual([]);
    expect(silenced('ui-button ui-button-ghost ui-button-icon size-8 flex-1')).toEqual([]);
  });

  it('no element’s classes conflict, and no override silences a primitive’s state style', () => {
    const report = findings.map((f) => `${f.where}: ${f.problem.join(', ')}\n    in "${f.classes}"`);
    expect(report, report.join('\n')).toEqual([]);
  });
});
